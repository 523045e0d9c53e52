package cjk

import (
	"encoding/binary"
	"math/bits"

	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/internal/codec"
)

// The encode loop shared by the double-byte encoders (Big5, EUC-KR, EUC-JP,
// Shift_JIS, gb18030 and GBK). Each encoding's file keeps its own steps,
// as the function it passes for the code points the hot loop leaves.

// dbcsKey3 is the key of the generated Encode3 tables for the three-byte
// UTF-8 sequence in the low three bytes of w (the bytes above do not
// matter), as internal/gen's Key3 defines it: one-to-one on the sequences
// E0–EF 80–BF 80–BF, and five instructions.
func dbcsKey3(w uint64) uint16 { return uint16(w>>8) ^ uint16(w*0x1040) }

// dbcsLookup returns the two bytes (little-endian: leading | trailing<<8)
// that the tables tab3 and low (an Encode3 table and its Low companion)
// hold for the BMP code point r (U+0080 or above), or 0 if none.
func dbcsLookup(r rune, tab3 *[0x10000]uint16, low *[0x780]uint16) uint16 {
	if r < 0x800 {
		return low[r-0x80]
	}
	return tab3[dbcsKey3(uint64(0xE0|r>>12)|uint64(0x80|r>>6&0x3F)<<8|uint64(0x80|r&0x3F)<<16)]
}

// dbcsOther is an encoding's handler for a non-ASCII scalar value r (U+FFFD
// for invalid UTF-8) that dbcsEncodeRun left: it returns the n bytes to
// write, packed little-endian (first byte lowest), or n = 0 when r is an
// error to report.
type dbcsOther func(r rune) (b uint32, n int)

// dbcsEncoder is a double-byte encoder (stateless): the hot loop
// dbcsEncodeRun over the encoding's Encode3 table tab (ASCII, step 2 of
// every such encoder, and the common three-byte code points), then other
// for whatever it stops at. An unencodable r returns (nDst, nSrc at the
// scalar, e.Err(r, ...)).
type dbcsEncoder struct {
	codec.EncodeErrors
	tab   *[0x10000]uint16
	other dbcsOther
}

// dbcsNewEncoder returns the NewRawEncoder of the double-byte encoding
// called name.
// dbcsEncoders returns a codec with the encoders of the encoding called
// name whose tables are tab and other, and nothing else.
func dbcsEncoders(name string, tab *[0x10000]uint16, other dbcsOther) codec.Codec {
	// The likely output: one byte per ASCII character, two per other
	// (gb18030's four-byte ones are rarer).
	encodeWeights := codec.Weights{ASCII: 4, Lead: 8, Four: 8}
	initial := dbcsEncoder{EncodeErrors: codec.EncodeErrors{Name: name}, tab: tab, other: other}
	return codec.Codec{
		Name: name,
		NewRawEncoder: func() transform.Transformer {
			e := initial
			return &e
		},
		AppendEncode: func(dst, src []byte) ([]byte, bool) {
			e := initial
			return codec.AppendEncoded(dst, src, 3, encodeWeights, &e.EncodeErrors, func(dst, src []byte, atEOF bool) (int, int, error) { return e.Transform(dst, src, atEOF) })
		},
	}
}

func (e *dbcsEncoder) Reset() { e.Base = 0 }

func (e *dbcsEncoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	tab, other := e.tab, e.other
	for nSrc < len(src) {
		dn, sn := dbcsEncodeRun(dst[nDst:], src[nSrc:], tab)
		nDst += dn
		nSrc += sn
		if nSrc == len(src) {
			break
		}
		if src[nSrc] < 0x80 {
			// A long ASCII run, or dst is full.
			n := codec.CopyASCII(dst[nDst:], src[nSrc:])
			if n == 0 {
				err = transform.ErrShortDst
				break
			}
			nDst += n
			nSrc += n
			continue
		}
		r, size := codec.NextRune(src[nSrc:], atEOF)
		if size == 0 {
			err = transform.ErrShortSrc
			break
		}
		b, n := other(r)
		if n == 0 {
			err = e.Err(r, nSrc, size)
			break
		}
		if len(dst)-nDst < n {
			err = transform.ErrShortDst
			break
		}
		for i := range n {
			dst[nDst+i] = byte(b >> (8 * i))
		}
		nDst += n
		nSrc += size
	}
	e.Advance(nSrc)
	return nDst, nSrc, err
}

