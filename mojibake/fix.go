// The package's face: Fix, Explain and the Step they report, and the
// loop that walks a text segment by segment and repairs the suspicious
// ones (docs/mojibake.md, "What it repairs" and "Streaming: segments").

package mojibake

import (
	"fmt"
	"strings"
)

// MaxSegment is the longest segment Fix repairs as one piece, in bytes.
// Fix works on segments: a line (up to and including '\n'), or, for a
// line longer than MaxSegment, its first MaxSegment bytes cut after their
// last ASCII space, tab, carriage return or form feed (at the last
// character boundary when there is none). Each segment is repaired on its
// own evidence and then with its window's (see WindowSize), which is what
// lets NewFixer stream in bounded memory and still give Fix's output
// exactly.
const MaxSegment = 16 << 10

// Layer is one wrong decoding that was undone: the text was encoded back
// with Encoding, giving the bytes it had been decoded from, and those
// bytes decoded as Decoding.
type Layer struct {
	// Encoding is the decoder that was wrongly applied, e.g.
	// "windows-1252" (its bytes 0x80–0x9F also stand for C1 controls, as
	// ISO-8859-1 readers show them).
	Encoding string
	// Decoding is what the bytes really were: "UTF-8", or a legacy
	// encoding such as "windows-1251" or "Shift_JIS".
	Decoding string
	// Restored counts bytes 0x81, 0x8D, 0x8F, 0x90 or 0x9D that had been
	// lost (as C1 controls) and were put back.
	Restored int
}

// Step is one repair: the bytes Start to End (exclusive) of the input
// were replaced by undoing Layers, outermost first.
type Step struct {
	Start, End int
	Layers     []Layer
}

// String describes the step for logs and people, e.g. "bytes 10–42:
// encoded as windows-1252, decoded as UTF-8".
func (s Step) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "bytes %d–%d: ", s.Start, s.End)
	for i, l := range s.Layers {
		if i > 0 {
			b.WriteString(", then ")
		}
		fmt.Fprintf(&b, "encoded as %s, decoded as %s", l.Encoding, l.Decoding)
		switch l.Restored {
		case 0:
		case 1:
			b.WriteString(" (1 lost byte restored)")
		default:
			fmt.Fprintf(&b, " (%d lost bytes restored)", l.Restored)
		}
	}
	return b.String()
}

// Fix returns text with its mojibake undone, or text itself when it has
// none: UTF-8 text that was decoded with one of the Standard's
// single-byte encodings (up to three times over, in spans or whole),
// also where the bytes 0x81, 0x8D, 0x8F, 0x90 and 0x9D were dropped as C1
// controls, and legacy-encoded text read as windows-1252. A span is
// repaired only when the repaired text is far more plausible, so clean
// text in any language comes back byte for byte, and Fix(Fix(s)) ==
// Fix(s). A line of a legacy document that is too short to prove its
// history is read as the lines around it are (see WindowSize). Invalid
// UTF-8 in text is left as it is.
//
// Fix allocates nothing when it changes nothing.
func Fix(text string) string {
	fixed, _ := fix(text, false)
	return fixed
}

// Explain is Fix that also says what it did, one Step per repaired span,
// in input order.
func Explain(text string) (fixed string, steps []Step) {
	return fix(text, true)
}

// repair is one replaced span of a segment.
type repair struct {
	start, end int
	text       string
	layers     []Layer
}

func fix(text string, explain bool) (string, []Step) {
	next := suspiciousAt(text) // the segments before the one it falls in are clean
	if next < 0 {
		return text, nil
	}
	var out fixed
	var room [8]winSeg
	win := room[:0] // the repaired segments of the window being read
	winStart := 0
	for base := 0; base < len(text); {
		seg := text[base : base+segmentEnd(text[base:])]
		flagged := base+len(seg) >= next
		if flagged {
			if reps := fixSegment(seg); len(reps) > 0 {
				win = append(win, winSeg{base, seg, reps})
			}
		}
		base += len(seg)
		if base-winStart >= WindowSize {
			out.window(text, winStart, win, explain)
			win, winStart = win[:0], base
		}
		if flagged {
			n := suspiciousAt(text[base:])
			if n < 0 {
				break
			}
			next = base + n
		}
	}
	if len(win) > 0 {
		out.window(text, winStart, win, explain)
	}
	if out.b == nil {
		return text, nil
	}
	out.b = append(out.b, text[out.done:]...)
	return string(out.b), out.steps
}

// fixed is Fix's output as it is built: text[:done] is in b (once b is in
// use), with the steps that made it.
type fixed struct {
	b     []byte
	steps []Step
	done  int
}

// window decides the window of text at start together (decideWindow),
// given its repaired segments, and writes their repairs.
func (o *fixed) window(text string, start int, repaired []winSeg, explain bool) {
	for _, s := range decideWindow(text, start, repaired) {
		for _, r := range s.reps {
			if o.b == nil {
				o.b = make([]byte, 0, len(text))
			}
			o.b = append(o.b, text[o.done:s.base+r.start]...)
			o.b = append(o.b, r.text...)
			o.done = s.base + r.end
			if explain {
				o.steps = append(o.steps, Step{Start: s.base + r.start, End: s.base + r.end, Layers: r.layers})
			}
		}
	}
}
