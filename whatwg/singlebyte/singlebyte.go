// Package singlebyte implements the WHATWG Encoding Standard's legacy
// single-byte encodings and x-user-defined.
//
// Each is an encoding.Encoding from golang.org/x/text/encoding. The decoder
// maps every byte through the encoding's index (U+FFFD for a byte the index
// leaves out); the encoder takes UTF-8 and stops with a *whatwg.EncodeError
// before a code point the encoding cannot represent. Use package whatwg for
// the fatal and html error modes.
package singlebyte

import (
	"encoding/binary"
	"math/bits"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	tables "github.com/webenc/webenc/tables/singlebyte"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/simd"
)

// newEncoding wraps one generated table as an encoding.Encoding.
func newEncoding(t *tables.Table) encoding.Encoding {
	return &codec.Encoding{
		Name: t.Name,
		NewDecoderMode: func(fatal bool) transform.Transformer {
			return &decoder{DecodeErrors: codec.DecodeErrors{Name: t.Name, Fatal: fatal}, t: t}
		},
		NewRawEncoder: func() transform.Transformer {
			return &encoder{EncodeErrors: codec.EncodeErrors{Name: t.Name}, t: t}
		},
	}
}

// replacementEntry is U+FFFD in the layout of tables.Table.Decode.
const replacementEntry = 0xEF | 0xBF<<8 | 0xBD<<16 | 3<<24

// decoder is the Standard's single-byte decoder. It has no state besides
// the error bookkeeping: every byte is a whole unit.
type decoder struct {
	codec.DecodeErrors
	t *tables.Table
}

func (d *decoder) Reset() { d.Base = 0 }

func (d *decoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	nDst, nSrc, err = d.decode(dst, src)
	d.Advance(nSrc)
	return nDst, nSrc, err
}

func (d *decoder) decode(dst, src []byte) (nDst, nSrc int, err error) {
	for {
		// Steps 2–4 for every byte the table maps, in bulk: ASCII is
		// itself, other bytes index single-byte's code point.
		n, m := simd.DecodeSBCS(dst[nDst:], src[nSrc:], &d.t.Decode)
		nDst += n
		nSrc += m
		if nSrc == len(src) {
			return nDst, nSrc, nil
		}
		// The kernel stopped before an unmapped byte (step 3: an error)
		// or a code point that does not fit in dst.
		e := d.t.Decode[src[nSrc]]
		if e == 0 {
			if d.Fatal {
				return nDst, nSrc + 1, d.Err(nSrc, src[nSrc])
			}
			e = replacementEntry
		}
		size := int(e >> 24)
		if len(dst)-nDst < size {
			return nDst, nSrc, transform.ErrShortDst
		}
		for i := range size {
			dst[nDst+i] = byte(e >> (8 * i))
		}
		nDst += size
		nSrc++
	}
}

// encoder is the Standard's single-byte encoder.
type encoder struct {
	codec.EncodeErrors
	t *tables.Table
}

func (e *encoder) Reset() { e.Base = 0 }

func (e *encoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	nDst, nSrc, err = e.encode(dst, src, atEOF)
	e.Advance(nSrc)
	return nDst, nSrc, err
}

func (e *encoder) encode(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		n, m := e.encodeRun(dst[nDst:], src[nSrc:])
		nDst += n
		nSrc += m
		if nSrc == len(src) {
			break
		}
		c := src[nSrc]
		if c < 0x80 {
			// Step 2: an ASCII code point is its own byte. Copy runs a
			// word at a time; a lone byte (a space between words of
			// another script) directly.
			if nSrc+8 <= len(src) && binary.LittleEndian.Uint64(src[nSrc:])&0x8080808080808080 == 0 {
				n := codec.CopyASCII(dst[nDst:], src[nSrc:])
				nDst += n
				nSrc += n
				if n == 0 {
					return nDst, nSrc, transform.ErrShortDst
				}
				continue
			}
			if nDst == len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		var r rune
		size := 2
		if c >= 0xC2 && c <= 0xDF && nSrc+1 < len(src) && src[nSrc+1]&0xC0 == 0x80 {
			// A two-byte sequence, where every non-ASCII letter of a
			// Latin, Greek, Cyrillic, Hebrew or Arabic index lives.
			r = rune(c&0x1F)<<6 | rune(src[nSrc+1]&0x3F)
		} else if r, size = codec.NextRune(src[nSrc:], atEOF); size == 0 {
			return nDst, nSrc, transform.ErrShortSrc
		}
		// Steps 3–5: the index pointer for the code point, or an error.
		b := e.lookup(r)
		if b == 0 {
			return nDst, nSrc, e.Err(r, nSrc, size)
		}
		if nDst == len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		dst[nDst] = b
		nDst++
		nSrc += size
	}
	return nDst, nSrc, nil
}

// encodeRun encodes the longest prefix of src it can handle without a
// check per byte: ASCII a word at a time (the word's ASCII prefix is stored
// with it) and two-byte UTF-8 sequences the table maps. It stops, for the
// general loop, at anything else: other sequences, invalid UTF-8, an
// unencodable code point, or the last 8 bytes of src or dst.
func (e *encoder) encodeRun(dst, src []byte) (nDst, nSrc int) {
	for nSrc+8 <= len(src) && nDst+8 <= len(dst) {
		w := binary.LittleEndian.Uint64(src[nSrc:])
		high := w & 0x8080808080808080
		// Step 2: ASCII bytes are themselves.
		binary.LittleEndian.PutUint64(dst[nDst:], w)
		if high == 0 {
			nSrc += 8
			nDst += 8
			continue
		}
		k := bits.TrailingZeros64(high) >> 3
		nSrc += k
		nDst += k
		// A run of two- and three-byte sequences (Latin letters with
		// diacritics, Greek, Cyrillic, Hebrew, Arabic; Thai, punctuation).
		// nSrc+1 < len(src) holds for the first as k < 8.
		for nSrc+1 < len(src) && nDst < len(dst) {
			c, c1 := src[nSrc], src[nSrc+1]
			if c1&0xC0 != 0x80 {
				break
			}
			var r rune
			size := 2
			switch {
			case c >= 0xC2 && c <= 0xDF:
				r = rune(c&0x1F)<<6 | rune(c1&0x3F)
			case c >= 0xE0 && c <= 0xEF && nSrc+2 < len(src) && src[nSrc+2]&0xC0 == 0x80 && (c != 0xE0 || c1 >= 0xA0):
				// Overlongs (E0 80–9F) go to the general loop; surrogates
				// (ED A0–BF) map to nothing, so the lookup sends them there.
				r = rune(c&0x0F)<<12 | rune(c1&0x3F)<<6 | rune(src[nSrc+2]&0x3F)
				size = 3
			default:
				return nDst, nSrc
			}
			b := e.lookup(r)
			if b == 0 {
				return nDst, nSrc // an error, for the general loop
			}
			dst[nDst] = b
			nDst++
			nSrc += size
		}
		if nSrc < len(src) && src[nSrc] >= 0x80 {
			return nDst, nSrc
		}
	}
	return nDst, nSrc
}

// lookup returns the byte for a non-ASCII code point, or 0.
func (e *encoder) lookup(r rune) byte {
	if r > 0xFFFF {
		return 0
	}
	return e.t.EncodePages[int(e.t.EncodeIndex[r>>6])<<6|int(r&63)]
}
