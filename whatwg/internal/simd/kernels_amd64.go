//go:build amd64 && !purego

package simd

// Kernels names the forms this process runs, for logs and the bench.
func Kernels() string {
	switch {
	case hasUTF16VBMI2 && hasSBCSVBMI:
		return "amd64 AVX-512BW/VL/VBMI/VBMI2 + AVX2"
	case hasUTF16VBMI2 || hasSBCSVBMI:
		return "amd64 AVX-512BW/VL + AVX2 (VBMI or VBMI2 missing: some kernels AVX2)"
	case hasAVX512:
		return "amd64 AVX-512BW/VL + AVX2 (UTF-16: AVX2, no VBMI2)"
	case hasAVX2:
		return "amd64 AVX2"
	}
	return "pure Go (amd64 without AVX2)"
}
