//go:build linux

package simd

import (
	"math/rand/v2"
	"testing"
)

// TestUTF16PageFences runs every form with src and dst against protected
// pages, at both ends, for every length 0–300: reading or writing one byte
// outside the slices crashes the test.
func TestUTF16PageFences(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	srcPage, dstPage := fenced(t, 1), fenced(t, 1)
	for _, atStart := range []bool{false, true} {
		for n := 0; n <= 300; n++ {
			for _, d := range utf16Directions {
				be := n&2 != 0
				input := d.random(r, n, n%d.profiles, be)
				for _, f := range utf16Forms() {
					src := atEdge(srcPage, n, atStart)
					copy(src, input)
					need := utf16Needed(d.ref, src, be)
					// Short of need too: a step must not store past a
					// dst too short for it.
					for _, dl := range []int{need, need + 1, need + 63, need / 2, max(need-1, 0)} {
						d.kernel(f)(atEdge(dstPage, dl, !atStart), src, be)
					}
				}
			}
		}
	}
}
