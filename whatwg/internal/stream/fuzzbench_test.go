package stream_test

import (
	"testing"

	"github.com/webenc/webenc/internal/fuzzbench"
)

// BenchmarkFuzzBodies measures one execution of FuzzReader's body on 1 KB
// inputs (issue 9's budget: 10,000 executions/s, 100 µs); the valid input
// is ISO-2022-JP, which every decoder of the target reads as text.
func BenchmarkFuzzBodies(b *testing.B) {
	in := fuzzbench.Inputs(fuzzbench.Size, []byte("\x1B$BF|K\\8l\x1B(B abc, def\n"))
	b.Run("FuzzReader", func(b *testing.B) {
		fuzzbench.Run(b, in, func(tb testing.TB, src []byte, k uint8) { fuzzReaderBody(tb, src, k, k/8) })
	})
}
