// Package utf16 implements the WHATWG Encoding Standard's UTF-16LE and
// UTF-16BE encodings as encoding.Encoding values from
// golang.org/x/text/encoding.
//
// Both decoders are the Standard's "shared UTF-16 decoder": they emit U+FFFD
// for a lone surrogate and for an odd byte at the end, never emit a
// surrogate, and are resumable at every byte boundary. They do not strip a
// byte order mark: the Standard handles the BOM in its decode algorithm,
// which package whatwg implements.
//
// The Standard defines no UTF-16 encoder. As an extension, the encoders here
// convert UTF-8 to UTF-16 in the encoding's byte order, with U+FFFD for
// invalid UTF-8 (one per maximal subpart); they never return an error.
package utf16

import (
	"encoding/binary"
	"math/bits"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/internal/codec"
)

// LE is the Standard's UTF-16LE encoding (name "UTF-16LE"), the one the
// label "utf-16" selects.
var LE encoding.Encoding = &codec.Encoding{
	Name:           "UTF-16LE",
	NewDecoderMode: func(fatal bool) transform.Transformer { return newDecoder("UTF-16LE", false, fatal) },
	NewRawEncoder:  func() transform.Transformer { return &encoder{be: false} },
}

// BE is the Standard's UTF-16BE encoding (name "UTF-16BE").
var BE encoding.Encoding = &codec.Encoding{
	Name:           "UTF-16BE",
	NewDecoderMode: func(fatal bool) transform.Transformer { return newDecoder("UTF-16BE", true, fatal) },
	NewRawEncoder:  func() transform.Transformer { return &encoder{be: true} },
}

func newDecoder(name string, be, fatal bool) *decoder {
	return &decoder{DecodeErrors: codec.DecodeErrors{Name: name, Fatal: fatal}, be: be}
}

// decoder is the Standard's shared UTF-16 decoder. Its state is exactly the
// Standard's: leading byte, leading surrogate and "is UTF-16BE decoder".
//
// When a leading surrogate is followed by a code unit that is not a
// trailing surrogate, the Standard restores the unit's two bytes and reads
// them again. Re-reading them rebuilds the same code unit, so the decoder
// does just that: it clears the leading surrogate and does not consume the
// unit's byte in src (a leading byte read in an earlier call stays in the
// state). No pending buffer is needed.
type decoder struct {
	codec.DecodeErrors
	be            bool
	hasLeadByte   bool
	leadByte      byte
	leadSurrogate uint16 // 0 is null: surrogates are nonzero
}

// Reset implements transform.Transformer.
func (d *decoder) Reset() {
	d.hasLeadByte, d.leadByte, d.leadSurrogate = false, 0, 0
	d.Base = 0
}

// unitBytes returns the code unit u's two bytes in stream order.
func (d *decoder) unitBytes(buf []byte, u uint16) []byte {
	if d.be {
		return append(buf, byte(u>>8), byte(u))
	}
	return append(buf, byte(u), byte(u>>8))
}

