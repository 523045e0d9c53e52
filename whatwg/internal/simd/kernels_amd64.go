//go:build amd64 && !purego

package simd

// Kernels names the forms this process runs, for logs and the bench.
func Kernels() string {
	switch {
	case hasAVX512:
		return "amd64 AVX-512BW/VL + AVX2"
	case hasAVX2:
		return "amd64 AVX2"
	}
	return "pure Go (amd64 without AVX2)"
}
