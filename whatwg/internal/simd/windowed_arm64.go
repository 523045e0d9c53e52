//go:build arm64 && !purego

package simd

// scalarWindow is how many source bytes the pure-Go form converts after a
// NEON kernel stops, before the kernel is tried again: text in a kernel's
// reach (ASCII; units below U+0800; single-byte forms of one or two
// bytes) often has a character outside it here and there (a dash, a
// quotation mark).
const scalarWindow = 64

// maxSeq is the longest sequence the pure-Go forms may leave cut at the
// end of a window (a 3-byte UTF-8 sequence less one byte, plus one).
const maxSeq = 3

// windowed alternates kernel, run while src has minSrc bytes left and dst
// minDst, with scalar over a window of scalarWindow bytes from where the
// kernel stopped, until scalar stops early in its window or src ends;
// scalar then decides on the rest. The kernels convert whole units with
// the room for them in dst and stop before anything the scalar form
// would stop before, so the result is scalar's on all of src.
func windowed(dst, src []byte, minSrc, minDst int, kernel, scalar func(dst, src []byte) (int, int)) (nDst, nSrc int) {
	for {
		if len(src)-nSrc >= minSrc && len(dst)-nDst >= minDst {
			n, m := kernel(dst[nDst:], src[nSrc:])
			nDst, nSrc = nDst+n, nSrc+m
		}
		end := min(len(src), nSrc+scalarWindow)
		n, m := scalar(dst[nDst:], src[nSrc:end])
		nDst, nSrc = nDst+n, nSrc+m
		// A stop within maxSeq bytes of the window's end may be the
		// window cutting a sequence: go on, unless nothing moved.
		if nSrc+maxSeq < end || end == len(src) || n+m == 0 {
			break
		}
	}
	n, m := scalar(dst[nDst:], src[nSrc:])
	return nDst + n, nSrc + m
}
