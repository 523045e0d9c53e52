package utf8

import (
	"testing"

	"github.com/webenc/webenc/internal/fuzzbench"
)

// fuzzSample is valid UTF-8 text of every sequence length, from which
// BenchmarkFuzzBodies makes its valid inputs.
const fuzzSample = "The quick brown fox, café, Ελληνικά, Русский, 日本語のテキスト, 한국어, 😀🎉 \n"

// BenchmarkFuzzBodies measures one execution of each fuzz target's body
// on 1 KB inputs (issue 9's budget: 10,000 executions/s, 100 µs).
func BenchmarkFuzzBodies(b *testing.B) {
	in := fuzzbench.Inputs(fuzzbench.Size, []byte(fuzzSample))
	b.Run("FuzzDecode", func(b *testing.B) {
		fuzzbench.Run(b, in, func(tb testing.TB, src []byte, k uint8) { fuzzDecodeBody(tb, src, k, k/16) })
	})
	b.Run("FuzzEncode", func(b *testing.B) {
		fuzzbench.Run(b, in, func(tb testing.TB, src []byte, k uint8) { fuzzEncodeBody(tb, src, k, k/16) })
	})
}
