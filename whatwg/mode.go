package whatwg

import (
	"errors"
	"fmt"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/encerr"
	"github.com/webenc/webenc/whatwg/internal/codec"
)

// ErrorMode is the Standard's error mode: Replacement or Fatal for a
// decoder, Fatal or HTML for an encoder.
type ErrorMode uint8

// The Standard's error modes.
const (
	// Replacement makes a decoder write U+FFFD for every error and go on.
	// It is the default of every decoder.
	Replacement ErrorMode = iota
	// Fatal makes a decoder stop at the first error with a *DecodeError,
	// and an encoder stop before the first unencodable code point with an
	// *EncodeError.
	Fatal
	// HTML makes an encoder write an unencodable code point as "&#N;" (N
	// in shortest decimal) and go on. It applies to encoders only.
	HTML
)

// String returns the Standard's name of the mode: "replacement", "fatal"
// or "html".
func (m ErrorMode) String() string { return codecMode(m).String() }

// codecMode is m as the codecs name it (same values).
func codecMode(m ErrorMode) codec.Mode { return codec.Mode(m) }

// DecodeError is the error a decoder in Fatal mode stops with. Every webenc
// decoder returns this type, so
//
//	var de *whatwg.DecodeError
//	if errors.As(err, &de) { ... de.Offset ... }
//
// works whatever the encoding. Its fields are Encoding (the Standard's
// name of the encoding, e.g. "Shift_JIS"), Offset (int64: the byte offset
// of the erroneous sequence in the stream given to the decoder since it
// was created or Reset) and Bytes (the erroneous sequence, as the
// Standard's decoder read it). Its methods are Error and Is, which makes
// errors.Is(err, ErrDecode) true.
//
// DecodeError is an alias of [encerr.DecodeError], declared in a small
// package the codec packages share with this one (they return the error
// and this package imports them); the comment on each field is there:
//
//	go doc github.com/webenc/webenc/whatwg/encerr.DecodeError
//
// The two names are one type: errors.As and type switches accept either.
type DecodeError = encerr.DecodeError

// EncodeError is the error an encoder stops with before a code point the
// encoding cannot represent. Its fields are Encoding (the Standard's name
// of the encoding), Rune (the code point the Standard reports: the input's
// scalar value, except that invalid UTF-8 counts as U+FFFD and that
// ISO-2022-JP reports U+FFFD for U+000E, U+000F and U+001B), Offset (int64:
// its byte offset in the UTF-8 input given to the encoder since it was
// created or Reset) and Size (the input bytes it covers, 1 to 4). Its
// methods are Error, Is, which makes errors.Is(err, ErrEncode) true, and
// Replacement, which makes x/text's encoding.HTMLEscapeUnsupported and
// encoding.ReplaceUnsupported work on webenc encoders.
//
// EncodeError is an alias of [encerr.EncodeError], for the same reason as
// DecodeError; the comment on each field is there:
//
//	go doc github.com/webenc/webenc/whatwg/encerr.EncodeError
//
// The two names are one type: errors.As and type switches accept either.
type EncodeError = encerr.EncodeError

var (
	// ErrDecode matches every *DecodeError with errors.Is.
	ErrDecode = encerr.ErrDecode
	// ErrEncode matches every *EncodeError with errors.Is.
	ErrEncode = encerr.ErrEncode
)

// ErrNoCodec matches (with errors.Is) the error of a transformer built
// by NewDecoder or NewEncoder for an encoding that is not a webenc encoding
// or for an error mode that does not apply (HTML for a decoder, Replacement
// for an encoder), and the error of GetEncoder for an encoding that is not
// a webenc encoding.
var ErrNoCodec = errors.New("whatwg: no webenc codec for this encoding and error mode")

// webenc returns e as a webenc encoding, or nil.
func webenc(e encoding.Encoding) *codec.Encoding {
	ce, _ := e.(*codec.Encoding)
	return ce
}

// NewDecoder returns a decoder for e in mode, which must be Replacement or
// Fatal. In Fatal mode the decoder stops at the first error with a
// *DecodeError; output before the error is kept. The decoder does not
// handle byte order marks: see Decode, UTF8Decode and TextDecoder for that.
// NewDecoder(e, Replacement) decodes as e.NewDecoder() does (a fresh
// decoder of the codec, where e.NewDecoder() may take the codec's one-shot
// path); it is here so that a program can choose the mode at run time.
//
// e must be one of webenc's encodings (the values of the codec packages or
// of htmlindex.Get). For any other encoding, or for the HTML mode, NewDecoder
// does not panic: it returns a decoder whose every call fails with an error
// matching ErrNoCodec.
func NewDecoder(e encoding.Encoding, mode ErrorMode) *encoding.Decoder {
	if ce := webenc(e); ce != nil {
		if t, ok := ce.Decoder(codecMode(mode)); ok {
			return &encoding.Decoder{Transformer: t}
		}
	}
	return &encoding.Decoder{Transformer: failing{fmt.Errorf("%w: no decoder of %s for error mode %v", ErrNoCodec, describe(e), mode)}}
}

// NewEncoder returns an encoder for e in mode, which must be Fatal or HTML.
// Input is UTF-8; an invalid sequence counts as U+FFFD (one per maximal
// subpart), as converting to a scalar value string does.
//
// In Fatal mode the encoder stops before an unencodable code point with an
// *EncodeError; output before it is kept. Its errors have the Replacement
// method, so x/text's encoding.HTMLEscapeUnsupported and
// encoding.ReplaceUnsupported can wrap it (x/text escapes the input rune,
// where the Standard's HTML mode uses the code point the encoder reports:
// they differ for ISO-2022-JP's U+000E, U+000F and U+001B, reported as
// U+FFFD). In HTML mode the encoder writes "&#N;" and goes on.
// NewEncoder(e, Fatal) encodes as e.NewEncoder() does; it is here so that a
// program can choose the mode at run time.
//
// The Standard defines no encoder for replacement, UTF-16BE and UTF-16LE
// (use GetOutputEncoding first); for them NewEncoder returns the encoder
// their package provides. For an encoding that is not a webenc encoding, or
// for the Replacement mode, NewEncoder does not panic: it returns an encoder
// whose every call fails with an error matching ErrNoCodec.
func NewEncoder(e encoding.Encoding, mode ErrorMode) *encoding.Encoder {
	if ce := webenc(e); ce != nil {
		if t, ok := ce.Encoder(codecMode(mode)); ok {
			return &encoding.Encoder{Transformer: t}
		}
	}
	return &encoding.Encoder{Transformer: failing{fmt.Errorf("%w: no encoder of %s for error mode %v", ErrNoCodec, describe(e), mode)}}
}

// describe names e in error messages.
func describe(e encoding.Encoding) string {
	if ce := webenc(e); ce != nil {
		return ce.Name
	}
	if e == nil {
		return "nil encoding"
	}
	if s, ok := e.(fmt.Stringer); ok {
		return fmt.Sprintf("non-webenc encoding %s", s)
	}
	return fmt.Sprintf("non-webenc encoding %T", e)
}

// failing is a transformer that fails every call with err.
type failing struct{ err error }

func (f failing) Transform(dst, src []byte, atEOF bool) (int, int, error) { return 0, 0, f.err }

func (failing) Reset() {}

var _ transform.Transformer = failing{}
