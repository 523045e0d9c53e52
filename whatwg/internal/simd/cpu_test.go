package simd

import "testing"

// TestFeatures logs which kernels this machine runs, so that a test log says
// which forms were exercised.
func TestFeatures(t *testing.T) {
	t.Logf("kernels: %s", Kernels())
}
