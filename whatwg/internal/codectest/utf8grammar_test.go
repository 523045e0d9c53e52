package codectest_test

import (
	"testing"

	"github.com/webenc/webenc/internal/utf8grammar"
	"github.com/webenc/webenc/whatwg/internal/codectest"
)

// ref runs the Standard's UTF-8 decoder (codectest.UTF8, written from its
// steps) over s until its first result: a code point, or an error (r is
// then -1). n is the number of bytes consumed (read and not restored); cut
// says the error was the end of the queue, so that more input could have
// continued the sequence.
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
			return -1, q.Consumed(), item == codectest.EOQ
		case codectest.Finished:
			return -1, 0, false
		}
	}
}

// tails are the bytes tried in third and fourth place: both ends of every
// range the Standard's decoder distinguishes, and the bytes around them.
var tails = []byte{0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xF4, 0xFF}

// TestNext compares Next with the Standard's decoder on every
// input of one to three bytes, and on every three bytes starting with F0
// to FF followed by each of tails: every path of the decoder, at every
// boundary.
func TestNext(t *testing.T) {
	check := func(s []byte) {
		wantR, wantN, wantCut := ref(s)
		wantOK := wantR >= 0
		if !wantOK {
			wantR = utf8grammar.RuneError
		}
		r, n, ok := utf8grammar.Next(s, true)
		if r != wantR || n != wantN || ok != wantOK {
			t.Fatalf("% X: Next at EOF = %U, %d, %v; the Standard: %U, %d, %v", s, r, n, ok, wantR, wantN, wantOK)
		}
		if wantCut {
			wantR, wantN = 0, 0 // not at EOF, a cut sequence waits for more
		}
		r, n, ok = utf8grammar.Next(s, false)
		rs, ns, oks := utf8grammar.Next(string(s), false)
		if r != wantR || n != wantN || ok != wantOK || rs != r || ns != n || oks != ok {
			t.Fatalf("% X: Next = %U, %d, %v (string: %U, %d, %v); the Standard: %U, %d, %v",
				s, r, n, ok, rs, ns, oks, wantR, wantN, wantOK)
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
		if r, n, _ := ref([]byte{byte(a)}); r >= 0 {
			size = n
		}
		for b := range 256 {
			// 80 80 completes any sequence whose second byte is valid.
			s := []byte{byte(a), byte(b), 0x80, 0x80}
			if r, n, _ := ref(s); r >= 0 && n >= 2 {
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
