// Streaming: NewFixer, which buffers one segment at a time and gives
// Fix's output for any split (docs/mojibake.md, "Streaming: segments").

package mojibake

import (
	"bytes"

	"golang.org/x/text/transform"
)

// NewFixer returns a Transformer that applies Fix to a stream, segment by
// segment (see MaxSegment): its output is Fix of the whole input, for any
// input and however it is split into calls. It holds at most one segment
// (MaxSegment+1 bytes) and that segment's repaired text at a time.
//
// Like Fix, it leaves invalid UTF-8 as it is. A Fixer is not safe for
// concurrent use; Reset makes it ready for a new stream.
func NewFixer() transform.Transformer { return &fixer{} }

type fixer struct {
	in     []byte // the segment read so far
	out    []byte // repaired text not yet written
	outPos int    // how much of out is written
}

// Reset forgets any buffered input and output.
func (f *fixer) Reset() {
	f.in, f.out, f.outPos = f.in[:0], f.out[:0], 0
}

// Transform implements transform.Transformer. It consumes src into its
// segment buffer, so it never returns transform.ErrShortSrc; it returns
// transform.ErrShortDst while repaired text waits for room in dst.
func (f *fixer) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for {
		if f.outPos < len(f.out) {
			n := copy(dst[nDst:], f.out[f.outPos:])
			nDst += n
			f.outPos += n
			if f.outPos < len(f.out) {
				return nDst, nSrc, transform.ErrShortDst
			}
			f.out, f.outPos = f.out[:0], 0
		}
		if end, ok := f.segment(atEOF && nSrc == len(src)); ok {
			f.out = append(f.out, Fix(string(f.in[:end]))...)
			f.in = f.in[:copy(f.in, f.in[end:])]
			continue
		}
		if nSrc == len(src) {
			return nDst, nSrc, nil
		}
		chunk := src[nSrc:]
		if room := MaxSegment + 1 - len(f.in); len(chunk) > room {
			chunk = chunk[:room]
		}
		if i := bytes.IndexByte(chunk, '\n'); i >= 0 {
			chunk = chunk[:i+1]
		}
		f.in = append(f.in, chunk...)
		nSrc += len(chunk)
	}
}

// segment returns the length of the first segment of the buffered input
// when it is complete: it ends in '\n', or more than MaxSegment bytes are
// buffered, or the input has ended. Transform buffers input up to a '\n'
// at most, so a '\n' can only be the last byte buffered: looking at it
// is enough, where searching the buffer on each call would be quadratic
// in a long line fed in small pieces.
func (f *fixer) segment(eof bool) (int, bool) {
	switch {
	case len(f.in) == 0:
		return 0, false
	case f.in[len(f.in)-1] == '\n', len(f.in) > MaxSegment, eof:
		return segmentEnd(string(f.in)), true
	}
	return 0, false
}
