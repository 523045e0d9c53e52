package cjk

import (
	"encoding/binary"
	"math/bits"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	big5tab "github.com/webenc/webenc/tables/big5"
	"github.com/webenc/webenc/whatwg/internal/codec"
)

// Big5 is the Standard's Big5 encoding: Big5 with the Hong Kong
// Supplementary Character Set and other common extensions when decoding,
// without the Hong Kong extensions when encoding.
var Big5 encoding.Encoding = &codec.Encoding{
	Name: "Big5",
	NewDecoderMode: func(fatal bool) transform.Transformer {
		return &big5Decoder{DecodeErrors: codec.DecodeErrors{Name: "Big5", Fatal: fatal}}
	},
	NewRawEncoder: func() transform.Transformer {
		return &big5Encoder{EncodeErrors: codec.EncodeErrors{Name: "Big5"}}
	},
}

// big5Decoder is the Big5 decoder: its only state is Big5 leading.
type big5Decoder struct {
	codec.DecodeErrors
	lead byte // Big5 leading; 0x00 when none
}

func (d *big5Decoder) Reset() {
	d.lead = 0
	d.Base = 0
}

func (d *big5Decoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	nDst, nSrc, err = d.decode(dst, src, atEOF)
	d.Advance(nSrc)
	return nDst, nSrc, err
}

