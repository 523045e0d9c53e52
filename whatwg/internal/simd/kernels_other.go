//go:build !amd64 || purego

package simd

// Kernels names the forms this process runs, for logs and the bench.
func Kernels() string { return "pure Go" }
