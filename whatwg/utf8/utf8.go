// Package utf8 implements the WHATWG Encoding Standard's UTF-8 encoding as
// an encoding.Encoding from golang.org/x/text/encoding.
//
// The decoder is the Standard's "UTF-8 decoder": it emits one U+FFFD per
// maximal invalid subsequence (the Unicode "best practice"), is resumable at
// every byte boundary, and copies runs of valid input in bulk. It does not
// strip a byte order mark: the Standard handles the BOM in its decode
// algorithms, which package whatwg implements.
//
// The encoder takes UTF-8 and writes UTF-8; invalid input becomes U+FFFD
// (one per maximal subpart, as converting to a scalar value string does), so
// it never returns an error.
package utf8

import (
	"encoding/binary"
	"math/bits"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/internal/utf8grammar"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/simd"
)

// UTF8 is the Standard's UTF-8 encoding (name "UTF-8"). Its NewDecoder
// replaces errors with U+FFFD; its NewEncoder never fails.
//
// Labels: unicode-1-1-utf-8, unicode11utf8, unicode20utf8, utf-8, utf8,
// x-unicode20utf8.
var UTF8 encoding.Encoding = utf8Codec

// utf8Codec is UTF8, built from its decoders and encoders.
var utf8Codec = codec.New(codec.Codec{
	Name:           "UTF-8",
	NewDecoder:     func() *encoding.Decoder { return codec.DecoderOf(initial(false)) },
	NewDecoderMode: func(fatal bool) transform.Transformer { d := initial(fatal); return &d },
	NewRawEncoder:  func() transform.Transformer { return encoder{} },
	AppendDecode:   appendDecode,
	AppendEncode:   appendEncode,
})

// initial returns a decoder in its initial state.
func initial(fatal bool) decoder {
	return decoder{DecodeErrors: codec.DecodeErrors{Name: "UTF-8", Fatal: fatal}, lower: 0x80, upper: 0xBF}
}

// appendDecode is UTF8's codec.Codec.AppendDecode. Every input byte
// decodes to at least one output byte; valid input to itself (weights).
func appendDecode(dst, src []byte) ([]byte, bool) {
	d := initial(false)
	dst = codec.AppendDecoded(dst, src, 1, codec.Weights{ASCII: 4, C1: 4, A0BF: 4, Lead: 4, Four: 4}, func(dst, src []byte, atEOF bool) (int, int, error) { return d.Transform(dst, src, atEOF) })
	return dst, d.Replaced
}

// appendEncode is UTF8's codec.Codec.AppendEncode: UTF-8 encodes every
// code point, so nothing is escaped, and every input byte makes at least
// one output byte (a maximal subpart of up to 3 bytes makes U+FFFD); valid
// input encodes to itself (weights).
func appendEncode(dst, src []byte) ([]byte, bool) {
	var e encoder
	var errs codec.EncodeErrors
	return codec.AppendEncoded(dst, src, 1, codec.Weights{ASCII: 4, C1: 4, A0BF: 4, Lead: 4, Four: 4}, &errs, func(dst, src []byte, atEOF bool) (int, int, error) { return e.Transform(dst, src, atEOF) })
}

// decoder is the Standard's UTF-8 decoder. Its state is exactly the
// Standard's: code point, bytes seen, bytes needed, lower and upper
// boundary. The bytes of a pending sequence (reported by fatal-mode errors)
// are recomputed from the code point, which holds all their payload bits.
//
// The byte the Standard restores to the I/O queue is always the byte just
// read, so it is still in src: the decoder simply does not advance past it.
type decoder struct {
	codec.DecodeErrors
	codePoint    rune
	seen, needed uint8
	lower, upper byte
}

// Reset implements transform.Transformer.
func (d *decoder) Reset() { *d = initial(d.Fatal) }

// pending returns the bytes of the sequence in progress (lead byte and the
// continuation bytes seen) into buf.
func (d *decoder) pending(buf *[4]byte) []byte {
	n := int(d.seen)
	cp := d.codePoint
	for i := n; i >= 1; i-- {
		buf[i] = 0x80 | byte(cp&0x3F)
		cp >>= 6
	}
	switch d.needed {
	case 1:
		buf[0] = 0xC0 | byte(cp)
	case 2:
		buf[0] = 0xE0 | byte(cp)
	default:
		buf[0] = 0xF0 | byte(cp)
	}
	return buf[:n+1]
}

