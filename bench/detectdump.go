package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"

	"github.com/webenc/webenc/internal/detecteval"
	"github.com/webenc/webenc/whatwg/charset"
)

// The -detect-dump FILE mode: every answer the detector gives on the
// evaluation samples, one line each, so that two builds can be compared
// with cmp (a speed change must leave every line as it was). It covers the
// first and second evaluation sets and their mid-character windows (every
// length, plain and in markup, every encoding), with no hint, with the TLDs
// ru, jp and pl and with UTF-8 excluded: DetectEncoding's answer and
// confidence, the DetectCandidates list, and a Detector fed in 61-byte
// chunks (Guess midway and at the end, and its Candidates).

// dumpHints are the hints every sample is detected with.
var dumpHints = []charset.Hint{{}, {TLD: "ru"}, {TLD: "jp"}, {TLD: "pl"}, {ExcludeUTF8: true}}

// runDetectDump writes the answers on the corpus in corpusDir to the file
// at path.
func runDetectDump(corpusDir, path string) error {
	first, err := detecteval.BuildSamples(corpusDir, detecteval.PerCell)
	if err != nil {
		return err
	}
	second, err := detecteval.BuildSecondSet(corpusDir, detecteval.PerCell)
	if err != nil {
		return err
	}
	samples := append(first, second...)
	samples = append(samples, detecteval.MidCharacter(samples)...)
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for i, s := range samples {
		for h, hint := range dumpHints {
			fmt.Fprintf(w, "%d %s %s %t %d h%d:", i, s.Lang, s.Enc, s.HTML, s.Length, h)
			dumpAnswers(w, s.Data, hint)
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Close()
}

// dumpAnswers writes one line: the one-shot answers for data, then the
// chunked Detector's.
func dumpAnswers(w *bufio.Writer, data []byte, hint charset.Hint) {
	_, name, c := charset.DetectEncoding(data, hint)
	w.WriteString(" " + name + " " + strconv.FormatFloat(c, 'g', -1, 64) + " |")
	writeCandidates(w, charset.DetectCandidates(data, hint, nil))
	d := charset.NewDetector()
	for i := 0; i < len(data); i += 61 {
		d.Write(data[i:min(i+61, len(data))])
		if i <= len(data)/2 && len(data)/2 < i+61 {
			_, name, c := d.Guess(hint)
			w.WriteString(" mid " + name + " " + strconv.FormatFloat(c, 'g', -1, 64))
		}
	}
	_, name, c = d.Guess(hint)
	w.WriteString(" | chunked " + name + " " + strconv.FormatFloat(c, 'g', -1, 64) + " |")
	writeCandidates(w, d.Candidates(hint, nil))
	w.WriteByte('\n')
}

// writeCandidates writes each candidate's name and confidence.
func writeCandidates(w *bufio.Writer, cands []charset.Candidate) {
	for _, c := range cands {
		w.WriteString(" " + c.Name + " " + strconv.FormatFloat(c.Confidence, 'g', -1, 64))
	}
}
