package codec

import "golang.org/x/text/transform"

// The append contract, shared with Go's append and encoding_rs's buffer
// API: output that fits in dst's spare capacity allocates nothing; nothing
// is written past the returned length (the decoders' and encoders' bulk
// loops store whole words and vectors past what they report, so they only
// ever get room that the output will cover, or room whose bytes past the
// output are put back from a copy);
// growing sizes dst for the likely output, so that from a nil dst the
// capacity is at most 1.5 times the output plus 64 bytes.

// A Step is a decoder's or encoder's Transform, on a value the caller
// keeps on its stack: AppendDecoded and AppendEncoded call it over an
// input until it is all consumed, resuming after each ErrShortDst, with
// atEOF false only on a part of the input (see bodySteps).
type Step func(dst, src []byte, atEOF bool) (nDst, nSrc int, err error)

// overshoot is the most that any step writes into dst past the output it
// reports: twice the most the bulk loops store ahead (the vector kernels'
// 64-byte stores of one block's output, at most 128 bytes for the UTF-8 to
// UTF-16 block of 64 bytes). The append tests of package whatwg fail if a
// step writes further.
const overshoot = 256

// spill is the most of dst's spare capacity past the least output of
// the rest of the input that a step may write into, of which appendSteps
// keeps a copy to restore, and shortSpill the same for a short input
// (a smaller copy to zero). Both are larger than any one character's
// output, so that a step never stops without progress; spill lets most
// inputs of up to 256 bytes, and the end of longer ones, go in one step.
// tailSpill is spill for the tail that bodySteps leaves, whose steps get
// room for the output at the body's ratio: most tails then go in one step.
const (
	spill      = 256
	shortSpill = 64
	tailSpill  = 1024
)

// AppendDecoded runs step, a replacement-mode decoder's, over all of src
// and appends its output to dst. Every perOut bytes of input, from any
// state of the decoder, make at least one byte of output (0: no such
// bound, as for replacement, whose output is one U+FFFD for any input).
// w, unless zero, estimates the output, to size a dst that must grow
// (see appendAll).
func AppendDecoded(dst, src []byte, perOut int, w Weights, step Step) []byte {
	dst, _ = appendAll(dst, src, perOut, w, step, nil)
	return dst
}

// AppendEncoded runs step, the Transform of the encoder whose EncodeErrors
// errs is, over all of src in html mode: for each code point the encoder
// cannot encode, "&#N;". hadUnmappables reports whether that happened.
// perOut is as for AppendDecoded (3 holds for every encoder: a character
// of 1 to 3 bytes of UTF-8 encodes to at least one byte, one of 4 bytes
// to at least 4). w is as for AppendDecoded.
func AppendEncoded(dst, src []byte, perOut int, w Weights, errs *EncodeErrors, step Step) (out []byte, hadUnmappables bool) {
	errs.escape = true
	return appendAll(dst, src, perOut, w, step, errs)
}

// appendAll is AppendDecoded and AppendEncoded (errs non-nil). A dst that
// cannot hold the least output must grow: with weights w it grows once,
// for the likely output (sized), where grow would probe the output's
// ratio first. It then runs appendSteps with a copy buffer of the size
// the input needs: a larger one when bodySteps may run, whose tail's
// steps get more room.
func appendAll(dst, src []byte, perOut int, w Weights, step Step, errs *EncodeErrors) ([]byte, bool) {
	if w != (Weights{}) && perOut > 0 && cap(dst)-len(dst) < leastOut(len(src), perOut) {
		out, escaped := appendAll(sized(dst, src, perOut, w), src, perOut, Weights{}, step, errs)
		return keepBound(out), escaped
	}
	switch {
	case mostOut(len(src), errs != nil) <= shortSpill:
		var saved [shortSpill]byte
		return appendSteps(dst, src, perOut, step, errs, saved[:])
	case perOut > 1 && bodyRuns(dst, src, perOut):
		var saved [tailSpill]byte
		return appendSteps(dst, src, perOut, step, errs, saved[:])
	}
	var saved [spill]byte
	return appendSteps(dst, src, perOut, step, errs, saved[:])
}

