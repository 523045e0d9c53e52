package cjk

import (
	"encoding/binary"
	"math/bits"
	"sync"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/simd"
)

// The decoding shared by every CJK decoder: a table form of the encoding's
// byte pairs (dbcsForm), the one bulk loop over it (dbcsRun), the one
// UTF-8 writer (utf8Word and putWord), and the decoder of the encodings
// whose only state is a leading byte (Big5, EUC-KR, Shift_JIS, and EUC-JP,
// whose 0x8F prefix the form describes too). gb18030 and ISO-2022-JP keep
// their own state machines around dbcsRun.

// The kinds of byte that dbcsForm.kind gives a byte read with no leading
// byte set.
const (
	kindASCII  uint8 = iota // an ASCII byte, decoded to itself
	kindLead                // a leading byte: the pointer comes with the next byte
	kindSingle              // decoded alone, to dbcsForm.single[byte]
	kindBad                 // an error alone, consumed
	kindPrefix              // EUC-JP's 0x8F: a leading byte that the bulk loop leaves
)

// dbcsNoPointer is the value of dbcsForm's row and col for a byte that
// gives no pointer: larger than any pointer plus any row start, so that a
// sum with it is beyond every index.
const dbcsNoPointer = 0x8000

// dbcsASCIIRow is row's value for a kindASCII byte: no pointer either (as
// dbcsNoPointer), and a mark that the bulk loop tests, having loaded row
// for the pair, instead of loading kind.
const dbcsASCIIRow = 0xFFFF

// dbcsStopTrail is col's value for a byte after which a leading byte
// starts something other than a pair (gb18030's digits, which start a
// four-byte sequence): beyond every index too, and the bulk loop leaves the
// pair to the encoding's own code.
const dbcsStopTrail = 0xC000

// dbcsSideMarker: an index value v with v−dbcsSideMarker < 0x800 (a
// surrogate, which no index maps to) stands for the four UTF-8 bytes
// side[v−dbcsSideMarker] (Big5's astral code points and two-code-point
// pointers).
const dbcsSideMarker = 0xD800

// fffdWord is U+FFFD's UTF-8 bytes as a little-endian word.
const fffdWord = 0xBDBFEF

// dbcsForm describes an encoding's handler for the shared decoder and the
// bulk loop. A leading byte lead and the byte b after it give the pointer
// row[lead] + col[b], which is an index pointer when it is below
// len(index), and index[pointer] is the pair's output: its UTF-8 bytes as
// a little-endian word (first byte lowest; see wordLen), precomputed from
// the index so that the loop writes it with one store, or 0 for none (an
// error). Every pair with no output is an error that consumes the leading
// byte, and b too unless b is ASCII (which is restored): the rule of every
// CJK decoder's two-byte step.
//
// The words double the tables' size (35–95 KB per form, built on first
// use) and save the loop computing UTF-8 (docs/performance.md); where the
// vector kernel runs, the form adds its pairs table (128 KB), each pair's
// word at one load.
type dbcsForm struct {
	row, col [256]uint16
	kind     [256]uint8
	single   [256]uint32 // output of a kindSingle byte, as in index
	index    []uint32
	// EUC-JP: a leading byte in 0xA1–0xFE after prefix (0x8F) makes a
	// pair of index3 instead of index (decoder step 4).
	prefix byte
	index3 []uint32
	// The kernel's table of index's pairs (nil where dbcsRun does not
	// call the kernel).
	pairs *simd.DBCSPairs
	// gb18030: the run of four-byte sequences where the kernel or the
	// scalar loop stops (gbFourRun), which dbcsRun decodes before it goes
	// on; nil for the other forms.
	four func(dst, src []byte) (nDst, nSrc int)
}

// dbcsNewForm returns a form whose leading bytes are those with a row(b)
// of 0 or more (its row start), whose other non-ASCII bytes are errors,
// and whose pointer is row(leading) + col(byte), col(b) being -1 when b
// gives no pointer, over an index as the tables hold it (see
// dbcsWords). The caller adds singles, prefixes and stops.
func dbcsNewForm(row, col func(b int) int, index []uint16, side []uint32) *dbcsForm {
	f := &dbcsForm{index: dbcsWords(index, side)}
	for b := range 256 {
		f.row[b], f.col[b], f.kind[b] = dbcsNoPointer, dbcsNoPointer, kindBad
		if b < 0x80 {
			f.row[b], f.kind[b] = dbcsASCIIRow, kindASCII
		}
		if r := row(b); r >= 0 {
			f.row[b], f.kind[b] = uint16(r), kindLead
		}
		if c := col(b); c >= 0 {
			f.col[b] = uint16(c)
		}
	}
	return f
}

