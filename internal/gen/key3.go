package gen

import (
	"bytes"
	"fmt"
)

// Key3 is the key of the double-byte encoders' Encode3 tables (Big5,
// EUC-KR, EUC-JP, Shift_JIS, gb18030) for the three-byte UTF-8 sequence c0
// c1 c2 held in the low bytes of w = c0 | c1<<8 | c2<<16 (the bytes above
// do not matter): five instructions, and one-to-one on the 65536 byte
// sequences E0–EF 80–BF 80–BF (WriteKey3 checks it). Package whatwg/cjk
// computes the same key from the input's bytes, so its hot loop needs no
// code point arithmetic and no test for overlong forms or surrogates:
// their keys hold 0.
func Key3(w uint64) uint16 { return uint16(w>>8) ^ uint16(w*0x1040) }

// key3Of is the key of the three-byte form of r (0 to U+FFFF; the form is
// overlong below U+0800).
func key3Of(r rune) uint16 {
	return Key3(uint64(0xE0|r>>12) | uint64(0x80|r>>6&0x3F)<<8 | uint64(0x80|r&0x3F)<<16)
}

// WriteKey3 writes the encode tables of a double-byte encoding from m
// (BMP code point → its two bytes, leading<<8 | trailing): NAME3, which
// holds the code points from U+0800 up at the Key3 of their UTF-8 sequence
// (0 at the keys of overlong forms, surrogates and absent code points), and
// NAMELow, which holds U+0080 to U+07FF at index r−0x80, each behind an
// accessor (WriteArray). Both store the two bytes little-endian (leading |
// trailing<<8), so that one 16-bit store writes them; 0 means none. doc
// says what the bytes are and where they come from.
func WriteKey3(b *bytes.Buffer, name, doc string, m map[rune]uint16) error {
	enc3 := make([]uint16, 1<<16)
	low := make([]uint16, 0x800-0x80)
	hit := make([]bool, 1<<16)
	for r := rune(0); r < 0x10000; r++ {
		k := key3Of(r)
		if hit[k] {
			return fmt.Errorf("Key3 is not one-to-one: U+%04X", r)
		}
		hit[k] = true
	}
	for r, v := range m {
		switch {
		case v == 0 || v>>8 == 0:
			return fmt.Errorf("%s: U+%04X: bytes %04X are not two bytes", name, r, v)
		case r < 0x80 || r > 0xFFFF || (r >= 0xD800 && r <= 0xDFFF):
			return fmt.Errorf("%s: U+%04X is not a non-ASCII BMP scalar value", name, r)
		case r < 0x800:
			low[r-0x80] = v>>8 | v<<8
		default:
			enc3[key3Of(r)] = v>>8 | v<<8
		}
	}
	WriteArray(b, name+"3", "the address of the table that gives, for a code point from U+0800 up, "+doc+
		". It is indexed by the key uint16(w>>8) ^ uint16(w*0x1040) of the code point's UTF-8 sequence "+
		"c0 c1 c2, w = c0 | c1<<8 | c2<<16 (bytes above c2 do not matter), which is one-to-one on the "+
		"sequences E0–EF 80–BF 80–BF; the keys of overlong forms and surrogates hold 0. The bytes are "+
		"stored little-endian (leading | trailing<<8); 0 means none.", enc3)
	WriteArray(b, name+"Low", "the address of the table that holds U+0080 to U+07FF at index r−0x80, "+
		"in the form of "+name+"3: "+doc+".", low)
	return nil
}
