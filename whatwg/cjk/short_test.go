package cjk_test

import (
	"math/rand/v2"
	"testing"

	"github.com/webenc/webenc/whatwg/internal/codectest"
)

// Inputs shorter than dbcsKernelMin (32 bytes) go through dbcsRun's scalar
// loop alone, longer ones through the double-byte kernel first: these tests
// cover the lengths on either side.

// TestDecodeAroundKernelMin compares random inputs of 24 to 47 bytes, half
// ASCII and half bytes 80–FF (pairs, errors, leading bytes at the end),
// with the Standard's literal reference decoders (checkDecode).
func TestDecodeAroundKernelMin(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, c := range []*dbcsSpec{big5, euckr} {
		index := c.loadIndex(t)
		for range 3000 {
			in := make([]byte, 24+rng.IntN(24))
			for i := range in {
				in[i] = byte(0x80 + rng.IntN(0x80))
				if rng.IntN(2) == 0 {
					in[i] = byte(0x20 + rng.IntN(0x60))
				}
			}
			c.checkDecode(t, index, in)
		}
	}
}

// TestBulkShortLengths: every encoding's one-shot decoding of random mixes
// of every length up to 64 bytes equals its byte-by-byte decoding.
func TestBulkShortLengths(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, enc := range bulkEncodings {
		repl := enc.NewDecoderMode(false)
		for n := 1; n <= 64; n++ {
			for range 40 {
				src := bulkMix(rng, enc, n)[:n]
				want := codectest.Run(repl, src, []int{1}, 1+n%7)
				if got := codectest.OneShot(repl, src); !got.Equal(want) {
					t.Fatalf("%s %q:\none shot  %v\nbyte-wise %v", enc.Name, src, got, want)
				}
			}
		}
	}
}

// checkDecode decodes in, in both modes, against the reference decoder:
// one-shot, byte by byte with a 1-byte dst, and resumed after errors.
func (c *dbcsSpec) checkDecode(t *testing.T, index map[int]rune, in []byte) {
	ref := c.decodeRef(index, in)
	codectest.CheckResume(t, c.newDecoder(true), c.newDecoder(false), in, &ref, 1)
	for _, fm := range []bool{false, true} {
		want := codectest.Result{Out: ref.Repl}
		if fm {
			want = ref.Fatal
		}
		tr := c.newDecoder(fm)()
		if got := codectest.OneShot(tr, in); !got.Equal(want) {
			t.Fatalf("% X fatal=%v: got %v, want %v", in, fm, got, want)
		}
		if got := codectest.Run(tr, in, []int{1}, 1); !got.Equal(want) {
			t.Fatalf("% X fatal=%v byte by byte: got %v, want %v", in, fm, got, want)
		}
	}
}
