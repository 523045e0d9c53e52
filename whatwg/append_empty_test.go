package whatwg

import (
	"bytes"
	"strings"
	"testing"
)

// TestAppendEmptyDst checks AppendDecode and AppendEncode into a dst of
// length 0 and capacity 0, 1, the output's length less one and the
// output's length, on long inputs whose likely output (codec.Weights)
// is right, too short (escapes, errors) and too long (half-width
// katakana, one byte each in Shift_JIS, counted as two): the output
// equals the Transformer's, stays in dst when it fits, and from a nil
// dst takes at most 1.5 times the output plus 64 bytes.
func TestAppendEmptyDst(t *testing.T) {
	texts := []string{
		strings.Repeat("<p>Grüße, 日本語, ελληνικά & ¥ — 😀 русский текст</p>\n", 100),
		strings.Repeat("\uFF71\uFF72\uFF73", 1000),
		strings.Repeat("a\xFF\xC3", 1000),
	}
	for name, e := range allEncodings(t) {
		for _, text := range texts {
			src := []byte(text)
			legacy, _ := transformerEncode(t, e, src)
			wantDec, decErr := transformerDecode(t, e, legacy)
			wantEnc, encUnm := transformerEncode(t, e, src)
			for _, c := range []struct {
				what string
				want []byte
				flag bool
				f    func(dst []byte) ([]byte, bool)
			}{
				{"AppendDecode", wantDec, decErr, func(dst []byte) ([]byte, bool) { return AppendDecode(dst, e, legacy) }},
				{"AppendEncode", wantEnc, encUnm, func(dst []byte) ([]byte, bool) { return AppendEncode(dst, e, src) }},
			} {
				got, flag := c.f(nil)
				if !bytes.Equal(got, c.want) || flag != c.flag {
					t.Fatalf("%s: %s(nil) of %.20q… differs from the Transformer's", name, c.what, text)
				}
				if limit := len(got) + len(got)/2 + 64; cap(got) > limit {
					t.Errorf("%s: %s(nil) of %.20q…: capacity %d for %d bytes of output, want at most %d", name, c.what, text, cap(got), len(got), limit)
				}
				for _, size := range []int{0, 1, len(c.want) - 1, len(c.want)} {
					dst := make([]byte, 0, size)
					got, flag := c.f(dst)
					if !bytes.Equal(got, c.want) || flag != c.flag {
						t.Fatalf("%s: %s of %.20q… into capacity %d differs from the Transformer's", name, c.what, text, size)
					}
					if size == len(c.want) && size > 0 && &got[0] != &dst[:1][0] {
						t.Errorf("%s: %s of %.20q…: %d bytes of output left a dst of that capacity", name, c.what, text, size)
					}
				}
			}
		}
	}
}
