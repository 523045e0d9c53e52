package utf16

import (
	"testing"

	"github.com/webenc/webenc/internal/fuzzbench"
)

// fuzzSample is text with characters inside and outside the BMP, from
// which BenchmarkFuzzBodies makes its valid inputs.
const fuzzSample = "The quick brown fox, café, Ελληνικά, 日本語のテキスト, 😀🎉 \n"

// BenchmarkFuzzBodies measures one execution of each fuzz target's body
// on 1 KB inputs (issue 9's budget: 10,000 executions/s, 100 µs): the
// decoder on UTF-16LE text (read as both byte orders), the encoder on
// UTF-8 text.
func BenchmarkFuzzBodies(b *testing.B) {
	utf16le := []byte(utf16Of(fuzzSample, false))
	b.Run("FuzzDecode", func(b *testing.B) {
		fuzzbench.Run(b, fuzzbench.Inputs(fuzzbench.Size, utf16le), func(tb testing.TB, src []byte, k uint8) { fuzzDecodeBody(tb, src, k, k/16, k&1 == 1) })
	})
	b.Run("FuzzEncode", func(b *testing.B) {
		fuzzbench.Run(b, fuzzbench.Inputs(fuzzbench.Size, []byte(fuzzSample)), func(tb testing.TB, src []byte, k uint8) { fuzzEncodeBody(tb, src, k, k/16, k&1 == 1) })
	})
}
