package utf8

import (
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/internal/codec"
)

// decodeAll is UTF8's codec.Codec.DecodeAll: the decoder's loop (bulk and
// run) from its initial state at EOF, where run leaves no sequence pending
// (a cut one is an error like any other) and stops only before a character
// or a U+FFFD that dst cannot take, with the state initial again. run
// stops at the first error (fatal) so that it is counted; the rest of the
// input goes through run's replacement mode.
func decodeAll(dst, src []byte) (nDst, nSrc int, hadErrors bool, err error) {
	for nSrc < len(src) {
		nDst, nSrc = bulk(dst, src, nDst, nSrc)
		var size int
		var st status
		nDst, nSrc, size, st = run(dst, src, nDst, nSrc, true, !hadErrors)
		switch st {
		case stShortDst:
			return nDst, nSrc, hadErrors, transform.ErrShortDst
		case stInvalid:
			if len(dst)-nDst < len(codec.ReplacementUTF8) {
				return nDst, nSrc, hadErrors, transform.ErrShortDst
			}
			nDst += copy(dst[nDst:], codec.ReplacementUTF8)
			nSrc += size
			hadErrors = true
		}
	}
	return nDst, nSrc, hadErrors, nil
}
