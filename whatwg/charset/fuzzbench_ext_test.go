package charset_test

import (
	"testing"

	"github.com/webenc/webenc/internal/fuzzbench"
	"github.com/webenc/webenc/whatwg/cjk"
)

// BenchmarkFuzzBodiesDetect measures one execution of FuzzDetectEncoding's
// body on 1 KB inputs (issue 9's budget: 10,000 executions/s, 100 µs); the
// valid input is Japanese text in Shift_JIS.
func BenchmarkFuzzBodiesDetect(b *testing.B) {
	in := fuzzbench.Inputs(fuzzbench.Size, detectText(b, cjk.ShiftJIS, detectJapanese))
	tlds := []string{"", "jp", "ru", "com"}
	b.Run("FuzzDetectEncoding", func(b *testing.B) {
		fuzzbench.Run(b, in, func(tb testing.TB, src []byte, k uint8) { detectCheck(tb, src, tlds[k%4]) })
	})
}
