//go:build arm64 && !purego

package simd

func decodeDBCS(dst, src []byte, pairs *DBCSPairs) (int, int) {
	if cpuLevel >= levelNEON {
		return decodeDBCSNEONLoop(dst, src, pairs)
	}
	return decodeDBCSGeneric(dst, src, pairs)
}

// DBCSVector reports whether DecodeDBCS runs a vector form in this
// process. Its pure-Go form is slower than the CJK decoders' own scalar
// loop, which they then run alone.
func DBCSVector() bool { return cpuLevel >= levelNEON }

// Room the NEON kernel needs to start a 16-byte block (see dbcs_arm64.s):
// it stops with less, and the pure-Go form decodes the rest.
const (
	dbcsNEONMinSrc = 32
	dbcsNEONMinDst = 64
)

// decodeDBCSNEONLoop is DecodeDBCS's NEON form: the kernel, then the
// pure-Go form where the kernel stopped for want of room (anywhere else
// it stopped before a character the definition stops before).
func decodeDBCSNEONLoop(dst, src []byte, pairs *DBCSPairs) (nDst, nSrc int) {
	nDst, nSrc = decodeDBCSNEON(dst, src, pairs)
	if len(src)-nSrc < dbcsNEONMinSrc || len(dst)-nDst < dbcsNEONMinDst {
		n, m := decodeDBCSGeneric(dst[nDst:], src[nSrc:], pairs)
		nDst, nSrc = nDst+n, nSrc+m
	}
	return nDst, nSrc
}

// decodeDBCSNEON is DecodeDBCS over 16-byte blocks while src has
// dbcsNEONMinSrc bytes left and dst dbcsNEONMinDst: ASCII 64 or 16 bytes
// a step, and a block's leading bytes found from its mask of high bytes,
// each pair then decoded with the ASCII before it copied by one vector.
//
//go:noescape
func decodeDBCSNEON(dst, src []byte, pairs *DBCSPairs) (nDst, nSrc int)
