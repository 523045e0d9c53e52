package cjk

import (
	"encoding/binary"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/tables/gb18030"
	"github.com/webenc/webenc/whatwg/internal/codec"
)

// GB18030 is the Standard's gb18030 encoding (GB18030-2022 as the Standard
// adopted it): one-, two- and four-byte sequences covering all of Unicode.
// Its encoder reports only U+E5E5 as unencodable.
//
// Labels: gb18030.
var GB18030 encoding.Encoding = gb18030Codec

// gb18030Codec is GB18030, built from its decoders and encoders.
var gb18030Codec = codec.New(gbCodec("gb18030", gb18030Other))

// GBK is the Standard's GBK encoding. Its decoder is gb18030's; its encoder
// is gb18030's with "is GBK" set: it writes 0x80 for U+20AC and reports
// every code point that gb18030 would write as four bytes as unencodable.
//
// Labels: chinese, csgb2312, csiso58gb231280, gb2312, gb_2312,
// gb_2312-80, gbk, iso-ir-58, x-gbk.
var GBK encoding.Encoding = gbkCodec

// gbkCodec is GBK, built from its decoders and encoders.
var gbkCodec = codec.New(gbCodec("GBK", gbkOther))

// Limits of index gb18030 ranges code point (its step 1) and its special
// case (step 2).
const (
	gbRangesBMPMax    = 39419   // larger pointers up to gbRangesAstralMin are null
	gbRangesAstralMin = 189000  // first pointer of the astral planes
	gbRangesMax       = 1237575 // larger pointers are null
	gbSpecialPointer  = 7457    // ↔ U+E7C7
	gbSpecialCode     = 0xE7C7
)

// gbDecoder is the gb18030 decoder (also GBK's). first, second and third
// are the Standard's gb18030 first/second/third. pend holds bytes the
// Standard restored to the I/O queue that were consumed in an earlier call:
// they are the npend bytes just before src[0] and are read before src.
type gbDecoder struct {
	codec.DecodeErrors
	first, second, third byte
	form                 *dbcsForm // gbForm
	npend                uint8
	pend                 [3]byte
}

// gbCodec returns the codec of gb18030 and GBK (name), whose encoders
// differ in other.
func gbCodec(name string, other dbcsOther) codec.Codec {
	initial := func(fatal bool) gbDecoder {
		return gbDecoder{DecodeErrors: codec.DecodeErrors{Name: name, Fatal: fatal}, form: gbForm.get()}
	}
	// Every two input bytes decode to at least one output byte (four
	// bytes to U+0080 at least).
	c := dbcsEncoders(name, gb18030.Encode3(), other)
	c.NewDecoder = func() *encoding.Decoder { return codec.DecoderOf(initial(false)) }
	c.NewDecoderMode = func(fatal bool) transform.Transformer { d := initial(fatal); return &d }
	c.AppendDecode = func(dst, src []byte) ([]byte, bool) {
		d := initial(false)
		dst = codec.AppendDecoded(dst, src, 2, pairWeights(), func(dst, src []byte, atEOF bool) (int, int, error) { return d.Transform(dst, src, atEOF) })
		return dst, d.Replaced
	}
	return c
}

// Reset implements transform.Transformer: the state and the running
// offset.
func (d *gbDecoder) Reset() {
	*d = gbDecoder{DecodeErrors: codec.DecodeErrors{Name: d.Name, Fatal: d.Fatal}, form: d.form}
}

// gbRangesCodePoint is the Standard's index gb18030 ranges code point for
// pointer, or -1 for null.
func gbRangesCodePoint(pointer int) rune {
	// Step 1.
	if (pointer > gbRangesBMPMax && pointer < gbRangesAstralMin) || pointer > gbRangesMax || pointer < 0 {
		return -1
	}
	// Step 2.
	if pointer == gbSpecialPointer {
		return gbSpecialCode
	}
	// Step 3: the last entry whose pointer is ≤ pointer, from the last
	// one at or below the start of pointer's bucket (astral pointers: the
	// last entry).
	col := gb18030.RangesPointer()
	lo := len(col) - 1
	if pointer <= gbRangesBMPMax {
		lo = int(gbRangesBuckets[pointer>>gbBucketShift])
		for col[lo+1] <= uint32(pointer) {
			lo++
		}
	}
	// Step 4.
	return rune(gb18030.RangesCodePoint()[lo]) + rune(pointer-int(gb18030.RangesPointer()[lo]))
}

