package simd

import (
	"encoding/binary"
	"math/bits"
)

// sbcsHighBits selects the high bit of every byte of a little-endian word: a
// word of ASCII bytes has none set.
const sbcsHighBits = 0x8080808080808080

// SBCSTable is a single-byte encoding's decoding table in the forms the
// DecodeSBCS kernels use. Make one with NewSBCSTable, once per encoding.
type SBCSTable struct {
	// decode is the table NewSBCSTable was given.
	decode [256]uint32
	// lead holds the first byte of the UTF-8 form of byte 0x80+i when
	// that form is two bytes long, 0 otherwise; first, second and third
	// hold the bytes of every form (0 where a form is shorter, first 0
	// for an unmapped byte). Vector forms look them up 64 entries per
	// register.
	lead, first, second, third [128]byte
}

// NewSBCSTable returns the kernels' form of a decoding table: decode[b]
// holds the UTF-8 form of byte b's code point, first byte lowest, in its
// low three bytes and the form's length (1 to 3) in its high byte; 0
// marks a byte the encoding does not map. decode[b] must be 1<<24|b for
// every b < 0x80 (ASCII decodes to itself).
func NewSBCSTable(decode *[256]uint32) *SBCSTable {
	t := &SBCSTable{decode: *decode}
	for i := range t.lead {
		e := decode[0x80+i]
		t.first[i], t.second[i], t.third[i] = byte(e), byte(e>>8), byte(e>>16)
		if e>>24 == 2 {
			t.lead[i] = byte(e)
		}
	}
	return t
}

// Decode returns t's copy of the decoding table NewSBCSTable was given.
func (t *SBCSTable) Decode() *[256]uint32 { return &t.decode }

// DecodeSBCS decodes the single-byte encoding whose table is t from src
// into dst and returns the bytes written and read.
//
// DecodeSBCS decodes the longest prefix of src it can: it stops before
// the first unmapped byte and before the first byte whose form does not
// fit in what is left of dst. Everything else (errors, U+FFFD, short dst)
// is the caller's. Bytes of dst past nDst may be overwritten.
func DecodeSBCS(dst, src []byte, t *SBCSTable) (nDst, nSrc int) {
	switch {
	case len(src) < 16 || len(dst) < sbcsBulkRoom:
		// Too short for the bulk loops to pay for themselves:
		// straight to the byte loop, without the calls through the
		// kernel choice.
		return decodeSBCSTail(dst, src, 0, 0, &t.decode)
	case len(src) < 64:
		// Too short for a vector kernel's loop (64 bytes): see
		// decodeSBCSShort.
		return decodeSBCSShort(dst, src, t)
	}
	return decodeSBCS(dst, src, t)
}

// sbcsBulkRoom is the room in dst decodeSBCSGeneric's bulk loop needs:
// eight 3-byte forms, the last stored as 4 bytes.
const sbcsBulkRoom = 8*3 + 1

// decodeSBCSGeneric is DecodeSBCS in pure Go, a word of eight bytes at a
// time, for platforms without vector kernels and for the tails the vector
// forms leave.
func decodeSBCSGeneric(dst, src []byte, t *[256]uint32) (nDst, nSrc int) {
	// Bulk: while even eight 3-byte forms and the final 4-byte store of
	// an entry fit, no byte needs a room check.
	for len(src)-nSrc >= 8 && len(dst)-nDst >= sbcsBulkRoom {
		n := min(len(src)-nSrc, (len(dst)-nDst-1)/3)
		in := src[nSrc : nSrc+n]
		out := dst[nDst:]
		i, j := 0, 0
		for i+8 <= len(in) {
			w := binary.LittleEndian.Uint64(in[i:])
			high := w & sbcsHighBits
			if high == 0 {
				// A run of ASCII: copy it a word at a time.
				binary.LittleEndian.PutUint64(out[j:], w)
				i += 8
				j += 8
				for i+8 <= len(in) {
					w = binary.LittleEndian.Uint64(in[i:])
					if w&sbcsHighBits != 0 {
						break
					}
					binary.LittleEndian.PutUint64(out[j:], w)
					i += 8
					j += 8
				}
				continue
			}
			if high&(high-1) == 0 {
				// One non-ASCII byte in the word, as in Latin text:
				// store the word, keep its ASCII prefix, convert it.
				binary.LittleEndian.PutUint64(out[j:], w)
				k := bits.TrailingZeros64(high) >> 3
				i += k
				j += k
				e := t[in[i]]
				if e == 0 {
					return nDst + j, nSrc + i
				}
				binary.LittleEndian.PutUint32(out[j:], e) // only e>>24 bytes count
				j += int(e >> 24)
				i++
				continue
			}
			// Mixed text: eight bytes through the table, without a
			// branch on ASCII.
			for end := i + 8; i < end; i++ {
				e := t[in[i]]
				if e == 0 {
					return nDst + j, nSrc + i
				}
				binary.LittleEndian.PutUint32(out[j:], e)
				j += int(e >> 24)
			}
		}
		nSrc += i
		nDst += j
		if i == 0 {
			break
		}
	}
	return decodeSBCSTail(dst, src, nDst, nSrc, t)
}

