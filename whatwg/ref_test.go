package whatwg

import (
	gutf8 "unicode/utf8"

	"github.com/webenc/webenc/whatwg/internal/codectest"
)

// A literal, slow reference of the TextDecoder decode() method, written
// from encoding.bs independently of the code under test, over the shared
// reference model (codectest's I/O queue and its UTF-8 and UTF-16BE/LE
// decoders). Tests compare the package's TextDecoder with it.

// newRefUTF8 returns a new reference UTF-8 decoder.
var newRefUTF8 = codectest.UTF8

// newRefUTF16 returns the constructor of the reference UTF-16BE (be) or
// UTF-16LE decoder.
func newRefUTF16(be bool) func() codectest.Handler {
	return func() codectest.Handler { return codectest.UTF16(be) }
}

// refTextDecoder is TextDecoder's decode() with its TextDecoderCommon
// state, step by step as the Standard writes it.
type refTextDecoder struct {
	newDec     func() codectest.Handler
	bomEnc     bool // encoding is UTF-8 or UTF-16BE/LE
	fatal      bool
	ignoreBOM  bool
	dec        codectest.Handler
	q          *codectest.Queue
	bomSeen    bool
	doNotFlush bool
}

func (d *refTextDecoder) decode(input []byte, stream bool) (string, bool) {
	// 1. If do not flush is false, set decoder to a new instance, I/O
	// queue to « end-of-queue » and BOM seen to false.
	if !d.doNotFlush {
		d.dec = d.newDec()
		d.q = codectest.NewQueue(nil)
		d.bomSeen = false
	}
	// 2–3.
	d.doNotFlush = stream
	d.q.Push(input)
	// 4–5.
	output := make([]rune, 0, len(input)+1)
	for {
		item := d.q.Read()
		if item == codectest.EOQ && d.doNotFlush {
			return d.serialize(output), false
		}
		// Process an item.
		res := d.dec(d.q, item)
		switch res.Status {
		case codectest.Finished:
			return d.serialize(output), false
		case codectest.CodePoints:
			output = append(output, res.Runes()...)
		case codectest.Error:
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
	out := make([]byte, 0, 3*len(items))
	for _, it := range items {
		if d.bomEnc && !d.ignoreBOM && !d.bomSeen {
			d.bomSeen = true
			if it == 0xFEFF {
				continue
			}
		}
		out = gutf8.AppendRune(out, it)
	}
	return string(out)
}
