package codec

import "golang.org/x/text/transform"

// htmlEncoder implements the Standard's html error mode around an encoder
// that stops with *EncodeError: it writes "&#N;" for the code point the
// error reports, skips the input the error covers and carries on.
type htmlEncoder struct {
	raw transform.Transformer
	// esc holds an escape not yet written because dst was full.
	esc    [16]byte
	escLen int
	escPos int
}

// NewHTMLEncoder wraps raw, an encoder that reports unencodable code points
// with *EncodeError, into an html-mode encoder. Every other error of raw is
// passed through. The escape uses the code point in the error, not the input
// rune (the Standard reports U+FFFD for some inputs).
func NewHTMLEncoder(raw transform.Transformer) transform.Transformer {
	// The wrapper consumes every *EncodeError before it returns, so a
	// webenc encoder may reuse one error value (no allocation per escape).
	if r, ok := raw.(interface{ ReuseErrors() }); ok {
		r.ReuseErrors()
	}
	return &htmlEncoder{raw: raw}
}

func (h *htmlEncoder) Reset() {
	h.raw.Reset()
	h.escLen, h.escPos = 0, 0
}

func (h *htmlEncoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for {
		if h.escPos < h.escLen {
			n := copy(dst[nDst:], h.esc[h.escPos:h.escLen])
			nDst += n
			h.escPos += n
			if h.escPos < h.escLen {
				return nDst, nSrc, transform.ErrShortDst
			}
		}
		dn, sn, rerr := h.raw.Transform(dst[nDst:], src[nSrc:], atEOF)
		nDst += dn
		nSrc += sn
		// A plain type assertion: webenc encoders return *EncodeError
		// itself, and errors.As would allocate.
		ee, ok := rerr.(*EncodeError)
		if !ok {
			return nDst, nSrc, rerr
		}
		nSrc += ee.Size
		b := append(h.esc[:0], '&', '#')
		b = AppendDecimal(b, int64(ee.Rune))
		b = append(b, ';')
		h.escLen, h.escPos = len(b), 0
	}
}
