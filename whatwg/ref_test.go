package whatwg

// A literal, slow reference of the Standard's I/O queues, of the UTF-8 and
// UTF-16BE/LE decoders and of the TextDecoder decode() method, written from
// encoding.bs independently of the code under test. Tests compare the
// package's TextDecoder with it.

// eoq is end-of-queue.
const eoq = -1

// refQueue is an I/O queue of bytes that always ends with end-of-queue, as
// TextDecoder's queue « end-of-queue » does once items are pushed before it.
type refQueue struct{ items []int }

// read implements "read": end-of-queue is returned but not removed.
func (q *refQueue) read() int {
	if q.items[0] == eoq {
		return eoq
	}
	it := q.items[0]
	q.items = q.items[1:]
	return it
}

// push implements "push" of bytes: before the trailing end-of-queue.
func (q *refQueue) push(b []byte) {
	last := q.items[len(q.items)-1]
	q.items = q.items[:len(q.items)-1]
	for _, c := range b {
		q.items = append(q.items, int(c))
	}
	q.items = append(q.items, last)
}

// restore implements "restore": prepend.
func (q *refQueue) restore(b ...int) {
	q.items = append(append([]int(nil), b...), q.items...)
}

// refResult is a handler's result.
type refResult struct {
	kind  int // resFinished, resItems, resError, resContinue
	items []rune
}

const (
	resFinished = iota
	resItems
	resError
	resContinue
)

type refDecoder interface {
	handler(q *refQueue, b int) refResult
}

// refUTF8 is the UTF-8 decoder, step by step.
type refUTF8 struct {
	codePoint, seen, needed int
	lower, upper            int
}

func newRefUTF8() refDecoder { return &refUTF8{lower: 0x80, upper: 0xBF} }

func (d *refUTF8) handler(q *refQueue, b int) refResult {
	// 1.
	if b == eoq && d.needed != 0 {
		d.needed = 0
		return refResult{kind: resError}
	}
	// 2.
	if b == eoq {
		return refResult{kind: resFinished}
	}
	// 3.
	if d.needed == 0 {
		switch {
		case b <= 0x7F:
			return refResult{kind: resItems, items: []rune{rune(b)}}
		case b >= 0xC2 && b <= 0xDF:
			d.needed = 1
			d.codePoint = b & 0x1F
		case b >= 0xE0 && b <= 0xEF:
			if b == 0xE0 {
				d.lower = 0xA0
			}
			if b == 0xED {
				d.upper = 0x9F
			}
			d.needed = 2
			d.codePoint = b & 0xF
		case b >= 0xF0 && b <= 0xF4:
			if b == 0xF0 {
				d.lower = 0x90
			}
			if b == 0xF4 {
				d.upper = 0x8F
			}
			d.needed = 3
			d.codePoint = b & 0x7
		default:
			return refResult{kind: resError}
		}
		return refResult{kind: resContinue}
	}
	// 4.
	if b < d.lower || b > d.upper {
		d.codePoint, d.needed, d.seen = 0, 0, 0
		d.lower, d.upper = 0x80, 0xBF
		q.restore(b)
		return refResult{kind: resError}
	}
	// 5–8.
	d.lower, d.upper = 0x80, 0xBF
	d.codePoint = d.codePoint<<6 | b&0x3F
	d.seen++
	if d.seen != d.needed {
		return refResult{kind: resContinue}
	}
	// 9–11.
	cp := d.codePoint
	d.codePoint, d.needed, d.seen = 0, 0, 0
	return refResult{kind: resItems, items: []rune{rune(cp)}}
}

// refUTF16 is the shared UTF-16 decoder.
type refUTF16 struct {
	leadByte      int // -1 for null
	leadSurrogate int // -1 for null
	be            bool
}

func newRefUTF16(be bool) func() refDecoder {
	return func() refDecoder { return &refUTF16{leadByte: -1, leadSurrogate: -1, be: be} }
}

func (d *refUTF16) handler(q *refQueue, b int) refResult {
	// 1–2.
	if b == eoq {
		if d.leadByte != -1 || d.leadSurrogate != -1 {
			d.leadByte, d.leadSurrogate = -1, -1
			return refResult{kind: resError}
		}
		return refResult{kind: resFinished}
	}
	// 3.
	if d.leadByte == -1 {
		d.leadByte = b
		return refResult{kind: resContinue}
	}
	// 4–5.
	var cu int
	if d.be {
		cu = d.leadByte<<8 + b
	} else {
		cu = b<<8 + d.leadByte
	}
	d.leadByte = -1
	// 6.
	if d.leadSurrogate != -1 {
		lead := d.leadSurrogate
		d.leadSurrogate = -1
		if cu >= 0xDC00 && cu <= 0xDFFF {
			return refResult{kind: resItems, items: []rune{rune(0x10000 + (lead-0xD800)<<10 + (cu - 0xDC00))}}
		}
		b1, b2 := cu>>8, cu&0xFF
		if d.be {
			q.restore(b1, b2)
		} else {
			q.restore(b2, b1)
		}
		return refResult{kind: resError}
	}
	// 7–9.
	if cu >= 0xD800 && cu <= 0xDBFF {
		d.leadSurrogate = cu
		return refResult{kind: resContinue}
	}
	if cu >= 0xDC00 && cu <= 0xDFFF {
		return refResult{kind: resError}
	}
	return refResult{kind: resItems, items: []rune{rune(cu)}}
}

// refTextDecoder is TextDecoder's decode() with its TextDecoderCommon
// state, step by step as the Standard writes it.
type refTextDecoder struct {
	newDec     func() refDecoder
	bomEnc     bool // encoding is UTF-8 or UTF-16BE/LE
	fatal      bool
	ignoreBOM  bool
	dec        refDecoder
	q          *refQueue
	bomSeen    bool
	doNotFlush bool
}

func (d *refTextDecoder) decode(input []byte, stream bool) (string, bool) {
	// 1.
	if !d.doNotFlush {
		d.dec = d.newDec()
		d.q = &refQueue{items: []int{eoq}}
		d.bomSeen = false
	}
	// 2–3.
	d.doNotFlush = stream
	d.q.push(input)
	// 4–5.
	var output []rune
	for {
		item := d.q.read()
		if item == eoq && d.doNotFlush {
			return d.serialize(output), false
		}
		// Process an item.
		res := d.dec.handler(d.q, item)
		switch res.kind {
		case resFinished:
			return d.serialize(output), false
		case resItems:
			output = append(output, res.items...)
		case resError:
			if d.fatal {
				// 5.3.3: throw. do not flush keeps the value step 2 gave
				// it, so a streaming decode resumes after the error.
				return "", true
			}
			output = append(output, 0xFFFD)
		}
	}
}

// serialize is "serialize I/O queue".
func (d *refTextDecoder) serialize(items []rune) string {
	var out []rune
	for _, it := range items {
		if d.bomEnc && !d.ignoreBOM && !d.bomSeen {
			d.bomSeen = true
			if it == 0xFEFF {
				continue
			}
		}
		out = append(out, it)
	}
	return string(out)
}
