package cjk

import (
	"encoding/binary"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	jistab "github.com/webenc/webenc/tables/jis"
	"github.com/webenc/webenc/whatwg/internal/codec"
)

// ShiftJIS is the Standard's Shift_JIS encoding (Windows code page 932 as
// browsers implement it): JIS X 0208 with the NEC and IBM extensions, the
// half-width katakana as single bytes, and the Windows EUDC area decoded to
// Private Use code points.
var ShiftJIS encoding.Encoding = &codec.Encoding{
	Name: "Shift_JIS",
	NewDecoderMode: func(fatal bool) transform.Transformer {
		return &sjisDecoder{DecodeErrors: codec.DecodeErrors{Name: "Shift_JIS", Fatal: fatal}}
	},
	NewRawEncoder: dbcsNewEncoder("Shift_JIS", &jistab.ShiftJISEncode3, sjisOther),
}

// sjisDecoder is the Shift_JIS decoder: its only state is Shift_JIS leading.
type sjisDecoder struct {
	codec.DecodeErrors
	lead byte // Shift_JIS leading; 0x00 when none
}

func (d *sjisDecoder) Reset() {
	d.lead = 0
	d.Base = 0
}

func (d *sjisDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	nDst, nSrc, err = d.decode(dst, src, atEOF)
	d.Advance(nSrc)
	return nDst, nSrc, err
}

// decode runs the Shift_JIS decoder's handler over src. In fatal mode it
// stops after the erroneous sequence, as codec.DecodeErrors describes: nSrc
// counts its bytes (not a restored ASCII byte) and Shift_JIS leading is
// cleared, as the Standard's decoder leaves it.
func (d *sjisDecoder) decode(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	// d.lead is written back at every return that leaves it set.
	lead := d.lead
	d.lead = 0
	for nSrc < len(src) {
		b := src[nSrc]
		if lead == 0 {
			if b < 0x80 {
				// Step 4: an ASCII byte is its code point.
				n := codec.CopyASCII(dst[nDst:], src[nSrc:])
				if n == 0 {
					return nDst, nSrc, transform.ErrShortDst
				}
				nDst += n
				nSrc += n
				continue
			}
			if b-0x81 <= 0x9F-0x81 || b-0xE0 <= 0xFC-0xE0 {
				// Step 6: a leading byte.
				if dn, sn := sjisPairs(dst[nDst:], src[nSrc:]); sn > 0 {
					nDst += dn
					nSrc += sn
					continue
				}
				if nSrc+1 < len(src) {
					// The common case: the trailing byte is here.
					t := src[nSrc+1]
					if c := sjisLookup(b, t); c != 0 {
						if len(dst)-nDst < 3 {
							return nDst, nSrc, transform.ErrShortDst
						}
						nDst += jisPut(dst[nDst:], c)
						nSrc += 2
						continue
					}
				}
				lead = b
				nSrc++
				continue
			}
			if len(dst)-nDst < 3 {
				return nDst, nSrc, transform.ErrShortDst
			}
			if b-0xA1 <= 0xDF-0xA1 {
				// Step 5: half-width katakana, U+FF61 − 0xA1 + byte.
				nDst += jisPut(dst[nDst:], 0xFF61-0xA1+uint16(b))
				nSrc++
				continue
			}
			if b == 0x80 {
				// Step 4: 0x80 is U+0080.
				dst[nDst], dst[nDst+1] = 0xC2, 0x80
				nDst += 2
				nSrc++
				continue
			}
			// Step 7: 0xA0 and 0xFD to 0xFF are errors.
			if d.Fatal {
				return nDst, nSrc + 1, d.Err(nSrc, b)
			}
			jisPutFFFD(dst[nDst:])
			nDst += 3
			nSrc++
			continue
		}
		// Step 3: lead is Shift_JIS leading (from src[nSrc-1], or an
		// earlier call when nSrc is 0), b the byte after it.
		if len(dst)-nDst < 3 {
			break
		}
		if c := sjisLookup(lead, b); c != 0 {
			nDst += jisPut(dst[nDst:], c)
			lead = 0
			nSrc++
			continue
		}
		// Steps 3.10–3.11: error; an ASCII byte is restored to be
		// decoded afresh, so it is not part of the erroneous sequence.
		if d.Fatal {
			if b < 0x80 {
				return nDst, nSrc, d.Err(nSrc-1, lead)
			}
			return nDst, nSrc + 1, d.Err(nSrc-1, lead, b)
		}
		jisPutFFFD(dst[nDst:])
		nDst += 3
		lead = 0
		if b >= 0x80 {
			nSrc++
		}
	}
	if lead != 0 && nSrc == len(src) && atEOF {
		// Step 1: end-of-queue with Shift_JIS leading set is an error.
		if d.Fatal {
			return nDst, nSrc, d.Err(nSrc-1, lead)
		}
		if len(dst)-nDst < 3 {
			d.lead = lead
			return nDst, nSrc, transform.ErrShortDst
		}
		jisPutFFFD(dst[nDst:])
		nDst += 3
		lead = 0
	}
	d.lead = lead
	if nSrc < len(src) {
		return nDst, nSrc, transform.ErrShortDst
	}
	return nDst, nSrc, nil
}

