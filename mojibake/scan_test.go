package mojibake

import (
	"testing"
	"unicode/utf8"
)

// TestRunKindNeverOdd checks what the prefilter's runs of one kind rely
// on (see runKind): two characters of one kind are never an odd pair but
// for a small letter before a capital, none is odd after a neutral start
// (ASCII other than a letter, or a character no wrong decoder makes), and
// none is a sign of Latin-script legacy text, a windows-1252 upper-half
// character or a C1 control. It must hold again whenever odd changes.
func TestRunKindNeverOdd(t *testing.T) {
	byKind := map[uint16][]rune{}
	for r := rune(0); r < 0x10000; r++ {
		m := table.lookup(r)
		if m.kind == 0 {
			continue
		}
		if r < 0xA0 || m.latinSign != 0 || m.high&(1<<c1) != 0 {
			t.Fatalf("U+%04X has kind %d but is evidence on its own", r, m.kind)
		}
		byKind[m.kind] = append(byKind[m.kind], r)
		for c := 0; c < utf8.RuneSelf; c++ {
			if a := &asciiMasks[c]; a.cls == clsASCII && odd(a, m) {
				t.Errorf("odd(%q, %q) after a neutral start", rune(c), r)
			}
		}
		if odd(&noMasks, m) {
			t.Errorf("odd(no masks, %q)", r)
		}
	}
	if len(byKind) < 5 {
		t.Fatalf("only %d kinds", len(byKind))
	}
	pairs := 0
	for _, rs := range byKind {
		for _, a := range rs {
			ma := table.lookup(a)
			for _, b := range rs {
				mb := table.lookup(b)
				if ma.cls == clsLower && mb.cls == clsUpper {
					continue
				}
				pairs++
				if odd(ma, mb) {
					t.Errorf("odd(%q, %q) in one kind", a, b)
				}
			}
		}
	}
	t.Logf("%d kinds, %d pairs", len(byKind), pairs)
}

// TestAsciiEnd checks asciiEnd against a byte-by-byte scan at every
// start of strings with a non-ASCII byte at every place.
func TestAsciiEnd(t *testing.T) {
	for n := 0; n <= 40; n++ {
		for at := 0; at <= n; at++ {
			b := make([]byte, n)
			for i := range b {
				b[i] = 'a' + byte(i%26)
			}
			if at < n {
				b[at] = 0xC3
			}
			s := string(b)
			for i := 0; i <= n; i++ {
				want := i
				for want < n && s[want] < utf8.RuneSelf {
					want++
				}
				if got := asciiEnd(s, i); got != want {
					t.Fatalf("asciiEnd(%q, %d) = %d, want %d", s, i, got, want)
				}
			}
		}
	}
}
