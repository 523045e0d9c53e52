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
func dbcsNewEncoder(name string, tab *[0x10000]uint16, other dbcsOther) func() transform.Transformer {
	return func() transform.Transformer {
		return &dbcsEncoder{EncodeErrors: codec.EncodeErrors{Name: name}, tab: tab, other: other}
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
			err = transform.ErrShortDst // only a full dst stops the run at ASCII
			break
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
			// ASCII: copy up to the first non-ASCII byte of the word.
			n := 8
			if m := w & 0x8080808080808080; m != 0 {
				n = bits.TrailingZeros64(m) >> 3
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

// The decoder shared by Big5 and EUC-KR, whose handlers are the same but
// for step 3's pointer rule and index (and Big5's two-code-point pointers,
// step 3.6): the Standard's steps 1, 2, 4, 5 and 6 are the same in both,
// and their error steps (Big5 3.9–3.10, EUC-KR 3.7–3.8) too.

// dbcsNoPointer is the value of dbcsForm's row and col tables for a
// byte that gives no pointer: larger than any pointer plus any row start,
// so that a sum with it is beyond every index.
const dbcsNoPointer = 0x8000

// dbcsSideMarker: an index value v with v−dbcsSideMarker < 0x800 (a
// surrogate, which no index maps to) stands for the four UTF-8 bytes
// side[v−dbcsSideMarker] (Big5's astral code points and two-code-point
// pointers).
const dbcsSideMarker = 0xD800

// dbcsForm is what an encoding gives the shared decoder: step 3's pointer
// row[leading] + col[byte], which is (leading − 0x81) × (pointers per
// leading byte) plus the byte's column, or dbcsNoPointer or more when
// byte gives none; and the index by pointer (0 for none).
type dbcsForm struct {
	row, col [256]uint16
	index    []uint16
	side     []uint32
}

// dbcsNewForm returns the dbcsForm of an encoding whose pointer is
// (leading − 0x81) × cols + column(byte), for leading bytes 0x81 to 0xFE
// (step 5), where column(b) is b − offset, or -1 when b gives no pointer.
func dbcsNewForm(cols int, column func(b int) int, index []uint16, side []uint32) *dbcsForm {
	f := &dbcsForm{index: index, side: side}
	for b := range 256 {
		f.row[b], f.col[b] = dbcsNoPointer, dbcsNoPointer
		if b >= 0x81 && b <= 0xFE {
			f.row[b] = uint16((b - 0x81) * cols)
		}
		if c := column(b); c >= 0 {
			f.col[b] = uint16(c)
		}
	}
	return f
}

// dbcsDecoder is the Big5 or EUC-KR decoder: its only state is the
// encoding's leading byte (Big5 leading, EUC-KR leading).
type dbcsDecoder struct {
	codec.DecodeErrors
	lead byte // 0x00 when none
	form *dbcsForm
}

// dbcsNewDecoder returns the NewDecoderMode of the encoding called name
// whose step 3 is form.
func dbcsNewDecoder(name string, form *dbcsForm) func(fatal bool) transform.Transformer {
	return func(fatal bool) transform.Transformer {
		return &dbcsDecoder{DecodeErrors: codec.DecodeErrors{Name: name, Fatal: fatal}, form: form}
	}
}

func (d *dbcsDecoder) Reset() {
	d.lead = 0
	d.Base = 0
}

func (d *dbcsDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	nDst, nSrc, err = d.decode(dst, src, atEOF)
	d.Advance(nSrc)
	return nDst, nSrc, err
}

// decode runs the decoder's handler over src. In fatal mode it returns at
// the first error with nSrc past every byte the Standard's decoder
// consumed for it (the erroneous sequence's bytes in src; a restored ASCII
// byte is not consumed) and the leading byte cleared, as the Standard's
// decoder is after the error, so a caller may resume on src[nSrc:].
func (d *dbcsDecoder) decode(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	f := d.form
	lead := d.lead
	for nSrc < len(src) {
		b := src[nSrc]
		if lead == 0 {
			if b < 0x80 {
				// Step 4: an ASCII byte is its code point.
				n := codec.CopyASCII(dst[nDst:], src[nSrc:])
				if n == 0 {
					err = transform.ErrShortDst
					break
				}
				nDst += n
				nSrc += n
				continue
			}
			if n, m := dbcsDecodeRun(dst[nDst:], src[nSrc:], f); m > 0 {
				nDst += n
				nSrc += m
				continue
			}
			if b == 0x80 || b == 0xFF {
				// Step 6: neither ASCII nor a leading byte.
				if d.Fatal {
					err = d.Err(nSrc, b)
					nSrc++
					break
				}
				if len(dst)-nDst < 3 {
					err = transform.ErrShortDst
					break
				}
				dst[nDst], dst[nDst+1], dst[nDst+2] = 0xEF, 0xBF, 0xBD
				nDst += 3
				nSrc++
				continue
			}
			// Step 5: remember the leading byte.
			lead = b
			nSrc++
			if nSrc == len(src) {
				break
			}
			b = src[nSrc]
		}
		// Step 3: lead is the leading byte, b the byte at src[nSrc].
		if p := int(f.row[lead]) + int(f.col[b]); p < len(f.index) {
			if v := f.index[p]; v != 0 {
				n := dbcsPut(dst[nDst:], v, f.side)
				if n == 0 {
					err = transform.ErrShortDst
					break
				}
				nDst += n
				lead = 0
				nSrc++
				continue
			}
		}
		// The error steps; an ASCII byte is restored (not consumed).
		if d.Fatal {
			if b < 0x80 {
				err = d.Err(nSrc-1, lead)
			} else {
				err = d.Err(nSrc-1, lead, b)
				nSrc++
			}
			lead = 0
			break
		}
		if len(dst)-nDst < 3 {
			err = transform.ErrShortDst
			break
		}
		dst[nDst], dst[nDst+1], dst[nDst+2] = 0xEF, 0xBF, 0xBD
		nDst += 3
		lead = 0
		if b >= 0x80 {
			nSrc++
		}
	}
	if err == nil && atEOF && lead != 0 {
		// Step 1: end-of-queue with the leading byte set is an error.
		if d.Fatal {
			err = d.Err(nSrc-1, lead)
			lead = 0
		} else if len(dst)-nDst < 3 {
			err = transform.ErrShortDst
		} else {
			dst[nDst], dst[nDst+1], dst[nDst+2] = 0xEF, 0xBF, 0xBD
			nDst += 3
			lead = 0
		}
	}
	d.lead = lead
	return nDst, nSrc, err
}

// dbcsPut writes the output of the index value v (a code point of at
// least U+0080, or dbcsSideMarker+i for side[i]) into dst and returns its
// length, or 0 (writing nothing) when dst has no room for it.
func dbcsPut(dst []byte, v uint16, side []uint32) int {
	switch {
	case v-dbcsSideMarker < 0x800:
		// Four UTF-8 bytes: an astral code point, or two code points.
		if len(dst) < 4 {
			return 0
		}
		binary.BigEndian.PutUint32(dst, side[v-dbcsSideMarker])
		return 4
	case v >= 0x800:
		if len(dst) < 3 {
			return 0
		}
		_ = dst[2]
		dst[0] = 0xE0 | byte(v>>12)
		dst[1] = 0x80 | byte(v>>6)&0x3F
		dst[2] = 0x80 | byte(v)&0x3F
		return 3
	}
	if len(dst) < 2 {
		return 0
	}
	_ = dst[1]
	dst[0] = 0xC0 | byte(v>>6)
	dst[1] = 0x80 | byte(v)&0x3F
	return 2
}

// dbcsDecodeRun decodes the longest prefix of src made of two-byte
// sequences whose index value is a code point in U+0800–U+FFFF (and of
// single ASCII bytes between them), as far as dst has room for four more
// bytes, and returns the bytes written and read: the decoder's hot loop.
// Everything else (errors, two-byte UTF-8 and side entries) is left to the
// general path.
func dbcsDecodeRun(dst, src []byte, f *dbcsForm) (nDst, nSrc int) {
	index, row, col := f.index, &f.row, &f.col
	for nSrc+2 <= len(src) && nDst+4 <= len(dst) {
		lead, b := src[nSrc], src[nSrc+1]
		ptr := int(row[lead]) + int(col[b])
		if ptr >= len(index) {
			if lead < 0x80 && b >= 0x80 {
				// A lone ASCII byte between sequences (a space between
				// words).
				dst[nDst] = lead
				nDst++
				nSrc++
				continue
			}
			break
		}
		v := uint32(index[ptr])
		if v < 0x800 || v-dbcsSideMarker < 0x800 {
			break
		}
		// Three UTF-8 bytes, stored as four (dst has room; the fourth is
		// overwritten or beyond what is reported written).
		binary.LittleEndian.PutUint32(dst[nDst:], 0xE0|v>>12|(0x80|(v>>6)&0x3F)<<8|(0x80|v&0x3F)<<16)
		nDst += 3
		nSrc += 2
	}
	return nDst, nSrc
}
