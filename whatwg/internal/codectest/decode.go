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
//
// Its fields are all scalars (no arrays), so that a Step is returned in
// registers: handlers return one per byte of input.
type Step struct {
	Status   Status
	n        int
	cp0, cp1 rune
	// errAt is set when an Error reports the errLen bytes packed in
	// errSeq (first byte lowest) at errOff (FailAt).
	errAt  bool
	errLen int
	errSeq uint32
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
	r := Step{Status: CodePoints, n: len(cps)}
	switch len(cps) {
	case 2:
		r.cp1 = cps[1]
		fallthrough
	case 1:
		r.cp0 = cps[0]
	case 0:
	default:
		panic("codectest: Emit of more than two code points")
	}
	return r
}

// FailAt returns "error", reporting the sequence seq at stream offset off
// instead of the bytes read since the last code point or error (for
// ISO-2022-JP, whose errors report the escape or the leading byte they
// are about, not the bytes in between).
// The sequence has at most four bytes (ISO-2022-JP's longest is three).
func FailAt(off int, seq ...byte) Step {
	if len(seq) > 4 {
		panic("codectest: FailAt with a sequence longer than four bytes")
	}
	r := Step{Status: Error, errAt: true, errOff: off, errLen: len(seq)}
	for i, b := range seq {
		r.errSeq |= uint32(b) << (8 * i)
	}
	return r
}

// Runes returns the code points of a CodePoints result.
func (r *Step) Runes() []rune { return []rune{r.cp0, r.cp1}[:r.n] }

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
	var seqs []byte              // the sequences FailAt reports, one after another
	for {
		r := h(q, q.Read())
		switch r.Status {
		case Finished:
			if !fatalSet {
				d.Fatal = Result{Out: d.Repl}
			}
			return d
		case CodePoints:
			if r.n >= 1 {
				d.Repl = utf8.AppendRune(d.Repl, r.cp0)
			}
			if r.n == 2 {
				d.Repl = utf8.AppendRune(d.Repl, r.cp1)
			}
			q.Mark()
		case Error:
			off, seq := q.Seq()
			if r.errAt {
				// The sequence goes to seqs, whose earlier bytes stay
				// where the earlier errors point (a grown seqs is a new
				// array).
				n := len(seqs)
				for i := range r.errLen {
					seqs = append(seqs, byte(r.errSeq>>(8*i)))
				}
				off, seq = r.errOff, seqs[n:len(seqs):len(seqs)]
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
