//go:build !amd64 || purego

package simd

func decodeSBCS(dst, src []byte, t *[256]uint32) (int, int) {
	return decodeSBCSGeneric(dst, src, t)
}
