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
				t.Errorf("%s#%d changed:\n in: %q\nout: %q", s.File, s.ID, s.Text, got)
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

// TestRepairRates prints the exact-repair rate per chain on the tuned
// part and the held-back parts (languages, and the Wikipedia source) and
// checks that no clean sample changes. MOJIBAKE_FAILURES=1 prints the
// tuned part's failures (never the held-back ones: they are not for
// tuning).
func TestRepairRates(t *testing.T) {
	_, cases := corpus(t)
	rows := fixeval.Evaluate(cases, mojibake.Fix)
	t.Log("\n" + fixeval.Table(rows))
	for _, r := range rows {
		if r.Clean && r.Rate(fixeval.Tuned, fixeval.HeldLanguage, fixeval.HeldSource) < 100 {
			t.Errorf("%s: %d of %d clean samples changed", r.Chain, sum(r.N)-sum(r.OK), sum(r.N))
		}
		if os.Getenv("MOJIBAKE_FAILURES") != "" {
			for _, c := range r.Failures {
				fmt.Printf("%s %s#%d\n in: %q\nout: %q\nwant %q\n", r.Chain, c.File, c.ID, c.Corrupted, mojibake.Fix(c.Corrupted), c.Text)
			}
		}
	}
}

func sum(a [3]int) int { return a[0] + a[1] + a[2] }

func countLangs(samples []fixeval.Sample) int {
	m := map[string]bool{}
	for _, s := range samples {
		m[s.Lang] = true
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
				t.Errorf("%s %s#%d: not idempotent:\n in: %q\nfix: %q\nfix of that: %q", c.Chain, c.File, c.ID, c.Corrupted, f, g)
			}
		}
	}
}
