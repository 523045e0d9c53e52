//go:build amd64 && !purego

package simd

func decodeDBCS(dst, src []byte, pairs *DBCSPairs) (int, int) {
	if cpuLevel >= levelAVX2 {
		return decodeDBCSAVX2(dst, src, pairs)
	}
	return decodeDBCSGeneric(dst, src, pairs)
}

// decodeDBCSAVX2 is DecodeDBCS with 32-byte ASCII vectors and a
// branch-free step per character (see dbcs_amd64.s).
//
//go:noescape
func decodeDBCSAVX2(dst, src []byte, pairs *DBCSPairs) (nDst, nSrc int)

// DBCSVector reports whether DecodeDBCS runs a vector form in this
// process. Its pure-Go form is slower than the CJK decoders' own scalar
// loop, which they then run alone.
func DBCSVector() bool { return cpuLevel >= levelAVX2 }
