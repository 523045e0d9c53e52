package replacement

import (
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/internal/codec"
)

// decodeAll is the Encoding's codec.Codec.DecodeAll: the decoder from its
// initial state (no error returned yet), so one U+FFFD, an error, for a
// non-empty src, and nothing for an empty one.
func decodeAll(dst, src []byte) (nDst, nSrc int, hadErrors bool, err error) {
	if len(src) == 0 {
		return 0, 0, false, nil
	}
	if len(dst) < len(codec.ReplacementUTF8) {
		return 0, 0, false, transform.ErrShortDst
	}
	return copy(dst, codec.ReplacementUTF8), len(src), true, nil
}
