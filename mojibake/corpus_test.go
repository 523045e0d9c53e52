package mojibake_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/webenc/webenc/internal/fixeval"
	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/mojibake"
)

func corpus(t *testing.T) ([]fixeval.Sample, []fixeval.Case) {
	t.Helper()
	dir := specdata.Corpus(t)
	samples, err := fixeval.Samples(dir)
	if err != nil {
		t.Fatal(err)
	}
	return samples, fixeval.Cases(samples)
}

// TestCleanSamples checks that every clean sample line of every
// language, tuned and held back, comes back byte for byte.
func TestCleanSamples(t *testing.T) {
	samples, _ := corpus(t)
	bad, c1 := 0, 0
	for _, s := range samples {
		got, steps := mojibake.Explain(s.Text)
		if got != s.Text && fixeval.C1Only(steps) {
			c1++ // U+0092 for "’" in two UDHR texts: see TestCleanFiles
			continue
		}
		if got != s.Text {
			bad++
			if bad <= 20 {
				t.Errorf("%s#%d changed:\n in: %q\nout: %q", s.Lang, s.ID, s.Text, got)
			}
		}
	}
	t.Logf("%d clean samples in %d languages, %d changed, %d with C1 controls read as windows-1252", len(samples), countLangs(samples), bad, c1)
}

// TestCleanFiles checks every whole Wikipedia text and page and every
// UDHR text: Fix returns them unchanged.
func TestCleanFiles(t *testing.T) {
	files, err := fixeval.Files(specdata.Corpus(t))
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		fixed, steps := mojibake.Explain(text)
		if fixed == text {
			continue
		}
		if fixeval.C1Only(steps) && !strings.ContainsFunc(fixed, func(r rune) bool { return r >= 0x80 && r < 0xA0 }) {
			// Two UDHR texts write U+0092 for "’": windows-1252 read as
			// ISO-8859-1 in the source, which Fix rightly repairs.
			t.Logf("%s: %d C1 controls read as windows-1252", name, len(steps))
			continue
		}
		t.Errorf("%s changed: %v", name, steps[:min(len(steps), 5)])
	}
}

// chainFloor is the exact-repair rate (percent, over tuned and held-back
// samples together) each chain must keep: a little under what it reaches
// (docs/mojibake.md has the table).
var chainFloor = map[string]float64{
	"UTF-8 as windows-1252":             99.5,
	"UTF-8 as ISO-8859-1 (C1)":          99.5,
	"UTF-8 as macintosh":                98.5,
	"UTF-8 as windows-1251":             98.5,
	"UTF-8 as windows-1250":             98,
	"UTF-8 as windows-1253":             99,
	"UTF-8 as ISO-8859-2":               95,
	"UTF-8 as ISO-8859-15":              93,
	"UTF-8 as windows-1252 twice":       98.5,
	"UTF-8 as windows-1252 three times": 98.5,
	"spans as windows-1252":             91,
	"windows-1252, C1 dropped":          35,
	"legacy as windows-1252":            95,
	"legacy as ISO-8859-1 (C1)":         95,
}

// TestRepairRates prints the exact-repair rate per chain on the tuned and
// held-back parts and checks each chain's floor.
func TestRepairRates(t *testing.T) {
	_, cases := corpus(t)
	rows := fixeval.Evaluate(cases, mojibake.Fix)
	t.Log("\n" + fixeval.Table(rows))
	for _, r := range rows {
		rate := 100 * float64(r.TunedOK+r.HeldOK) / float64(r.Tuned+r.Held)
		if rate < chainFloor[r.Chain] {
			t.Errorf("%s: %.1f%% repaired, floor %.1f%%", r.Chain, rate, chainFloor[r.Chain])
		}
		if os.Getenv("MOJIBAKE_FAILURES") != "" {
			for _, c := range r.Failures {
				if c.Held {
					continue // the held-back part is not for tuning
				}
				fmt.Printf("%s %s#%d\n in: %q\nout: %q\nwant %q\n", r.Chain, c.Lang, c.ID, c.Corrupted, mojibake.Fix(c.Corrupted), c.Text)
			}
		}
	}
}

func countLangs(samples []fixeval.Sample) int {
	m := map[string]bool{}
	for _, s := range samples {
		m[strings.SplitN(s.Lang, "#", 2)[0]] = true
	}
	return len(m)
}

// TestIdempotentCorpus checks Fix(Fix(c)) == Fix(c) on every corrupted
// case, tuned and held back: restoring lost bytes and the passes over a
// segment must leave nothing a further call would change.
func TestIdempotentCorpus(t *testing.T) {
	_, cases := corpus(t)
	bad := 0
	for _, c := range cases {
		f := mojibake.Fix(c.Corrupted)
		if g := mojibake.Fix(f); g != f {
			if bad++; bad <= 10 {
				t.Errorf("%s %s#%d: not idempotent:\n in: %q\nfix: %q\nfix of that: %q", c.Chain, c.Lang, c.ID, c.Corrupted, f, g)
			}
		}
	}
}
