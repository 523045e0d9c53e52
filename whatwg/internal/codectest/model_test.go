package codectest

import (
	"fmt"
	"slices"
	"testing"
)

// TestQueue checks read, restore and end-of-queue, and that Restore
// refuses items that are not the last ones read.
func TestQueue(t *testing.T) {
	q := NewQueue([]byte{1, 2})
	if a, b := q.Read(), q.Read(); a != 1 || b != 2 {
		t.Fatalf("read %d %d", a, b)
	}
	q.Restore(1, 2)
	if q.Consumed() != 0 || q.Read() != 1 {
		t.Fatal("restore")
	}
	q.Read()
	if a, b := q.Read(), q.Read(); a != EOQ || b != EOQ || q.Consumed() != 2 {
		t.Fatal("end-of-queue is not removed by read")
	}
	q.Push([]byte{3})
	if q.Read() != 3 {
		t.Fatal("push goes before end-of-queue")
	}
	for _, items := range [][]int{{2}, {EOQ}, {1, 2, 3, 4}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Restore(%v) did not panic", items)
				}
			}()
			q.Restore(items...)
		}()
	}
}

// TestDecodeUTF8 checks the UTF-8 reference through the decode loop on
// the Standard's examples: the output, and each error's offset, bytes
// and end.
func TestDecodeUTF8(t *testing.T) {
	for _, c := range []struct {
		in, repl string
		errs     []string
		ends     []int
	}{
		{"a\u00E9", "a\u00E9", nil, nil},
		{"\xF0\x9F\x98", "\uFFFD", []string{"[F0 9F 98] at byte offset 0"}, []int{3}},
		{"\xF0\x9F\x98a", "\uFFFDa", []string{"[F0 9F 98] at byte offset 0"}, []int{3}},
		{"\xE0\x80a", "\uFFFD\uFFFDa", []string{"[E0] at byte offset 0", "[80] at byte offset 1"}, []int{1, 2}},
		{"\xFF", "\uFFFD", []string{"[FF] at byte offset 0"}, []int{1}},
	} {
		d := Decode("UTF-8", UTF8(), []byte(c.in))
		var errs []string
		for _, e := range d.Errs {
			errs = append(errs, fmt.Sprintf("[% X] at byte offset %d", e.Bytes, e.Offset))
		}
		if string(d.Repl) != c.repl || !slices.Equal(errs, c.errs) || !slices.Equal(d.Ends, c.ends) {
			t.Errorf("%+q: got %+q %q %v; want %+q %q %v", c.in, d.Repl, errs, d.Ends, c.repl, c.errs, c.ends)
		}
		if out, e := d.Mode(true); len(c.errs) > 0 && (e == "<nil>" || string(out) != c.repl[:len(string(out))]) {
			t.Errorf("%+q fatal: %q %s", c.in, out, e)
		}
	}
}

// TestDecodeUTF16 checks the UTF-16 reference: a lone leading surrogate
// followed by a BMP code unit restores the unit's two bytes.
func TestDecodeUTF16(t *testing.T) {
	d := Decode("UTF-16LE", UTF16(false), []byte{0x3D, 0xD8, 0x41, 0x00, 0x42})
	if string(d.Repl) != "\uFFFDA\uFFFD" || !slices.Equal(d.Ends, []int{2, 5}) ||
		d.Errs[0].Offset != 0 || string(d.Errs[0].Bytes) != "\x3D\xD8" || d.Errs[1].Offset != 4 {
		t.Errorf("got %+q %v %v", d.Repl, d.Ends, d.Errs)
	}
}

// TestNextScalar checks maximal subparts.
func TestNextScalar(t *testing.T) {
	for _, c := range []struct {
		in string
		r  rune
		n  int
	}{{"a", 'a', 1}, {"\u00E9x", 0xE9, 2}, {"\xE2\x82", 0xFFFD, 2}, {"\xE2\x82a", 0xFFFD, 2}, {"\xC0\xAF", 0xFFFD, 1}, {"\U0001F600", 0x1F600, 4}} {
		if r, n := NextScalar([]byte(c.in)); r != c.r || n != c.n {
			t.Errorf("%+q: got U+%04X %d, want U+%04X %d", c.in, r, n, c.r, c.n)
		}
	}
}

// TestEncode checks the encode loop with an ASCII-only encoder: fatal and
// html mode, offsets and sizes of the error.
func TestEncode(t *testing.T) {
	ascii := func(cp rune) EncStep {
		switch {
		case cp == EOQ:
			return EncStep{}
		case cp < 0x80:
			return EncBytes(byte(cp))
		}
		return EncFail(cp)
	}
	e := Encode("ASCII", ascii, []byte("a\u00E9b\xE2\x82c"))
	if string(e.HTML) != "a&#233;b&#65533;c" || string(e.Fatal.Out) != "a" ||
		fmt.Sprint(e.Fatal.Err) != "webenc: ASCII: cannot encode U+00E9 at byte offset 1" {
		t.Errorf("got %q %v", e.HTML, e.Fatal)
	}
}
