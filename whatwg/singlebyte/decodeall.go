package singlebyte

import (
	"golang.org/x/text/transform"

	tables "github.com/webenc/webenc/tables/singlebyte"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/simd"
)

// newDecodeAll returns the codec.Codec.DecodeAll of the encoding of table
// t (k its kernel form): the decoder's loop, decode, on one
// replacement-mode decoder that every call shares. decode writes to a
// decoder only in fatal mode, and every byte is a whole unit, so it stops
// early only between two bytes, where there is no state.
func newDecodeAll(t *tables.Table, k *simd.SBCSTable) (func(dst, src []byte) (int, int, bool, error), oneShot) {
	shared := &decoder{DecodeErrors: codec.DecodeErrors{Name: t.Name}, t: t, k: k}
	return shared.decode, oneShot{shared}
}

// oneShot is the codec.Codec.Shared of a single-byte encoding: the
// transformer of every Decoder its NewDecoder returns, the shared
// replacement-mode decoder's loop called directly. Being one pointer, it
// goes into the Decoder's interface without an allocation of its own.
type oneShot struct{ d *decoder }

func (o oneShot) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if len(dst) < 3 && len(src) > 0 {
		// dst may not take even the first byte's form (U+FFFD, 3 bytes,
		// for an unmapped one: the shared decoder is in replacement
		// mode): say so at once. x/text's Bytes makes this call, with
		// what its first one left, before it grows dst.
		if e := o.d.t.Decode[src[0]]; e == 0 || int(e>>24) > len(dst) {
			return 0, 0, transform.ErrShortDst
		}
	}
	nDst, nSrc, _, err = o.d.decode(dst, src)
	return nDst, nSrc, err
}

func (oneShot) Reset() {}
