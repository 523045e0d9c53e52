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

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/simd"
)

// LE is the Standard's UTF-16LE encoding (name "UTF-16LE"), the one the
// label "utf-16" selects.
//
// Labels: csunicode, iso-10646-ucs-2, ucs-2, unicode, unicodefeff,
// utf-16, utf-16le.
var LE encoding.Encoding = leCodec

// leCodec is LE, built from its decoders and encoders.
var leCodec = codec.New(codec.Codec{
	Name:           "UTF-16LE",
	NewDecoder:     func() *encoding.Decoder { return codec.DecoderOf(initial("UTF-16LE", false, false)) },
	NewDecoderMode: func(fatal bool) transform.Transformer { d := initial("UTF-16LE", false, fatal); return &d },
	NewRawEncoder:  func() transform.Transformer { return &encoder{be: false} },
	AppendDecode:   func(dst, src []byte) ([]byte, bool) { return appendDecode("UTF-16LE", false, dst, src) },
	AppendEncode:   func(dst, src []byte) ([]byte, bool) { return appendEncode(false, dst, src) },
})

// BE is the Standard's UTF-16BE encoding (name "UTF-16BE").
//
// Labels: unicodefffe, utf-16be.
var BE encoding.Encoding = beCodec

// beCodec is BE, built from its decoders and encoders.
var beCodec = codec.New(codec.Codec{
	Name:           "UTF-16BE",
	NewDecoder:     func() *encoding.Decoder { return codec.DecoderOf(initial("UTF-16BE", true, false)) },
	NewDecoderMode: func(fatal bool) transform.Transformer { d := initial("UTF-16BE", true, fatal); return &d },
	NewRawEncoder:  func() transform.Transformer { return &encoder{be: true} },
	AppendDecode:   func(dst, src []byte) ([]byte, bool) { return appendDecode("UTF-16BE", true, dst, src) },
	AppendEncode:   func(dst, src []byte) ([]byte, bool) { return appendEncode(true, dst, src) },
})

// initial returns a decoder in its initial state.
func initial(name string, be, fatal bool) decoder {
	return decoder{DecodeErrors: codec.DecodeErrors{Name: name, Fatal: fatal}, be: be}
}

// appendDecode is the codec.Codec.AppendDecode of the encoding called
// name. Every two input bytes decode to at least one output byte.
func appendDecode(name string, be bool, dst, src []byte) ([]byte, bool) {
	d := initial(name, be, false)
	dst = codec.AppendDecoded(dst, src, 2, codec.Weights{Units16: 1 + b2u(be)}, func(dst, src []byte, atEOF bool) (int, int, error) { return d.Transform(dst, src, atEOF) })
	return dst, d.Replaced
}

// appendEncode is the codec.Codec.AppendEncode: UTF-16 encodes every
// code point, so nothing is escaped, and every two input bytes make at
// least one output byte (three bytes of UTF-8 make a unit of two).
func appendEncode(be bool, dst, src []byte) ([]byte, bool) {
	e := encoder{be: be}
	var errs codec.EncodeErrors
	return codec.AppendEncoded(dst, src, 2, codec.Weights{ASCII: 8, Lead: 8, Four: 16}, &errs, func(dst, src []byte, atEOF bool) (int, int, error) { return e.Transform(dst, src, atEOF) })
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
func (d *decoder) Reset() { *d = initial(d.Name, d.be, d.Fatal) }

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
			// Runs of non-surrogate units, then surrogate pairs whole.
			n, m := simd.UTF16ToUTF8(dst[nDst:], src[nSrc:], d.be)
			nDst += n
			nSrc += m
			if nSrc == len(src) {
				break
			}
			if r, ok := d.pair(src[nSrc:]); ok && nDst+4 <= len(dst) {
				nDst += codec.PutRune(dst[nDst:], r)
				nSrc += 4
				continue
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
			d.Replaced = true
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
			d.Replaced = true
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
			d.Replaced = true
		}
		d.hasLeadByte, d.leadSurrogate = false, 0
	}
done:
	d.Advance(nSrc)
	return nDst, nSrc, err
}

// pair returns the scalar value of the surrogate pair src starts with, if
// it starts with one.
func (d *decoder) pair(src []byte) (rune, bool) {
	if len(src) < 4 {
		return 0, false
	}
	var u1, u2 uint32
	if d.be {
		u1, u2 = uint32(binary.BigEndian.Uint16(src)), uint32(binary.BigEndian.Uint16(src[2:]))
	} else {
		u1, u2 = uint32(binary.LittleEndian.Uint16(src)), uint32(binary.LittleEndian.Uint16(src[2:]))
	}
	if u1-0xD800 >= 0x400 || u2-0xDC00 >= 0x400 {
		return 0, false
	}
	return rune(0x10000 + (u1-0xD800)<<10 + u2 - 0xDC00), true
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
		n, m := simd.UTF8ToUTF16(dst[nDst:], src[nSrc:], be)
		nDst += n
		nSrc += m
		if nSrc == len(src) {
			break
		}
		// A 4-byte sequence, invalid or truncated UTF-8, or no room.
		r, size := codec.NextRune(src[nSrc:], atEOF)
		if size == 0 {
			return nDst, nSrc, transform.ErrShortSrc
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

func putUnit(b []byte, u uint16, be bool) {
	if be {
		binary.BigEndian.PutUint16(b, u)
	} else {
		binary.LittleEndian.PutUint16(b, u)
	}
}

// b2u returns 1 for true, 0 for false.
func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
