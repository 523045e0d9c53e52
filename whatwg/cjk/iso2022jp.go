package cjk

import (
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	jistab "github.com/webenc/webenc/tables/jis"
	"github.com/webenc/webenc/whatwg/internal/codec"
)

// ISO2022JP is the Standard's ISO-2022-JP encoding: a stateful 7-bit
// encoding switching between ASCII, JIS X 0201 Roman, JIS X 0201 katakana
// (decoding only) and JIS X 0208 with escape sequences.
//
// Labels: csiso2022jp, iso-2022-jp.
var ISO2022JP encoding.Encoding = iso2022jpCodec

// iso2022jpCodec is ISO2022JP, built from its decoders and encoders.
var iso2022jpCodec = codec.New(codec.Codec{
	Name:       "ISO-2022-JP",
	NewDecoder: func() *encoding.Decoder { return codec.DecoderOf(iso2022jpInitial(false)) },
	NewDecoderMode: func(fatal bool) transform.Transformer {
		d := iso2022jpInitial(fatal)
		return &d
	},
	NewRawEncoder: func() transform.Transformer {
		return &iso2022jpEncoder{EncodeErrors: codec.EncodeErrors{Name: "ISO-2022-JP"}}
	},
	AppendDecode: func(dst, src []byte) ([]byte, bool) {
		d := iso2022jpInitial(false)
		dst = codec.AppendDecoded(dst, src, iso2022jpPerOut, codec.Weights{}, func(dst, src []byte, atEOF bool) (int, int, error) { return d.Transform(dst, src, atEOF) })
		return dst, d.Replaced
	},
	AppendEncode: func(dst, src []byte) ([]byte, bool) {
		e := iso2022jpEncoder{EncodeErrors: codec.EncodeErrors{Name: "ISO-2022-JP"}}
		return codec.AppendEncoded(dst, src, 3, codec.Weights{ASCII: 4, Lead: 8, Four: 8}, &e.EncodeErrors, func(dst, src []byte, atEOF bool) (int, int, error) { return e.Transform(dst, src, atEOF) })
	},
})

// iso2022jpPerOut is the decoder's least output per input byte for
// codec.AppendDecoded: every 6 bytes, from any state, write at least one.
// Only escape sequences and leading bytes write nothing, and at most five
// bytes in a row do so ("ESC $ B ESC $"): a second escape sequence with no
// output between is an error, and so is every byte after a leading byte
// that is not a trailing byte (TestISO2022JPPerOut).
const iso2022jpPerOut = 6

// iso2022jpInitial returns a decoder in its initial state.
func iso2022jpInitial(fatal bool) iso2022jpDecoder {
	return iso2022jpDecoder{DecodeErrors: codec.DecodeErrors{Name: "ISO-2022-JP", Fatal: fatal}, form: iso2022jpForm.get()}
}

// The ISO-2022-JP decoder states.
const (
	iso2022jpASCII     uint8 = iota // ASCII
	iso2022jpRoman                  // Roman
	iso2022jpKatakana               // katakana
	iso2022jpLeadByte               // leading byte
	iso2022jpTrailByte              // trailing byte
	iso2022jpEscStart               // escape start
	iso2022jpEscape                 // escape
)

// iso2022jpDecoder is the ISO-2022-JP decoder.
type iso2022jpDecoder struct {
	codec.DecodeErrors
	state    uint8 // ISO-2022-JP decoder state
	outState uint8 // ISO-2022-JP decoder output state
	lead     byte  // ISO-2022-JP leading
	output   bool  // ISO-2022-JP output
	// pend is a byte restored to the input after it was consumed in an
	// earlier call (the 0x24 or 0x28 of a failed escape sequence), read
	// before src; 0 when none. It is the byte just before src[0].
	pend byte
	form *dbcsForm // iso2022jpForm
}

// Reset implements transform.Transformer: the state and the running
// offset.
func (d *iso2022jpDecoder) Reset() { *d = iso2022jpInitial(d.Fatal) }

