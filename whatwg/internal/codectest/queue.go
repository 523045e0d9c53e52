package codectest

import (
	"fmt"
	"slices"
)

// This file is the Standard's I/O queue (encoding.bs, "I/O queues") as
// the literal reference decoders use it: "read" returns the next byte or
// end-of-queue (which stays in the queue), "restore" puts items back at the
// front, and "push" adds bytes before the end-of-queue. It also keeps what
// webenc's errors report: where the sequence in progress started and which
// of its bytes are still consumed (restored bytes are not).

// EOQ is the end-of-queue item.
const EOQ = -1

// Queue is an I/O queue of bytes that always ends with end-of-queue. Every
// restore in the Standard puts back the last items read, so the queue is
// the bytes pushed and a read position; Restore checks that its items are
// those.
type Queue struct {
	items []byte // every byte pushed, in order
	pos   int    // items read and not restored
	mark  int    // where the sequence in progress started (see Seq)
}

// NewQueue returns the queue « src…, end-of-queue ». It does not copy src.
func NewQueue(src []byte) *Queue { return &Queue{items: src} }

// Read implements "read": it removes and returns the first item, or returns
// EOQ (without removing it) when only end-of-queue is left.
func (q *Queue) Read() int {
	if q.pos == len(q.items) {
		return EOQ
	}
	q.pos++
	return int(q.items[q.pos-1])
}

// Restore implements "restore" of a list of items: they are prepended, in
// order. End-of-queue is never restored (the Standard checks for it
// first), and the items must be the last ones read.
func (q *Queue) Restore(items ...int) {
	if len(items) > q.pos {
		panic(fmt.Sprintf("codectest: restore of %d items, %d read", len(items), q.pos))
	}
	for i, it := range items {
		if it == EOQ || int(q.items[q.pos-len(items)+i]) != it {
			// A copy, so that items does not escape: restores allocate
			// nothing.
			panic(fmt.Sprintf("codectest: restore of %v, which are not the last items read", slices.Clone(items)))
		}
	}
	q.pos -= len(items)
}

// Push implements "push" of bytes: they go before the end-of-queue.
func (q *Queue) Push(b []byte) { q.items = append(q.items, b...) }

// Consumed is the number of bytes read and not restored: the stream offset
// of the next item.
func (q *Queue) Consumed() int { return q.pos }

// Mark starts a new sequence at the next item. The decode loop calls it
// after each code point and error; a handler calls it when it finishes a
// sequence that outputs nothing (ISO-2022-JP's escape sequences).
func (q *Queue) Mark() { q.mark = q.pos }

// Seq returns the stream offset and the bytes (not restored) of the
// sequence in progress: what webenc's DecodeError reports for an error
// returned now.
func (q *Queue) Seq() (off int, seq []byte) {
	return q.mark, q.items[q.mark:q.pos:q.pos]
}
