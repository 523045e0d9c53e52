package whatwg

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/utf16"
	"github.com/webenc/webenc/whatwg/utf8"
)

// The byte order marks of the Standard's "BOM sniff" table.
const (
	bomUTF8    = "\xEF\xBB\xBF"
	bomUTF16BE = "\xFE\xFF"
	bomUTF16LE = "\xFF\xFE"
)

// BOMSniff implements the Standard's "BOM sniff": it looks at the first
// three bytes of b (fewer if b is shorter) and returns the encoding their
// byte order mark names — UTF-8 for EF BB BF, UTF-16BE for FE FF, UTF-16LE
// for FF FE — or nil if they start with none of them.
//
// b should hold at least three bytes unless it is the whole input: FE FF
// and FF FE are recognized from two bytes, but EF BB alone is not a BOM.
func BOMSniff(b []byte) encoding.Encoding {
	e, _ := sniff(b)
	return e
}

// sniff returns BOMSniff's result and the length of the byte order mark.
func sniff(b []byte) (encoding.Encoding, int) {
	switch {
	case bytes.HasPrefix(b, []byte(bomUTF8)):
		return utf8.UTF8, len(bomUTF8)
	case bytes.HasPrefix(b, []byte(bomUTF16BE)):
		return utf16.BE, len(bomUTF16BE)
	case bytes.HasPrefix(b, []byte(bomUTF16LE)):
		return utf16.LE, len(bomUTF16LE)
	}
	return nil, 0
}

// Decode implements the Standard's legacy "decode" hook on a complete
// input: if src starts with a byte order mark, the BOM's encoding
// overrides fallback and the BOM is removed; the rest is decoded in
// Replacement mode. It returns the UTF-8 output and the encoding used,
// which is what the Standard's note on BOMSniff lets a caller find out.
//
// A nil fallback means UTF-8. A fallback that is not a webenc encoding is
// decoded with its own NewDecoder (after the same BOM step).
func Decode(fallback encoding.Encoding, src []byte) (out []byte, used encoding.Encoding) {
	used = fallback
	if e, n := sniff(src); e != nil {
		used, src = e, src[n:]
	}
	if used == nil {
		used = utf8.UTF8
	}
	out, _ = AppendDecode(nil, used, src)
	return out, used
}

// decoderOf returns a replacement-mode decoder for e, which must not be
// nil: webenc's own, else e's NewDecoder.
func decoderOf(e encoding.Encoding) transform.Transformer {
	if ce := webenc(e); ce != nil {
		return ce.NewDecoderMode(false)
	}
	return e.NewDecoder()
}

// UTF8Decode implements the Standard's "UTF-8 decode": a leading UTF-8 byte
// order mark is removed and the rest decoded as UTF-8 in Replacement mode
// (every maximal invalid subsequence becomes U+FFFD). The result is always
// valid UTF-8. This is the decode hook new formats should use.
func UTF8Decode(src []byte) []byte {
	return UTF8DecodeWithoutBOM(bytes.TrimPrefix(src, []byte(bomUTF8)))
}

// UTF8DecodeWithoutBOM implements the Standard's "UTF-8 decode without
// BOM": src is decoded as UTF-8 in Replacement mode; a byte order mark is
// kept as U+FEFF.
func UTF8DecodeWithoutBOM(src []byte) []byte {
	out, _ := AppendDecode(nil, utf8.UTF8, src)
	return out
}

// UTF8DecodeWithoutBOMOrFail implements the Standard's "UTF-8 decode without
// BOM or fail": src is decoded as UTF-8 in Fatal mode. On invalid input it
// returns the output before the error and a *DecodeError giving the offset
// and bytes of the first invalid sequence; the Standard returns failure.
func UTF8DecodeWithoutBOMOrFail(src []byte) ([]byte, error) {
	out, hadErrors := AppendDecode(nil, utf8.UTF8, src)
	if !hadErrors {
		return out, nil
	}
	// The error and the output before it: the decoder in fatal mode.
	out, _, err := appendTransform(out[:0], utf8.UTF8.(*codec.Encoding).NewDecoderMode(true), src, true)
	return out, err
}

// Encode implements the Standard's legacy "encode" hook (for HTML forms):
// src, UTF-8 text, is encoded in e in HTML mode, so a code point e cannot
// represent becomes "&#N;" and encoding never fails. Invalid UTF-8 in src
// counts as U+FFFD. Encode does not map e: callers pass the result of
// GetOutputEncoding, as the Standard expects.
//
// A nil e means UTF-8. For an encoding that is not a webenc encoding,
// Encode uses e's NewEncoder wrapped in x/text's
// encoding.HTMLEscapeUnsupported.
func Encode(e encoding.Encoding, src []byte) []byte {
	out, _ := AppendEncode(nil, e, src)
	return out
}