// Transform implements transform.Transformer. It consumes all of src unless
// dst is full (ErrShortDst) or, in fatal mode, an error is found. A fatal
// error counts the bytes it reports as consumed (not restored bytes), so
// the decoder is in the state the Standard leaves it in after the error.
func (d *decoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		if !d.hasLeadByte && d.leadSurrogate == 0 {
			n, m := decodeFast(dst[nDst:], src[nSrc:], d.be)
			nDst += n
			nSrc += m
			if nSrc == len(src) {
				break
			}
		}
		// The Standard's handler, one byte at a time.
		b := src[nSrc]
		// Step 3: no leading byte yet: keep this one.
		if !d.hasLeadByte {
			d.leadByte, d.hasLeadByte = b, true
			nSrc++
			continue
		}
		// Step 4: the code unit.
		var u uint16
		if d.be {
			u = uint16(d.leadByte)<<8 | uint16(b)
		} else {
			u = uint16(b)<<8 | uint16(d.leadByte)
		}
		if d.leadSurrogate != 0 {
			// Step 6.
			if u-0xDC00 < 0x400 {
				// 6.3: a scalar value from the surrogates.
				if nDst+4 > len(dst) {
					err = transform.ErrShortDst
					break
				}
				nDst += codec.PutRune(dst[nDst:], 0x10000+(rune(d.leadSurrogate)-0xD800)<<10+rune(u)-0xDC00)
				d.leadSurrogate, d.hasLeadByte = 0, false
				nSrc++
				continue
			}
			// 6.4–6.7: restore the unit's bytes and return error. The
			// lead surrogate's two bytes precede the leading byte.
			if d.Fatal {
				var buf [2]byte
				err = d.Err(nSrc-3, d.unitBytes(buf[:0], d.leadSurrogate)...)
				d.leadSurrogate = 0
				break
			}
			if nDst+3 > len(dst) {
				err = transform.ErrShortDst
				break
			}
			nDst += copy(dst[nDst:], codec.ReplacementUTF8)
			d.leadSurrogate = 0
			continue
		}
		switch {
		case u-0xD800 < 0x400:
			// Step 7: a leading surrogate.
			d.leadSurrogate, d.hasLeadByte = u, false
			nSrc++
			continue
		case u-0xDC00 < 0x400:
			// Step 8: a lone trailing surrogate is an error.
			if d.Fatal {
				var buf [2]byte
				err = d.Err(nSrc-1, d.unitBytes(buf[:0], u)...)
				d.hasLeadByte = false
				nSrc++
				goto done
			}
			if nDst+3 > len(dst) {
				err = transform.ErrShortDst
				goto done
			}
			nDst += copy(dst[nDst:], codec.ReplacementUTF8)
		default:
			// Step 9.
			if nDst+codec.RuneLen(rune(u)) > len(dst) {
				err = transform.ErrShortDst
				goto done
			}
			nDst += codec.PutRune(dst[nDst:], rune(u))
		}
		d.hasLeadByte = false
		nSrc++
	}
	if err == nil && atEOF && (d.hasLeadByte || d.leadSurrogate != 0) {
		// Step 1: end-of-queue with a leading byte or surrogate pending
		// is one error.
		if d.Fatal {
			var buf [3]byte
			seq := buf[:0]
			if d.leadSurrogate != 0 {
				seq = d.unitBytes(seq, d.leadSurrogate)
			}
			if d.hasLeadByte {
				seq = append(seq, d.leadByte)
			}
			err = d.Err(nSrc-len(seq), seq...)
		} else {
			if nDst+3 > len(dst) {
				err = transform.ErrShortDst
				goto done
			}
			nDst += copy(dst[nDst:], codec.ReplacementUTF8)
		}
		d.hasLeadByte, d.leadSurrogate = false, 0
	}
done:
	d.Advance(nSrc)
	return nDst, nSrc, err
}

// decodeFast decodes the longest prefix of src made of whole non-surrogate
// units and surrogate pairs while dst has room to spare. It stops at
// anything else (lone surrogates, a last odd byte) and near the end of src
// or dst, for the Standard's byte-at-a-time handler.
func decodeFast(dst, src []byte, be bool) (nDst, nSrc int) {
	if be {
		return decodeFastBE(dst, src)
	}
	return decodeFastLE(dst, src)
}

