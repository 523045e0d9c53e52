package simd

import (
	"encoding/binary"
	"math/bits"
)

// UTF16ToUTF8 converts the longest prefix of src made of whole UTF-16 code
// units that are not surrogates (big-endian units if bigEndian, else
// little-endian) to UTF-8 in dst. It stops before a surrogate, before a unit
// whose UTF-8 does not fit in what is left of dst, and before a last odd
// byte, and returns the bytes written and read; nSrc is always even.
// Surrogate pairs, lone surrogates and odd bytes are the caller's business.
func UTF16ToUTF8(dst, src []byte, bigEndian bool) (nDst, nSrc int) {
	return utf16ToUTF8(dst, src, bigEndian)
}

// UTF8ToUTF16 converts the longest prefix of src made of whole UTF-8
// sequences of one, two or three bytes (valid ones: no overlongs, no
// surrogates) to UTF-16 code units in dst, big-endian if bigEndian, else
// little-endian. It stops before a 4-byte sequence, before invalid or
// truncated UTF-8, and before a sequence whose unit does not fit in what is
// left of dst, and returns the bytes written and read; nDst is always even.
func UTF8ToUTF16(dst, src []byte, bigEndian bool) (nDst, nSrc int) {
	return utf8ToUTF16(dst, src, bigEndian)
}

// utf16ToUTF8Generic is the pure-Go form of UTF16ToUTF8: four units per
// step while src and dst have room to spare, then one unit at a time to
// the exact stopping point.
func utf16ToUTF8Generic(dst, src []byte, bigEndian bool) (nDst, nSrc int) {
	if bigEndian {
		nDst, nSrc = utf16ToUTF8WordsBE(dst, src)
	} else {
		nDst, nSrc = utf16ToUTF8WordsLE(dst, src)
	}
	for nSrc+2 <= len(src) {
		var u uint32
		if bigEndian {
			u = uint32(src[nSrc])<<8 | uint32(src[nSrc+1])
		} else {
			u = uint32(src[nSrc+1])<<8 | uint32(src[nSrc])
		}
		switch {
		case u < 0x80:
			if nDst >= len(dst) {
				return nDst, nSrc
			}
			dst[nDst] = byte(u)
			nDst++
		case u < 0x800:
			if nDst+2 > len(dst) {
				return nDst, nSrc
			}
			dst[nDst] = byte(0xC0 | u>>6)
			dst[nDst+1] = byte(0x80 | u&0x3F)
			nDst += 2
		case u-0xD800 < 0x800:
			return nDst, nSrc
		default:
			if nDst+3 > len(dst) {
				return nDst, nSrc
			}
			dst[nDst] = byte(0xE0 | u>>12)
			dst[nDst+1] = byte(0x80 | u>>6&0x3F)
			dst[nDst+2] = byte(0x80 | u&0x3F)
			nDst += 3
		}
		nSrc += 2
	}
	return nDst, nSrc
}

// utf16ToUTF8WordsLE is the word-at-a-time part of utf16ToUTF8Generic for
// little-endian units: four units per step while src has eight bytes left
// and dst sixteen.
func utf16ToUTF8WordsLE(dst, src []byte) (nDst, nSrc int) {
	for len(src)-nSrc >= 8 && len(dst)-nDst >= 16 {
		w := binary.LittleEndian.Uint64(src[nSrc : nSrc+8])
		d := dst[nDst : nDst+16]
		if w&0xFF80FF80FF80FF80 == 0 {
			// Four ASCII units.
			binary.LittleEndian.PutUint32(d, utf16Gather(w))
			nSrc += 8
			nDst += 4
			continue
		}
		u := uint32(w & 0xFFFF)
		if u-0xD800 < 0x800 {
			break
		}
		// Up to four units of w, without branching on their length:
		// write four bytes, keep n.
		o := 0
		for k := 0; ; {
			v, n := u, 1
			if u >= 0x80 {
				v, n = 0x80C0|u>>6|(u&0x3F)<<8, 2
			}
			if u >= 0x800 {
				v, n = 0x8080E0|u>>12|(u>>6&0x3F)<<8|(u&0x3F)<<16, 3
			}
			binary.LittleEndian.PutUint32(d[o&15:], v)
			o += n
			nSrc += 2
			if k++; k == 4 {
				break
			}
			w >>= 16
			if u = uint32(w & 0xFFFF); u-0xD800 < 0x800 {
				break
			}
		}
		nDst += o
	}
	return nDst, nSrc
}