func (d *decoder) clear() {
	d.codePoint, d.seen, d.needed = 0, 0, 0
	d.lower, d.upper = 0x80, 0xBF
}

// Transform implements transform.Transformer. It consumes all of src unless
// dst is full (ErrShortDst) or, in fatal mode, an error is found. A fatal
// error counts the invalid bytes as consumed (not a restored byte), so the
// decoder is in the state the Standard leaves it in after the error.
//
// With no sequence pending, runs of valid input go through the simd kernel
// and what stops it through run, which handles errors inline and returns
// to the kernel after the next long valid stretch; only a sequence cut by
// the end of src goes through the Standard's byte-at-a-time steps.
func (d *decoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		if d.needed == 0 {
			nDst, nSrc = bulk(dst, src, nDst, nSrc)
			var size int
			var st status
			// run leaves the first error to this loop, which records it
			// (Replaced); later ones it replaces itself.
			nDst, nSrc, size, st = run(dst, src, nDst, nSrc, atEOF, d.Fatal || !d.Replaced)
			switch st {
			case stShortDst:
				err = transform.ErrShortDst
				goto done
			case stInvalid:
				if !d.Fatal {
					// The maximal subpart becomes U+FFFD.
					if len(dst)-nDst < len(codec.ReplacementUTF8) {
						err = transform.ErrShortDst
						goto done
					}
					nDst += copy(dst[nDst:], codec.ReplacementUTF8)
					nSrc += size
					d.Replaced = true
					continue
				}
				// Fatal mode: the maximal subpart is the sequence the
				// Standard reads before the error (steps 3 and 4; the
				// byte after it is restored, so not consumed).
				err = d.Err(nSrc, src[nSrc:nSrc+size]...)
				nSrc += size
				goto done
			case stCut:
				// Step 3 for the lead of a sequence cut by the end of
				// src: the state below keeps it for the next call.
				d.start(src[nSrc])
				nSrc++
			}
			continue
		}
		c := src[nSrc]
		if c < d.lower || c > d.upper {
			// Step 4: reset the state, restore byte (do not consume
			// it) and return error.
			if d.Fatal {
				var buf [4]byte
				err = d.Err(nSrc-int(d.seen)-1, d.pending(&buf)...)
				d.clear()
				goto done
			}
			if len(dst)-nDst < 3 {
				err = transform.ErrShortDst
				goto done
			}
			d.clear()
			nDst += copy(dst[nDst:], codec.ReplacementUTF8)
			d.Replaced = true
			continue
		}
		if d.seen+1 < d.needed {
			// Steps 5–8: continue.
			d.lower, d.upper = 0x80, 0xBF
			d.codePoint = d.codePoint<<6 | rune(c&0x3F)
			d.seen++
			nSrc++
			continue
		}
		// Steps 9–11: the sequence is complete.
		if len(dst)-nDst < int(d.needed)+1 {
			err = transform.ErrShortDst
			goto done
		}
		nDst += codec.PutRune(dst[nDst:], d.codePoint<<6|rune(c&0x3F))
		d.clear()
		nSrc++
	}
	if atEOF && d.needed != 0 {
		// Step 1: end-of-queue with bytes needed not 0 is one error.
		if d.Fatal {
			var buf [4]byte
			err = d.Err(nSrc-int(d.seen)-1, d.pending(&buf)...)
			d.clear()
			goto done
		}
		if len(dst)-nDst < 3 {
			err = transform.ErrShortDst
			goto done
		}
		d.clear()
		nDst += copy(dst[nDst:], codec.ReplacementUTF8)
		d.Replaced = true
	}
done:
	d.Advance(nSrc)
	return nDst, nSrc, err
}

// start is step 3 of the UTF-8 decoder for a lead byte c (C2–F4) with
// bytes needed 0: it records the sequence's length, payload bits and the
// bounds of its second byte.
func (d *decoder) start(c byte) {
	n := utf8grammar.Size(c)
	d.needed, d.codePoint = uint8(n-1), utf8grammar.Payload(c, n)
	d.lower, d.upper = utf8grammar.Second(c)
}

// encoder is the UTF-8 encoder over UTF-8 input: valid input is copied,
// each maximal invalid subpart becomes U+FFFD. It has no state.
type encoder struct{}

// Reset implements transform.Transformer.
func (encoder) Reset() {}

