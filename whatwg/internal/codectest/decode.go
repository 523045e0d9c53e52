package codectest

import (
	"unicode/utf8"

	"github.com/webenc/webenc/whatwg/internal/codec"
)

// This file is the Standard's "decode" processing loop (encoding.bs,
// "process a queue" and "process an item", without BOM sniffing) for the
// literal reference decoders: each encoding's test gives its decoder's
// handler, written step by step from the Standard over a Queue, and the
// loop runs it in replacement and fatal mode at once.

// Status is the kind of a handler's result.
type Status int

// A handler's results: "continue", "finished", code points, "error".
const (
	Continue Status = iota
	Finished
	CodePoints
	Error
)

// Step is what a handler returns: a status and, for CodePoints, one or
// two code points (Big5 has pointers that give two).
type Step struct {
	Status Status
	n      int
	cps    [2]rune
	// errSeq, when set, is the sequence an Error reports (FailAt).
	errSeq []byte
	errOff int
}

// The results without code points.
var (
	Cont = Step{Status: Continue}
	Done = Step{Status: Finished}
	Fail = Step{Status: Error}
)

// Emit returns the result "return cps" (one or two code points).
func Emit(cps ...rune) Step {
	r := Step{Status: CodePoints}
	r.n = copy(r.cps[:], cps)
	return r
}

// FailAt returns "error", reporting the sequence seq at stream offset off
// instead of the bytes read since the last code point or error (for
// ISO-2022-JP, whose errors report the escape or the leading byte they
// are about, not the bytes in between).
func FailAt(off int, seq ...byte) Step { return Step{Status: Error, errSeq: seq, errOff: off} }

// Runes returns the code points of a CodePoints result.
func (r *Step) Runes() []rune { return r.cps[:r.n] }

// Handler is a decoder's handler: it processes item (a byte or EOQ) read
// from q, which it may restore items to. A handler is a closure over its
// decoder's state; each encoding's test has a constructor.
type Handler func(q *Queue, item int) Step

// Decoded is what the Standard's decoder gives for an input.
type Decoded struct {
	// Repl is the replacement-mode output.
	Repl []byte
	// Fatal is the fatal-mode result: the output before the first error and
	// that error (a *codec.DecodeError with the sequence's offset and the
	// bytes read for it that were not restored), or the whole output.
	Fatal Result
	// Errs are all the errors, in order: what a fatal decoder resumed after
	// each error reports.
	Errs []*codec.DecodeError
	// Ends gives, for each error, the bytes consumed (read and not
	// restored) when the decoder returned it: where a resumed fatal decoder
	// must stand.
	Ends []int
}

// Decode runs the processing loop of the decoder h over src as encoding
// name.
func Decode(name string, h Handler, src []byte) Decoded {
	d := Decoded{Repl: make([]byte, 0, 3*len(src)+16)}
	q := NewQueue(src)
	fatalSet := false
	var slab []codec.DecodeError // the errors, allocated a batch at a time
	for {
		r := h(q, q.Read())
		switch r.Status {
		case Finished:
			if !fatalSet {
				d.Fatal = Result{Out: d.Repl}
			}
			return d
		case CodePoints:
			for _, cp := range r.Runes() {
				d.Repl = utf8.AppendRune(d.Repl, cp)
			}
			q.Mark()
		case Error:
			off, seq := q.Seq()
			if r.errSeq != nil {
				off, seq = r.errOff, r.errSeq
			}
			if len(slab) == cap(slab) {
				slab = make([]codec.DecodeError, 0, min(64, len(src)+1))
			}
			slab = append(slab, codec.DecodeError{Encoding: name, Offset: int64(off), Bytes: seq})
			e := &slab[len(slab)-1]
			if !fatalSet {
				fatalSet = true
				d.Fatal = Result{Out: d.Repl[:len(d.Repl):len(d.Repl)], Err: e}
			}
			if d.Errs == nil {
				// At most one error per byte left, and one at the end.
				d.Errs = make([]*codec.DecodeError, 0, len(src)-q.Consumed()+1)
				d.Ends = make([]int, 0, cap(d.Errs))
			}
			d.Errs = append(d.Errs, e)
			d.Ends = append(d.Ends, q.Consumed())
			d.Repl = append(d.Repl, "\uFFFD"...)
			q.Mark()
		}
	}
}

// Mode returns the output and error text ("<nil>" for none) of the
// replacement (fatal false) or fatal mode.
func (d *Decoded) Mode(fatal bool) ([]byte, string) {
	if !fatal {
		return d.Repl, "<nil>"
	}
	if d.Fatal.Err == nil {
		return d.Fatal.Out, "<nil>"
	}
	return d.Fatal.Out, d.Fatal.Err.Error()
}