func (d *iso2022jpDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	nDst, nSrc, err = d.decode(dst, src, atEOF)
	d.Advance(nSrc)
	return nDst, nSrc, err
}

// iso2022jpForm is the ISO-2022-JP decoder's leading byte and trailing
// byte states (leading byte steps 1–5, trailing byte steps 1–5) for the
// bulk loop dbcsRun: the pointer (leading − 0x21) × 94 + byte − 0x21 in
// index jis0208 for both in 0x21 to 0x7E. The loop is run with stop set:
// it leaves every other byte, and every unmapped pair, to the decoder.
var iso2022jpForm = newLazyForm(iso2022jpNewForm)

func iso2022jpNewForm() *dbcsForm {
	f := dbcsNewForm(dbcsRows(0x21, 0x7E, 94), func(b int) int {
		if b >= 0x21 && b <= 0x7E {
			return b - 0x21
		}
		return -1
	}, nil, nil)
	// EUC-JP's pointers, for bytes 0x80 higher: its index is index
	// jis0208's rows followed by the katakana, which these never reach.
	f.index = eucjpForm.get().index[:94*94]
	for b := range f.kind {
		if f.kind[b] != kindLead {
			f.row[b], f.kind[b] = dbcsNoPointer, kindBad // no ASCII in these states
		}
	}
	return f
}

// iso2022jpEscapeState returns the state the escape sequence 0x1B lead b
// selects (escape state steps 3–6), or 0xFF if it is none.
func iso2022jpEscapeState(lead, b byte) uint8 {
	switch {
	case lead == 0x28 && b == 0x42:
		return iso2022jpASCII
	case lead == 0x28 && b == 0x4A:
		return iso2022jpRoman
	case lead == 0x28 && b == 0x49:
		return iso2022jpKatakana
	case lead == 0x24 && (b == 0x40 || b == 0x42):
		return iso2022jpLeadByte
	}
	return 0xFF
}

