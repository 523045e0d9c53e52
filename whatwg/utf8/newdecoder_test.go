package utf8

import (
	"bytes"
	"testing"

	"golang.org/x/text/transform"
)

// TestNewDecoderTinyDst checks the path UTF8.NewDecoder takes for
// calls at EOF against the
// Standard's steps: every input of up to 3 bytes whose first byte is a lead
// and the mixed inputs, through dst of 1 to 5 bytes (each call at EOF,
// resumed after ErrShortDst, dst doubled when too small for the next
// character, as x/text's Bytes does) and through Bytes.
func TestNewDecoderTinyDst(t *testing.T) {
	check := func(src []byte) {
		t.Helper()
		want, _ := refDecode(src, false)
		if got, err := UTF8.NewDecoder().Bytes(src); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("Bytes(% X) = % X, %v; want % X", src, got, err, want)
		}
		for size := 1; size <= 5; size++ {
			d := UTF8.NewDecoder()
			var got []byte
			dst := make([]byte, size)
			rest := src
			for calls := 0; ; calls++ {
				n, m, err := d.Transform(dst, rest, true)
				got = append(got, dst[:n]...)
				rest = rest[m:]
				if err == nil {
					break
				}
				if err != transform.ErrShortDst || calls > 4*len(src)+8 {
					t.Fatalf("% X, dst %d: %v after %d calls", src, size, err, calls)
				}
				if n == 0 && m == 0 {
					// No room for the next character: a bigger dst,
					// as Bytes would.
					dst = make([]byte, 2*len(dst))
				}
			}
			if len(rest) != 0 || !bytes.Equal(got, want) {
				t.Fatalf("% X, dst %d: got % X (left % X), want % X", src, size, got, rest, want)
			}
		}
	}
	src := make([]byte, 3)
	for a := range 256 {
		src[0] = byte(a)
		check(src[:1])
		for b := range 256 {
			src[1] = byte(b)
			check(src[:2])
			if a < 0xC0 {
				continue
			}
			for _, c := range []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xF0, 0xFF} {
				src[2] = c
				check(src[:3])
			}
		}
	}
	for _, s := range mixed {
		check([]byte(s))
	}
}