// dbcsWords returns the output words of an index as the tables hold it:
// by pointer, a code point of at least U+0080, dbcsSideMarker+i for the
// four UTF-8 bytes side[i] (big-endian), or 0 for none.
func dbcsWords(index []uint16, side []uint32) []uint32 {
	words := make([]uint32, len(index))
	for p, v := range index {
		switch {
		case v == 0:
		case v-dbcsSideMarker < 0x800:
			words[p] = bits.ReverseBytes32(side[v-dbcsSideMarker])
		default:
			words[p], _ = utf8Word(rune(v))
		}
	}
	return words
}

// setSingle makes b a byte that decodes alone to r.
func (f *dbcsForm) setSingle(b byte, r rune) {
	f.row[b], f.kind[b] = dbcsNoPointer, kindSingle
	f.single[b], _ = utf8Word(r)
}

// lookup returns the output word of the pair lead b in index (0 for
// none).
func (f *dbcsForm) lookup(index []uint32, lead, b byte) uint32 {
	if p := int(f.row[lead]) + int(f.col[b]); p < len(index) {
		return index[p]
	}
	return 0
}

// wordLen returns the number of UTF-8 bytes in the output word w (not 0):
// UTF-8 bytes are never 0, so it is the number of bytes up to its highest
// set bit.
func wordLen(w uint32) int { return (bits.Len32(w) + 7) >> 3 }

// utf8Word returns the UTF-8 form of the scalar value r as a little-endian
// word (first byte lowest) and its length, so that it is written with one
// store: the CJK decoders' only UTF-8 encoder.
func utf8Word(r rune) (uint32, int) {
	c := uint32(r)
	switch {
	case c >= 0x10000:
		return 0x808080F0 | c>>18 | (c>>12&0x3F)<<8 | (c>>6&0x3F)<<16 | (c&0x3F)<<24, 4
	case c >= 0x800:
		return 0x8080E0 | c>>12 | (c>>6&0x3F)<<8 | (c&0x3F)<<16, 3
	case c >= 0x80:
		return 0x80C0 | c>>6 | (c&0x3F)<<8, 2
	}
	return c, 1
}

// putWord writes the n bytes of the word w (from utf8Word) into dst and
// reports true, or false, writing nothing, if dst has no room for them.
func putWord(dst []byte, w uint32, n int) bool {
	if len(dst) >= 4 {
		binary.LittleEndian.PutUint32(dst, w)
		return true
	}
	if len(dst) < n {
		return false
	}
	for i := range n {
		dst[i] = byte(w >> (8 * i))
	}
	return true
}

// putRune writes the scalar value r as UTF-8 into dst and returns its
// length, or 0 when dst has no room for it.
func putRune(dst []byte, r rune) int {
	w, n := utf8Word(r)
	if !putWord(dst, w, n) {
		return 0
	}
	return n
}

// putOutput writes the output word w (not 0) of a form into dst and
// returns its length, or 0 when dst has no room for it.
func putOutput(dst []byte, w uint32) int {
	n := wordLen(w)
	if !putWord(dst, w, n) {
		return 0
	}
	return n
}

// dbcsKernelMin is the least src dbcsRun gives the kernel: a short
// string's pairs are fewer than what the kernel's call and setup cost.
const dbcsKernelMin = 32