// appendSteps runs the steps of appendAll, and bodySteps where bodyNow
// says. Each call of step writes into dst's spare capacity: the least
// output the rest of src can make (see perOut), which the output is
// certain to cover, and at most len(saved) bytes past it, which it puts
// back from a copy in saved where the step stored past its output. After
// the body, the tail's steps get room for its output at the body's ratio.
// (A buffer on the stack passed to the step would move to the heap: the
// step is a func value.)
func appendSteps(dst, src []byte, perOut int, step Step, errs *EncodeErrors, saved []byte) (_ []byte, escaped bool) {
	start, total := len(dst), len(src)
	full, afterBody := false, false
	for {
		if bodyNow(dst, src, perOut, len(src) < total) {
			var esc bool
			dst, src, esc = bodySteps(dst, src, perOut, step, errs, start, total)
			escaped = escaped || esc
			afterBody = true
		}
		least := leastOut(len(src), perOut)
		if full || cap(dst)-len(dst) < least {
			dst = grow(dst, max(least, 1), len(dst)-start, total-len(src), len(src))
		}
		room := dst[len(dst):cap(dst)]
		room = room[:min(len(room), least+len(saved), mostOut(len(src), errs != nil))]
		if perOut == 1 && len(src) == total && bodyRuns(dst, src, perOut) {
			// bodyNow's plain step: room for just the least output,
			// which the output covers, so nothing is saved; an output
			// as long as the input takes it all.
			room = room[:least]
		}
		if out, read := len(dst)-start, total-len(src); afterBody && read > 0 {
			// The tail after bodySteps: room for its output at the
			// ratio so far, with headroom, so that less is copied.
			likely := len(src) * out / read
			room = room[:min(len(room), max(least+shortSpill, likely+likely/8+shortSpill))]
		}
		// The output covers room[:cover] (less than least only while
		// grow probes the output's ratio).
		cover := min(least, len(room))
		k := cover + copy(saved, room[cover:])
		n, m, err := step(room, src, true)
		if j := max(n, cover); j < k {
			copy(room[j:k], saved[j-cover:])
		}
		dst, src = dst[:len(dst)+n], src[m:]
		full = false
		switch {
		case err == errEscape:
			dst = appendEscape(dst, errs, start, total, len(src))
			src = src[errs.esc.size:]
			escaped = true
		case err == nil && len(src) == 0:
			return dst, escaped
		case err == transform.ErrShortDst && len(room) == cap(dst)-len(dst)+n:
			full = true // dst is full
		case err != transform.ErrShortDst || n == 0 && m == 0:
			// Not reached: replacement-mode decoders and escape-mode
			// encoders at EOF fail no other way, and len(saved) bytes
			// take any character. Stop rather than loop.
			return dst, escaped
		}
	}
}

// bodySteps runs step over all of src but its last overshoot*perOut bytes
// (the tail), straight into dst's spare capacity with nothing saved:
// whatever the step stores past its output, within overshoot bytes, the
// output of the tail (at least overshoot bytes) will cover. If the output
// outgrows dst, the step stops at its end and the rest grows dst as any
// step would: the bytes stored past the output are then in the spare
// capacity of the old array (where the steps wrote output before growing
// already), never in the result's. So a long input goes in one step,
// where appendSteps' steps, each bounded by the least output of the rest,
// would take one per third of it (an encoder's: one output byte per three
// input bytes is all that is certain). It returns dst, src and whether it
// wrote an escape, leaving the rest, at least the tail, to appendSteps.
// Its caller checked bodyRuns (through bodyNow).
func bodySteps(dst, src []byte, perOut int, step Step, errs *EncodeErrors, start, total int) (_, _ []byte, escaped bool) {
	tail := overshoot * perOut
	for len(src) > 2*tail {
		n, m, err := step(dst[len(dst):cap(dst)], src[:len(src)-tail], false)
		dst, src = dst[:len(dst)+n], src[m:]
		if err != errEscape {
			// Done, or an incomplete sequence at the body's end, or
			// (after escapes) dst full: the rest is appendSteps'.
			return dst, src, escaped
		}
		dst = appendEscape(dst, errs, start, total, len(src))
		src = src[errs.esc.size:]
		escaped = true
	}
	return dst, src, escaped
}

