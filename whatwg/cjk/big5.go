package cjk

import (
	"encoding/binary"

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

// decode runs the Big5 decoder's handler over src. In fatal mode it stops
// just before the erroneous sequence: nSrc is the sequence's first byte, or
// 0 with the leading byte kept in the state when that byte came in an
// earlier call.
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
			}
			if nSrc > 0 {
				nSrc--
				lead = 0
			}
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
			if nSrc > 0 {
				nSrc--
				lead = 0
			}
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
		return big5tab.EncodePages[int(big5tab.EncodeIndex[r>>6])<<6|int(r)&63]
	}
	if a := uint32(r - big5tab.AstralBase); a < big5tab.AstralLimit {
		return big5tab.EncodeAstralPages[int(big5tab.EncodeAstralIndex[a>>6])<<6|int(a)&63]
	}
	return 0
}

func (e *big5Encoder) encode(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		c := src[nSrc]
		if c < 0x80 {
			// Step 2: ASCII. Text interleaves short ASCII runs with
			// ideographs: copy one byte, then the rest of a longer run.
			if nDst >= len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			dst[nDst] = c
			nDst++
			nSrc++
			if nSrc < len(src) && src[nSrc] < 0x80 {
				n := codec.CopyASCII(dst[nDst:], src[nSrc:])
				nDst += n
				nSrc += n
			}
			continue
		}
		// Fast path: a run of three-byte UTF-8 sequences.
		if n, m := big5EncodeRun(dst[nDst:], src[nSrc:]); m > 0 {
			nDst += n
			nSrc += m
			continue
		}
		if nSrc >= len(src) || src[nSrc] < 0x80 {
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

// big5EncodeRun encodes the longest prefix of src made of three-byte UTF-8
// sequences (U+0800–U+FFFF) that the table has, and of ASCII bytes each
// followed by a non-ASCII byte, as far as dst has room, and returns the
// bytes written and read. It leaves surrogates (absent from the table),
// overlong forms, ASCII runs and everything else to the general path.
func big5EncodeRun(dst, src []byte) (nDst, nSrc int) {
	for {
		if nSrc+8 <= len(src) && nDst+4 <= len(dst) {
			// Two sequences at once.
			w := binary.LittleEndian.Uint64(src[nSrc:])
			if w&0xC0C0F0C0C0F0 == 0x8080E08080E0 {
				r1 := uint32(w&0x0F)<<12 | uint32(w>>2)&0xFC0 | uint32(w>>16)&0x3F
				r2 := uint32(w>>24&0x0F)<<12 | uint32(w>>26)&0xFC0 | uint32(w>>40)&0x3F
				v1 := big5tab.EncodePages[int(big5tab.EncodeIndex[(r1>>6)&0x3FF])<<6|int(r1&63)]
				v2 := big5tab.EncodePages[int(big5tab.EncodeIndex[(r2>>6)&0x3FF])<<6|int(r2&63)]
				if v1 != 0 && v2 != 0 && r1 >= 0x800 && r2 >= 0x800 {
					binary.BigEndian.PutUint32(dst[nDst:], uint32(v1)<<16|uint32(v2))
					nDst += 4
					nSrc += 6
					continue
				}
			}
		}
		if nSrc+4 > len(src) || nDst+2 > len(dst) {
			return nDst, nSrc
		}
		w := binary.LittleEndian.Uint32(src[nSrc:])
		if w&0x8080 == 0x8000 {
			// A lone ASCII byte between sequences (a space between words).
			dst[nDst] = byte(w)
			nDst++
			nSrc++
			continue
		}
		// One sequence.
		r := (w&0x0F)<<12 | (w>>2)&0xFC0 | (w>>16)&0x3F
		v := big5tab.EncodePages[int(big5tab.EncodeIndex[(r>>6)&0x3FF])<<6|int(r&63)]
		if w&0xC0C0F0 != 0x8080E0 || v == 0 || r < 0x800 {
			return nDst, nSrc
		}
		binary.BigEndian.PutUint16(dst[nDst:], v)
		nDst += 2
		nSrc += 3
	}
}
