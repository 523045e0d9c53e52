// Package codectest drives transformers the way streaming callers do and
// checks the transform.Transformer contract; every codec's tests use it.
//
// It also holds the one reference model the tests compare codecs with:
// the Standard's I/O queue with restore and end-of-queue (queue.go), the
// decode and encode processing loops that run a literal handler in every
// error mode and record each error's offset and bytes (decode.go,
// encode.go), the UTF-8 and UTF-16 reference decoders (ref_utf8.go,
// ref_utf16.go), and the one fatal-resume driver (resume.go). Each
// encoding's own reference handler lives in its package's tests.
package codectest

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/internal/codec"
)

// Result is the output of a run and the error it stopped with (nil when the
// whole input was transformed).
type Result struct {
	Out []byte
	Err error
}

// String shows the output and the error, for test failure messages.
func (r Result) String() string {
	e := "<nil>"
	if r.Err != nil {
		e = r.Err.Error()
	}
	return fmt.Sprintf("out=%q err=%s", r.Out, e)
}

// Equal reports whether both runs wrote the same bytes and stopped with the
// same error text.
func (r Result) Equal(o Result) bool {
	return bytes.Equal(r.Out, o.Out) && sameError(r.Err, o.Err)
}

// sameError reports whether a and b have the same text (both nil counts),
// without formatting decode errors (fuzz targets compare many).
func sameError(a, b error) bool {
	if a == nil || b == nil {
		return a == b
	}
	da, okA := a.(*codec.DecodeError)
	db, okB := b.(*codec.DecodeError)
	if okA && okB {
		return da.Encoding == db.Encoding && da.Offset == db.Offset && bytes.Equal(da.Bytes, db.Bytes)
	}
	return a.Error() == b.Error()
}

// Run feeds src to t in pieces whose sizes cycle through chunks (nil or
// empty means all at once), with a dst of dstSize bytes, as a streaming
// caller would: input not consumed is passed again with the next piece.
// When a call makes no progress with ErrShortDst, the next call gets a
// larger dst (as transform.Bytes does), then dst returns to dstSize.
// Contract violations are reported as errors starting with "contract:".
func Run(t transform.Transformer, src []byte, chunks []int, dstSize int) Result {
	t.Reset()
	// The input fed and not consumed is always src[done:fed]: it is passed
	// as that window (capped, so a write past it would show), not copied.
	out := make([]byte, 0, 2*len(src)+16)
	var pending []byte
	done, fed, ci := 0, 0, 0
	size := dstSize
	dst := make([]byte, max(64, dstSize))
	for iter := 0; ; iter++ {
		if iter > 16*(len(src)+16) {
			return Result{out, errors.New("contract: no progress after many calls")}
		}
		if len(pending) == 0 || size == dstSize {
			// Feed the next piece only when the caller would: here, on
			// every call that is not a retry with a grown dst.
			if fed < len(src) {
				n := len(src) - fed
				if len(chunks) > 0 && chunks[ci%len(chunks)] < n {
					n = max(chunks[ci%len(chunks)], 1)
				}
				ci++
				fed += n
				pending = src[done:fed:fed]
			}
		}
		atEOF := fed == len(src)
		if size > len(dst) {
			dst = make([]byte, size)
		}
		nDst, nSrc, err := t.Transform(dst[:size], pending, atEOF)
		if nDst < 0 || nDst > size || nSrc < 0 || nSrc > len(pending) {
			return Result{out, fmt.Errorf("contract: nDst=%d nSrc=%d out of range (dst %d, src %d)", nDst, nSrc, size, len(pending))}
		}
		out = append(out, dst[:nDst]...)
		done += nSrc
		pending = pending[nSrc:]
		switch err {
		case nil:
			if len(pending) != 0 {
				return Result{out, fmt.Errorf("contract: nil error with %d bytes of src unconsumed", len(pending))}
			}
			size = dstSize
			if atEOF {
				return Result{out, nil}
			}
		case transform.ErrShortDst:
			if nDst == 0 && nSrc == 0 {
				if size >= 64 {
					return Result{out, errors.New("contract: ErrShortDst with no progress and a 64-byte dst")}
				}
				size *= 2
			} else {
				size = dstSize
			}
		case transform.ErrShortSrc:
			if atEOF {
				return Result{out, errors.New("contract: ErrShortSrc at EOF")}
			}
			size = dstSize
		default:
			return Result{out, err}
		}
	}
}

// OneShot transforms src in one call with a large dst.
func OneShot(t transform.Transformer, src []byte) Result {
	return Run(t, src, nil, 4*len(src)+64)
}

// CheckStreaming checks that newT's transformer gives the one-shot result
// for src when src is split at every point into two pieces, fed byte by
// byte, fed with dst sizes 1 to 4, and after Reset. It returns the one-shot
// result so the caller can check it against expected values.
func CheckStreaming(tb testing.TB, newT func() transform.Transformer, src []byte) Result {
	tb.Helper()
	tr := newT()
	want := OneShot(tr, src)
	if want.Err != nil && bytes.HasPrefix([]byte(want.Err.Error()), []byte("contract:")) {
		tb.Fatalf("one-shot %q: %v", src, want.Err)
	}
	if again := OneShot(tr, src); !again.Equal(want) {
		tb.Fatalf("after Reset %q: got %v, want %v", src, again, want)
	}
	for i := 1; i < len(src); i++ {
		if got := Run(newT(), src, []int{i, len(src)}, 4*len(src)+64); !got.Equal(want) {
			tb.Fatalf("split at %d of %q: got %v, want %v", i, src, got, want)
		}
	}
	for d := 1; d <= 4; d++ {
		if got := Run(newT(), src, nil, d); !got.Equal(want) {
			tb.Fatalf("dst %d of %q: got %v, want %v", d, src, got, want)
		}
		if got := Run(newT(), src, []int{1}, d); !got.Equal(want) {
			tb.Fatalf("byte by byte, dst %d of %q: got %v, want %v", d, src, got, want)
		}
	}
	return want
}

// Into transforms src into dst, fed in pieces of chunk bytes, without
// allocating (for exhaustive loops over millions of inputs): it returns the
// output and the text of the error it stopped with ("<nil>" when the whole
// input was transformed). dst must be large enough for the whole output; a
// nil error that leaves src unconsumed is reported as a contract error.
func Into(t transform.Transformer, dst, src []byte, chunk int) (out, errText string) {
	t.Reset()
	nDst, off, end := 0, 0, 0
	for {
		end = min(end+chunk, len(src))
		n, m, err := t.Transform(dst[nDst:], src[off:end], end == len(src))
		nDst += n
		off += m
		if err == transform.ErrShortSrc && end < len(src) {
			continue
		}
		if err != nil {
			return string(dst[:nDst]), err.Error()
		}
		if off != end {
			return string(dst[:nDst]), "contract: src not consumed"
		}
		if end == len(src) {
			return string(dst[:nDst]), "<nil>"
		}
	}
}