// dbcsRun decodes src with no leading byte set, as far as it can without
// looking at state, for as long as dst has room for eight more bytes, and
// returns the lengths written and read: the hot loop of every CJK decoder.
// It decodes ASCII, the pairs that f maps, single bytes and, unless stop
// is set (fatal mode), errors as U+FFFD, each consuming what the Standard
// consumes, and the four-byte runs of f.four. It leaves the last byte of
// src, long ASCII runs (see asciiLong), a prefix byte, a leading byte
// before a dbcsStopTrail byte that f.four does not take, and with stop any
// error, to the caller.
//
// It writes up to 32 bytes past what it reports in dst (never past
// len(dst)).
func dbcsRun(dst, src []byte, f *dbcsForm, stop bool) (nDst, nSrc int) {
	if f.pairs == nil || len(src) < dbcsKernelMin {
		// ISO-2022-JP's forms, whose leading bytes are ASCII bytes
		// (the kernel takes those for ASCII), the builds whose kernel
		// is its pure-Go form, slower than this loop, and inputs too
		// short for the kernel's setup to pay for itself.
		nDst, nSrc, _ = dbcsRunScalar(dst, src, f, stop)
		return dbcsRunTight(dst, src, nDst, nSrc, f)
	}
	for len(src)-nSrc >= 2 && len(dst)-nDst >= 8 {
		// ASCII and mapped pairs, in the kernel.
		dn, sn := simd.DecodeDBCS(dst[nDst:], src[nSrc:], f.pairs)
		nDst += dn
		nSrc += sn
		// gb18030's four-byte runs go straight back to the kernel; a
		// sequence that the run does not take stops the scalar window
		// at once, and is the caller's.
		var took bool
		if nDst, nSrc, took = f.takeFourRun(dst, src, nDst, nSrc); took {
			continue
		}
		// What it left (an error, a single byte, NUL) and the next 64
		// bytes, or 1024 after a short run of the kernel: text full of
		// errors (a mislabeled page) does not return to the kernel at
		// each one.
		window := 64
		if sn < 256 {
			window = 1024
		}
		dn, sn, done := dbcsRunScalar(dst[nDst:], src[nSrc:min(len(src), nSrc+window)], f, stop)
		nDst += dn
		nSrc += sn
		if done {
			if nDst, nSrc, took = f.takeFourRun(dst, src, nDst, nSrc); !took {
				return nDst, nSrc
			}
		}
	}
	return dbcsRunTight(dst, src, nDst, nSrc, f)
}

// dbcsRunScalar is dbcsRun without the kernel, a character at a time: it
// returns done when it stopped at something it leaves to the caller, not
// at the end of src or dst.
//
// It writes four or eight bytes at a time, so it may write up to eight
// bytes past what it reports in dst (never past len(dst)).
func dbcsRunScalar(dst, src []byte, f *dbcsForm, stop bool) (nDst, nSrc int, done bool) {
	index, row, col, kind := f.index, &f.row, &f.col, &f.kind
	// Register pressure decides this loop's speed: with the slices'
	// capacities equal to their lengths the compiler keeps one register
	// per slice fewer, and with the condition written as remaining
	// lengths it does not keep nSrc+2 live, which otherwise put nSrc on
	// the stack, in the loop's dependency chain (docs/performance.md).
	dst, src = dst[:len(dst):len(dst)], src[:len(src):len(src)]
	for len(src)-nSrc >= 2 && len(dst)-nDst >= 8 {
		b, t := src[nSrc], src[nSrc+1]
		// A pair first: CJK text is mostly pairs.
		r := row[b]
		if p := int(r) + int(col[t]); p < len(index) {
			if w := index[p]; w != 0 {
				binary.LittleEndian.PutUint32(dst[nDst:], w)
				nDst += wordLen(w)
				nSrc += 2
				continue
			}
		}
		if r == dbcsASCIIRow {
			if nSrc+8 > len(src) {
				dst[nDst] = b
				nDst++
				nSrc++
				continue
			}
			w := binary.LittleEndian.Uint64(src[nSrc:])
			n := bits.TrailingZeros64(w&0x8080808080808080) >> 3
			if n == 8 && asciiLong(src, nSrc) {
				n = codec.CopyASCII(dst[nDst:], src[nSrc:])
			} else {
				binary.LittleEndian.PutUint64(dst[nDst:], w)
			}
			nDst += n
			nSrc += n
			continue
		}
		switch kind[b] {
		case kindLead:
			// An unmapped pair: an error; an ASCII byte after the
			// leading byte is restored.
			if stop || col[t] >= dbcsStopTrail {
				return nDst, nSrc, true
			}
			binary.LittleEndian.PutUint32(dst[nDst:], fffdWord)
			nDst += 3
			nSrc += 1 + int(t>>7)
		case kindSingle:
			w := f.single[b]
			binary.LittleEndian.PutUint32(dst[nDst:], w)
			nDst += wordLen(w)
			nSrc++
		case kindBad:
			if stop {
				return nDst, nSrc, true
			}
			binary.LittleEndian.PutUint32(dst[nDst:], fffdWord)
			nDst += 3
			nSrc++
		default:
			return nDst, nSrc, true
		}
	}
	return nDst, nSrc, false
}

