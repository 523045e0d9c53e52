package codec

import (
	"errors"
	"fmt"

	"golang.org/x/text/encoding"
)

// ErrDecode matches (with errors.Is) every *DecodeError.
var ErrDecode = errors.New("webenc: invalid input for the encoding")

// ErrEncode matches (with errors.Is) every *EncodeError.
var ErrEncode = errors.New("webenc: code point not encodable")

// DecodeError is returned by a decoder in fatal mode at the first error.
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

// EncodeError is returned by an encoder (in fatal mode, which is the default)
// for a code point the encoding cannot represent. The encoder stops just
// before the input that caused it.
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

// DecodeErrors tracks what a decoder needs for error reports: the
// encoding's name, the error mode and the stream offset. Decoders embed it.
//
// The fatal-mode contract, shared by every decoder: Transform returns the
// *DecodeError with nSrc counting every byte the Standard's decoder has
// consumed when it returns error — the erroneous sequence's bytes in this
// call, but not bytes it restores to the input — and the decoder in the
// state the Standard's is in after the error. So a caller may resume: a
// further Transform on src[nSrc:] (plus any later input) goes on exactly
// as the Standard's decoder would after the error, which TextDecoder's
// streaming decode needs. Output written before the error is in dst[:nDst].
type DecodeErrors struct {
	Name string // the Standard's name of the encoding
	// Fatal is fatal mode; false means replacement mode.
	Fatal bool
	// Replaced records that the decoder wrote U+FFFD for an error (in
	// replacement mode): AppendDecode's hadErrors. A decoder's bulk
	// loops may leave the first error to the code that sets it.
	Replaced bool
	// Base is the stream offset of src[0] in the current Transform call.
	// Decoders add the nSrc they return to it (see Advance).
	Base int64
}

// Err builds the fatal-mode error for a sequence whose first byte is at
// offset off relative to src[0] of the current call (negative when the
// sequence started in an earlier call).
func (d *DecodeErrors) Err(off int, seq ...byte) error {
	return &DecodeError{Encoding: d.Name, Offset: d.Base + int64(off), Bytes: append([]byte(nil), seq...)}
}

// Advance records that n bytes of src were consumed by a Transform call.
func (d *DecodeErrors) Advance(n int) { d.Base += int64(n) }

// EncodeErrors tracks what an encoder needs for error reports. Encoders
// embed it.
type EncodeErrors struct {
	Name string // the Standard's name of the encoding
	// Base is the stream offset of src[0] in the current Transform call.
	Base int64
	// reused, when non-nil, is the one error value Err fills in and
	// returns, so that html mode, whose wrapper consumes every error
	// before returning, does not allocate per unencodable code point.
	reused *EncodeError
	// escape makes Err return errEscape and record the code point and
	// size in esc (see AppendEncoded): an encoder on the stack, which an
	// error value pointing into it would move to the heap.
	escape bool
	esc    struct {
		r    rune
		size int
	}
}

// errEscape is what Err returns in escape mode.
var errEscape = errors.New("webenc: unencodable code point (escape mode)")

// Err builds the error for the code point r reported by the Standard for the
// size input bytes at src[pos]. Those bytes are counted as consumed: whoever
// handles the error (the HTML wrapper, x/text's handlers) skips them.
func (e *EncodeErrors) Err(r rune, pos, size int) error {
	off := e.Base + int64(pos)
	e.Base += int64(size)
	if e.escape {
		e.esc.r, e.esc.size = r, size
		return errEscape
	}
	err := e.reused
	if err == nil {
		err = new(EncodeError)
	}
	*err = EncodeError{Encoding: e.Name, Rune: r, Offset: off, Size: size}
	return err
}

// ReuseErrors makes Err return one reused error value instead of a new one
// each time. Only for callers that never keep an error past the next
// Transform call, like the html-mode wrapper.
func (e *EncodeErrors) ReuseErrors() {
	if e.reused == nil {
		e.reused = new(EncodeError)
	}
}

// Advance records that n bytes of src were consumed by a Transform call.
func (e *EncodeErrors) Advance(n int) { e.Base += int64(n) }
