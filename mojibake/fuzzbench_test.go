package mojibake

import (
	"testing"

	"github.com/webenc/webenc/internal/fuzzbench"
)

// BenchmarkFuzzBodies measures one execution of each fuzz target's body
// on 1 KB inputs: valid text is mojibake and clean text mixed.
func BenchmarkFuzzBodies(b *testing.B) {
	valid := []byte("CrÃ¨me brÃ»lÃ©e, Ïðèâåò, déjà vu, Привет, 日本語 â€œquotedâ€ ")
	b.Run("FuzzFix", func(b *testing.B) {
		fuzzbench.Run(b, fuzzbench.Inputs(fuzzbench.Size, valid), func(tb testing.TB, in []byte, k uint8) { fuzzFixBody(tb, string(in)) })
	})
	b.Run("FuzzFixClean", func(b *testing.B) {
		fuzzbench.Run(b, fuzzbench.Inputs(fuzzbench.Size, valid), func(tb testing.TB, in []byte, k uint8) { fuzzFixCleanBody(tb, in) })
	})
}
