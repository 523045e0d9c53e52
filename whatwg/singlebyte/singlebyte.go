// Package singlebyte implements the WHATWG Encoding Standard's legacy
// single-byte encodings and x-user-defined.
//
// Each is an encoding.Encoding from golang.org/x/text/encoding. The decoder
// maps every byte through the encoding's index (U+FFFD for a byte the index
// leaves out); the encoder takes UTF-8 and stops with a *whatwg.EncodeError
// before a code point the encoding cannot represent. Use package whatwg for
// the fatal and html error modes.
//
// Bytes 0x00–0x7F are ASCII in all of them. Each variable's doc says what
// the encoding is for and lists the labels that select it; htmlindex.Get
// maps a label to its encoding. The labels iso-8859-1, latin1 and us-ascii
// select Windows1252, as in browsers: there is no ISO-8859-1 codec, and
// XUserDefined is the one that round-trips arbitrary bytes.
package singlebyte

import (
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	tables "github.com/webenc/webenc/tables/singlebyte"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/simd"
)

// newEncoding wraps one generated table as an encoding.Encoding.
func newEncoding(t tables.Table) encoding.Encoding {
	// The kernel's form of the decoding table, made once and only read
	// afterwards (by any number of decoders at once).
	k := simd.NewSBCSTable(t.Decode())
	w := decodeWeights(t.Decode())
	return codec.New(codec.Codec{
		Name:       t.Name(),
		NewDecoder: func() *encoding.Decoder { return &encoding.Decoder{Transformer: stateless{k}} },
		NewDecoderMode: func(fatal bool) transform.Transformer {
			return &decoder{DecodeErrors: codec.DecodeErrors{Name: t.Name(), Fatal: fatal}, k: k}
		},
		NewRawEncoder: func() transform.Transformer {
			return &encoder{EncodeErrors: codec.EncodeErrors{Name: t.Name()}, t: t}
		},
		// Every input byte decodes to at least one output byte.
		AppendDecode: func(dst, src []byte) ([]byte, bool) {
			d := decoder{k: k}
			dst = codec.AppendDecoded(dst, src, 1, w, func(dst, src []byte, _ bool) (int, int, error) { return d.decode(dst, src) })
			return dst, d.Replaced
		},
		AppendEncode: func(dst, src []byte) ([]byte, bool) {
			e := encoder{EncodeErrors: codec.EncodeErrors{Name: t.Name()}, t: t}
			return codec.AppendEncoded(dst, src, 3, codec.Weights{ASCII: 4, Lead: 4, Four: 4}, &e.EncodeErrors, func(dst, src []byte, atEOF bool) (int, int, error) { return e.encode(dst, src, atEOF) })
		},
	})
}

// decodeWeights returns the decoder's likely output (see codec.Weights)
// from its table decode: per class of bytes, the mean length of their
// UTF-8, rounded up to a quarter of a byte.
func decodeWeights(decode *[256]uint32) codec.Weights {
	mean := func(lo, hi int) uint8 {
		sum := 0
		for b := lo; b <= hi; b++ {
			sum += int(decode[b] >> 24)
		}
		return uint8((4*sum + hi - lo) / (hi - lo + 1))
	}
	return codec.Weights{ASCII: 4, C1: mean(0x80, 0x9F), A0BF: mean(0xA0, 0xBF), Lead: mean(0xC0, 0xEF), Four: mean(0xF0, 0xFF)}
}

// stateless is the transformer of every Decoder from NewDecoder: the
// replacement-mode decoder, which has no state (every byte is a whole
// unit; its DecodeErrors serve only fatal mode), so one value serves any
// number of calls at once. Being one pointer, it goes into the Decoder's
// interface without an allocation of its own.
type stateless struct{ k *simd.SBCSTable }

func (s stateless) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	d := decoder{k: s.k}
	return d.decode(dst, src)
}

func (stateless) Reset() {}

// replacementEntry is U+FFFD in the layout of tables.Table.Decode().
const replacementEntry = 0xEF | 0xBF<<8 | 0xBD<<16 | 3<<24

// decoder is the Standard's single-byte decoder. It has no state besides
// the error bookkeeping: every byte is a whole unit.
type decoder struct {
	codec.DecodeErrors
	k *simd.SBCSTable // the encoding's table (tables.Table.Decode())
}

func (d *decoder) Reset() { d.Base = 0 }

func (d *decoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	nDst, nSrc, err = d.decode(dst, src)
	d.Advance(nSrc)
	return nDst, nSrc, err
}

// decode decodes src into dst. Steps 2–4 for every byte the table maps
// go in bulk (ASCII is itself, other bytes index single-byte's code
// point); the first call is on src and dst whole, which is all of most
// short calls' work.
func (d *decoder) decode(dst, src []byte) (nDst, nSrc int, err error) {
	nDst, nSrc = simd.DecodeSBCS(dst, src, d.k)
	for nSrc < len(src) {
		// The kernel stopped before an unmapped byte (step 3: an error)
		// or a code point that does not fit in dst.
		e := d.k.Decode()[src[nSrc]]
		if e == 0 {
			if d.Fatal {
				return nDst, nSrc + 1, d.Err(nSrc, src[nSrc])
			}
			e, d.Replaced = replacementEntry, true
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
		n, m := simd.DecodeSBCS(dst[nDst:], src[nSrc:], d.k)
		nDst += n
		nSrc += m
	}
	return nDst, nSrc, nil
}

// encoder is the Standard's single-byte encoder.
type encoder struct {
	codec.EncodeErrors
	t tables.Table
}

func (e *encoder) Reset() { e.Base = 0 }

func (e *encoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	nDst, nSrc, err = e.encode(dst, src, atEOF)
	e.Advance(nSrc)
	return nDst, nSrc, err
}

func (e *encoder) encode(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		// Step 2 for ASCII (itself) and steps 3–5 for every two- and
		// three-byte sequence the index maps, in bulk.
		n, m := simd.EncodeSBCS(dst[nDst:], src[nSrc:], e.t.EncodeIndex(), e.t.EncodePages())
		nDst += n
		nSrc += m
		if nSrc == len(src) {
			break
		}
		// The kernel stopped before a code point it leaves to this loop
		// (unencodable, four bytes, invalid or truncated UTF-8) or
		// because dst is full.
		b, size := src[nSrc], 1
		if b >= 0x80 {
			r, n := codec.NextRune(src[nSrc:], atEOF)
			if n == 0 {
				return nDst, nSrc, transform.ErrShortSrc
			}
			// Steps 3–5: the index pointer for the code point, or an
			// error.
			if b = e.lookup(r); b == 0 {
				return nDst, nSrc, e.Err(r, nSrc, n)
			}
			size = n
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

// lookup returns the byte for a non-ASCII code point, or 0.
func (e *encoder) lookup(r rune) byte {
	if r > 0xFFFF {
		return 0
	}
	return e.t.EncodePages()[int(e.t.EncodeIndex()[r>>6])<<6|int(r&63)]
}
