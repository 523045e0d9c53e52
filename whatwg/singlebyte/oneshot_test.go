package singlebyte

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/transform"
)

// TestNewDecoderShortDst checks the transformer of every encoding's
// NewDecoder (decodeShort up to 16 bytes, the staged kernels up to 64)
// on inputs of 0 to 80 bytes into a dst of every size up to the whole
// output: each call writes the longest prefix of the Standard's output
// (from the index) that fits, with ErrShortDst unless src is done.
func TestNewDecoderShortDst(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, c := range all {
		want := expected(t, c.index)
		// forms[b] is byte b's output: itself, the index's code point or
		// U+FFFD.
		var forms [256][]byte
		for b := range 256 {
			switch {
			case b < 0x80:
				forms[b] = []byte{byte(b)}
			case want[b-0x80] < 0:
				forms[b] = []byte("\uFFFD")
			default:
				forms[b] = utf8.AppendRune(nil, want[b-0x80])
			}
		}
		d := c.e.NewDecoder()
		for n := 0; n <= 80; n++ {
			for _, p := range []int{0, 32, 128, 256} {
				src := make([]byte, n)
				for i := range src {
					if r.IntN(256) < p {
						src[i] = byte(0x80 + r.IntN(128))
					} else {
						src[i] = byte(r.IntN(128))
					}
				}
				var full []byte
				for _, b := range src {
					full = append(full, forms[b]...)
				}
				for size := 0; size <= len(full)+1; size++ {
					// The longest prefix of whole forms that fits.
					wDst, wSrc := 0, 0
					for wSrc < n && wDst+len(forms[src[wSrc]]) <= size {
						wDst += len(forms[src[wSrc]])
						wSrc++
					}
					dst := make([]byte, size)
					nDst, nSrc, err := d.Transform(dst, src, true)
					if nDst != wDst || nSrc != wSrc || !bytes.Equal(dst[:nDst], full[:wDst]) ||
						(err == nil) != (wSrc == n) || (err != nil && err != transform.ErrShortDst) {
						t.Fatalf("%s: % X into %d bytes: (%d, %d, %v) %q; want (%d, %d) %q",
							name(c.e), src, size, nDst, nSrc, err, dst[:nDst], wDst, wSrc, full[:wDst])
					}
				}
			}
		}
	}
}
