// Streaming: NewFixer, which buffers one window at a time and gives
// Fix's output for any split (docs/mojibake.md, "Streaming: segments").

package mojibake

import (
	"bytes"

	"golang.org/x/text/transform"
)

// NewFixer returns a Transformer that applies Fix to a stream, window by
// window (see WindowSize and MaxSegment): its output is Fix of the whole
// input, for any input and however it is split into calls. It holds at
// most one window and the start of the next segment, under
// WindowSize+MaxSegment+1 bytes of input, and the window's repaired text
// at a time; it writes a window's text once the window is complete, so
// output lags input by up to a window.
//
// Like Fix, it leaves invalid UTF-8 as it is. A Fixer is not safe for
// concurrent use; Reset makes it ready for a new stream.
func NewFixer() transform.Transformer { return &fixer{} }

type fixer struct {
	in     []byte // the window read so far: whole segments, then part of one
	win    int    // the length of in's whole segments
	out    []byte // repaired text not yet written
	outPos int    // how much of out is written
}

// Reset forgets any buffered input and output.
func (f *fixer) Reset() {
	f.in, f.win, f.out, f.outPos = f.in[:0], 0, f.out[:0], 0
}

// Transform implements transform.Transformer. It consumes src into its
// window buffer, so it never returns transform.ErrShortSrc; it returns
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
		eof := atEOF && nSrc == len(src)
		if end, ok := f.segment(eof); ok {
			f.win += end
			continue
		}
		if f.win >= WindowSize || eof && f.win > 0 {
			f.out = append(f.out, Fix(string(f.in[:f.win]))...)
			f.in = f.in[:copy(f.in, f.in[f.win:])]
			f.win = 0
			continue
		}
		if nSrc == len(src) {
			return nDst, nSrc, nil
		}
		chunk := src[nSrc:]
		if room := MaxSegment + 1 - (len(f.in) - f.win); len(chunk) > room {
			chunk = chunk[:room]
		}
		if i := bytes.IndexByte(chunk, '\n'); i >= 0 {
			chunk = chunk[:i+1]
		}
		f.in = append(f.in, chunk...)
		nSrc += len(chunk)
	}
}

// segment returns the length of the next segment of the buffered input
// (after the window's whole segments) when it is complete and the window
// has room for it: it ends in '\n', or more than MaxSegment bytes of it
// are buffered, or the input has ended. Transform buffers input up to a
// '\n' at most, so a '\n' can only be the last byte buffered: looking at
// it is enough, where searching the buffer on each call would be
// quadratic in a long line fed in small pieces.
func (f *fixer) segment(eof bool) (int, bool) {
	next := f.in[f.win:]
	switch {
	case len(next) == 0, f.win >= WindowSize:
		return 0, false
	case next[len(next)-1] == '\n', len(next) > MaxSegment, eof:
		return segmentEnd(string(next)), true
	}
	return 0, false
}
