package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/webenc/webenc/internal/fixeval"
	"github.com/webenc/webenc/mojibake"
)

// The -fix report: package mojibake's exact-repair rate per mix-up chain
// on the corpus built by internal/fixeval (clean lines of the
// Wikipedia and UDHR texts through each chain; tuned and held-back parts
// apart), the clean lines it changed, and the speed of mojibake.Fix on the
// clean Wikipedia pages (LANG.txt and LANG.html) and on the corrupted
// lines, in MB/s of input (the fastest of -rounds rounds of at least
// -mintime each, as other work on the machine only adds time).

// runFix writes the -fix report for the corpus in corpusDir to w.
func runFix(corpusDir string, w io.Writer, rounds int, minTime time.Duration) error {
	samples, err := fixeval.Samples(corpusDir)
	if err != nil {
		return err
	}
	cases := fixeval.Cases(samples)
	fmt.Fprintf(w, "mojibake.Fix: %d clean lines, %d corrupted (tuned and held-back parts)\n\n", len(samples), len(cases))
	fmt.Fprint(w, fixeval.Table(fixeval.Evaluate(cases, mojibake.Fix)))
	changed := 0
	for _, s := range samples {
		if mojibake.Fix(s.Text) != s.Text {
			changed++
		}
	}
	fmt.Fprintf(w, "%-36s %d of %d\n\n", "clean lines changed", changed, len(samples))

	pages, err := filepath.Glob(filepath.Join(corpusDir, "*.*"))
	if err != nil {
		return err
	}
	sort.Strings(pages)
	fmt.Fprintf(w, "%-16s %10s %10s\n", "clean page", "bytes", "MB/s")
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
		fmt.Fprintf(w, "%-16s %10d %10.0f\n", filepath.Base(p), len(text), fixSpeed([]string{text}, rounds, minTime))
	}
	fmt.Fprintf(w, "%-16s %10s %10.0f\n", "all pages", "", fixSpeed(all, rounds, minTime))
	var broken []string
	for _, c := range cases {
		broken = append(broken, c.Corrupted)
	}
	fmt.Fprintf(w, "%-16s %10s %10.1f\n", "corrupted lines", "", fixSpeed(broken, rounds, minTime))
	return nil
}

// fixSpeed returns the MB/s of Fix over texts, the fastest round.
func fixSpeed(texts []string, rounds int, minTime time.Duration) float64 {
	n := 0
	for _, t := range texts {
		n += len(t)
	}
	best := 0.0
	for range rounds {
		start, reps := time.Now(), 0
		for time.Since(start) < minTime || reps == 0 {
			for _, t := range texts {
				mojibake.Fix(t)
			}
			reps++
		}
		best = max(best, float64(n*reps)/time.Since(start).Seconds()/1e6)
	}
	return best
}