// bodyNow reports whether appendSteps runs bodySteps now, with stepped
// telling whether a plain step came before. A codec whose least output is
// one byte per input byte first makes a plain step: its room, just the
// least output (nothing saved), takes all of src when the output is no
// longer than the input, as for ASCII text and UTF-8 into UTF-8, in one step where
// bodySteps would take two.
func bodyNow(dst, src []byte, perOut int, stepped bool) bool {
	return (perOut > 1 || stepped) && bodyRuns(dst, src, perOut)
}

// bodyRuns reports whether bodySteps takes a part of src: one longer than
// twice its tail, into spare capacity that holds its least output (less,
// and dst must grow first in any case).
func bodyRuns(dst, src []byte, perOut int) bool {
	return perOut > 0 && len(src) > 2*overshoot*perOut && cap(dst)-len(dst) >= leastOut(len(src), perOut)
}

// leastOut returns the least output of n bytes of input, n/perOut (0 for
// perOut 0). The perOut of the codecs are divisions by constants here,
// which compile to a multiply, where a division by a variable is slow
// beside the rest of a call on a short input.
func leastOut(n, perOut int) int {
	switch perOut {
	case 0:
		return 0
	case 1:
		return n
	case 2:
		return n / 2
	case 3:
		return n / 3
	}
	return n / perOut
}

// mostOut returns the most output a step can make from n bytes of input,
// with room for what its state holds: 3 bytes per byte for a decoder
// (U+FFFD for an erroneous byte), 4 for an encoder (gb18030's U+FFFD for
// an invalid byte; escapes are not the step's output).
func mostOut(n int, encoder bool) int {
	if encoder {
		return 4*n + 16
	}
	return 3*n + 16
}

// appendEscape appends "&#N;" for the code point errs recorded.
func appendEscape(dst []byte, errs *EncodeErrors, start, total, left int) []byte {
	var b [16]byte
	esc := append(b[:0], '&', '#')
	esc = AppendDecimal(esc, int64(errs.esc.r))
	esc = append(esc, ';')
	if cap(dst)-len(dst) < len(esc) {
		dst = grow(dst, len(esc), len(dst)-start, total-left, left)
	}
	return append(dst, esc...)
}

// grow returns dst with room for need more bytes, where the output so
// far, out bytes, came from read bytes of input and left bytes are to
// come. Before any input is read it makes room for at most probe bytes,
// to learn the ratio of output to input. Then it sizes the room for the
// rest at that ratio, with headroom, at least a quarter of what dst holds
// (geometric growth) and at most what keeps the capacity within 1.5 times
// the least the whole output can be, len(dst)+need, plus 64 bytes.
func grow(dst []byte, need, out, read, left int) []byte {
	room := need + 64
	if read == 0 {
		room = min(room, probe)
	} else {
		// The rest at the ratio so far; headroom on what the least
		// output does not make certain.
		rest := int(float64(left) * float64(out) / float64(read))
		room = max(room, need+(rest-need)*9/8+rest/32+64, len(dst)/4)
	}
	room = min(room, (len(dst)+need)/2+need+64)
	g := make([]byte, len(dst), len(dst)+room)
	copy(g, dst)
	return g
}

// sized returns dst with room for the likely output of src (by w), with
// headroom for a few escapes or errors and for the error of sampling,
// and at least the least output.
func sized(dst, src []byte, perOut int, w Weights) []byte {
	likely := w.Likely(src)
	room := max(likely+likely/16+64, len(src)/perOut)
	g := make([]byte, len(dst), len(dst)+room)
	copy(g, dst)
	return g
}

// keepBound returns out copied into an array of its length if sized
// overestimated it so far that its capacity is more than 1.5 times its
// length plus 64 bytes (the bound that grow keeps).
func keepBound(out []byte) []byte {
	if cap(out) <= len(out)+len(out)/2+64 {
		return out
	}
	return append(make([]byte, 0, len(out)), out...)
}

// probe is the most room grow makes before any input is read.
const probe = 64 << 10
