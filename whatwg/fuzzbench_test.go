package whatwg

import (
	"testing"

	"github.com/webenc/webenc/internal/fuzzbench"
)

// fuzzSample is text in many scripts, from which BenchmarkFuzzBodies makes
// its valid inputs.
const fuzzSample = "The quick brown fox, café, Ελληνικά, Русский, 日本語のテキスト, 中文, 한국어, ¥‾ 😀\n"

// BenchmarkFuzzBodies measures one execution of each fuzz target's body
// on 1 KB inputs (issue 9's budget: 10,000 executions/s, 100 µs).
func BenchmarkFuzzBodies(b *testing.B) {
	in := fuzzbench.Inputs(fuzzbench.Size, []byte(fuzzSample))
	b.Run("FuzzTextDecoder", func(b *testing.B) {
		fuzzbench.Run(b, in, func(tb testing.TB, src []byte, k uint8) { fuzzTextDecoderBody(tb, src, k, k*3, k) })
	})
	b.Run("FuzzTextEncoder", func(b *testing.B) {
		fuzzbench.Run(b, in, func(tb testing.TB, src []byte, k uint8) { fuzzTextEncoderBody(tb, string(src), int(k)) })
	})
	encs := allEncodingsSorted(b)
	b.Run("FuzzAppend", func(b *testing.B) {
		fuzzbench.Run(b, in, func(tb testing.TB, src []byte, k uint8) { fuzzAppendBody(tb, encs, src, k) })
	})
	b.Run("FuzzHooks", func(b *testing.B) {
		fuzzbench.Run(b, in, func(tb testing.TB, src []byte, k uint8) { fuzzHooksBody(tb, src, string(src), k) })
	})
}
