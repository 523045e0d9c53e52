package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/webenc/webenc/internal/fixeval"
	"github.com/webenc/webenc/mojibake"
)

// The -fix report: package mojibake's exact-repair rate per mix-up chain
// on the corpus built by internal/fixeval (clean lines of the
// Wikipedia and UDHR texts through each chain; tuned and held-back parts
// apart), the clean lines it changed, and the speed of mojibake.Fix on the
// clean Wikipedia pages (LANG.txt and LANG.html) and on the corrupted
// lines, in MB/s of input: by the wall clock and by the process's CPU time
// (which other work on a shared machine does not inflate), each the best
// of -rounds rounds of at least -mintime, beside utf8.ValidString's CPU
// MB/s on the same text as a yardstick.

// runFix writes the -fix report for the corpus in corpusDir to w.
func runFix(corpusDir string, w io.Writer, rounds int, minTime time.Duration) error {
	samples, err := fixeval.Samples(corpusDir)
	if err != nil {
		return err
	}
	cases := fixeval.Cases(samples)
	fmt.Fprintf(w, "mojibake.Fix: %d clean lines, %d corrupted (tuned and held-back parts)\n\n", len(samples), len(cases))
	fmt.Fprint(w, fixeval.Table(fixeval.Evaluate(cases, mojibake.Fix)))
	changed, c1 := 0, 0
	for _, s := range samples {
		switch fixed, steps := mojibake.Explain(s.Text); {
		case fixed == s.Text:
		case fixeval.C1Only(steps):
			c1++
		default:
			changed++
		}
	}
	fmt.Fprintf(w, "%-36s %d of %d (and %d with C1 controls for windows-1252 characters, repaired)\n\n", "clean lines changed", changed, len(samples), c1)

	pages, err := filepath.Glob(filepath.Join(corpusDir, "*.*"))
	if err != nil {
		return err
	}
	sort.Strings(pages)
	fmt.Fprintf(w, "%-16s %10s %12s %12s %14s\n", "clean page", "bytes", "wall MB/s", "CPU MB/s", "validate MB/s")
	line := func(name string, size string, texts []string) {
		wall, cpu := fixSpeed(texts, mojibakeFix, rounds, minTime)
		_, vcpu := fixSpeed(texts, validUTF8, rounds, minTime)
		fmt.Fprintf(w, "%-16s %10s %12.0f %12.0f %14.0f\n", name, size, wall, cpu, vcpu)
	}
	var all []string
	for _, p := range pages {
		if !strings.HasSuffix(p, ".txt") && !strings.HasSuffix(p, ".html") || strings.Contains(filepath.Base(p), "-") || filepath.Base(p) == "sources.txt" {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		text := string(b)
		all = append(all, text)
		line(filepath.Base(p), fmt.Sprint(len(text)), []string{text})
	}
	line("all pages", "", all)
	var broken []string
	for _, c := range cases {
		broken = append(broken, c.Corrupted)
	}
	line("corrupted lines", "", broken)
	return nil
}

func mojibakeFix(s string) { mojibake.Fix(s) }

// validUTF8 is the yardstick: one pass of utf8.ValidString over the same
// text, in the same process.
func validUTF8(s string) { utf8.ValidString(s) }

// fixSpeed returns the MB/s of f over texts in wall time and in process
// CPU time (0 where it cannot be read), each the best of rounds.
func fixSpeed(texts []string, f func(string), rounds int, minTime time.Duration) (wall, cpu float64) {
	n := 0
	for _, t := range texts {
		n += len(t)
	}
	for range rounds {
		start, reps := time.Now(), 0
		c0, ok := processCPU()
		for time.Since(start) < minTime || reps == 0 {
			for _, t := range texts {
				f(t)
			}
			reps++
		}
		wall = max(wall, float64(n*reps)/time.Since(start).Seconds()/1e6)
		if c1, _ := processCPU(); ok && c1 > c0 {
			cpu = max(cpu, float64(n*reps)/(c1-c0)/1e6)
		}
	}
	return wall, cpu
}
