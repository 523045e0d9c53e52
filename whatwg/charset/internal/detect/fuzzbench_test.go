package detect

import (
	"testing"

	"github.com/webenc/webenc/internal/fuzzbench"
)

// BenchmarkFuzzBodies measures one execution of each fuzz target's body
// in this package on 1 KB inputs (issue 9's budget: 10,000 executions/s,
// 100 µs).
func BenchmarkFuzzBodies(b *testing.B) {
	in := fuzzbench.Inputs(fuzzbench.Size, []byte("\x82\xa0\x8f\xa2\xaf\x81\x30\x81\x30\xa4\x40\xe6\x97\xa5 text\x1b$B\x30\x21\x1b(B"))
	checkers := newCheckers()
	b.Run("FuzzGrammarsAgree", func(b *testing.B) {
		fuzzbench.Run(b, in, func(tb testing.TB, src []byte, _ uint8) { grammarsAgreeBody(tb, checkers, src) })
	})
}