// gbBucketShift sets the buckets of gbRangesBuckets: 32 BMP pointers each,
// so that from a bucket's entry the search takes at most eight steps.
const gbBucketShift = 5

// gbRangesBuckets holds, for each bucket of BMP pointers, the index of the
// last entry of index gb18030 ranges whose pointer is at most the bucket's
// first: decoding a four-byte sequence takes no binary search.
var gbRangesBuckets = func() (b [gbRangesBMPMax>>gbBucketShift + 1]uint8) {
	for i := range b {
		b[i] = uint8(gbRangesLast(gb18030.RangesPointer()[:], uint32(i<<gbBucketShift)))
	}
	return b
}()

// gbRangesPointer is the Standard's index gb18030 ranges pointer for a code
// point of at least U+0080.
func gbRangesPointer(r rune) int {
	// Step 1.
	if r == gbSpecialCode {
		return gbSpecialPointer
	}
	// Step 2: the last entry whose code point is ≤ r.
	lo := gbRangesLast(gb18030.RangesCodePoint()[:], uint32(r))
	// Step 3.
	return int(gb18030.RangesPointer()[lo]) + int(r-rune(gb18030.RangesCodePoint()[lo]))
}

// gbRangesLast returns the index of the last entry of col, a column of
// index gb18030 ranges (increasing, its entry 0 is 0), that is at most v:
// a binary search.
func gbRangesLast(col []uint32, v uint32) int {
	lo, hi := 0, len(col)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if col[m] <= v {
			lo = m
		} else {
			hi = m
		}
	}
	return lo
}

// gbFourPointer is the pointer of a four-byte sequence (decoder step 3.2).
func gbFourPointer(b1, b2, b3, b4 byte) int {
	return (int(b1)-0x81)*(10*126*10) + (int(b2)-0x30)*(10*126) + (int(b3)-0x81)*10 + int(b4) - 0x30
}

// gbForm is the gb18030 decoder's two-byte sequences and single bytes for
// the bulk loop (dbcsRun) and the byte-at-a-time paths: step 7, 0x80 is
// U+20AC; step 8, the leading bytes 0x81 to 0xFE; step 9, 0xFF is an
// error; steps 5.4–5.8, the pointer (leading − 0x81) × 190 + (byte −
// offset), offset 0x40 below 0x7F and 0x41 from 0x80, for byte in 0x40 to
// 0x7E or 0x80 to 0xFE, in index gb18030; step 5.1, a digit after the
// leading byte starts a four-byte sequence, which dbcsRun leaves.
var gbForm = newLazyForm(gbNewForm)

func gbNewForm() *dbcsForm {
	f := dbcsNewForm(dbcsRows(0x81, 0xFE, 190), dbcsColsSkip7F(0xFE), gb18030.Decode()[:], nil)
	for b := byte('0'); b <= '9'; b++ {
		f.col[b] = dbcsStopTrail
	}
	f.setSingle(0x80, 0x20AC)
	f.four = gbFourRun
	return f
}

func gbIsLead(b byte) bool  { return b >= 0x81 && b <= 0xFE }
func gbIsDigit(b byte) bool { return b >= 0x30 && b <= 0x39 }

// gbFourRun decodes the longest run of valid four-byte sequences at the
// start of src (steps 3.2–3.5) for as long as dst has four bytes of room,
// and returns the lengths written and read. It leaves everything else,
// invalid four-byte sequences included, to the byte-at-a-time steps.
func gbFourRun(dst, src []byte) (nDst, nSrc int) {
	for len(src)-nSrc >= 4 && len(dst)-nDst >= 4 {
		b1, b2, b3, b4 := src[nSrc], src[nSrc+1], src[nSrc+2], src[nSrc+3]
		if !gbIsLead(b1) || !gbIsDigit(b2) || !gbIsLead(b3) || !gbIsDigit(b4) {
			break
		}
		r := gbRangesCodePoint(gbFourPointer(b1, b2, b3, b4))
		if r < 0 {
			break
		}
		w, n := utf8Word(r)
		binary.LittleEndian.PutUint32(dst[nDst:], w)
		nDst += n
		nSrc += 4
	}
	return nDst, nSrc
}