// decode runs the ISO-2022-JP decoder's handler over the pending byte and
// src. In fatal mode it stops right after the error, as codec.DecodeErrors
// describes: nSrc counts the bytes the Standard's decoder consumed (not
// those it restores, which are re-read from src or kept in pend), and the
// state is the Standard's after the error: each error path makes the same
// state change in both modes.
func (d *iso2022jpDecoder) decode(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	st, out, lead, output, pend := d.state, d.outState, d.lead, d.output, d.pend
	for {
		if pend == 0 {
			// The common cases first: ASCII runs, runs of jis0208
			// pairs (trailing byte state steps 1–5), and valid escape
			// sequences after output (escape start step 1, escape
			// steps 1–7). What they leave is handled byte by byte.
			for nSrc < len(src) {
				dn, sn, st2, out2, output2 := iso2022jpRuns(dst[nDst:], src[nSrc:], st, out, output, d.form.index)
				nDst += dn
				nSrc += sn
				st, out, output = st2, out2, output2
				switch st {
				case iso2022jpASCII:
					if dn, sn := iso2022jpASCIIRun(dst[nDst:], src[nSrc:], d.Fatal || !d.Replaced); sn > 0 {
						nDst += dn
						nSrc += sn
						output = false
					}
				case iso2022jpLeadByte:
					if dn, sn := dbcsRun(dst[nDst:], src[nSrc:], d.form, true); sn > 0 {
						nDst += dn
						nSrc += sn
						output = false
					}
				}
				if !output && nSrc+2 < len(src) && src[nSrc] == 0x1B && st <= iso2022jpLeadByte {
					if next := iso2022jpEscapeState(src[nSrc+1], src[nSrc+2]); next != 0xFF {
						st, out, output = next, next, true
						nSrc += 3
						continue
					}
				}
				break
			}
		}
		// The byte to handle: the pending byte (at offset -1), src[nSrc],
		// or end-of-queue.
		var b byte
		pos := nSrc
		eoq := false
		switch {
		case pend != 0:
			b, pos = pend, -1
		case nSrc < len(src):
			b = src[nSrc]
		case atEOF:
			eoq = true
		default:
			goto save
		}
		switch st {
		case iso2022jpASCII:
			switch {
			case eoq:
				goto save // finished
			case b == 0x1B:
				st = iso2022jpEscStart
			case b < 0x80 && b != 0x0E && b != 0x0F:
				if pos >= 0 {
					n := iso2022jpCopyASCII(dst[nDst:], src[nSrc:])
					if n == 0 {
						err = transform.ErrShortDst
						goto save
					}
					output = false
					nDst += n
					nSrc += n
					continue
				}
				if nDst == len(dst) {
					err = transform.ErrShortDst
					goto save
				}
				output = false
				dst[nDst] = b
				nDst++
			default:
				goto byteError
			}

		case iso2022jpRoman:
			switch {
			case eoq:
				goto save
			case b == 0x1B:
				st = iso2022jpEscStart
			case b == 0x5C || b == 0x7E:
				r := rune(0xA5)
				if b == 0x7E {
					r = 0x203E
				}
				n := putRune(dst[nDst:], r)
				if n == 0 {
					err = transform.ErrShortDst
					goto save
				}
				output = false
				nDst += n
			case b < 0x80 && b != 0x0E && b != 0x0F:
				if nDst == len(dst) {
					err = transform.ErrShortDst
					goto save
				}
				output = false
				dst[nDst] = b
				nDst++
			default:
				goto byteError
			}

		case iso2022jpKatakana:
			switch {
			case eoq:
				goto save
			case b == 0x1B:
				st = iso2022jpEscStart
			case b-0x21 <= 0x5F-0x21:
				n := putRune(dst[nDst:], 0xFF61-0x21+rune(b))
				if n == 0 {
					err = transform.ErrShortDst
					goto save
				}
				output = false
				nDst += n
			default:
				goto byteError
			}

		case iso2022jpLeadByte:
			switch {
			case eoq:
				goto save
			case b == 0x1B:
				st = iso2022jpEscStart
			case b-0x21 <= 0x7E-0x21:
				output = false
				lead = b
				st = iso2022jpTrailByte
			default:
				goto byteError
			}

		case iso2022jpTrailByte:
			// pos is at least 0: the pending byte is never read here.
			switch {
			case eoq:
				// The leading byte alone; state back to leading byte.
				if nDst, err = d.fail(dst, nDst, pos-1, lead); err == transform.ErrShortDst {
					goto save
				}
				st = iso2022jpLeadByte
				if err != nil {
					goto save
				}
				continue
			case b == 0x1B:
				// The leading byte alone is the error; 0x1B (consumed)
				// starts an escape sequence.
				if nDst, err = d.fail(dst, nDst, pos-1, lead); err == transform.ErrShortDst {
					goto save
				}
				st = iso2022jpEscStart
			case b-0x21 <= 0x7E-0x21:
				if c := jistab.JIS0208()[int(lead-0x21)*94+int(b-0x21)]; c != 0 {
					n := putRune(dst[nDst:], rune(c))
					if n == 0 {
						err = transform.ErrShortDst
						goto save
					}
					nDst += n
				} else if nDst, err = d.fail(dst, nDst, pos-1, lead, b); err == transform.ErrShortDst {
					goto save
				}
				st = iso2022jpLeadByte
			default:
				// The byte is consumed with the error.
				if nDst, err = d.fail(dst, nDst, pos-1, lead, b); err == transform.ErrShortDst {
					goto save
				}
				st = iso2022jpLeadByte
			}

		case iso2022jpEscStart:
			if !eoq && (b == 0x24 || b == 0x28) {
				lead = b
				st = iso2022jpEscape
				break
			}
			// Steps 2–3: the byte is restored (not consumed); the 0x1B
			// before it is the error.
			if nDst, err = d.fail(dst, nDst, pos-1, 0x1B); err == transform.ErrShortDst {
				goto save
			}
			output = false
			st = out
			if err != nil {
				goto save
			}
			continue

		case iso2022jpEscape:
			next := uint8(0xFF)
			if !eoq {
				next = iso2022jpEscapeState(lead, b)
			}
			if next != 0xFF {
				// Step 7: a valid escape sequence; right after another
				// one (ISO-2022-JP output set) it is an error.
				if output {
					if nDst, err = d.fail(dst, nDst, pos-2, 0x1B, lead, b); err == transform.ErrShortDst {
						goto save
					}
				}
				st, out = next, next
				output = true
				lead = 0
				break
			}
			// Steps 8–9: the 0x1B is the error; leading and byte are
			// restored.
			if nDst, err = d.fail(dst, nDst, pos-2, 0x1B); err == transform.ErrShortDst {
				goto save
			}
			if pos >= 1 {
				nSrc = pos - 1 // leading is src[pos-1]: read it again
			} else {
				pend = lead // leading came in an earlier call
			}
			lead = 0
			output = false
			st = out
			if err != nil {
				goto save
			}
			continue
		}
		// The byte was consumed.
		if pos < 0 {
			pend = 0
		} else {
			nSrc++
		}
		if err != nil {
			goto save // a fatal error
		}
		continue

	byteError:
		// A single-byte error in the ASCII, Roman, katakana or leading
		// byte state: set ISO-2022-JP output to false and return error.
		if nDst, err = d.fail(dst, nDst, pos, b); err == transform.ErrShortDst {
			goto save
		}
		output = false
		if pos < 0 {
			pend = 0
		} else {
			nSrc++
		}
		if err != nil {
			goto save // a fatal error
		}
	}
save:
	d.state, d.outState, d.lead, d.output, d.pend = st, out, lead, output, pend
	if err == nil && nSrc < len(src) {
		err = transform.ErrShortDst
	}
	return nDst, nSrc, err
}

