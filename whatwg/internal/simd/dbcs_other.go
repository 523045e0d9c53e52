//go:build (!amd64 && !arm64) || purego

package simd

func decodeDBCS(dst, src []byte, pairs *DBCSPairs) (int, int) {
	return decodeDBCSGeneric(dst, src, pairs)
}

// DBCSVector reports whether DecodeDBCS runs a vector form in this
// process: never in this build.
func DBCSVector() bool { return false }
