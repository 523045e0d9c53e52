package whatwg

import (
	"io"
	gutf8 "unicode/utf8"

	"golang.org/x/text/transform"

	"github.com/webenc/webenc/internal/utf8grammar"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/utf8"
)

// A TextEncoder encodes text as UTF-8 with the semantics of the Standard's
// TextEncoder. Its zero value is ready to use and it is safe for
// concurrent use.
//
// JavaScript strings may hold lone surrogates, which the Standard turns
// into U+FFFD; Go strings cannot, but they may hold invalid UTF-8. The
// TextEncoder turns every maximal invalid subpart into one U+FFFD (the
// Standard's UTF-8 decoder rule), so its output is always valid UTF-8.
type TextEncoder struct{}

// Encoding returns "utf-8", the only encoding of a TextEncoder.
func (*TextEncoder) Encoding() string { return "utf-8" }

// Encode implements the Standard's encode(input): it returns s encoded as
// UTF-8, in a new slice. Valid UTF-8 is copied unchanged; invalid
// sequences become U+FFFD as the TextEncoder documentation says.
func (*TextEncoder) Encode(s string) []byte {
	if gutf8.ValidString(s) {
		return []byte(s)
	}
	out := make([]byte, 0, len(s)+16)
	for i := 0; i < len(s); {
		r, size := nextRuneInString(s[i:])
		out = gutf8.AppendRune(out, r)
		i += size
	}
	return out
}

// EncodeInto implements the Standard's encodeInto(source, destination): it
// writes the UTF-8 encoding of as much of src as fits into dst, never
// splitting a scalar value, and returns the number of bytes of src read
// and of dst written. Unlike the Standard's read, which counts UTF-16 code
// units, read counts bytes of the Go string, so src[read:] is what is
// left to encode. An invalid sequence in src is read whole (one maximal
// subpart) and written as U+FFFD, so written can exceed read.
func (*TextEncoder) EncodeInto(dst []byte, src string) (read, written int) {
	for read < len(src) {
		if c := src[read]; c < gutf8.RuneSelf {
			if written == len(dst) {
				break
			}
			dst[written] = c
			read++
			written++
			continue
		}
		r, size := nextRuneInString(src[read:])
		n := codec.RuneLen(r)
		// encodeInto step 6.4.1: write the bytes only if they all fit.
		if len(dst)-written < n {
			break
		}
		codec.PutRune(dst[written:], r)
		read += size
		written += n
	}
	return read, written
}

// nextRuneInString returns the first scalar value of s, which must not be
// empty, and its length; an invalid sequence is U+FFFD covering its maximal
// subpart (at least one byte).
func nextRuneInString(s string) (rune, int) {
	r, n, _ := utf8grammar.Next(s, true)
	return r, n
}

// NewTextEncoderReader returns a reader of the UTF-8 text of r with every
// invalid sequence replaced by U+FFFD, with the semantics of the Standard's
// TextEncoderStream: a sequence split between reads of r is reassembled,
// and an incomplete sequence at the end of r becomes U+FFFD (the
// Standard's "encode and flush" of a pending leading surrogate).
func NewTextEncoderReader(r io.Reader) io.Reader {
	return transform.NewReader(r, utf8.UTF8.(*codec.Encoding).NewRawEncoder())
}

// NewTextEncoderWriter returns a writer that writes the UTF-8 text written
// to it to w, with every invalid sequence replaced by U+FFFD, with the
// semantics of the Standard's TextEncoderStream: a sequence split between
// writes is reassembled. Close writes U+FFFD for an incomplete sequence
// left at the end (the Standard's "encode and flush"); it does not close
// w.
func NewTextEncoderWriter(w io.Writer) io.WriteCloser {
	return transform.NewWriter(w, utf8.UTF8.(*codec.Encoding).NewRawEncoder())
}
