package cjk

import (
	"golang.org/x/text/encoding"

	euckrtab "github.com/webenc/webenc/tables/euckr"
	"github.com/webenc/webenc/whatwg/internal/codec"
)

// EUCKR is the Standard's EUC-KR encoding: KS X 1001 with the Unified
// Hangul Code extensions (Windows code page 949).
//
// Labels: cseuckr, csksc56011987, euc-kr, iso-ir-149, korean,
// ks_c_5601-1987, ks_c_5601-1989, ksc5601, ksc_5601, windows-949.
var EUCKR encoding.Encoding = euckrCodec

// euckrCodec is EUCKR, built from its decoders and encoders.
var euckrCodec = codec.New(dbcsCodec("EUC-KR", 1, euckrForm, euckrtab.Encode3(), euckrOther))

// euckrForm is the EUC-KR decoder's handler for the shared decoder
// (dbcsDecoder): step 5's leading bytes 0x81 to 0xFE; step 3.4, the pointer
// (leading − 0x81) × 190 + (byte − 0x41) when byte is in the range 0x41 to
// 0xFE; step 3.5, the index code point in index EUC-KR (all in the BMP,
// none a surrogate).
var euckrForm = dbcsLazyForm(dbcsRows(0x81, 0xFE, 190), func(b int) int {
	if b >= 0x41 && b <= 0xFE {
		return b - 0x41
	}
	return -1
}, euckrtab.Decode()[:], nil)

// euckrOther is the EUC-KR encoder's handler for a code point r of at least
// U+0080 (the hot loop handles ASCII, step 2, and the three-byte code
// points of euckrtab.Encode3()): steps 3–7, the bytes of r's index pointer
// in index EUC-KR; none is step 4's error.
func euckrOther(r rune) (uint32, int) {
	if r < 0x10000 {
		if v := dbcsLookup(r, euckrtab.Encode3(), euckrtab.EncodeLow()); v != 0 {
			return uint32(v), 2
		}
	}
	return 0, 0
}
