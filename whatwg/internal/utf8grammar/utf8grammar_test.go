package utf8grammar_test

import (
	"testing"

	"github.com/webenc/webenc/whatwg/internal/codectest"
	"github.com/webenc/webenc/whatwg/internal/utf8grammar"
)

// ref runs the Standard's UTF-8 decoder (codectest.UTF8, written from its
// steps) over s until its first result: a code point, or an error (r is
// then utf8grammar.Invalid). n is the number of bytes consumed (read and
// not restored); cut says the error was the end of the queue, so that
// more input could have continued the sequence.
func ref(s []byte) (r rune, n int, cut bool) {
	h := codectest.UTF8()
	q := codectest.NewQueue(s)
	for {
		item := q.Read()
		st := h(q, item)
		switch st.Status {
		case codectest.CodePoints:
			return st.Runes()[0], q.Consumed(), false
		case codectest.Error:
			return utf8grammar.Invalid, q.Consumed(), item == codectest.EOQ
		case codectest.Finished:
			return utf8grammar.Invalid, 0, false
		}
	}
}

// tails are the bytes tried in third and fourth place: both ends of every
// range the Standard's decoder distinguishes, and the bytes around them.
var tails = []byte{0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xF4, 0xFF}

// TestDecode compares Decode and Cut with the Standard's decoder on every
// input of one to three bytes, and on every three bytes starting with F0
// to FF followed by each of tails: every path of the decoder, at every
// boundary.
func TestDecode(t *testing.T) {
	check := func(s []byte) {
		wantR, wantN, wantCut := ref(s)
		r, n := utf8grammar.Decode(s)
		rs, ns := utf8grammar.Decode(string(s))
		cut := r == utf8grammar.Invalid && utf8grammar.Cut(s, n)
		if r != wantR || n != wantN || cut != wantCut || rs != r || ns != n {
			t.Fatalf("% X: Decode = %d, %d (string: %d, %d), cut %v; the Standard: %d, %d, cut %v",
				s, r, n, rs, ns, cut, wantR, wantN, wantCut)
		}
	}
	for a := range 256 {
		check([]byte{byte(a)})
		for b := range 256 {
			check([]byte{byte(a), byte(b)})
			for c := range 256 {
				check([]byte{byte(a), byte(b), byte(c)})
				if a < 0xF0 {
					continue
				}
				for _, d := range tails {
					check([]byte{byte(a), byte(b), byte(c), d})
				}
			}
		}
	}
}

// TestSizeSecond checks Size and Second against the sequences the
// Standard's decoder accepts: Size(a) is the length of every valid
// sequence starting with a (0 if there is none) and Second(a) the range of
// second bytes in them.
func TestSizeSecond(t *testing.T) {
	for a := range 256 {
		size, lo, hi := 0, 0x100, -1
		if r, n, _ := ref([]byte{byte(a)}); r != utf8grammar.Invalid {
			size = n
		}
		for b := range 256 {
			// 80 80 completes any sequence whose second byte is valid.
			s := []byte{byte(a), byte(b), 0x80, 0x80}
			if r, n, _ := ref(s); r != utf8grammar.Invalid && n >= 2 {
				size, lo, hi = n, min(lo, b), max(hi, b)
			}
		}
		if got := utf8grammar.Size(byte(a)); got != size {
			t.Errorf("Size(%02X) = %d; the Standard's decoder: %d", a, got, size)
		}
		if size < 2 {
			continue
		}
		if l, h := utf8grammar.Second(byte(a)); int(l) != lo || int(h) != hi {
			t.Errorf("Second(%02X) = %02X–%02X; the Standard's decoder: %02X–%02X", a, l, h, lo, hi)
		}
	}
}