// Transform implements transform.Transformer.
func (d *gbDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if d.first != 0 || d.npend != 0 {
		nDst, nSrc, err = d.slow(dst, src)
		if err != nil {
			goto done
		}
	}
	// With a sequence still in the state, src is exhausted and fast does
	// nothing.
	nDst, nSrc, err = d.fast(dst, src, nDst, nSrc)
	if err != nil {
		goto done
	}
	// Steps 1–2: end-of-queue with a sequence pending is one error, and
	// nothing is restored.
	if atEOF && d.first != 0 {
		n := 1
		if d.second != 0 {
			n++
			if d.third != 0 {
				n++
			}
		}
		seq := [3]byte{d.first, d.second, d.third}
		if d.Fatal {
			err = d.Err(nSrc-n, seq[:n]...)
		} else if len(dst)-nDst < 3 {
			err = transform.ErrShortDst
			goto done
		} else {
			nDst += copy(dst[nDst:], codec.ReplacementUTF8)
			d.Replaced = true
		}
		d.first, d.second, d.third = 0, 0, 0
	}
done:
	d.Advance(nSrc)
	return nDst, nSrc, err
}

// fast decodes src[nSrc:] with the state empty and nothing pending: the
// bulk loop dbcsRun, and what it leaves (four-byte sequences, the end of
// src or dst, fatal errors) a sequence at a time. It handles every sequence
// that src holds entirely, and stores an incomplete one at the end of src
// in the state.
func (d *gbDecoder) fast(dst, src []byte, nDst, nSrc int) (int, int, error) {
	f := d.form
	for {
		// dbcsRun leaves the first error to the loop below, which records
		// it (Replaced). It decodes the runs of four-byte sequences
		// (words of a script that GBK lacks) where it runs the kernel;
		// where it does not, gbFourRun does the rest of a run.
		dn, sn := dbcsRun(dst[nDst:], src[nSrc:], f, d.Fatal || !d.Replaced)
		nDst += dn
		nSrc += sn
		if sn == 0 && f.fourAt(src, nSrc) {
			dn, sn = gbFourRun(dst[nDst:], src[nSrc:])
			nDst += dn
			nSrc += sn
		}
		if nSrc == len(src) {
			return nDst, nSrc, nil
		}
		c := src[nSrc]
		switch f.kind[c] {
		case kindASCII:
			// Step 6; long runs come here (see asciiLong).
			n := codec.CopyASCII(dst[nDst:], src[nSrc:])
			if n == 0 {
				return nDst, nSrc, transform.ErrShortDst
			}
			nDst += n
			nSrc += n
			continue
		case kindSingle:
			// Step 7: 0x80 is U+20AC.
			n := putOutput(dst[nDst:], f.single[c])
			if n == 0 {
				return nDst, nSrc, transform.ErrShortDst
			}
			nDst += n
			nSrc++
			continue
		case kindBad:
			// Step 9.
			if d.Fatal {
				return nDst, nSrc + 1, d.Err(nSrc, c)
			}
			if !putWord(dst[nDst:], fffdWord, 3) {
				return nDst, nSrc, transform.ErrShortDst
			}
			nDst += 3
			d.Replaced = true
			nSrc++
			continue
		}
		// Step 8: a lead.
		if nSrc+1 == len(src) {
			d.first = c
			return nDst, nSrc + 1, nil
		}
		c2 := src[nSrc+1]
		if !gbIsDigit(c2) {
			// Steps 5.2–5.10.
			if w := f.lookup(f.index, c, c2); w != 0 {
				n := putOutput(dst[nDst:], w)
				if n == 0 {
					return nDst, nSrc, transform.ErrShortDst
				}
				nDst += n
				nSrc += 2
				continue
			}
			// Step 5.9: an ASCII byte is restored; otherwise it is part of
			// the error.
			n := 1 + int(c2>>7)
			if d.Fatal {
				return nDst, nSrc + n, d.Err(nSrc, src[nSrc:nSrc+n]...)
			}
			if !putWord(dst[nDst:], fffdWord, 3) {
				return nDst, nSrc, transform.ErrShortDst
			}
			nDst += 3
			d.Replaced = true
			nSrc += n
			continue
		}
		// Step 5.1: a second byte; steps 4 and 3 follow.
		if nSrc+2 == len(src) {
			d.first, d.second = c, c2
			return nDst, nSrc + 2, nil
		}
		c3 := src[nSrc+2]
		if nSrc+3 == len(src) && gbIsLead(c3) {
			d.first, d.second, d.third = c, c2, c3
			return nDst, nSrc + 3, nil
		}
		// Step 4.2 (c3 is no lead: restore « second, byte ») or step 3.1
		// (the fourth byte is no digit: restore « second, third, byte »):
		// only the first byte is consumed. Otherwise steps 3.2–3.5.
		r := rune(-1)
		n := 1
		if gbIsLead(c3) && gbIsDigit(src[nSrc+3]) {
			r = gbRangesCodePoint(gbFourPointer(c, c2, c3, src[nSrc+3]))
			n = 4
		}
		if r < 0 {
			if d.Fatal {
				return nDst, nSrc + n, d.Err(nSrc, src[nSrc:nSrc+n]...)
			}
			if !putWord(dst[nDst:], fffdWord, 3) {
				return nDst, nSrc, transform.ErrShortDst
			}
			nDst += 3
			d.Replaced = true
			nSrc += n
			continue
		}
		m := putRune(dst[nDst:], r)
		if m == 0 {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += m
		nSrc += 4
	}
}

// slow runs the Standard's handler one byte at a time while a sequence is
// in the state or restored bytes are pending, reading the pending bytes
// first, then src. It returns when both are clear, when src is exhausted,
// or on an error.
//
// v is the position of the next byte relative to src[0]: negative while
// reading pend, whose np bytes sit at positions -np to -1. The state's
// bytes are always the ones just before v, so a sequence starts at
// v − (bytes in the state).
func (d *gbDecoder) slow(dst, src []byte) (nDst, nSrc int, err error) {
	np := int(d.npend)
	v := -np
	for (d.first != 0 || v < 0) && v < len(src) {
		var b byte
		if v < 0 {
			b = d.pend[np+v]
		} else {
			b = src[v]
		}
		var (
			out     uint32 // output (UTF-8 bytes, little-endian) unless fail
			outLen  int    // its length
			fail    bool   // emit an error for seq
			seq     []byte // the error's bytes
			off     int    // the error's offset
			restore int    // bytes to restore, including b (0: b is consumed)
		)
		var buf [4]byte
		switch {
		case d.third != 0:
			if !gbIsDigit(b) {
				// Step 3.1: restore « second, third, byte ».
				buf[0] = d.first
				fail, seq, off, restore = true, buf[:1], v-3, 3
				break
			}
			// Steps 3.2–3.5.
			r := gbRangesCodePoint(gbFourPointer(d.first, d.second, d.third, b))
			if r < 0 {
				buf = [4]byte{d.first, d.second, d.third, b}
				fail, seq, off = true, buf[:4], v-3
			} else {
				out, outLen = utf8Word(r)
			}
		case d.second != 0:
			if gbIsLead(b) {
				// Step 4.1.
				d.third = b
				v++
				continue
			}
			// Step 4.2: restore « second, byte ».
			buf[0] = d.first
			fail, seq, off, restore = true, buf[:1], v-2, 2
		case d.first != 0:
			if gbIsDigit(b) {
				// Step 5.1.
				d.second = b
				v++
				continue
			}
			// Steps 5.2–5.8.
			if w := d.form.lookup(d.form.index, d.first, b); w != 0 {
				out, outLen = w, wordLen(w)
				break
			}
			// Step 5.9: restore an ASCII byte.
			buf[0], buf[1] = d.first, b
			fail, seq, off = true, buf[:2], v-1
			if b < 0x80 {
				seq, restore = buf[:1], 1
			}
		default:
			// Steps 6–9, for a pending byte.
			switch {
			case b < 0x80:
				out, outLen = utf8Word(rune(b))
			case b == 0x80:
				out, outLen = utf8Word(0x20AC)
			case gbIsLead(b):
				d.first = b
				v++
				continue
			default:
				buf[0] = b
				fail, seq, off = true, buf[:1], v
			}
		}
		// Emit: check room first, then change the state.
		if fail {
			if !d.Fatal && len(dst)-nDst < 3 {
				err = transform.ErrShortDst
				break
			}
		} else if len(dst)-nDst < outLen {
			err = transform.ErrShortDst
			break
		}
		// The bytes to restore are the last ones read, b last: « second,
		// third, b », « second, b » or « b ».
		var restored [3]byte
		switch restore {
		case 3:
			restored = [3]byte{d.second, d.third, b}
		case 2:
			restored = [3]byte{d.second, b}
		case 1:
			restored = [3]byte{b}
		}
		d.first, d.second, d.third = 0, 0, 0
		if restore == 0 {
			v++
		} else {
			// Reading resumes at the first restored byte. Those before
			// src[0] go (back) into pend, which must hold positions nv to
			// -1: restored bytes up to v, then the unread rest of pend.
			nv := v - restore + 1
			if nv < 0 {
				var nb [3]byte
				for p := nv; p < 0; p++ {
					if p <= v {
						nb[p-nv] = restored[p-nv]
					} else {
						nb[p-nv] = d.pend[np+p]
					}
				}
				np = copy(d.pend[:], nb[:-nv])
			}
			v = nv
		}
		if fail {
			if d.Fatal {
				err = d.Err(off, seq...)
				break
			}
			nDst += copy(dst[nDst:], codec.ReplacementUTF8)
			d.Replaced = true
		} else {
			putWord(dst[nDst:], out, outLen)
			nDst += outLen
		}
	}
	// Keep in pend only the bytes before src[0] not read yet.
	if v < 0 {
		copy(d.pend[:], d.pend[np+v:np])
		d.npend = uint8(-v)
		return nDst, 0, err
	}
	d.npend = 0
	return nDst, v, err
}

// gb18030Other and gbkOther are the handlers of the gb18030 and GBK
// encoders (gbOther with is GBK unset and set).
func gb18030Other(r rune) (uint32, int) { return gbOther(r, false) }
func gbkOther(r rune) (uint32, int)     { return gbOther(r, true) }

// gbOther is the gb18030 encoder's handler (GBK's when isGBK is set) for a
// code point r of at least U+0080: its bytes, little-endian, and their
// number, 0 for an error. The hot loop handles ASCII (step 2) and the
// three-byte code points of gb18030.Encode3(), which has no U+20AC.
func gbOther(r rune, isGBK bool) (uint32, int) {
	if r < 0x10000 {
		switch {
		case r == 0xE5E5:
			// Step 3.
			return 0, 0
		case r == 0x20AC:
			if isGBK {
				// Step 4: GBK writes 0x80 for U+20AC.
				return 0x80, 1
			}
			return gb18030.EncodeEuro, 2
		}
		// Steps 5–7: the side table and index gb18030's first pointer,
		// merged in one lookup (the generator checks they are disjoint).
		if v := dbcsLookup(r, gb18030.Encode3(), gb18030.EncodeLow()); v != 0 {
			return uint32(v), 2
		}
	}
	if isGBK {
		// Step 8.
		return 0, 0
	}
	// Steps 9–17.
	p := gbRangesPointer(r)
	b1 := p / (10 * 126 * 10)
	p %= 10 * 126 * 10
	b2 := p / (10 * 126)
	p %= 10 * 126
	b3, b4 := p/10, p%10
	return uint32(b1+0x81) | uint32(b2+0x30)<<8 | uint32(b3+0x81)<<16 | uint32(b4+0x30)<<24, 4
}
