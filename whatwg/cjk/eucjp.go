package cjk

import (
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	jistab "github.com/webenc/webenc/tables/jis"
	"github.com/webenc/webenc/whatwg/internal/codec"
)

// EUCJP is the Standard's EUC-JP encoding: JIS X 0208 in two bytes,
// half-width katakana after 0x8E and, when decoding only, JIS X 0212 after
// 0x8F.
var EUCJP encoding.Encoding = &codec.Encoding{
	Name: "EUC-JP",
	NewDecoderMode: func(fatal bool) transform.Transformer {
		return &eucjpDecoder{DecodeErrors: codec.DecodeErrors{Name: "EUC-JP", Fatal: fatal}}
	},
	NewRawEncoder: dbcsNewEncoder("EUC-JP", &jistab.EUCEncode3, eucjpOther),
}

// eucjpDecoder is the EUC-JP decoder: EUC-JP jis0212 and EUC-JP leading.
type eucjpDecoder struct {
	codec.DecodeErrors
	lead byte // EUC-JP leading; 0x00 when none
	j212 bool // EUC-JP jis0212: lead came after 0x8F
}

func (d *eucjpDecoder) Reset() {
	d.lead, d.j212 = 0, false
	d.Base = 0
}

func (d *eucjpDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	nDst, nSrc, err = d.decode(dst, src, atEOF)
	d.Advance(nSrc)
	return nDst, nSrc, err
}

// decode runs the EUC-JP decoder's handler over src. In fatal mode it stops
// after the erroneous sequence, as codec.DecodeErrors describes: nSrc
// counts its bytes (not a restored ASCII byte) and the state is cleared, as
// the Standard's decoder leaves it.
func (d *eucjpDecoder) decode(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	// The state is written back at every return that leaves it set.
	lead, j212 := d.lead, d.j212
	d.lead, d.j212 = 0, false
	for nSrc < len(src) {
		b := src[nSrc]
		if lead == 0 {
			if b < 0x80 {
				// Step 6: an ASCII byte is its code point.
				n := codec.CopyASCII(dst[nDst:], src[nSrc:])
				if n == 0 {
					return nDst, nSrc, transform.ErrShortDst
				}
				nDst += n
				nSrc += n
				continue
			}
			if b-0xA1 <= 0xFE-0xA1 {
				// Step 7: a leading byte.
				if dn, sn := jisPairs(dst[nDst:], src[nSrc:], 0xA1); sn > 0 {
					nDst += dn
					nSrc += sn
					continue
				}
				if nSrc+1 < len(src) {
					// The common case: step 5 with the trailing byte here.
					if t := src[nSrc+1]; t-0xA1 <= 0xFE-0xA1 {
						if c := jistab.JIS0208[int(b-0xA1)*94+int(t-0xA1)]; c != 0 {
							if len(dst)-nDst < 3 {
								return nDst, nSrc, transform.ErrShortDst
							}
							nDst += jisPut(dst[nDst:], c)
							nSrc += 2
							continue
						}
					}
				}
				lead = b
				nSrc++
				continue
			}
			if b == 0x8E || b == 0x8F {
				// Step 7.
				lead = b
				nSrc++
				continue
			}
			// Step 8: any other byte is an error.
			if d.Fatal {
				return nDst, nSrc + 1, d.Err(nSrc, b)
			}
			if len(dst)-nDst < 3 {
				return nDst, nSrc, transform.ErrShortDst
			}
			jisPutFFFD(dst[nDst:])
			nDst += 3
			nSrc++
			continue
		}
		if lead == 0x8F && b-0xA1 <= 0xFE-0xA1 {
			// Step 4: a JIS X 0212 leading byte.
			j212 = true
			lead = b
			nSrc++
			continue
		}
		if len(dst)-nDst < 3 {
			break
		}
		if lead == 0x8E && b-0xA1 <= 0xDF-0xA1 {
			// Step 3: half-width katakana, U+FF61 − 0xA1 + byte.
			nDst += jisPut(dst[nDst:], 0xFF61-0xA1+uint16(b))
			lead = 0
			nSrc++
			continue
		}
		// Step 5.4: index jis0208 or index jis0212.
		var c uint16
		if lead-0xA1 <= 0xFE-0xA1 && b-0xA1 <= 0xFE-0xA1 {
			p := int(lead-0xA1)*94 + int(b-0xA1)
			if j212 {
				c = jistab.JIS0212[p]
			} else {
				c = jistab.JIS0208[p]
			}
		}
		if c != 0 {
			// Step 5.6.
			nDst += jisPut(dst[nDst:], c)
			lead, j212 = 0, false
			nSrc++
			continue
		}
		// Steps 5.7–5.8: error; an ASCII byte is restored to be decoded
		// afresh, so it is not part of the erroneous sequence.
		if d.Fatal {
			err = eucjpErr(d, lead, j212, nSrc, b, true)
			if b >= 0x80 {
				nSrc++
			}
			return nDst, nSrc, err
		}
		jisPutFFFD(dst[nDst:])
		nDst += 3
		lead, j212 = 0, false
		if b >= 0x80 {
			nSrc++
		}
	}
	if lead != 0 && nSrc == len(src) && atEOF {
		// Step 1: end-of-queue with EUC-JP leading set is an error. (The
		// Standard leaves EUC-JP jis0212 set; nothing reads it after
		// end-of-queue, and clearing it lets the decoder be reused.)
		if d.Fatal {
			return nDst, nSrc, eucjpErr(d, lead, j212, nSrc, 0, false)
		}
		if len(dst)-nDst < 3 {
			d.lead, d.j212 = lead, j212
			return nDst, nSrc, transform.ErrShortDst
		}
		jisPutFFFD(dst[nDst:])
		nDst += 3
		lead, j212 = 0, false
	}
	d.lead, d.j212 = lead, j212
	if nSrc < len(src) {
		return nDst, nSrc, transform.ErrShortDst
	}
	return nDst, nSrc, nil
}

// eucjpErr builds the error for the sequence that ends with the byte b at
// nSrc (hasByte; an ASCII b is restored, so not part of it), or with the
// end of input, after the leading byte lead (and 0x8F before it when j212
// is set): steps 1 and 5.7–5.8.
func eucjpErr(d *eucjpDecoder, lead byte, j212 bool, nSrc int, b byte, hasByte bool) error {
	var seq [3]byte
	n := 0
	if j212 {
		seq[n] = 0x8F
		n++
	}
	seq[n] = lead
	n++
	if hasByte && b >= 0x80 {
		seq[n] = b
		n++
	}
	start := nSrc - 1
	if j212 {
		start--
	}
	return d.Err(start, seq[:n]...)
}

// eucjpOther is the EUC-JP encoder's handler for a code point r of at least
// U+0080 (the hot loop handles ASCII, step 2, and the three-byte code
// points of index jis0208 through jistab.EUCEncode3).
func eucjpOther(r rune) (uint32, int) {
	// Steps 6–11 (U+2212 is looked up as U+FF0D by jisEUC). Steps 3–5
	// concern code points not in index jis0208, so they are tested only
	// when the lookup fails.
	if v := jisEUC(r); v != 0 {
		return uint32(v), 2
	}
	switch {
	case r == 0xA5:
		return 0x5C, 1 // step 3
	case r == 0x203E:
		return 0x7E, 1 // step 4
	case uint32(r-0xFF61) <= 0xFF9F-0xFF61:
		// Step 5: half-width katakana.
		return 0x8E | uint32(r-0xFF61+0xA1)<<8, 2
	}
	// Step 8: error with the code point.
	return 0, 0
}
