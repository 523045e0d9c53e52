package singlebyte

import (
	tables "github.com/webenc/webenc/tables/singlebyte"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/simd"
)

// newDecodeAll returns the codec.Codec.DecodeAll of the encoding of table
// t (k its kernel form): the decoder's loop, decode, on one
// replacement-mode decoder that every call shares. decode writes to a
// decoder only in fatal mode, and every byte is a whole unit, so it stops
// early only between two bytes, where there is no state.
func newDecodeAll(t *tables.Table, k *simd.SBCSTable) func(dst, src []byte) (int, int, bool, error) {
	shared := &decoder{DecodeErrors: codec.DecodeErrors{Name: t.Name}, t: t, k: k}
	return shared.decode
}
