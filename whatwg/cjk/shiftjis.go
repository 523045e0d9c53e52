package cjk

import (
	"golang.org/x/text/encoding"

	jistab "github.com/webenc/webenc/tables/jis"
	"github.com/webenc/webenc/whatwg/internal/codec"
)

// ShiftJIS is the Standard's Shift_JIS encoding (Windows code page 932 as
// browsers implement it): JIS X 0208 with the NEC and IBM extensions, the
// half-width katakana as single bytes, and the Windows EUDC area decoded to
// Private Use code points.
//
// Labels: csshiftjis, ms932, ms_kanji, shift-jis, shift_jis, sjis,
// windows-31j, x-sjis.
var ShiftJIS encoding.Encoding = shiftjisCodec

// shiftjisCodec is ShiftJIS, built from its decoders and encoders.
var shiftjisCodec = codec.New(dbcsCodec("Shift_JIS", 1, sjisForm, jistab.ShiftJISEncode3(), sjisOther))

// sjisForm is the Shift_JIS decoder's handler for the shared decoder
// (dbcsDecoder): step 4, 0x80 is U+0080; step 5, half-width katakana
// U+FF61 − 0xA1 + byte for 0xA1 to 0xDF; step 6, the leading bytes 0x81 to
// 0x9F and 0xE0 to 0xFC; steps 3.4–3.6, the pointer; step 3.7, pointers
// 8836 to 10715 decode to U+E000 to U+E757 (the EUDC area, written into
// the form's copy of index jis0208); step 3.8, index jis0208; steps 7 and
// 3.10–3.11, the errors.
var sjisForm = newLazyForm(sjisNewForm)

func sjisNewForm() *dbcsForm {
	index := *jistab.JIS0208()
	for p := 8836; p <= 10715; p++ {
		index[p] = uint16(0xE000 - 8836 + p)
	}
	f := dbcsNewForm(func(b int) int {
		// Steps 3.5–3.6: (leading − leadingOffset) × 188.
		switch {
		case b >= 0x81 && b <= 0x9F:
			return (b - 0x81) * 188
		case b >= 0xE0 && b <= 0xFC:
			return (b - 0xC1) * 188
		}
		return -1
	}, dbcsColsSkip7F(0xFC), index[:], nil) // steps 3.4 and 3.6
	f.setSingle(0x80, 0x80)
	for b := 0xA1; b <= 0xDF; b++ {
		f.setSingle(byte(b), rune(0xFF61-0xA1+b))
	}
	return f
}

// sjisOther is the Shift_JIS encoder's handler for a code point r of at
// least U+0080 (the hot loop handles ASCII, step 2, and the three-byte code
// points of jistab.ShiftJISEncode3()).
func sjisOther(r rune) (uint32, int) {
	// Steps 6–13: the index Shift_JIS pointer (U+2212 is looked up as
	// U+FF0D). Steps 2–5 concern code points not in index jis0208, so they
	// are tested only when the lookup fails.
	if r < 0x10000 {
		if v := dbcsLookup(r, jistab.ShiftJISEncode3(), jistab.ShiftJISEncodeLow()); v != 0 {
			return uint32(v), 2
		}
	}
	switch {
	case r == 0x80:
		return 0x80, 1 // step 2
	case r == 0xA5:
		return 0x5C, 1 // step 3
	case r == 0x203E:
		return 0x7E, 1 // step 4
	case uint32(r-0xFF61) <= 0xFF9F-0xFF61:
		return uint32(r - 0xFF61 + 0xA1), 1 // step 5
	}
	// Step 8: error with the code point.
	return 0, 0
}
