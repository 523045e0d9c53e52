package cjk

import (
	"encoding/binary"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	euckrtab "github.com/webenc/webenc/tables/euckr"
	"github.com/webenc/webenc/whatwg/internal/codec"
)

// EUCKR is the Standard's EUC-KR encoding: KS X 1001 with the Unified
// Hangul Code extensions (Windows code page 949).
var EUCKR encoding.Encoding = &codec.Encoding{
	Name: "EUC-KR",
	NewDecoderMode: func(fatal bool) transform.Transformer {
		return &euckrDecoder{DecodeErrors: codec.DecodeErrors{Name: "EUC-KR", Fatal: fatal}}
	},
	NewRawEncoder: func() transform.Transformer {
		return &euckrEncoder{EncodeErrors: codec.EncodeErrors{Name: "EUC-KR"}}
	},
}

// euckrDecoder is the EUC-KR decoder: its only state is EUC-KR leading.
type euckrDecoder struct {
	codec.DecodeErrors
	lead byte // EUC-KR leading; 0x00 when none
}

func (d *euckrDecoder) Reset() {
	d.lead = 0
	d.Base = 0
}

func (d *euckrDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	nDst, nSrc, err = d.decode(dst, src, atEOF)
	d.Advance(nSrc)
	return nDst, nSrc, err
}

// decode runs the EUC-KR decoder's handler over src. In fatal mode it
// returns at the first error with nSrc past every byte the Standard's
// decoder consumed for it (the erroneous sequence's bytes in src; a
// restored ASCII byte is not consumed) and EUC-KR leading cleared, as the
// Standard's decoder is after the error, so a caller may resume on
// src[nSrc:].
func (d *euckrDecoder) decode(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
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
			if n, m := euckrDecodeRun(dst[nDst:], src[nSrc:]); m > 0 {
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
		// Step 3: lead is EUC-KR leading, b the byte at src[nSrc].
		if b >= 0x41 && b != 0xFF {
			ptr := int(lead-0x81)*190 + int(b-0x41)
			if ptr < len(euckrtab.Decode) {
				if v := euckrtab.Decode[ptr]; v != 0 {
					if v >= 0x800 {
						if len(dst)-nDst < 3 {
							err = transform.ErrShortDst
							break
						}
						_ = dst[nDst+2]
						dst[nDst] = 0xE0 | byte(v>>12)
						dst[nDst+1] = 0x80 | byte(v>>6)&0x3F
						dst[nDst+2] = 0x80 | byte(v)&0x3F
						nDst += 3
					} else {
						if len(dst)-nDst < 2 {
							err = transform.ErrShortDst
							break
						}
						_ = dst[nDst+1]
						dst[nDst] = 0xC0 | byte(v>>6)
						dst[nDst+1] = 0x80 | byte(v)&0x3F
						nDst += 2
					}
					lead = 0
					nSrc++
					continue
				}
			}
		}
		// Steps 3.7–3.8: error; an ASCII byte is restored (not consumed).
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
		// Step 1: end-of-queue with EUC-KR leading set is an error.
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

// euckrDecodeRun decodes the longest prefix of src made of two-byte
// sequences whose index EUC-KR code point is in U+0800–U+FFFF, as far as
// dst has room for four more bytes, and returns the bytes written and read.
// Everything else is left to the general path.
func euckrDecodeRun(dst, src []byte) (nDst, nSrc int) {
	for nSrc+2 <= len(src) && nDst+4 <= len(dst) {
		lead, b := src[nSrc], src[nSrc+1]
		if lead < 0x80 && b >= 0x80 {
			// A lone ASCII byte between sequences (a space between words).
			dst[nDst] = lead
			nDst++
			nSrc++
			continue
		}
		if lead < 0x81 || lead == 0xFF || b < 0x41 || b == 0xFF {
			break
		}
		// Step 3.4.
		ptr := int(lead-0x81)*190 + int(b-0x41)
		if ptr >= len(euckrtab.Decode) {
			break
		}
		v := uint32(euckrtab.Decode[ptr])
		if v < 0x800 {
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

// euckrEncoder is the EUC-KR encoder (stateless).
type euckrEncoder struct {
	codec.EncodeErrors
}

func (e *euckrEncoder) Reset() { e.Base = 0 }

func (e *euckrEncoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	nDst, nSrc, err = e.encode(dst, src, atEOF)
	e.Advance(nSrc)
	return nDst, nSrc, err
}

func (e *euckrEncoder) encode(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		// The common cases: ASCII (step 2) and three-byte sequences for
		// code points in the index (steps 3–7).
		n, m := dbcsEncodeRun(dst[nDst:], src[nSrc:], &euckrtab.EncodeBMP)
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
		// Steps 3–7.
		var v uint16
		if r < 0x10000 {
			v = euckrtab.EncodeBMP[r]
		}
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
