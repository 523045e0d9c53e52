// Package encerr declares the errors every webenc codec returns: a
// *DecodeError from a decoder in the Standard's fatal mode and an
// *EncodeError from an encoder before a code point its encoding lacks.
//
// Package whatwg re-exports both under the same names (whatwg.DecodeError,
// whatwg.EncodeError, whatwg.ErrDecode, whatwg.ErrEncode); most programs
// use those and never import encerr. The types live in this small package
// because the codec packages (utf8, cjk, …) return them while package
// whatwg imports the codecs.
package encerr

import (
	"errors"
	"fmt"

	"golang.org/x/text/encoding"
)

// ErrDecode matches (with errors.Is) every *DecodeError.
var ErrDecode = errors.New("webenc: invalid input for the encoding")

// ErrEncode matches (with errors.Is) every *EncodeError.
var ErrEncode = errors.New("webenc: code point not encodable")

// DecodeError is the error a decoder in fatal mode (whatwg.NewDecoder(e,
// whatwg.Fatal), a TextDecoder with Fatal set) stops with at the first
// error. Every webenc decoder returns this type, so
//
//	var de *whatwg.DecodeError // or *encerr.DecodeError: the same type
//	if errors.As(err, &de) { ... de.Offset ... }
//
// works whatever the encoding. whatwg.DecodeError is an alias of it.
type DecodeError struct {
	// Encoding is the Standard's name of the encoding, e.g. "Shift_JIS".
	Encoding string
	// Offset is the byte offset, in the whole stream given to the decoder
	// since it was created or Reset, of the first byte of Bytes.
	Offset int64
	// Bytes is the erroneous byte sequence, as the Standard's decoder read
	// it before failing. It excludes bytes the Standard restores to the
	// input: those are decoded afresh. It is empty for an error raised at
	// the end of the stream with nothing pending, which no decoder does.
	Bytes []byte
}

// Error names the encoding, the bytes and their stream offset.
func (e *DecodeError) Error() string {
	if len(e.Bytes) == 0 {
		return fmt.Sprintf("webenc: %s: invalid input at byte offset %d", e.Encoding, e.Offset)
	}
	return fmt.Sprintf("webenc: %s: invalid byte sequence [% X] at byte offset %d", e.Encoding, e.Bytes, e.Offset)
}

// Is reports whether target is ErrDecode.
func (e *DecodeError) Is(target error) bool { return target == ErrDecode }

// EncodeError is the error an encoder (in fatal mode, the default of every
// webenc encoder) stops with just before a code point the encoding cannot
// represent (e.NewEncoder() of any webenc encoding e, or
// whatwg.NewEncoder(e, whatwg.Fatal)).
// whatwg.EncodeError is an alias of it.
//
// It has the method Replacement, so x/text's encoding.HTMLEscapeUnsupported
// and encoding.ReplaceUnsupported work on webenc encoders.
type EncodeError struct {
	// Encoding is the Standard's name of the encoding.
	Encoding string
	// Rune is the code point the Standard's encoder reports. It is the
	// input's scalar value, except that invalid UTF-8 counts as U+FFFD and
	// that ISO-2022-JP reports U+FFFD for U+000E, U+000F and U+001B.
	Rune rune
	// Offset is the byte offset of the offending input in the UTF-8 stream
	// given to the encoder since it was created or Reset.
	Offset int64
	// Size is the number of input bytes the error covers (1 to 4).
	Size int
}

// Error names the encoding, the code point and its stream offset.
func (e *EncodeError) Error() string {
	return fmt.Sprintf("webenc: %s: cannot encode U+%04X at byte offset %d", e.Encoding, e.Rune, e.Offset)
}

// Is reports whether target is ErrEncode.
func (e *EncodeError) Is(target error) bool { return target == ErrEncode }

// Replacement returns the byte x/text's encoding.ReplaceUnsupported writes
// for an unencodable code point: the ASCII substitute character, as x/text's
// own encoders use.
func (e *EncodeError) Replacement() byte { return encoding.ASCIISub }