// fail handles an error of the sequence seq at offset off: in fatal mode
// it returns the *DecodeError; otherwise it writes U+FFFD at dst[nDst:] and
// returns nil, or transform.ErrShortDst (writing nothing) when dst has no
// room for it. The caller then makes the Standard's state change, except
// after ErrShortDst.
func (d *iso2022jpDecoder) fail(dst []byte, nDst, off int, seq ...byte) (int, error) {
	if d.Fatal {
		return nDst, d.Err(off, seq...)
	}
	if !putWord(dst[nDst:], fffdWord, 3) {
		return nDst, transform.ErrShortDst
	}
	d.Replaced = true
	return nDst + 3, nil
}

// The ISO-2022-JP encoder states.
const (
	iso2022jpEncASCII   uint8 = iota // ASCII
	iso2022jpEncRoman                // Roman
	iso2022jpEncJIS0208              // jis0208
)

// iso2022jpEncoder is the ISO-2022-JP encoder.
type iso2022jpEncoder struct {
	codec.EncodeErrors
	state uint8 // ISO-2022-JP encoder state
}

func (e *iso2022jpEncoder) Reset() {
	e.state = iso2022jpEncASCII
	e.Base = 0
}

func (e *iso2022jpEncoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	nDst, nSrc, e.state, err = e.encode(dst, src, atEOF, e.state)
	e.Advance(nSrc)
	return nDst, nSrc, err
}

// iso2022jpPutEscape writes the three-byte escape sequence 0x1B x y into dst,
// or reports false if dst is too short (an escape is never split).
func iso2022jpPutEscape(dst []byte, x, y byte) bool {
	if len(dst) < 3 {
		return false
	}
	dst[0], dst[1], dst[2] = 0x1B, x, y
	return true
}

