package simd

import (
	"os"
	"testing"
)

// TestLevel checks the level the process runs: one this CPU supports, the
// highest unless WEBENC_SIMD names a lower one, and what chooseLevel makes
// of every value of WEBENC_SIMD.
func TestLevel(t *testing.T) {
	t.Logf("kernels: %s", Kernels())
	if !supported(cpuLevel) {
		t.Fatalf("the process runs level %s, which this CPU does not support (lacks %v)",
			levelSpecs[cpuLevel].name, levelSpecs[cpuLevel].missing())
	}
	best := levelGeneric
	for l := range levelSpecs {
		if supported(level(l)) {
			best = level(l)
		}
	}
	if env := os.Getenv(levelEnv); env == "" && cpuLevel != best {
		t.Errorf("level %s without %s, want %s: the highest this CPU supports",
			levelSpecs[cpuLevel].name, levelEnv, levelSpecs[best].name)
	}
	for l, s := range levelSpecs {
		got, note := chooseLevel(s.name)
		if want := min(level(l), best); got != want || note == "" {
			t.Errorf("%s=%s: level %s (note %q), want %s", levelEnv, s.name, levelSpecs[got].name, note, levelSpecs[want].name)
		}
	}
	if got, note := chooseLevel("avx1024"); got != best || note == "" {
		t.Errorf("%s=avx1024: level %s (note %q), want %s and a note", levelEnv, levelSpecs[got].name, note, levelSpecs[best].name)
	}
}

// TestLevels reports, level by level, whether this CPU runs its forms'
// tests: a level it does not support is skipped with the features it
// lacks, so that a test log shows which forms went untested.
func TestLevels(t *testing.T) {
	for l, s := range levelSpecs {
		t.Run(s.name, func(t *testing.T) {
			if !supported(level(l)) {
				t.Skipf("this CPU lacks %v: the forms of level %s are not tested", s.missing(), s.name)
			}
			t.Logf("supported (requires %d features); its forms are in the form tests", len(s.requires))
		})
	}
}
