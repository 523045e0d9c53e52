package charset_test

import (
	"os"
	"strings"
	"testing"

	"github.com/webenc/webenc/whatwg/charset"
	"github.com/webenc/webenc/whatwg/singlebyte"
)

// minWelshRight is the share of the Welsh checks that must decode right.
const minWelshRight = 0.75

// TestDetectWelsh encodes the hand-written Welsh sentences of
// testdata/welsh.txt (not corpus text: nothing trained on them) in
// ISO-8859-14, one to three at a time, plain and in markup, and checks
// that enough of the answers decode them right: ŵ ŷ are windows-1252's
// ð þ, windows-1257's š ž, windows-1254's ğ ş.
func TestDetectWelsh(t *testing.T) {
	raw, err := os.ReadFile("testdata/welsh.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
	n, right := 0, 0
	wrong := map[string]int{}
	for k := 1; k <= 3; k++ {
		for i := range lines {
			var s strings.Builder
			for j := 0; j < k; j++ {
				s.WriteString(lines[(i+j)%len(lines)] + " ")
			}
			b := detectText(t, singlebyte.ISO8859_14, s.String())
			for _, in := range [][]byte{b, append(append([]byte(`<html><body><p class="text">`), b...), "</p></body></html>"...)} {
				e, name, _ := charset.DetectEncoding(in, charset.Hint{})
				got, err := e.NewDecoder().Bytes(in)
				want, err2 := singlebyte.ISO8859_14.NewDecoder().Bytes(in)
				if err != nil || err2 != nil {
					t.Fatalf("decoding: %v, %v", err, err2)
				}
				n++
				if string(got) == string(want) {
					right++
				} else {
					wrong[name]++
				}
			}
		}
	}
	t.Logf("Welsh in ISO-8859-14: %d of %d right; wrong answers %v", right, n, wrong)
	if float64(right) < minWelshRight*float64(n) {
		t.Errorf("Welsh in ISO-8859-14: %d of %d right, want at least %.0f%%", right, n, 100*minWelshRight)
	}
}
