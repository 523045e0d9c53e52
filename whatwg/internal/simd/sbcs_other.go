//go:build !amd64 || purego

package simd

func decodeSBCS(dst, src []byte, t *[256]uint32) (int, int) {
	return decodeSBCSGeneric(dst, src, t)
}

func encodeSBCS(dst, src []byte, index *[1024]uint8, pages []byte) (int, int) {
	return encodeSBCSGeneric(dst, src, index, pages)
}
