package whatwg

import (
	"testing"

	"github.com/webenc/webenc/internal/benchdata"
	"github.com/webenc/webenc/whatwg/utf8"
)

// BenchmarkTextEncoder measures EncodeInto on each corpus language's text,
// and Encode on the same text with every 61st byte made 0xFF (invalid
// UTF-8, so that every non-ASCII sequence goes through the grammar rather
// than the validity check that returns valid input as it is).
func BenchmarkTextEncoder(b *testing.B) {
	var e TextEncoder
	for _, s := range benchdata.Load(b, utf8.UTF8) {
		text := string(s.Encode)
		dst := make([]byte, 3*len(text))
		b.Run("op=EncodeInto/lang="+s.Lang, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				e.EncodeInto(dst, text)
			}
		})
		bad := []byte(text)
		for i := 60; i < len(bad); i += 61 {
			bad[i] = 0xFF
		}
		invalid := string(bad)
		b.Run("op=EncodeInvalid/lang="+s.Lang, func(b *testing.B) {
			b.SetBytes(int64(len(invalid)))
			for b.Loop() {
				e.Encode(invalid)
			}
		})
	}
}
