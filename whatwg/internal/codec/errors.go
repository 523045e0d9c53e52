package codec

import (
	"errors"

	"github.com/webenc/webenc/whatwg/encerr"
)

// The errors are declared in package encerr, which the public package
// whatwg re-exports; codecs use these names.
type (
	DecodeError = encerr.DecodeError
	EncodeError = encerr.EncodeError
)

var (
	ErrDecode = encerr.ErrDecode
	ErrEncode = encerr.ErrEncode
)

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
