package simdlevel

import (
	"os"
	"testing"
)

// TestChoose checks the level the process runs: one this CPU supports, the
// highest unless WEBENC_SIMD names a lower one, and what Choose makes
// of every value of WEBENC_SIMD.
func TestChoose(t *testing.T) {
	t.Logf("kernels: %s", Kernels())
	if !Supported(current) {
		t.Fatalf("the process runs level %s, which this CPU does not support (lacks %v)",
			Specs[current].Name, Specs[current].Missing())
	}
	best := Generic
	for l := range Specs {
		if Supported(Level(l)) {
			best = Level(l)
		}
	}
	if env := os.Getenv(Env); env == "" && current != best {
		t.Errorf("level %s without %s, want %s: the highest this CPU supports",
			Specs[current].Name, Env, Specs[best].Name)
	}
	for l, s := range Specs {
		got, note := Choose(s.Name)
		if want := min(Level(l), best); got != want || note == "" {
			t.Errorf("%s=%s: level %s (note %q), want %s", Env, s.Name, Specs[got].Name, note, Specs[want].Name)
		}
	}
	if got, note := Choose("avx1024"); got != best || note == "" {
		t.Errorf("%s=avx1024: level %s (note %q), want %s and a note", Env, Specs[got].Name, note, Specs[best].Name)
	}
}

// TestLevels reports, level by level, whether this CPU runs its forms'
// tests: a level it does not support is skipped with the features it
// lacks, so that a test log shows which forms went untested.
func TestLevels(t *testing.T) {
	for l, s := range Specs {
		t.Run(s.Name, func(t *testing.T) {
			if !Supported(Level(l)) {
				t.Skipf("this CPU lacks %v: the forms of level %s are not tested", s.Missing(), s.Name)
			}
			t.Logf("supported (requires %d features); its forms are in the form tests", len(s.Requires))
		})
	}
}
