//go:build !unix

package fuzzbench

// cpuTime is not measured here: Run reports wall time only.
func cpuTime() (int64, bool) { return 0, false }