// utf16ToUTF8WordsBE is utf16ToUTF8WordsLE for big-endian units. It repeats
// it but for how a unit is loaded, on purpose: each load is then fixed at
// compile time, which inlined shared helpers were slower than (see
// docs/simd.md).
func utf16ToUTF8WordsBE(dst, src []byte) (nDst, nSrc int) {
	for len(src)-nSrc >= 8 && len(dst)-nDst >= 16 {
		w := binary.LittleEndian.Uint64(src[nSrc : nSrc+8])
		d := dst[nDst : nDst+16]
		if w&0x80FF80FF80FF80FF == 0 {
			// Four ASCII units.
			binary.LittleEndian.PutUint32(d, utf16Gather(w>>8))
			nSrc += 8
			nDst += 4
			continue
		}
		u := uint32(bits.ReverseBytes16(uint16(w)))
		if u-0xD800 < 0x800 {
			break
		}
		o := 0
		for k := 0; ; {
			v, n := u, 1
			if u >= 0x80 {
				v, n = 0x80C0|u>>6|(u&0x3F)<<8, 2
			}
			if u >= 0x800 {
				v, n = 0x8080E0|u>>12|(u>>6&0x3F)<<8|(u&0x3F)<<16, 3
			}
			binary.LittleEndian.PutUint32(d[o&15:], v)
			o += n
			nSrc += 2
			if k++; k == 4 {
				break
			}
			w >>= 16
			if u = uint32(bits.ReverseBytes16(uint16(w))); u-0xD800 < 0x800 {
				break
			}
		}
		nDst += o
	}
	return nDst, nSrc
}

// utf16Gather returns bytes 0, 2, 4 and 6 of w.
func utf16Gather(w uint64) uint32 {
	w = (w | w>>8) & 0x0000FFFF0000FFFF
	return uint32(w | w>>16)
}

// utf8ToUTF16Generic is the pure-Go form of UTF8ToUTF16: eight ASCII bytes
// or one 2- or 3-byte sequence per step while src has eight bytes left and
// dst sixteen, then one sequence at a time to the exact stopping point.
func utf8ToUTF16Generic(dst, src []byte, bigEndian bool) (nDst, nSrc int) {
	if bigEndian {
		nDst, nSrc = utf8ToUTF16WordsBE(dst, src)
	} else {
		nDst, nSrc = utf8ToUTF16WordsLE(dst, src)
	}
	for nSrc < len(src) && nDst+2 <= len(dst) {
		c := src[nSrc]
		var u uint16
		switch {
		case c < 0x80:
			u = uint16(c)
			nSrc++
		case c >= 0xC2 && c < 0xE0 && nSrc+1 < len(src) && src[nSrc+1]&0xC0 == 0x80:
			u = uint16(c&0x1F)<<6 | uint16(src[nSrc+1]&0x3F)
			nSrc += 2
		case c >= 0xE0 && c < 0xF0 && nSrc+2 < len(src) && utf16Valid3(c, src[nSrc+1], src[nSrc+2]):
			u = uint16(c&0xF)<<12 | uint16(src[nSrc+1]&0x3F)<<6 | uint16(src[nSrc+2]&0x3F)
			nSrc += 3
		default:
			return nDst, nSrc
		}
		if bigEndian {
			binary.BigEndian.PutUint16(dst[nDst:], u)
		} else {
			binary.LittleEndian.PutUint16(dst[nDst:], u)
		}
		nDst += 2
	}
	return nDst, nSrc
}