// dbcsRunTight is dbcsRun's end, where dst has room for fewer than eight
// more bytes: mapped pairs and ASCII bytes, each written only where it
// fits; it leaves the rest (and the last byte of src) as dbcsRun does.
// Without it each of the last few characters of a short string would go
// through the byte-at-a-time handler and one more call of dbcsRun.
func dbcsRunTight(dst, src []byte, nDst, nSrc int, f *dbcsForm) (int, int) {
	for len(src)-nSrc >= 2 && nDst < len(dst) {
		b, t := src[nSrc], src[nSrc+1]
		r := f.row[b]
		if r == dbcsASCIIRow {
			dst[nDst] = b
			nDst++
			nSrc++
			continue
		}
		p := int(r) + int(f.col[t])
		if p >= len(f.index) || f.index[p] == 0 {
			break
		}
		w := f.index[p]
		n := wordLen(w)
		if !putWord(dst[nDst:], w, n) {
			break
		}
		nDst += n
		nSrc += 2
	}
	return nDst, nSrc
}

// dbcsDecoder is the decoder of the encodings whose state is a leading
// byte (Big5 leading, EUC-KR leading, Shift_JIS leading, EUC-JP leading)
// and for EUC-JP the flag EUC-JP jis0212: the Standard's handlers, which
// differ only in what form describes.
type dbcsDecoder struct {
	codec.DecodeErrors
	lead byte // 0x00 when none
	pre  bool // lead came after form.prefix (EUC-JP jis0212)
	form *dbcsForm
}

// pairWeights are the double-byte decoders' likely output (see
// codec.Weights): a byte per ASCII byte and 1.75 per other byte, as a
// pair of two such bytes (EUC-KR, gb18030) decodes to three bytes
// and so does one of Shift_JIS's or Big5's pairs whose second byte is
// ASCII half the time.
func pairWeights() codec.Weights {
	return codec.Weights{ASCII: 4, C1: 7, A0BF: 7, Lead: 7, Four: 7}
}

// dbcsCodec returns the codec of the encoding called name whose decoder's
// handler form describes and whose encoder's tables are tab and other.
// Every perOut bytes of input decode to at least one byte of output (see
// codec.AppendDecoded): 1 for Shift_JIS, EUC-KR and Big5, whose pairs
// decode to forms of two bytes or more (their indexes have no code point
// below U+0080) and whose errors to U+FFFD; 2 for EUC-JP, whose three
// bytes of jis0212 may decode to a two-byte form.
func dbcsCodec(name string, perOut int, form *lazyForm, tab *[0x10000]uint16, other dbcsOther) codec.Codec {
	initial := func(fatal bool) dbcsDecoder {
		return dbcsDecoder{DecodeErrors: codec.DecodeErrors{Name: name, Fatal: fatal}, form: form.get()}
	}
	c := dbcsEncoders(name, tab, other)
	c.NewDecoder = func() *encoding.Decoder { return codec.DecoderOf(initial(false)) }
	c.NewDecoderMode = func(fatal bool) transform.Transformer { d := initial(fatal); return &d }
	c.AppendDecode = func(dst, src []byte) ([]byte, bool) {
		d := initial(false)
		dst = codec.AppendDecoded(dst, src, perOut, pairWeights(), func(dst, src []byte, atEOF bool) (int, int, error) { return d.Transform(dst, src, atEOF) })
		return dst, d.Replaced
	}
	return c
}

func (d *dbcsDecoder) Reset() {
	d.lead, d.pre = 0, false
	d.Base, d.Replaced = 0, false
}

func (d *dbcsDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	nDst, nSrc, err = d.decode(dst, src, atEOF)
	d.Advance(nSrc)
	return nDst, nSrc, err
}

