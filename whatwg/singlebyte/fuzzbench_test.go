package singlebyte

import (
	"testing"

	"github.com/webenc/webenc/internal/fuzzbench"
)

// BenchmarkFuzzBodies measures one execution of each fuzz target's body
// on 1 KB inputs (issue 9's budget: 10,000 executions/s, 100 µs), over
// every encoding: the decoder's valid input is the bytes 0x20–0xFF, the
// encoder's is Latin, Greek and Cyrillic text.
func BenchmarkFuzzBodies(b *testing.B) {
	var high []byte
	for c := 0x20; c <= 0xFF; c++ {
		high = append(high, byte(c))
	}
	b.Run("FuzzDecode", func(b *testing.B) {
		fuzzbench.Run(b, fuzzbench.Inputs(fuzzbench.Size, high), func(tb testing.TB, in []byte, k uint8) { fuzzDecodeBody(tb, in, k, uint16(k)*7) })
	})
	b.Run("FuzzEncode", func(b *testing.B) {
		fuzzbench.Run(b, fuzzbench.Inputs(fuzzbench.Size, []byte("café € naïve Ελληνικά Русский текст ŁÓDŹ\n")), func(tb testing.TB, in []byte, k uint8) { fuzzEncodeBody(tb, string(in), k) })
	})
}
