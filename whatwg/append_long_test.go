package whatwg

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestAppendLong checks AppendDecode and AppendEncode on long inputs (runs
// of ASCII, of the encoding's own text and of random pieces, errors
// included) with every room checkRooms tries: with room for the most
// output, the driver runs one step over all but the input's tail and
// saves nothing, trusting that no step writes more than a bound past its
// output, which the sentinels past the result check.
func TestAppendLong(t *testing.T) {
	const text = "Жизнь 日本語の文 中文 한국어 αβγ éèàç ¥‾ｱ ไทย עברית العربية “—” € "
	sizes := []int{3000, 7000, 20000}
	if testing.Short() {
		sizes = sizes[:2]
	}
	for name, e := range allEncodings(t) {
		t.Run(name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(2, uint64(len(name))))
			legacy, _ := transformerEncode(t, e, []byte(text))
			for _, size := range sizes {
				for range 3 {
					checkDecode(t, e, nil, longInput(r, size, legacy, func() []byte { return randomLegacy(r) }))
					checkEncode(t, e, []byte("x"), longInput(r, size, []byte(text), func() []byte { return randomEncoderInput(r) }))
				}
			}
		})
	}
}

// longInput returns at least size bytes of runs of ASCII markup, of
// repetitions of text, and of random pieces.
func longInput(r *rand.Rand, size int, text []byte, random func() []byte) []byte {
	var b []byte
	for len(b) < size {
		switch r.IntN(3) {
		case 0:
			b = append(b, strings.Repeat("<p class=x>a b ", r.IntN(30))...)
		case 1:
			for n := r.IntN(20); n > 0; n-- {
				b = append(b, text...)
			}
		default:
			b = append(b, random()...)
		}
	}
	return b
}