// decodeSBCSTail decodes byte by byte from src[nSrc:] into dst[nDst:],
// checking the room for each form. It is all of a short input's work
// (x/text's Bytes starts with a dst as long as src): an ASCII byte is
// itself, or, while eight bytes of src and dst are left, the start of a
// word stored at once of which the ASCII prefix is kept; any other byte
// goes through the table, as one 4-byte store while dst has room for it.
func decodeSBCSTail(dst, src []byte, nDst, nSrc int, t *[256]uint32) (int, int) {
	for ; nSrc < len(src); nSrc++ {
		c := src[nSrc]
		if c < 0x80 {
			if len(src)-nSrc >= 8 && len(dst)-nDst >= 8 {
				w := binary.LittleEndian.Uint64(src[nSrc:])
				binary.LittleEndian.PutUint64(dst[nDst:], w)
				k := bits.TrailingZeros64(w&sbcsHighBits) >> 3 // 1 to 8
				nSrc += k - 1
				nDst += k
				continue
			}
			if nDst == len(dst) {
				break
			}
			dst[nDst] = c
			nDst++
			continue
		}
		e := t[c]
		n := int(e >> 24)
		if e == 0 || len(dst)-nDst < n {
			break
		}
		if len(dst)-nDst >= 4 {
			binary.LittleEndian.PutUint32(dst[nDst:], e) // only n bytes count
		} else {
			for i := range n {
				dst[nDst+i] = byte(e >> (8 * i))
			}
		}
		nDst += n
	}
	return nDst, nSrc
}

// EncodeSBCS encodes UTF-8 src into the single-byte encoding whose
// reverse lookup is index and pages, and returns the bytes written and
// read: the byte for a code point r (0x80 ≤ r ≤ 0xFFFF) is
// pages[int(index[r>>6])<<6|int(r&63)], 0 when the encoding has none.
//
// EncodeSBCS encodes the longest prefix of src it can: ASCII as itself,
// and two- and three-byte sequences (neither overlong nor surrogates)
// whose code point has a byte. It stops before anything else (other
// sequences, invalid or truncated UTF-8, an unencodable code point, a
// page offset outside pages) and when dst is full; errors are the
// caller's. Bytes of dst past nDst may be overwritten.
func EncodeSBCS(dst, src []byte, index *[1024]uint8, pages []byte) (nDst, nSrc int) {
	return encodeSBCS(dst, src, index, pages)
}

// encodeSBCSGeneric is EncodeSBCS in pure Go: ASCII a word at a time (the
// word's ASCII prefix is stored with it), then the run of non-ASCII
// sequences that follows, one by one.
func encodeSBCSGeneric(dst, src []byte, index *[1024]uint8, pages []byte) (nDst, nSrc int) {
	for nSrc < len(src) && nDst < len(dst) {
		for nSrc+8 <= len(src) && nDst+8 <= len(dst) {
			w := binary.LittleEndian.Uint64(src[nSrc:])
			binary.LittleEndian.PutUint64(dst[nDst:], w)
			if high := w & sbcsHighBits; high != 0 {
				k := bits.TrailingZeros64(high) >> 3
				nSrc += k
				nDst += k
				// Straight to the run: src[nSrc] is not ASCII and src
				// and dst have room for the rest of the word, so the
				// checks below would pass, and on Latin text (one
				// letter between ASCII words) they would run per letter.
				goto run
			}
			nSrc += 8
			nDst += 8
		}
		if nSrc == len(src) || nDst == len(dst) {
			break
		}
		if c := src[nSrc]; c < 0x80 {
			// The last bytes of src or dst.
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
	run:
		// A run of two- and three-byte sequences (letters with
		// diacritics, Greek, Cyrillic, Hebrew, Arabic; Thai,
		// punctuation).
		for nSrc+1 < len(src) && nDst < len(dst) {
			c, c1 := src[nSrc], src[nSrc+1]
			if c < 0x80 {
				break // back to the word loop
			}
			if c1&0xC0 != 0x80 {
				return nDst, nSrc
			}
			var off, size int
			switch {
			case c-0xC2 < 0x1E:
				off, size = int(index[c&0x1F])<<6|int(c1&0x3F), 2
			case c-0xE0 < 0x10 && nSrc+2 < len(src) && src[nSrc+2]&0xC0 == 0x80:
				hi := uint(c&0x0F)<<6 | uint(c1&0x3F) // the code point >> 6
				if hi < 0x800>>6 || hi-0xD800>>6 < 0x800>>6 {
					return nDst, nSrc // overlong, or a surrogate
				}
				off, size = int(index[hi])<<6|int(src[nSrc+2]&0x3F), 3
			default:
				return nDst, nSrc
			}
			if off >= len(pages) || pages[off] == 0 {
				return nDst, nSrc
			}
			dst[nDst] = pages[off]
			nDst++
			nSrc += size
		}
		if nSrc < len(src) && nDst < len(dst) && src[nSrc] >= 0x80 {
			return nDst, nSrc // a lone lead byte ends src
		}
	}
	return nDst, nSrc
}
