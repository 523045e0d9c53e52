//go:build (!amd64 && !arm64) || purego

package simd

func decodeDBCS(dst, src []byte, row, col *[256]uint16, words []uint32) (int, int) {
	return decodeDBCSGeneric(dst, src, row, col, words)
}

// DBCSVector reports whether DecodeDBCS runs a vector form in this
// process: never in this build.
func DBCSVector() bool { return false }
