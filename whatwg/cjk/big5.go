package cjk

import (
	"golang.org/x/text/encoding"

	big5tab "github.com/webenc/webenc/tables/big5"
	"github.com/webenc/webenc/whatwg/internal/codec"
)

// Big5 is the Standard's Big5 encoding: Big5 with the Hong Kong
// Supplementary Character Set and other common extensions when decoding,
// without the Hong Kong extensions when encoding.
//
// Labels: big5, big5-hkscs, cn-big5, csbig5, x-x-big5.
var Big5 encoding.Encoding = big5Codec

// big5Codec is Big5, built from its decoders and encoders.
var big5Codec = codec.New(dbcsCodec("Big5", 1, big5Form, big5tab.Encode3(), big5Other))

// big5Form is the Big5 decoder's handler for the shared decoder
// (dbcsDecoder): step 5's leading bytes 0x81 to 0xFE; steps 3.4–3.5, the
// pointer (leading − 0x81) × 157 + (byte − offset), where offset is 0x40 if
// byte is less than 0x7F and 0x62 otherwise, when byte is in the range 0x40
// to 0x7E or 0xA1 to 0xFE; steps 3.6–3.7, step 3.6's two code points or
// the index code point in index Big5 (the astral ones and the two code
// points through big5tab.DecodeSide()).
var big5Form = dbcsLazyForm(dbcsRows(0x81, 0xFE, 157), func(b int) int {
	offset := 0x40
	if b >= 0x7F {
		offset = 0x62
	}
	if (b >= 0x40 && b <= 0x7E) || (b >= 0xA1 && b <= 0xFE) {
		return b - offset
	}
	return -1
}, big5tab.Decode()[:], big5tab.DecodeSide()[:])

// The generator marks side entries as the shared decoder expects.
var _ [big5tab.SideMarker - dbcsSideMarker]struct{}
var _ [dbcsSideMarker - big5tab.SideMarker]struct{}

// big5Other is the Big5 encoder's handler for a code point r of at least
// U+0080 (the hot loop handles ASCII, step 2, and the three-byte code
// points of big5tab.Encode3()): steps 3–8, the bytes of r's index Big5
// pointer, which the generator computed with the Standard's exclusions and
// last-pointer rule; none is step 4's error.
func big5Other(r rune) (uint32, int) {
	var v uint16
	if r < 0x10000 {
		v = dbcsLookup(r, big5tab.Encode3(), big5tab.EncodeLow())
	} else {
		v = big5tab.EncodeAstral(r)
	}
	if v == 0 {
		return 0, 0
	}
	return uint32(v), 2
}
