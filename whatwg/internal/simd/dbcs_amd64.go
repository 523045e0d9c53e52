//go:build amd64 && !purego

package simd

func decodeDBCS(dst, src []byte, row, col *[256]uint16, words []uint32) (int, int) {
	if cpuLevel >= levelAVX2 && len(words) > 0 {
		return decodeDBCSAVX2(dst, src, row, col, words)
	}
	return decodeDBCSGeneric(dst, src, row, col, words)
}

// decodeDBCSAVX2 is DecodeDBCS with 32-byte ASCII vectors and a
// branch-free step per character (see dbcs_amd64.s). words must not be
// empty.
//
//go:noescape
func decodeDBCSAVX2(dst, src []byte, row, col *[256]uint16, words []uint32) (nDst, nSrc int)

// DBCSVector reports whether DecodeDBCS runs a vector form in this
// process. Its pure-Go form is slower than the CJK decoders' own scalar
// loop, which they then run alone.
func DBCSVector() bool { return cpuLevel >= levelAVX2 }
