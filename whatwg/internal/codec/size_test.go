package codec

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestCountClasses counts every byte value at every position of a
// 40-byte input (a block of four words and a tail), against the classes' limits
// written out.
func TestCountClasses(t *testing.T) {
	for b := range 256 {
		var want classes
		if b >= 0x80 {
			want.high = 1
		}
		if b >= 0x80 && b <= 0x9F {
			want.c1 = 1
		}
		if b >= 0xA0 && b <= 0xBF {
			want.a0bf = 1
		}
		if b >= 0xF0 {
			want.four = 1
		}
		for i := range 40 {
			src := bytes.Repeat([]byte{'a'}, 40)
			src[i] = byte(b)
			if got := countClasses(src); got != want {
				t.Fatalf("countClasses with %#x at %d = %+v, want %+v", b, i, got, want)
			}
		}
	}
}

// TestCountClassesRuns counts inputs of ASCII runs of every length up to
// 200 between high bytes (the runs the ASCII kernel skips), against a
// count byte by byte.
func TestCountClassesRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		var src []byte
		var want classes
		for len(src) < 1000 {
			src = append(src, bytes.Repeat([]byte{'x'}, r.IntN(200))...)
			b := byte(0x80 + r.IntN(128))
			src = append(src, b)
			want.high++
			switch {
			case b <= 0x9F:
				want.c1++
			case b <= 0xBF:
				want.a0bf++
			case b >= 0xF0:
				want.four++
			}
		}
		if got := countClasses(src); got != want {
			t.Fatalf("countClasses(%q) = %+v, want %+v", src, got, want)
		}
	}
}

// TestLikely checks Likely on text whose output is counted by hand.
func TestLikely(t *testing.T) {
	text := []byte("a\u00E9\u20AC\U0001F600 b") // 1+2+3+4+1+1 bytes
	for _, c := range []struct {
		w    Weights
		want int
	}{
		{Weights{ASCII: 8, Lead: 8, Four: 16}, 2 + 2 + 2 + 4 + 2 + 2}, // UTF-16
		{Weights{ASCII: 4, Lead: 4, Four: 4}, 6},                      // one byte a character
		{Weights{ASCII: 4, Lead: 8, Four: 8}, 1 + 2 + 2 + 2 + 1 + 1},
		{Weights{ASCII: 4, C1: 4, A0BF: 4, Lead: 4, Four: 4}, 12},
		{Weights{ASCII: 2, C1: 2, A0BF: 2, Lead: 2, Four: 2}, 6},
		// C3 A9, E2 82 AC, F0 9F 98 80: C1 4, A0BF 2, Lead 2, Four 1; ASCII 3.
		{Weights{ASCII: 1, C1: 4, A0BF: 8, Lead: 12, Four: 16}, (3*1 + 4*4 + 2*8 + 2*12 + 16) / 4},
	} {
		if got := c.w.Likely(text); got != c.want {
			t.Errorf("%+v.Likely(%q) = %d, want %d", c.w, text, got, c.want)
		}
	}
}

// TestLikelySampled checks Likely on an input long enough to be sampled:
// "ab€" repeated 20000 times is 100000 bytes that UTF-16 encodes in
// 120000, which the samples must estimate within 1/64.
func TestLikelySampled(t *testing.T) {
	src := bytes.Repeat([]byte("ab\u20AC"), 20000)
	w := Weights{ASCII: 8, Lead: 8, Four: 16}
	if got, want := w.Likely(src), 120000; got < want-want/64 || got > want+want/64 {
		t.Errorf("Likely of %d bytes = %d, want %d within 1/64", len(src), got, want)
	}
}

// TestUTF16Out checks utf16Out on units at the limits of each UTF-8
// length, in every position of words and the tail, both byte orders.
func TestUTF16Out(t *testing.T) {
	units := []struct {
		u   uint16
		out int
	}{{0x0000, 1}, {0x0041, 1}, {0x007F, 1}, {0x0080, 2}, {0x00E9, 2}, {0x07FF, 2}, {0x0800, 3}, {0x20AC, 3}, {0xD83D, 3}, {0xFFFF, 3}}
	for _, be := range []bool{false, true} {
		for n := range 13 {
			var src []byte
			want := 0
			for i := range n {
				c := units[(i*7+n)%len(units)]
				if be {
					src = append(src, byte(c.u>>8), byte(c.u))
				} else {
					src = append(src, byte(c.u), byte(c.u>>8))
				}
				want += c.out
			}
			if got := utf16Out(src, be); got != want {
				t.Errorf("utf16Out(% X, be %v) = %d, want %d", src, be, got, want)
			}
			if got := utf16Out(append(src, 0x41), be); got != want {
				t.Errorf("utf16Out(% X 41, be %v) = %d, want %d (odd byte not counted)", src, be, got, want)
			}
		}
	}
}