// Transform implements transform.Transformer. It returns ErrShortSrc only
// for an incomplete sequence at the end of src when atEOF is false.
func (encoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		nDst, nSrc = bulk(dst, src, nDst, nSrc)
		var st status
		nDst, nSrc, _, st = run(dst, src, nDst, nSrc, atEOF, false)
		switch st {
		case stShortDst:
			return nDst, nSrc, transform.ErrShortDst
		case stCut:
			return nDst, nSrc, transform.ErrShortSrc
		}
	}
	return nDst, nSrc, nil
}

// bulk copies the longest run of complete, valid sequences at src[nSrc:]
// that fits in dst[nDst:] with the simd kernel.
func bulk(dst, src []byte, nDst, nSrc int) (int, int) {
	n := simd.CopyValidUTF8(dst[nDst:], src[nSrc:])
	return nDst + n, nSrc + n
}

// status says why run stopped.
type status uint8

const (
	stBulk     status = iota // end of src, or a long valid stretch: back to bulk
	stShortDst               // dst is full
	stCut                    // src[nSrc:] is a sequence cut by its end (not atEOF)
	stInvalid                // fatal: src[nSrc:nSrc+size] is an invalid subpart
)

// bulkAgain is how many valid bytes in a row make run hand back to the
// bulk kernel: fewer, and text with errors every few bytes (legacy bytes
// decoded as UTF-8) would pay a kernel call per error.
const bulkAgain = 64

// run converts src[nSrc:] one sequence at a time: valid sequences are
// copied, each maximal invalid subpart (at least one byte: what the
// Standard's decoder reads before it reports an error, and what converting
// to a scalar value string replaces) becomes one U+FFFD — or, if fatal,
// stops run with stInvalid. It returns after bulkAgain valid bytes in a
// row, at the end of src, when dst is full, or at a sequence cut by the
// end of src when atEOF is false (at EOF that is an error like any other).
func run(dst, src []byte, nDst, nSrc int, atEOF, fatal bool) (_, _, size int, st status) {
	valid := 0
	for nSrc < len(src) && valid < bulkAgain {
		c := src[nSrc]
		if c < 0x80 {
			if nSrc+8 <= len(src) && nDst+8 <= len(dst) {
				// ASCII a word at a time (the words between the
				// errors of legacy Latin text): store all eight bytes,
				// keep those before the first non-ASCII one.
				w := binary.LittleEndian.Uint64(src[nSrc:])
				binary.LittleEndian.PutUint64(dst[nDst:], w)
				k := 8
				if h := w & 0x8080808080808080; h != 0 {
					k = bits.TrailingZeros64(h) >> 3
				}
				nDst += k
				nSrc += k
				valid += k
				continue
			}
			if nDst == len(dst) {
				return nDst, nSrc, 0, stShortDst
			}
			dst[nDst] = c
			nDst++
			nSrc++
			valid++
			continue
		}
		if c-0xC2 > 0xF4-0xC2 || nSrc+1 < len(src) && src[nSrc+1]&0xC0 != 0x80 {
			// The common errors of legacy text read as UTF-8, checked
			// first: a byte that cannot start a sequence, or a lead
			// not followed by a continuation byte. Either is a
			// maximal subpart of one byte.
			if fatal {
				return nDst, nSrc, 1, stInvalid
			}
			if len(dst)-nDst < 4 {
				if len(dst)-nDst < 3 {
					return nDst, nSrc, 0, stShortDst
				}
				dst[nDst], dst[nDst+1], dst[nDst+2] = 0xEF, 0xBF, 0xBD
			} else {
				// U+FFFD in one store (the fourth byte is scratch).
				binary.LittleEndian.PutUint32(dst[nDst:], 0xBDBFEF)
			}
			nDst += 3
			nSrc++
			valid = 0
			continue
		}
		_, n, ok := utf8grammar.Next(src[nSrc:], atEOF)
		if ok {
			if len(dst)-nDst < n {
				return nDst, nSrc, 0, stShortDst
			}
			for i := range n {
				dst[nDst+i] = src[nSrc+i]
			}
			nDst += n
			nSrc += n
			valid += n
			continue
		}
		if n == 0 {
			return nDst, nSrc, 0, stCut
		}
		if fatal {
			return nDst, nSrc, n, stInvalid
		}
		if len(dst)-nDst < 3 {
			return nDst, nSrc, 0, stShortDst
		}
		_ = dst[nDst+2]
		dst[nDst], dst[nDst+1], dst[nDst+2] = 0xEF, 0xBF, 0xBD // U+FFFD
		nDst += 3
		nSrc += n
		valid = 0
	}
	return nDst, nSrc, 0, stBulk
}
