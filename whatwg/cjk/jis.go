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
	return dbcsLookup(r, &jistab.EUCEncode3, &jistab.EUCEncodeLow)
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

// jisPairs decodes the longest prefix of src made of index jis0208 byte
// pairs, each byte first to first+0x5D (EUC-JP: 0xA1 to 0xFE, decoder step
// 5; ISO-2022-JP: 0x21 to 0x7E, trailing byte state steps 1–5), whose code
// points take three UTF-8 bytes, while dst has room for four, and returns
// the lengths written and read: the decoders' hot path. The pointer is
// (leading − first) × 94 + byte − first.
func jisPairs(dst, src []byte, first byte) (nDst, nSrc int) {
	d, s := dst, src
	for len(s) >= 2 && len(d) >= 4 {
		l, t := s[0]-first, s[1]-first
		if l > 0x5D || t > 0x5D {
			break
		}
		c := jistab.JIS0208[int(l)*94+int(t)]
		if c < 0x800 {
			break
		}
		binary.LittleEndian.PutUint32(d, jisUTF8(c))
		d, s = d[3:], s[2:]
	}
	return len(dst) - len(d), len(src) - len(s)
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
