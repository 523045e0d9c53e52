package cjk

import (
	"encoding/binary"

	jistab "github.com/webenc/webenc/tables/jis"
	"github.com/webenc/webenc/whatwg/internal/codec"
)

// Pieces shared by the Japanese encodings (EUC-JP, ISO-2022-JP, Shift_JIS).

// jisEUC returns the EUC-JP bytes (little-endian: leading | trailing<<8,
// each 0xA1 to 0xFE) of the index pointer (the first pointer) for r (U+0080
// or above) in index jis0208, or 0 if r is not in it: leading is
// pointer/94 + 0xA1 and trailing pointer%94 + 0xA1. U+2212 gives U+FF0D's
// bytes: every Japanese encoder sets U+2212 to U+FF0D before the lookup.
func jisEUC(r rune) uint16 {
	if r >= 0x10000 {
		return 0
	}
	return dbcsLookup(r, jistab.EUCEncode3(), jistab.EUCEncodeLow())
}

// jisThreeByte decodes the three-byte UTF-8 sequence c0 c1 c2 (c0 is 0xE0
// to 0xEF) and reports whether it is one; surrogates pass, as no table maps
// them.
func jisThreeByte(c0, c1, c2 byte) (rune, bool) {
	r := rune(c0&0x0F)<<12 | rune(c1&0x3F)<<6 | rune(c2&0x3F)
	return r, c1&0xC0 == 0x80 && c2&0xC0 == 0x80 && r >= 0x800
}

// jisDecodeRune decodes the UTF-8 rune at src[0] for an encoder, with a
// fast path for the three-byte sequences of Japanese text; size 0 means the
// input ends inside a sequence (transform.ErrShortSrc when !atEOF).
func jisDecodeRune(src []byte, atEOF bool) (r rune, size int) {
	if len(src) >= 3 && src[0]&0xF0 == 0xE0 {
		if r, ok := jisThreeByte(src[0], src[1], src[2]); ok && (r < 0xD800 || r > 0xDFFF) {
			return r, 3
		}
	}
	return codec.NextRune(src, atEOF)
}

// jisRun encodes the longest prefix of src made of three-byte UTF-8
// sequences for code points that tab (an Encode3 table) maps (while dst
// has room) as their two bytes minus sub from each (sub2 holds sub twice),
// and returns the lengths written and read: ISO-2022-JP's hot loop in the
// jis0208 state. It reads four or eight bytes at a time, so it leaves a
// sequence in the last three bytes of src to the caller.
func jisRun(dst, src []byte, tab *[0x10000]uint16, sub2 uint32) (nDst, nSrc int) {
	for nSrc <= len(src)-8 && nDst <= len(dst)-4 {
		// Two sequences at once: E0-EF 80-BF 80-BF twice.
		w := binary.LittleEndian.Uint64(src[nSrc : nSrc+8])
		if w&0xC0C0F0C0C0F0 != 0x8080E08080E0 {
			break
		}
		v0, v1 := tab[dbcsKey3(w)], tab[dbcsKey3(w>>24)]
		if v0 == 0 || v1 == 0 {
			break
		}
		binary.LittleEndian.PutUint32(dst[nDst:nDst+4], (uint32(v0)|uint32(v1)<<16)-sub2)
		nSrc += 6
		nDst += 4
	}
	for nSrc <= len(src)-4 && nDst <= len(dst)-2 {
		w := uint64(binary.LittleEndian.Uint32(src[nSrc : nSrc+4]))
		if w&0xC0C0F0 != 0x8080E0 {
			break
		}
		v := tab[dbcsKey3(w)]
		if v == 0 {
			break
		}
		binary.LittleEndian.PutUint16(dst[nDst:nDst+2], v-uint16(sub2))
		nSrc += 3
		nDst += 2
	}
	return nDst, nSrc
}
