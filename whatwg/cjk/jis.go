package cjk

import (
	"encoding/binary"

	jistab "github.com/webenc/webenc/tables/jis"
	"github.com/webenc/webenc/whatwg/internal/codec"
)

// Pieces shared by the Japanese encodings (EUC-JP, ISO-2022-JP, Shift_JIS).

// jisEUC returns the EUC-JP bytes (leading<<8 | trailing, each 0xA1 to
// 0xFE) of the index pointer (the first pointer) for r in index jis0208, or
// 0 if r is not in it: leading is pointer/94 + 0xA1 and trailing pointer%94
// + 0xA1. U+2212 gives U+FF0D's bytes: every Japanese encoder sets U+2212
// to U+FF0D before the lookup.
func jisEUC(r rune) uint16 {
	if uint32(r) >= 0x10000 {
		return 0
	}
	return jistab.JIS0208EUCPages[int(jistab.JIS0208EUCIndex[uint32(r)>>6])<<6|int(r)&63]
}

// jisThreeByte decodes the three-byte UTF-8 sequence c0 c1 c2 (c0 is 0xE0
// to 0xEF) and reports whether it is one; surrogates pass, as no table maps
// them.
func jisThreeByte(c0, c1, c2 byte) (rune, bool) {
	r := rune(c0&0x0F)<<12 | rune(c1&0x3F)<<6 | rune(c2&0x3F)
	return r, c1&0xC0 == 0x80 && c2&0xC0 == 0x80 && r >= 0x800
}

// jisPut writes c, a non-ASCII BMP code point, as UTF-8 into dst, which
// must have room for three bytes, and returns the length written.
func jisPut(dst []byte, c uint16) int {
	if c >= 0x800 {
		_ = dst[2]
		dst[0] = 0xE0 | byte(c>>12)
		dst[1] = 0x80 | byte(c>>6)&0x3F
		dst[2] = 0x80 | byte(c)&0x3F
		return 3
	}
	_ = dst[1]
	dst[0] = 0xC0 | byte(c>>6)
	dst[1] = 0x80 | byte(c)&0x3F
	return 2
}

// jisUTF8 returns the three UTF-8 bytes of c (0x800 or above) as a
// little-endian word, for a single four-byte store whose last byte is
// scratch.
func jisUTF8(c uint16) uint32 {
	return 0x8080E0 | uint32(c>>12) | uint32(c>>6&0x3F)<<8 | uint32(c&0x3F)<<16
}

// jisPutFFFD writes U+FFFD as UTF-8 into dst, which must have room for it.
func jisPutFFFD(dst []byte) {
	_ = dst[2]
	dst[0], dst[1], dst[2] = 0xEF, 0xBF, 0xBD
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

// jisWordPage splits the code point of the three-byte UTF-8 sequence at
// the start of the little-endian word w into its page (r>>6) and offset
// (r&63) in the reverse lookups, and reports whether w starts with such a
// sequence. Surrogates (ED A0 80 to ED BF BF) pass: they are in no table.
func jisWordPage(w uint32) (page, off uint32, ok bool) {
	// Below page 0x20 the sequence is overlong.
	page = (w&0x0F)<<6 | w>>8&0x3F
	return page & 0x3FF, w >> 16 & 0x3F, w&0xC0C0F0 == 0x8080E0 && page >= 0x20
}

// jisRun encodes the longest prefix of src made of three-byte UTF-8
// sequences for code points that the reverse lookup (index, pages) maps
// (while dst has room) as their two bytes minus sub from each, and returns
// the lengths written and read. It reads four or eight bytes at a time, so
// it leaves a sequence in the last three bytes of src to the caller.
func jisRun(dst, src []byte, index *[1024]uint16, pages []uint16, sub uint16) (nDst, nSrc int) {
	d, s := dst, src
	sub2 := uint32(sub)<<16 | uint32(sub)
	for len(s) >= 8 && len(d) >= 4 {
		// Two sequences at once: E0-EF 80-BF 80-BF twice.
		w := binary.LittleEndian.Uint64(s)
		if w&0xC0C0F0C0C0F0 != 0x8080E08080E0 {
			break
		}
		p0 := uint32(w&0x0F)<<6 | uint32(w>>8)&0x3F
		p1 := uint32(w>>24&0x0F)<<6 | uint32(w>>32)&0x3F
		if p0 < 0x20 || p1 < 0x20 {
			break // overlong
		}
		v0 := pages[int(index[p0&0x3FF])<<6|int(w>>16&0x3F)]
		v1 := pages[int(index[p1&0x3FF])<<6|int(w>>40&0x3F)]
		if v0 == 0 || v1 == 0 {
			break
		}
		binary.BigEndian.PutUint32(d, (uint32(v0)<<16|uint32(v1))-sub2)
		d, s = d[4:], s[6:]
	}
	for len(s) >= 4 && len(d) >= 2 {
		page, off, ok := jisWordPage(binary.LittleEndian.Uint32(s))
		if !ok {
			break
		}
		v := pages[int(index[page])<<6|int(off)]
		if v == 0 {
			break
		}
		binary.BigEndian.PutUint16(d, v-sub)
		d, s = d[2:], s[3:]
	}
	return len(dst) - len(d), len(src) - len(s)
}