// encode runs the ISO-2022-JP encoder's handler over src from state st
// and returns the state it ends in.
func (e *iso2022jpEncoder) encode(dst, src []byte, atEOF bool, st uint8) (nDst, nSrc int, _ uint8, err error) {
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			if c == 0x0E || c == 0x0F || c == 0x1B {
				if st != iso2022jpEncJIS0208 {
					// Step 3: error with U+FFFD, not the code point.
					return nDst, nSrc, st, e.Err(0xFFFD, nSrc, 1)
				}
			} else if st == iso2022jpEncASCII {
				// Step 4.
				n := iso2022jpCopyASCII(dst[nDst:], src[nSrc:])
				if n == 0 {
					return nDst, nSrc, st, transform.ErrShortDst
				}
				nDst += n
				nSrc += n
				continue
			} else if st == iso2022jpEncRoman && c != 0x5C && c != 0x7E {
				// Step 5.1.
				if nDst == len(dst) {
					return nDst, nSrc, st, transform.ErrShortDst
				}
				dst[nDst] = c
				nDst++
				nSrc++
				continue
			}
			// Step 6: switch to ASCII; the code point is restored.
			if !iso2022jpPutEscape(dst[nDst:], 0x28, 0x42) {
				return nDst, nSrc, st, transform.ErrShortDst
			}
			nDst += 3
			st = iso2022jpEncASCII
			continue
		}
		r, size := jisDecodeRune(src[nSrc:], atEOF)
		if size == 0 {
			return nDst, nSrc, st, transform.ErrShortSrc
		}
		if r == 0xA5 || r == 0x203E {
			if st != iso2022jpEncRoman {
				// Step 7: switch to Roman; the code point is restored.
				if !iso2022jpPutEscape(dst[nDst:], 0x28, 0x4A) {
					return nDst, nSrc, st, transform.ErrShortDst
				}
				nDst += 3
				st = iso2022jpEncRoman
				continue
			}
			// Steps 5.2–5.3.
			if nDst == len(dst) {
				return nDst, nSrc, st, transform.ErrShortDst
			}
			if r == 0xA5 {
				dst[nDst] = 0x5C
			} else {
				dst[nDst] = 0x7E
			}
			nDst++
			nSrc += size
			continue
		}
		// Steps 8–10: U+2212 is looked up as U+FF0D by jisEUC; half-width
		// katakana go through index ISO-2022-JP katakana.
		var v uint16
		if k := uint32(r - 0xFF61); k <= 0xFF9F-0xFF61 {
			v = jistab.ISO2022JPKatakana()[k]
		} else {
			v = jisEUC(r)
		}
		if v == 0 {
			if st == iso2022jpEncJIS0208 {
				// Step 11.1: back to ASCII first; the code point is
				// restored and then reported from the ASCII state.
				if !iso2022jpPutEscape(dst[nDst:], 0x28, 0x42) {
					return nDst, nSrc, st, transform.ErrShortDst
				}
				nDst += 3
				st = iso2022jpEncASCII
			}
			// Step 11.2.
			return nDst, nSrc, st, e.Err(r, nSrc, size)
		}
		if st != iso2022jpEncJIS0208 {
			// Step 12: switch to jis0208; the code point is restored.
			if !iso2022jpPutEscape(dst[nDst:], 0x24, 0x42) {
				return nDst, nSrc, st, transform.ErrShortDst
			}
			nDst += 3
			st = iso2022jpEncJIS0208
		}
		// Steps 13–15: pointer / 94 + 0x21 and pointer % 94 + 0x21.
		if len(dst)-nDst < 2 {
			return nDst, nSrc, st, transform.ErrShortDst
		}
		dst[nDst] = byte(v) - 0x80
		dst[nDst+1] = byte(v>>8) - 0x80
		nDst += 2
		nSrc += size
		// The common case: more three-byte sequences in index jis0208.
		dn, sn := jisRun(dst[nDst:], src[nSrc:], jistab.EUCEncode3(), 0x80808080)
		nDst += dn
		nSrc += sn
	}
	if atEOF && st != iso2022jpEncASCII {
		// Step 1: end-of-queue outside ASCII: back to ASCII.
		if !iso2022jpPutEscape(dst[nDst:], 0x28, 0x42) {
			return nDst, nSrc, st, transform.ErrShortDst
		}
		nDst += 3
		st = iso2022jpEncASCII
	}
	return nDst, nSrc, st, nil
}