// decode runs the Big5 decoder's handler over src. In fatal mode it
// returns at the first error with nSrc past every byte the Standard's
// decoder consumed for it (the erroneous sequence's bytes in src; a
// restored ASCII byte is not consumed) and Big5 leading cleared, as the
// Standard's decoder is after the error, so a caller may resume on
// src[nSrc:].
func (d *big5Decoder) decode(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
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
			if n, m := big5DecodeRun(dst[nDst:], src[nSrc:]); m > 0 {
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
		// Step 3: lead is Big5 leading, b the byte at src[nSrc].
		ptr := -1
		if b >= 0x40 && b <= 0x7E {
			ptr = int(lead-0x81)*157 + int(b-0x40)
		} else if b >= 0xA1 && b <= 0xFE {
			ptr = int(lead-0x81)*157 + int(b-0x62)
		}
		if ptr >= 0 && ptr < len(big5tab.Decode) {
			if v := big5tab.Decode[ptr]; v != 0 {
				switch {
				case v-big5tab.SideMarker < 0x800:
					// Astral code point, or one of the two-code-point
					// pointers of step 3.6: four UTF-8 bytes either way.
					if len(dst)-nDst < 4 {
						err = transform.ErrShortDst
						break
					}
					s := big5tab.DecodeSide[v-big5tab.SideMarker]
					_ = dst[nDst+3]
					dst[nDst], dst[nDst+1], dst[nDst+2], dst[nDst+3] = byte(s>>24), byte(s>>16), byte(s>>8), byte(s)
					nDst += 4
				case v >= 0x800:
					if len(dst)-nDst < 3 {
						err = transform.ErrShortDst
						break
					}
					_ = dst[nDst+2]
					dst[nDst] = 0xE0 | byte(v>>12)
					dst[nDst+1] = 0x80 | byte(v>>6)&0x3F
					dst[nDst+2] = 0x80 | byte(v)&0x3F
					nDst += 3
				default:
					if len(dst)-nDst < 2 {
						err = transform.ErrShortDst
						break
					}
					_ = dst[nDst+1]
					dst[nDst] = 0xC0 | byte(v>>6)
					dst[nDst+1] = 0x80 | byte(v)&0x3F
					nDst += 2
				}
				if err != nil {
					break
				}
				lead = 0
				nSrc++
				continue
			}
		}
		// Steps 3.9–3.10: error; an ASCII byte is restored (not consumed).
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
		// Step 1: end-of-queue with Big5 leading set is an error.
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

// big5DecodeRun decodes the longest prefix of src made of two-byte
// sequences whose index Big5 code point is in U+0800–U+FFFF, as far as dst
// has room for four more bytes, and returns the bytes written and read.
// Everything else (errors, astral and two-code-point entries) is left to
// the general path.
func big5DecodeRun(dst, src []byte) (nDst, nSrc int) {
	for nSrc+2 <= len(src) && nDst+4 <= len(dst) {
		lead, b := src[nSrc], src[nSrc+1]
		if lead < 0x80 && b >= 0x80 {
			// A lone ASCII byte between sequences (a space between words).
			dst[nDst] = lead
			nDst++
			nSrc++
			continue
		}
		if lead < 0x81 || lead == 0xFF {
			break
		}
		// Steps 3.4–3.5.
		var t int
		if b-0x40 < 0x3F {
			t = int(b) - 0x40
		} else if b-0xA1 < 0x5E {
			t = int(b) - 0x62
		} else {
			break
		}
		ptr := int(lead-0x81)*157 + t
		if ptr >= len(big5tab.Decode) {
			break
		}
		v := uint32(big5tab.Decode[ptr])
		if v < 0x800 || v-big5tab.SideMarker < 0x800 {
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

// big5Encoder is the Big5 encoder (stateless).
type big5Encoder struct {
	codec.EncodeErrors
}

func (e *big5Encoder) Reset() { e.Base = 0 }

func (e *big5Encoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	nDst, nSrc, err = e.encode(dst, src, atEOF)
	e.Advance(nSrc)
	return nDst, nSrc, err
}

// big5Lookup returns the two bytes (leading<<8 | trailing) for the index
// Big5 pointer of r, or 0 if r has none.
func big5Lookup(r rune) uint16 {
	if r < 0x10000 {
		return big5tab.EncodeBMP[r]
	}
	if a := uint32(r - big5tab.AstralBase); a < big5tab.AstralLimit {
		return big5tab.EncodeAstralPages[int(big5tab.EncodeAstralIndex[a>>6])<<6|int(a)&63]
	}
	return 0
}

func (e *big5Encoder) encode(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		// The common cases: ASCII (step 2) and three-byte sequences for
		// code points that have a pointer (steps 3–8).
		n, m := dbcsEncodeRun(dst[nDst:], src[nSrc:], &big5tab.EncodeBMP)
		nDst += n
		nSrc += m
		if nSrc == len(src) {
			break
		}
		if c := src[nSrc]; c < 0x80 {
			// Step 2, near the end of src or dst.
			if nDst == len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			dst[nDst] = c
			nDst++
			nSrc++
			continue
		}
		r, size := codec.NextRune(src[nSrc:], atEOF)
		if size == 0 {
			return nDst, nSrc, transform.ErrShortSrc
		}
		// Steps 3–8.
		v := big5Lookup(r)
		if v == 0 {
			return nDst, nSrc, e.Err(r, nSrc, size)
		}
		if len(dst)-nDst < 2 {
			return nDst, nSrc, transform.ErrShortDst
		}
		binary.BigEndian.PutUint16(dst[nDst:], v)
		nDst += 2
		nSrc += size
	}
	return nDst, nSrc, nil
}

// dbcsEncodeRun is the hot loop of the Big5 and EUC-KR encoders, whose
// input is mostly three-byte UTF-8 sequences and ASCII. tab maps a BMP
// code point to its two bytes (leading<<8 | trailing), 0 when it has
// none. Each step reads eight bytes of src and handles, inline:
//   - ASCII bytes, up to the first non-ASCII one of the eight;
//   - two three-byte sequences;
//   - a three-byte sequence, an ASCII byte and a three-byte sequence
//     (a space between words);
//   - one three-byte sequence.
//
// A three-byte sequence is E0–EF 80–BF 80–BF and not overlong (bits 15–11
// of the code point are not all zero); surrogates (ED A0–BF xx) pass the
// form check but tab has 0 for them. It returns the lengths written and
// read, stopping at anything else (two-byte and four-byte sequences,
// invalid UTF-8, code points tab lacks) or with fewer than eight bytes of
// src or dst left, for the caller's general path.
func dbcsEncodeRun(dst, src []byte, tab *[0x10000]uint16) (nDst, nSrc int) {
	d, s := dst, src
	for len(s) >= 8 && len(d) >= 8 {
		w := binary.LittleEndian.Uint64(s)
		if w&0x80 == 0 {
			// ASCII, stored eight bytes at a time; n is the number of
			// leading ASCII bytes (8 if all are).
			n := bits.TrailingZeros64(w&0x8080808080808080) >> 3
			binary.LittleEndian.PutUint64(d, w)
			d, s = d[n:], s[n:]
			continue
		}
		r0 := uint16(w&0x0F)<<12 | uint16(w>>2)&0xFC0 | uint16(w>>16)&0x3F
		v0 := tab[r0]
		if w&0xC0C0F0C0C0F0 == 0x8080E08080E0 {
			r1 := uint16(w>>24&0x0F)<<12 | uint16(w>>26)&0xFC0 | uint16(w>>40)&0x3F
			v1 := tab[r1]
			if v0 == 0 || v1 == 0 || w&0x200F == 0 || w&0x200F000000 == 0 {
				break
			}
			binary.BigEndian.PutUint32(d, uint32(v0)<<16|uint32(v1))
			d, s = d[4:], s[6:]
			continue
		}
		if w&0xC0C0F080C0C0F0 == 0x8080E0008080E0 {
			r1 := uint16(w>>32&0x0F)<<12 | uint16(w>>34)&0xFC0 | uint16(w>>48)&0x3F
			v1 := tab[r1]
			if v0 == 0 || v1 == 0 || w&0x200F == 0 || w&0x200F00000000 == 0 {
				break
			}
			binary.LittleEndian.PutUint64(d, uint64(v0>>8)|uint64(v0&0xFF)<<8|w>>8&0xFF0000|uint64(v1>>8)<<24|uint64(v1&0xFF)<<32)
			d, s = d[5:], s[7:]
			continue
		}
		if w&0xC0C0F0 != 0x8080E0 || v0 == 0 || w&0x200F == 0 {
			break
		}
		binary.BigEndian.PutUint16(d, v0)
		d, s = d[2:], s[3:]
	}
	return len(dst) - len(d), len(src) - len(s)
}
