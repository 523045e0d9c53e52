package cjk

import (
	"golang.org/x/text/encoding"

	jistab "github.com/webenc/webenc/tables/jis"
	"github.com/webenc/webenc/whatwg/internal/codec"
)

// EUCJP is the Standard's EUC-JP encoding: JIS X 0208 in two bytes,
// half-width katakana after 0x8E and, when decoding only, JIS X 0212 after
// 0x8F.
//
// Labels: cseucpkdfmtjapanese, euc-jp, x-euc-jp.
var EUCJP encoding.Encoding = eucjpCodec

// eucjpCodec is EUCJP, built from its decoders and encoders.
var eucjpCodec = codec.New(dbcsCodec("EUC-JP", 2, eucjpForm, jistab.EUCEncode3(), eucjpOther))

// eucjpForm is the EUC-JP decoder's handler for the shared decoder
// (dbcsDecoder): step 7, the leading bytes 0x8E, 0x8F (the prefix) and 0xA1
// to 0xFE; step 3, 0x8E then 0xA1 to 0xDF is half-width katakana U+FF61 −
// 0xA1 + byte (rows beyond index jis0208 in the form's copy of it); step 4,
// 0x8F then 0xA1 to 0xFE selects index jis0212 for the pair after it;
// step 5, the pointer (leading − 0xA1) × 94 + byte − 0xA1 for leading and
// byte in 0xA1 to 0xFE; steps 6–8, the errors.
var eucjpForm = newLazyForm(eucjpNewForm)

func eucjpNewForm() *dbcsForm {
	const kana = 94 * 94 // the first pointer after index jis0208's rows
	var index [kana + 94]uint16
	copy(index[:], jistab.JIS0208()[:kana])
	for b := 0xA1; b <= 0xDF; b++ {
		index[kana+b-0xA1] = uint16(0xFF61 - 0xA1 + b)
	}
	f := dbcsNewForm(func(b int) int {
		if b == 0x8E {
			return kana
		}
		return dbcsRows(0xA1, 0xFE, 94)(b)
	}, func(b int) int {
		if b >= 0xA1 && b <= 0xFE {
			return b - 0xA1
		}
		return -1
	}, index[:], nil)
	f.kind[0x8F], f.prefix, f.index3 = kindPrefix, 0x8F, dbcsWords(jistab.JIS0212()[:], nil)
	return f
}

// eucjpOther is the EUC-JP encoder's handler for a code point r of at least
// U+0080 (the hot loop handles ASCII, step 2, and the three-byte code
// points of index jis0208 through jistab.EUCEncode3()).
func eucjpOther(r rune) (uint32, int) {
	// Steps 6–11 (U+2212 is looked up as U+FF0D by jisEUC). Steps 3–5
	// concern code points not in index jis0208, so they are tested only
	// when the lookup fails.
	if v := jisEUC(r); v != 0 {
		return uint32(v), 2
	}
	switch {
	case r == 0xA5:
		return 0x5C, 1 // step 3
	case r == 0x203E:
		return 0x7E, 1 // step 4
	case uint32(r-0xFF61) <= 0xFF9F-0xFF61:
		// Step 5: half-width katakana.
		return 0x8E | uint32(r-0xFF61+0xA1)<<8, 2
	}
	// Step 8: error with the code point.
	return 0, 0
}
