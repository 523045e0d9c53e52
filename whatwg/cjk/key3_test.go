package cjk_test

import (
	"math/rand/v2"
	"testing"

	"github.com/webenc/webenc/internal/gen"
	"github.com/webenc/webenc/whatwg/cjk"
)

// TestKey3 ties the encoders' table key to the generator's Key3 (the key
// the Encode3 tables were built with), over every input: the key reads
// only the low three bytes of its argument, so all 2^24 of those, each
// with random upper bytes, cover every case.
func TestKey3(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for w := uint64(0); w < 1<<24; w++ {
		x := w | rng.Uint64()<<24
		if got, want := cjk.Key3(x), gen.Key3(x); got != want {
			t.Fatalf("Key3(%#x) = %#x, internal/gen's Key3 gives %#x", x, got, want)
		}
	}
}