// decodeFastLE is decodeFast for UTF-16LE.
func decodeFastLE(dst, src []byte) (nDst, nSrc int) {
	for len(src)-nSrc >= 8 && len(dst)-nDst >= 16 {
		w := binary.LittleEndian.Uint64(src[nSrc : nSrc+8])
		d := dst[nDst : nDst+16]
		if w&0xFF80FF80FF80FF80 == 0 {
			// Four ASCII units.
			binary.LittleEndian.PutUint32(d, gather(w))
			nSrc += 8
			nDst += 4
			continue
		}
		u := uint32(w & 0xFFFF)
		if u-0xD800 < 0x800 {
			// A surrogate pair, or the handler's business.
			u2 := uint32(w >> 16 & 0xFFFF)
			if u >= 0xDC00 || u2-0xDC00 >= 0x400 {
				break
			}
			r := 0x10000 + (u-0xD800)<<10 + u2 - 0xDC00
			binary.LittleEndian.PutUint32(d, 0x808080F0|r>>18|(r>>12&0x3F)<<8|(r>>6&0x3F)<<16|(r&0x3F)<<24)
			nDst += 4
			nSrc += 4
			continue
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

// decodeFastBE is decodeFast for UTF-16BE. It repeats decodeFastLE but for
// how a unit is loaded, on purpose: each load is then fixed at compile
// time, and moving the shared unit-to-UTF-8 and surrogate-pair code into
// helpers (inlined) measured about 5% slower.
func decodeFastBE(dst, src []byte) (nDst, nSrc int) {
	for len(src)-nSrc >= 8 && len(dst)-nDst >= 16 {
		w := binary.LittleEndian.Uint64(src[nSrc : nSrc+8])
		d := dst[nDst : nDst+16]
		if w&0x80FF80FF80FF80FF == 0 {
			// Four ASCII units.
			binary.LittleEndian.PutUint32(d, gather(w>>8))
			nSrc += 8
			nDst += 4
			continue
		}
		u := uint32(bits.ReverseBytes16(uint16(w)))
		if u-0xD800 < 0x800 {
			// A surrogate pair, or the handler's business.
			u2 := uint32(bits.ReverseBytes16(uint16(w >> 16)))
			if u >= 0xDC00 || u2-0xDC00 >= 0x400 {
				break
			}
			r := 0x10000 + (u-0xD800)<<10 + u2 - 0xDC00
			binary.LittleEndian.PutUint32(d, 0x808080F0|r>>18|(r>>12&0x3F)<<8|(r>>6&0x3F)<<16|(r&0x3F)<<24)
			nDst += 4
			nSrc += 4
			continue
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
			if u = uint32(bits.ReverseBytes16(uint16(w))); u-0xD800 < 0x800 {
				break
			}
		}
		nDst += o
	}
	return nDst, nSrc
}

// gather returns bytes 0, 2, 4 and 6 of w.
func gather(w uint64) uint32 {
	w = (w | w>>8) & 0x0000FFFF0000FFFF
	return uint32(w | w>>16)
}

// encoder converts UTF-8 to UTF-16 in one byte order. It has no state.
type encoder struct {
	be bool
}

// Reset implements transform.Transformer.
func (e *encoder) Reset() {}

// Transform implements transform.Transformer. Invalid UTF-8 becomes U+FFFD
// (one per maximal subpart); it returns ErrShortSrc only for an incomplete
// sequence at the end of src when atEOF is false.
func (e *encoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	be := e.be
	for nSrc < len(src) {
		if be {
			n, m := encodeFastBE(dst[nDst:], src[nSrc:])
			nDst += n
			nSrc += m
		} else {
			n, m := encodeFastLE(dst[nDst:], src[nSrc:])
			nDst += n
			nSrc += m
		}
		if nSrc == len(src) {
			break
		}
		// Eight ASCII bytes at a time, widened to sixteen.
		for nSrc+8 <= len(src) && nDst+16 <= len(dst) {
			w := binary.LittleEndian.Uint64(src[nSrc:])
			if w&0x8080808080808080 != 0 {
				break
			}
			lo, hi := widen(uint32(w)), widen(uint32(w>>32))
			if be {
				lo, hi = lo<<8, hi<<8
			}
			binary.LittleEndian.PutUint64(dst[nDst:], lo)
			binary.LittleEndian.PutUint64(dst[nDst+8:], hi)
			nSrc += 8
			nDst += 16
		}
		if nSrc == len(src) {
			break
		}
		c := src[nSrc]
		var r rune
		size := 1
		switch {
		case c < 0x80:
			r = rune(c)
		case c >= 0xC2 && c < 0xE0 && nSrc+1 < len(src) && src[nSrc+1]&0xC0 == 0x80:
			r, size = rune(c&0x1F)<<6|rune(src[nSrc+1]&0x3F), 2
		case c >= 0xE0 && c < 0xF0 && nSrc+2 < len(src) && valid3(c, src[nSrc+1], src[nSrc+2]):
			r, size = rune(c&0xF)<<12|rune(src[nSrc+1]&0x3F)<<6|rune(src[nSrc+2]&0x3F), 3
		default:
			r, size = codec.NextRune(src[nSrc:], atEOF)
			if size == 0 {
				return nDst, nSrc, transform.ErrShortSrc
			}
		}
		if r < 0x10000 {
			if nDst+2 > len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			putUnit(dst[nDst:], uint16(r), be)
			nDst += 2
		} else {
			if nDst+4 > len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			r -= 0x10000
			putUnit(dst[nDst:], uint16(0xD800+r>>10), be)
			putUnit(dst[nDst+2:], uint16(0xDC00+r&0x3FF), be)
			nDst += 4
		}
		nSrc += size
	}
	return nDst, nSrc, nil
}

// encodeFastLE converts the longest prefix of src made of ASCII, 2-byte
// and 3-byte sequences to UTF-16LE, while src has eight bytes left and dst
// sixteen.
func encodeFastLE(dst, src []byte) (nDst, nSrc int) {
	for len(src)-nSrc >= 8 && len(dst)-nDst >= 16 {
		w := binary.LittleEndian.Uint64(src[nSrc : nSrc+8])
		d := dst[nDst : nDst+16]
		if m := w & 0x8080808080808080; m&0x80 == 0 {
			// Widen all eight bytes; keep the ASCII prefix (the
			// rest of d is scratch).
			binary.LittleEndian.PutUint64(d, widen(uint32(w)))
			binary.LittleEndian.PutUint64(d[8:], widen(uint32(w>>32)))
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

// encodeFastBE converts the longest prefix of src made of ASCII, 2-byte
// and 3-byte sequences to UTF-16BE, while src has eight bytes left and dst
// sixteen.
func encodeFastBE(dst, src []byte) (nDst, nSrc int) {
	for len(src)-nSrc >= 8 && len(dst)-nDst >= 16 {
		w := binary.LittleEndian.Uint64(src[nSrc : nSrc+8])
		d := dst[nDst : nDst+16]
		if m := w & 0x8080808080808080; m&0x80 == 0 {
			// Widen all eight bytes; keep the ASCII prefix (the
			// rest of d is scratch).
			binary.LittleEndian.PutUint64(d, widen(uint32(w))<<8)
			binary.LittleEndian.PutUint64(d[8:], widen(uint32(w>>32))<<8)
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

// valid3 reports whether c, b1, b2 (c from E0 to EF) are a valid 3-byte
// sequence: two continuation bytes, not overlong, not a surrogate.
func valid3(c, b1, b2 byte) bool {
	t := uint32(c&0xF)<<6 | uint32(b1&0x3F)
	return (uint16(b1)<<8|uint16(b2))&0xC0C0 == 0x8080 && t >= 0x20 && t-0x360 >= 0x20
}

// widen spreads the four bytes of x into the low bytes of four 16-bit
// lanes (little-endian).
func widen(x uint32) uint64 {
	w := uint64(x)
	w = (w | w<<16) & 0x0000FFFF0000FFFF
	return (w | w<<8) & 0x00FF00FF00FF00FF
}

func putUnit(b []byte, u uint16, be bool) {
	if be {
		binary.BigEndian.PutUint16(b, u)
	} else {
		binary.LittleEndian.PutUint16(b, u)
	}
}
