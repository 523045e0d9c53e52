package main

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/internal/detecteval"
	"github.com/webenc/webenc/whatwg/charset"
)

// The -detect report: the accuracy of charset.DetectEncoding (no hint) on
// held-back corpus text, per (language, encoding, length), with the same
// samples and scoring as whatwg/charset's TestDetectAccuracy (package
// internal/detecteval): the part of each LANG.txt after the generator's
// training split (detect/tables), encoded in html mode, cut at a character
// boundary to 64, 256, 1024 or 4096 bytes, plain and wrapped in synthetic
// markup. An answer is correct when it decodes the sample to exactly the
// text the true encoding gives.

type detectReport struct {
	Cells       []detecteval.Cell      `json:"cells"`
	PerLength   []detecteval.Cell      `json:"per_length"`
	Reliability detecteval.Reliability `json:"reliability"`
	Throughput  float64                `json:"throughput_mb_per_s_1k"`
}

// runDetect writes the detection accuracy report for the corpus in
// corpusDir to w, as a text table or (jsonOut) JSON.
func runDetect(corpusDir string, w io.Writer, jsonOut bool) error {
	samples, err := detecteval.BuildSamples(corpusDir, detecteval.PerCell)
	if err != nil {
		return err
	}
	var conf []float64
	var good []bool
	sc := detecteval.Score(samples, func(s detecteval.Sample) (encoding.Encoding, string) {
		e, name, c := charset.DetectEncoding(s.Data, charset.Hint{})
		if c > 0 {
			// Confidence 0 is no evidence (no non-ASCII byte), not a
			// probability.
			conf = append(conf, c)
			good = append(good, detecteval.Decode(e, s.Data) == detecteval.Decode(detecteval.Encoding(s.Enc), s.Data))
		}
		return e, name
	})
	rep := detectReport{Cells: sc.Cells, PerLength: sc.PerLength, Reliability: detecteval.NewReliability(conf, good, 10, 0.99)}
	var oneK [][]byte
	oneKBytes := 0
	for _, s := range samples {
		if s.Length == 1024 {
			oneK = append(oneK, s.Data)
			oneKBytes += len(s.Data)
		}
	}
	// Throughput on the 1 KB samples: repeat for at least 300 ms.
	start, rounds := time.Now(), 0
	for time.Since(start) < 300*time.Millisecond {
		for _, b := range oneK {
			charset.DetectEncoding(b, charset.Hint{})
		}
		rounds++
	}
	rep.Throughput = float64(oneKBytes*rounds) / time.Since(start).Seconds() / 1e6

	if jsonOut {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	fmt.Fprintf(w, "Detection accuracy on held-back corpus text (up to %d samples per cell, plain and in markup; correct = decodes to the same text)\n\n", 2*detecteval.MaxWindows*detecteval.PerCell)
	fmt.Fprint(w, detecteval.Scores{Cells: rep.Cells, PerLength: rep.PerLength}.Table())
	fmt.Fprintf(w, "\nReliability of the confidence (answers with confidence > 0; the calibration was fitted on held-out answers, not on these samples, see docs/detection.md):\n\n%s", rep.Reliability.Table())
	fmt.Fprintf(w, "\nDetectEncoding throughput on the 1 KB samples: %.0f MB/s\n", rep.Throughput)
	return nil
}