// dbcsEncodeRun encodes the longest prefix of src made of ASCII and of
// three-byte UTF-8 sequences that tab (an Encode3 table) maps, as far as
// dst has room, and returns the lengths written and read: the encoders' hot
// loop. tab has 0 at the keys of overlong forms (below U+0800) and
// surrogates, so those stop the run and need no test of their own here. It
// reads and writes eight bytes at a time, so it may write up to eight
// bytes past what it reports in dst (never past len(dst)).
//
// The loop is kept small so that its state stays in registers: the
// windows src[nSrc:nSrc+8] and dst[nDst:nDst+8] need only nSrc and nDst.
func dbcsEncodeRun(dst, src []byte, tab *[0x10000]uint16) (nDst, nSrc int) {
	for nSrc <= len(src)-8 && nDst <= len(dst)-8 {
		w := binary.LittleEndian.Uint64(src[nSrc : nSrc+8])
		if w&0xC0C0F0C0C0F0 == 0x8080E08080E0 {
			// Two three-byte sequences: E0–EF 80–BF 80–BF twice.
			v1, v2 := tab[dbcsKey3(w)], tab[dbcsKey3(w>>24)]
			if v1 != 0 && v2 != 0 {
				binary.LittleEndian.PutUint32(dst[nDst:nDst+4], uint32(v1)|uint32(v2)<<16)
				nSrc += 6
				nDst += 4
				continue
			}
		}
		if w&0x80 == 0 {
			// ASCII.
			n := bits.TrailingZeros64(w&0x8080808080808080) >> 3
			if n == 8 && asciiLong(src, nSrc) {
				return // see asciiLong
			}
			binary.LittleEndian.PutUint64(dst[nDst:nDst+8], w)
			nSrc += n
			nDst += n
			continue
		}
		if w&0xC0C0F0 != 0x8080E0 {
			return
		}
		v := tab[dbcsKey3(w)]
		if v == 0 {
			return
		}
		binary.LittleEndian.PutUint16(dst[nDst:nDst+2], v)
		nSrc += 3
		nDst += 2
	}
	// The last few bytes, one code point at a time.
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			if nDst >= len(dst) {
				return
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		if nSrc+3 > len(src) || nDst+2 > len(dst) {
			return
		}
		w := uint64(c) | uint64(src[nSrc+1])<<8 | uint64(src[nSrc+2])<<16
		if w&0xC0C0F0 != 0x8080E0 {
			return
		}
		v := tab[dbcsKey3(w)]
		if v == 0 {
			return
		}
		binary.LittleEndian.PutUint16(dst[nDst:nDst+2], v)
		nDst += 2
		nSrc += 3
	}
	return
}

// asciiLong reports whether the ASCII run at src[i], whose first eight
// bytes are ASCII, is 32 bytes or more. The hot loops (dbcsRun,
// dbcsEncodeRun) copy a shorter run (between CJK characters) themselves, a
// word with one store up to its first non-ASCII byte, and a longer one
// (markup) with the kernel, codec.CopyASCII, which costs more than it
// saves below that. The decoders call it inside their loop; the encoders'
// loop returns and its caller calls it, which keeps the encoders' loop
// smaller (docs/performance.md).
func asciiLong(src []byte, i int) bool {
	if i+32 > len(src) {
		return false
	}
	s := src[i+8 : i+32]
	return (binary.LittleEndian.Uint64(s)|binary.LittleEndian.Uint64(s[8:])|binary.LittleEndian.Uint64(s[16:]))&0x8080808080808080 == 0
}

// dbcsRows returns the row function of a form whose leading bytes are first
// to last, each starting cols pointers after the one before.
func dbcsRows(first, last, cols int) func(b int) int {
	return func(b int) int {
		if b < first || b > last {
			return -1
		}
		return (b - first) * cols
	}
}

// fourAt reports whether f has four-byte runs and src[i] is a leading
// byte whose next byte stops the pairs (for gb18030, a digit): a
// four-byte sequence may start there, and dbcsRunScalar stops there.
func (f *dbcsForm) fourAt(src []byte, i int) bool {
	return f.four != nil && i+1 < len(src) && f.kind[src[i]] == kindLead && f.col[src[i+1]] >= dbcsStopTrail
}

// takeFourRun decodes the run of four-byte sequences (f.four) at
// src[nSrc:] into dst[nDst:] when one may start there (fourAt), and
// returns the lengths past it and whether it took any byte; otherwise it
// returns nDst and nSrc as they were.
func (f *dbcsForm) takeFourRun(dst, src []byte, nDst, nSrc int) (int, int, bool) {
	if !f.fourAt(src, nSrc) {
		return nDst, nSrc, false
	}
	dn, sn := f.four(dst[nDst:], src[nSrc:])
	if sn == 0 {
		return nDst, nSrc, false
	}
	return nDst + dn, nSrc + sn, true
}
