package simd

import (
	"testing"

	"github.com/webenc/webenc/internal/simdlevel"
)

// TestLevel logs the level the process runs (CI prints this line) and
// checks that the kernels dispatch on the level internal/simdlevel chose,
// which this CPU supports (internal/simdlevel tests the choice itself).
func TestLevel(t *testing.T) {
	t.Logf("kernels: %s", Kernels())
	if cpuLevel != simdlevel.Current() || !supported(cpuLevel) {
		t.Fatalf("the kernels run level %s; internal/simdlevel chose %s (supported: %v)",
			simdlevel.Specs[cpuLevel].Name, simdlevel.Specs[simdlevel.Current()].Name, supported(cpuLevel))
	}
}
