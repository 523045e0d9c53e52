//go:build (!amd64 && !arm64) || purego

package simd

func utf16ToUTF8(dst, src []byte, bigEndian bool) (nDst, nSrc int) {
	return utf16ToUTF8Generic(dst, src, bigEndian)
}

func utf8ToUTF16(dst, src []byte, bigEndian bool) (nDst, nSrc int) {
	return utf8ToUTF16Generic(dst, src, bigEndian)
}