// htmlEncoderOf returns an HTML-mode encoder for e (see Encode).
func htmlEncoderOf(e encoding.Encoding) transform.Transformer {
	if e == nil {
		e = utf8.UTF8
	}
	if ce := webenc(e); ce != nil {
		t, _ := ce.Encoder(codec.HTML)
		return t
	}
	return encoding.HTMLEscapeUnsupported(e.NewEncoder())
}

// GetOutputEncoding implements the Standard's "get an output encoding": it
// returns UTF-8 for replacement, UTF-16BE and UTF-16LE (which have no
// encoder) and e otherwise. URL parsing and form submission use it.
func GetOutputEncoding(e encoding.Encoding) encoding.Encoding {
	if ce := webenc(e); ce != nil {
		switch ce.Name {
		case "replacement", "UTF-16BE", "UTF-16LE":
			return utf8.UTF8
		}
	}
	return e
}

// An EncoderInstance is an instance of an encoding's encoder, as the
// Standard's "get an encoder" returns, for use with EncodeOrFail. It keeps
// the encoder's state between calls, which ISO-2022-JP needs (see the
// Standard's note on "encode or fail"). It is not safe for concurrent use.
type EncoderInstance struct {
	t transform.Transformer
}

// GetEncoder implements the Standard's "get an encoder": it returns a new
// instance of e's encoder. e must be a webenc encoding; the Standard
// defines no encoder for replacement, UTF-16BE and UTF-16LE (pass them
// through GetOutputEncoding first), for which the encoder of their package
// is used.
func GetEncoder(e encoding.Encoding) (*EncoderInstance, error) {
	ce := webenc(e)
	if ce == nil {
		return nil, fmt.Errorf("%w: %s has no encoder", ErrNoCodec, describe(e))
	}
	t, _ := ce.Encoder(codec.Fatal)
	return &EncoderInstance{t: t}, nil
}

// EncodeOrFail implements the Standard's "encode or fail": it encodes src,
// UTF-8 text that is the rest of the input, appends the bytes to dst and
// returns the extended slice, the number n of bytes of src consumed and an
// error.
//
// If the encoding cannot represent a code point of src, encoding stops
// there: the returned bytes are those the encoder wrote before (including
// any state change the Standard makes first, such as ISO-2022-JP's switch
// back to ASCII), err is an *EncodeError whose Rune is the code point the
// Standard reports, and n counts the bytes of src up to and including that
// code point. The caller writes its replacement for the code point (bytes
// 0x00–0x7F except 0x0E, 0x0F, 0x1B, 0x5C and 0x7E, per the Standard's
// note) and calls EncodeOrFail again with src[n:] on the same instance.
//
// If err is nil, all of src was encoded and the end of the input processed
// (ISO-2022-JP returns to ASCII); the instance is then ready for a new
// input. Invalid UTF-8 counts as U+FFFD, which most legacy encodings
// cannot represent.
func (x *EncoderInstance) EncodeOrFail(dst, src []byte) (out []byte, n int, err error) {
	if x.t == nil {
		return dst, 0, fmt.Errorf("%w: EncoderInstance not made by GetEncoder", ErrNoCodec)
	}
	out, n, err = appendTransform(dst, x.t, src, true)
	var ee *EncodeError
	if errors.As(err, &ee) {
		return out, n + ee.Size, err
	}
	if err == nil {
		x.t.Reset()
	}
	return out, n, err
}

// appendTransform runs t over src, appending the output to dst, and
// returns the output, the number of bytes of src consumed and the error
// that stopped t, if any. It grows dst as needed. With atEOF false, an
// ErrShortSrc ends the run without error: the caller keeps src[n:].
func appendTransform(dst []byte, t transform.Transformer, src []byte, atEOF bool) ([]byte, int, error) {
	n := 0
	for {
		if cap(dst)-len(dst) < 8 {
			dst = slices.Grow(dst, len(src)-n+64)
		}
		room := dst[len(dst):cap(dst)]
		nDst, nSrc, err := t.Transform(room, src[n:], atEOF)
		dst = dst[:len(dst)+nDst]
		n += nSrc
		switch err {
		case nil:
			if n == len(src) || nDst+nSrc == 0 {
				if n != len(src) {
					return dst, n, io.ErrNoProgress
				}
				return dst, n, nil
			}
		case transform.ErrShortDst:
			if nDst+nSrc == 0 {
				if len(room) >= 1<<12 {
					return dst, n, io.ErrNoProgress
				}
				dst = slices.Grow(dst, 2*len(room)+64)
			}
		case transform.ErrShortSrc:
			if !atEOF {
				return dst, n, nil
			}
			if nDst+nSrc == 0 {
				return dst, n, io.ErrUnexpectedEOF
			}
		default:
			return dst, n, err
		}
	}
}