// decode runs the handler over src: dbcsRun for as much as it takes, the
// rest a byte at a time. In fatal mode it returns at the first error with
// nSrc past every byte the Standard's decoder consumed for it (a restored
// ASCII byte is not consumed) and the state cleared, as the Standard's
// decoder is after the error, so a caller may resume on src[nSrc:].
func (d *dbcsDecoder) decode(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	f := d.form
	lead, pre := d.lead, d.pre
loop:
	for {
		if lead == 0 {
			// dbcsRun leaves the first error to the loop below,
			// which records it (Replaced).
			dn, sn := dbcsRun(dst[nDst:], src[nSrc:], f, d.Fatal || !d.Replaced)
			nDst += dn
			nSrc += sn
		}
		if nSrc == len(src) {
			break
		}
		b := src[nSrc]
		if lead == 0 {
			switch f.kind[b] {
			case kindASCII:
				// Long runs come here: see asciiLong.
				n := codec.CopyASCII(dst[nDst:], src[nSrc:])
				if n == 0 {
					err = transform.ErrShortDst
					break loop
				}
				nDst += n
				nSrc += n
				continue
			case kindLead, kindPrefix:
				lead = b
			case kindSingle:
				n := putOutput(dst[nDst:], f.single[b])
				if n == 0 {
					err = transform.ErrShortDst
					break loop
				}
				nDst += n
			default:
				if d.Fatal {
					err = d.Err(nSrc, b)
					nSrc++
					break loop
				}
				if !putWord(dst[nDst:], fffdWord, 3) {
					err = transform.ErrShortDst
					break loop
				}
				nDst += 3
				d.Replaced = true
			}
			nSrc++
			continue
		}
		if lead == f.prefix && !pre && b-0xA1 <= 0xFE-0xA1 {
			// EUC-JP step 4: a JIS X 0212 leading byte.
			lead, pre = b, true
			nSrc++
			continue
		}
		index := f.index
		if pre {
			index = f.index3
		}
		if w := f.lookup(index, lead, b); w != 0 {
			n := putOutput(dst[nDst:], w)
			if n == 0 {
				err = transform.ErrShortDst
				break
			}
			nDst += n
			lead, pre = 0, false
			nSrc++
			continue
		}
		// The error steps; an ASCII byte is restored (not consumed).
		if d.Fatal {
			err = d.seqErr(lead, pre, nSrc, b, true)
			if b >= 0x80 {
				nSrc++
			}
			lead, pre = 0, false
			break
		}
		if !putWord(dst[nDst:], fffdWord, 3) {
			err = transform.ErrShortDst
			break
		}
		nDst += 3
		d.Replaced = true
		lead, pre = 0, false
		if b >= 0x80 {
			nSrc++
		}
	}
	if err == nil && atEOF && lead != 0 {
		// Step 1: end-of-queue with the leading byte set is an error.
		if d.Fatal {
			err = d.seqErr(lead, pre, nSrc, 0, false)
			lead, pre = 0, false
		} else if !putWord(dst[nDst:], fffdWord, 3) {
			err = transform.ErrShortDst
		} else {
			nDst += 3
			d.Replaced = true
			lead, pre = 0, false
		}
	}
	d.lead, d.pre = lead, pre
	return nDst, nSrc, err
}

// seqErr builds the fatal-mode error for the sequence that ends with the
// byte b at nSrc (hasByte; an ASCII b is restored, so not part of it), or
// with the end of input, after the leading byte lead (and the prefix
// before it when pre is set).
func (d *dbcsDecoder) seqErr(lead byte, pre bool, nSrc int, b byte, hasByte bool) error {
	var seq [3]byte
	n := 0
	if pre {
		seq[n] = d.form.prefix
		n++
	}
	seq[n] = lead
	n++
	if hasByte && b >= 0x80 {
		seq[n] = b
		n++
	}
	start := nSrc - 1
	if pre {
		start--
	}
	return d.Err(start, seq[:n]...)
}

// dbcsColsSkip7F returns the col function of a form whose trailing bytes
// are 0x40 to 0x7E and 0x80 to last, numbered from 0 without a gap: byte −
// offset, offset 0x40 below 0x7F and 0x41 from 0x80 (gb18030 and
// Shift_JIS).
func dbcsColsSkip7F(last int) func(b int) int {
	return func(b int) int {
		switch {
		case b >= 0x40 && b <= 0x7E:
			return b - 0x40
		case b >= 0x80 && b <= last:
			return b - 0x41
		}
		return -1
	}
}

// dbcsLazyForm returns the lazyForm of the form dbcsNewForm describes.
func dbcsLazyForm(row, col func(b int) int, index []uint16, side []uint32) *lazyForm {
	return newLazyForm(func() *dbcsForm { return dbcsNewForm(row, col, index, side) })
}

// A lazyForm builds a form on its first use: forms are built when an
// encoding's first decoder is, not when a program starts.
type lazyForm struct {
	// get returns the form, building it the first time.
	get func() *dbcsForm
}

// newLazyForm returns the lazyForm whose form build makes, with the
// kernel's table where dbcsRun calls the kernel.
func newLazyForm(build func() *dbcsForm) *lazyForm {
	return &lazyForm{get: sync.OnceValue(func() *dbcsForm {
		f := build()
		if f.kind[1] == kindASCII && simd.DBCSVector() {
			f.pairs = simd.NewDBCSPairs(&f.row, &f.col, f.index)
		}
		return f
	})}
}
