package codectest

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/internal/codec"
)

// This file is the one fatal-resume driver: the contract of
// codec.DecodeErrors is that a fatal decoder, called again on the input it
// did not consume after a *codec.DecodeError (with U+FFFD written in the
// error's place), goes on exactly as the Standard's decoder goes on after
// the error.

// Resumed is what a fatal decoder resumed after each error gives.
type Resumed struct {
	Out  []byte               // the output, with U+FFFD in place of each error
	Errs []*codec.DecodeError // each error
	// Ends gives, for each error, the bytes of src consumed in all when
	// it was returned.
	Ends []int
}

// Resume feeds src to the fatal decoder tr in pieces of chunk bytes (all
// at once when chunk ≥ len(src)) with a dst of dstSize bytes (4 or more),
// as a streaming caller would, and after each *codec.DecodeError writes
// U+FFFD and calls again on the input not consumed. A contract violation
// (no progress, counts out of range, another error, an error offset not
// before the bytes consumed) fails tb.
func Resume(tb testing.TB, tr transform.Transformer, src []byte, chunk, dstSize int) Resumed {
	tb.Helper()
	r := Resumed{Out: make([]byte, 0, 2*len(src)+16)}
	tr.Reset()
	dst := make([]byte, dstSize)
	// The input fed and not consumed is src[done:fed], passed as that
	// window (capped), not copied.
	var pending []byte
	done, fed, feed := 0, 0, true
	for iter := 0; ; iter++ {
		if iter > 8*len(src)+16 {
			tb.Fatalf("fatal resume % X: no progress", src)
		}
		if feed && fed < len(src) {
			fed += min(max(chunk, 1), len(src)-fed)
			pending = src[done:fed:fed]
		}
		atEOF := fed == len(src)
		nDst, nSrc, err := tr.Transform(dst, pending, atEOF)
		if nSrc < 0 || nSrc > len(pending) || nDst < 0 || nDst > len(dst) {
			tb.Fatalf("fatal resume % X: nDst=%d nSrc=%d out of range", src, nDst, nSrc)
		}
		r.Out = append(r.Out, dst[:nDst]...)
		done += nSrc
		pending = pending[nSrc:]
		consumed := fed - len(pending)
		feed = true
		de, _ := err.(*codec.DecodeError) // errors.As's answer, without reflection (and allocation) when err is one
		if de == nil && err != nil {
			de = decodeErrorAs(err)
		}
		switch {
		case err == nil:
			if len(pending) != 0 {
				tb.Fatalf("fatal resume % X: nil error with %d bytes left", src, len(pending))
			}
			if atEOF {
				return r
			}
		case err == transform.ErrShortDst:
			if nDst == 0 && nSrc == 0 {
				tb.Fatalf("fatal resume % X: ErrShortDst with no progress and a %d-byte dst", src, dstSize)
			}
			feed = false
		case de != nil:
			if de.Offset < 0 || de.Offset >= int64(consumed) && consumed > 0 {
				tb.Fatalf("fatal resume % X: error %v at offset %d, but %d bytes consumed", src, err, de.Offset, consumed)
			}
			if r.Errs == nil {
				// At most one error per byte left, and one at the end.
				r.Errs = make([]*codec.DecodeError, 0, len(src)-consumed+2)
				r.Ends = make([]int, 0, cap(r.Errs))
			}
			r.Errs = append(r.Errs, de)
			r.Ends = append(r.Ends, consumed)
			r.Out = append(r.Out, "\uFFFD"...)
			feed = false
		default:
			tb.Fatalf("fatal resume % X: %v, want a *codec.DecodeError", src, err)
		}
	}
}

// decodeErrorAs returns the *codec.DecodeError in err's chain, or nil.
func decodeErrorAs(err error) *codec.DecodeError {
	var de *codec.DecodeError
	errors.As(err, &de)
	return de
}

// SameErrors reports whether a and b are the same errors (encoding,
// offset and bytes), without formatting them.
func SameErrors(a, b []*codec.DecodeError) bool {
	return slices.EqualFunc(a, b, func(x, y *codec.DecodeError) bool {
		return x.Encoding == y.Encoding && x.Offset == y.Offset && bytes.Equal(x.Bytes, y.Bytes)
	})
}

// CheckFatalResume checks the fatal-mode contract of codec.DecodeErrors:
// a fatal decoder, resumed on src[nSrc:] after each error with a U+FFFD
// written in its place, gives exactly the replacement-mode output, and
// each error's offset is where the resumed decoder stood. It returns the
// number of errors.
func CheckFatalResume(tb testing.TB, fatal, replacement transform.Transformer, src []byte) int {
	tb.Helper()
	return len(checkFatalResume(tb, fatal, replacement, src).Errs)
}

// checkFatalResume is CheckFatalResume, returning the resumed run.
func checkFatalResume(tb testing.TB, fatal, replacement transform.Transformer, src []byte) Resumed {
	tb.Helper()
	want := OneShot(replacement, src)
	if want.Err != nil {
		tb.Fatalf("replacement mode %q: %v", src, want.Err)
	}
	got := Resume(tb, fatal, src, len(src)+1, 4*len(src)+64)
	if !bytes.Equal(got.Out, want.Out) {
		tb.Fatalf("fatal resume %q: got %q, replacement mode gives %q", src, got.Out, want.Out)
	}
	return got
}

// CheckResume checks the fatal-mode contract on src against ref, the
// reference decoder's result: CheckFatalResume; a fatal decoder resumed
// after each error with all the input gives ref's output and errors and
// stands where the Standard's decoder stands at each error (ref.Ends);
// and fed in pieces of each size of pieces (1 is byte by byte, where bytes
// the Standard restores came in earlier calls and live in the decoder's
// state), it gives the same output and errors. Its work is linear in src
// (times len(pieces)); fuzz targets take one piece size from their input.
func CheckResume(tb testing.TB, newFatal, newRepl func() transform.Transformer, src []byte, ref *Decoded, pieces ...int) {
	tb.Helper()
	one := checkFatalResume(tb, newFatal(), newRepl(), src)
	if len(one.Errs) != len(ref.Errs) {
		tb.Fatalf("% X: %d errors, the reference has %d", src, len(one.Errs), len(ref.Errs))
	}
	if !bytes.Equal(one.Out, ref.Repl) || !SameErrors(one.Errs, ref.Errs) {
		tb.Fatalf("fatal resume % X: got %q %v; the reference gives %q %v", src, one.Out, one.Errs, ref.Repl, ref.Errs)
	}
	if !slices.Equal(one.Ends, ref.Ends) {
		tb.Fatalf("fatal resume % X: errors end after %v bytes, the Standard's after %v", src, one.Ends, ref.Ends)
	}
	for _, c := range pieces {
		got := Resume(tb, newFatal(), src, c, 4*len(src)+64)
		if !bytes.Equal(got.Out, one.Out) || !SameErrors(got.Errs, one.Errs) {
			tb.Fatalf("fatal resume % X in pieces of %d: %q %v; in one call: %q %v", src, c, got.Out, got.Errs, one.Out, one.Errs)
		}
	}
}
