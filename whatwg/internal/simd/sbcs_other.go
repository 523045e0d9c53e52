//go:build (!amd64 && !arm64) || purego

package simd

func decodeSBCS(dst, src []byte, t *SBCSTable) (int, int) {
	return decodeSBCSGeneric(dst, src, &t.decode)
}

func decodeSBCSShort(dst, src []byte, t *SBCSTable) (int, int) {
	return decodeSBCSGeneric(dst, src, &t.decode)
}

func encodeSBCS(dst, src []byte, index *[1024]uint8, pages []byte) (int, int) {
	return encodeSBCSGeneric(dst, src, index, pages)
}
