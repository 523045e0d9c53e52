package detect

import (
	"strings"
	"testing"

	"github.com/webenc/webenc/internal/detecteval"
)

// sbWindowStride is how far apart TestSingleByteWindows starts its windows
// in each sample.
const sbWindowStride = 61

// TestSingleByteWindows: a window of single-byte text cut at an arbitrary
// offset (64 and 256 bytes, every sbWindowStride bytes of the 4096-byte
// single-byte samples of both evaluation sets) is answered with a CJK
// encoding only when its bytes decode without error in that encoding
// (a sequence cut by the window's end aside), and never at confidence 0.99
// or more: a few letters of a word may read as plausible hanzi, but not
// surely.
func TestSingleByteWindows(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	first, second := evaluationSets(t)
	var total, cjk, bad int
	for _, s := range append(first, second...) {
		if !isSingleByte(s.Enc) || s.Length < 4096 {
			continue
		}
		for _, n := range []int{64, 256} {
			for off := 0; off+n <= len(s.Data); off += sbWindowStride {
				w := s.Data[off : off+n]
				c, conf := Detect(w, "", true)
				total++
				if c < ShiftJIS || c > ISO2022JP {
					continue
				}
				cjk++
				text := strings.TrimSuffix(detecteval.Decode(detecteval.Encoding(Name(c)), w), "\uFFFD")
				if strings.ContainsRune(text, '\uFFFD') || conf >= 0.99 {
					bad++
					if bad <= 10 {
						t.Errorf("%s in %s, %d bytes at %d: %s at %.4f, decoding to %q", s.Lang, s.Enc, n, off, Name(c), conf, text)
					}
				}
			}
		}
	}
	t.Logf("%d of %d windows of single-byte text answered with a CJK encoding; %d with decoder errors or at confidence ≥ 0.99", cjk, total, bad)
}