// utf8ToUTF16WordsLE is the word-at-a-time part of utf8ToUTF16Generic for
// little-endian output.
func utf8ToUTF16WordsLE(dst, src []byte) (nDst, nSrc int) {
	for len(src)-nSrc >= 8 && len(dst)-nDst >= 16 {
		w := binary.LittleEndian.Uint64(src[nSrc : nSrc+8])
		d := dst[nDst : nDst+16]
		if m := w & 0x8080808080808080; m&0x80 == 0 {
			// Widen all eight bytes; keep the ASCII prefix (the
			// rest of d is scratch).
			binary.LittleEndian.PutUint64(d, utf16Widen(uint32(w)))
			binary.LittleEndian.PutUint64(d[8:], utf16Widen(uint32(w>>32)))
			k := 8
			if m != 0 {
				k = bits.TrailingZeros64(m) >> 3
			}
			nSrc += k
			nDst += 2 * k
			continue
		}
		switch c := uint32(w & 0xFF); {
		case w&0xC0E0 == 0x80C0 && c >= 0xC2:
			binary.LittleEndian.PutUint16(d, uint16((c&0x1F)<<6|uint32(w>>8)&0x3F))
			nSrc += 2
		case w&0xC0C0F0 == 0x8080E0:
			t := (c&0xF)<<6 | uint32(w>>8)&0x3F
			if t < 0x20 || t-0x360 < 0x20 {
				return nDst, nSrc
			}
			binary.LittleEndian.PutUint16(d, uint16(t<<6|uint32(w>>16)&0x3F))
			nSrc += 3
		default:
			return nDst, nSrc
		}
		nDst += 2
	}
	return nDst, nSrc
}

// utf8ToUTF16WordsBE is utf8ToUTF16WordsLE for big-endian output (a copy
// for the reason utf16ToUTF8WordsBE gives).
func utf8ToUTF16WordsBE(dst, src []byte) (nDst, nSrc int) {
	for len(src)-nSrc >= 8 && len(dst)-nDst >= 16 {
		w := binary.LittleEndian.Uint64(src[nSrc : nSrc+8])
		d := dst[nDst : nDst+16]
		if m := w & 0x8080808080808080; m&0x80 == 0 {
			binary.LittleEndian.PutUint64(d, utf16Widen(uint32(w))<<8)
			binary.LittleEndian.PutUint64(d[8:], utf16Widen(uint32(w>>32))<<8)
			k := 8
			if m != 0 {
				k = bits.TrailingZeros64(m) >> 3
			}
			nSrc += k
			nDst += 2 * k
			continue
		}
		switch c := uint32(w & 0xFF); {
		case w&0xC0E0 == 0x80C0 && c >= 0xC2:
			binary.BigEndian.PutUint16(d, uint16((c&0x1F)<<6|uint32(w>>8)&0x3F))
			nSrc += 2
		case w&0xC0C0F0 == 0x8080E0:
			t := (c&0xF)<<6 | uint32(w>>8)&0x3F
			if t < 0x20 || t-0x360 < 0x20 {
				return nDst, nSrc
			}
			binary.BigEndian.PutUint16(d, uint16(t<<6|uint32(w>>16)&0x3F))
			nSrc += 3
		default:
			return nDst, nSrc
		}
		nDst += 2
	}
	return nDst, nSrc
}

// utf16Valid3 reports whether c, b1, b2 (c from E0 to EF) are a valid 3-byte
// sequence: two continuation bytes, not overlong, not a surrogate.
func utf16Valid3(c, b1, b2 byte) bool {
	t := uint32(c&0xF)<<6 | uint32(b1&0x3F)
	return (uint16(b1)<<8|uint16(b2))&0xC0C0 == 0x8080 && t >= 0x20 && t-0x360 >= 0x20
}

// utf16Widen spreads the four bytes of x into the low bytes of four 16-bit
// lanes (little-endian).
func utf16Widen(x uint32) uint64 {
	w := uint64(x)
	w = (w | w<<16) & 0x0000FFFF0000FFFF
	return (w | w<<8) & 0x00FF00FF00FF00FF
}