// sjisLookup returns the code point for the leading byte lead (0x81 to
// 0x9F or 0xE0 to 0xFC) and the byte b after it (Shift_JIS decoder steps
// 3.4–3.9), or 0 if there is none.
func sjisLookup(lead, b byte) uint16 {
	// Steps 3.4–3.6; a b that forms no pointer gives one beyond every
	// table.
	p := int(sjisLeadBase[lead]) + int(sjisTrailOffset[b])
	// Step 3.8: index jis0208.
	if p < 8836 {
		return jistab.JIS0208[p]
	}
	// Step 3.7: pointers 8836 to 10715 are the EUDC area, decoded to
	// U+E000 to U+E757.
	if p <= 10715 {
		return uint16(0xE000 - 8836 + p)
	}
	if p < len(jistab.JIS0208) {
		return jistab.JIS0208[p]
	}
	return 0
}

// sjisPairs decodes the longest prefix of src made of leading and trailing
// byte pairs whose code points take three UTF-8 bytes (step 3), while dst
// has room for four, and returns the lengths written and read: the
// decoder's hot path.
func sjisPairs(dst, src []byte) (nDst, nSrc int) {
	d, s := dst, src
	for len(s) >= 2 && len(d) >= 4 {
		if l := s[0]; l-0x81 > 0x9F-0x81 && l-0xE0 > 0xFC-0xE0 {
			break
		}
		c := sjisLookup(s[0], s[1])
		if c < 0x800 {
			break
		}
		binary.LittleEndian.PutUint32(d, jisUTF8(c))
		d, s = d[3:], s[2:]
	}
	return len(dst) - len(d), len(src) - len(s)
}

// sjisNoPointer is sjisTrailOffset's value for a byte that is no trailing
// byte: larger than any pointer plus any leading base.
const sjisNoPointer = 0x8000

// sjisLeadBase and sjisTrailOffset split the Shift_JIS decoder's pointer
// (step 3.6): (leading − leadingOffset) × 188 for each leading byte, and
// byte − offset for each byte in 0x40 to 0x7E or 0x80 to 0xFC
// (sjisNoPointer for the others). They are computed once and never
// written again.
var sjisLeadBase, sjisTrailOffset = sjisDecodeOffsets()

func sjisDecodeOffsets() (lead, trail [256]uint16) {
	for b := 0; b < 256; b++ {
		// Step 3.5.
		lo := 0xC1
		if b < 0xA0 {
			lo = 0x81
		}
		if (b >= 0x81 && b <= 0x9F) || (b >= 0xE0 && b <= 0xFC) {
			lead[b] = uint16((b - lo) * 188)
		}
		// Steps 3.4 and 3.6.
		off := 0x41
		if b < 0x7F {
			off = 0x40
		}
		trail[b] = sjisNoPointer
		if (b >= 0x40 && b <= 0x7E) || (b >= 0x80 && b <= 0xFC) {
			trail[b] = uint16(b - off)
		}
	}
	return lead, trail
}

// sjisOther is the Shift_JIS encoder's handler for a code point r of at
// least U+0080 (the hot loop handles ASCII, step 2, and the three-byte code
// points of jistab.ShiftJISEncode3).
func sjisOther(r rune) (uint32, int) {
	// Steps 6–13: the index Shift_JIS pointer (U+2212 is looked up as
	// U+FF0D). Steps 2–5 concern code points not in index jis0208, so they
	// are tested only when the lookup fails.
	if r < 0x10000 {
		if v := dbcsLookup(r, &jistab.ShiftJISEncode3, &jistab.ShiftJISEncodeLow); v != 0 {
			return uint32(v), 2
		}
	}
	switch {
	case r == 0x80:
		return 0x80, 1 // step 2
	case r == 0xA5:
		return 0x5C, 1 // step 3
	case r == 0x203E:
		return 0x7E, 1 // step 4
	case uint32(r-0xFF61) <= 0xFF9F-0xFF61:
		return uint32(r - 0xFF61 + 0xA1), 1 // step 5
	}
	// Step 8: error with the code point.
	return 0, 0
}
