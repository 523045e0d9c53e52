package charset

import (
	"testing"

	"github.com/webenc/webenc/internal/fuzzbench"
)

// fuzzPage is the start of an HTML page with declarations, from which
// BenchmarkFuzzBodies makes its valid inputs.
const fuzzPage = `<!DOCTYPE html><html><head><!-- a comment --><meta name="viewport" content="width=device-width">` +
	`<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><title>Caf\xe9</title></head>` +
	"<body><p class='x'>Caf\xe9 na\xefve r\xe9sum\xe9 \x80 price</p><a href=\"/\">link</a></body></html>\n"

// BenchmarkFuzzBodies measures one execution of each fuzz target's body
// in this package on 1 KB inputs (issue 9's budget: 10,000 executions/s,
// 100 µs). FuzzDetectEncoding is in package charset_test (detect_test.go).
func BenchmarkFuzzBodies(b *testing.B) {
	in := fuzzbench.Inputs(fuzzbench.Size, []byte(fuzzPage))
	cts := []string{"", "text/html", "text/html; charset=koi8-r", "text/plain;charset=\"utf-16\""}
	b.Run("FuzzSniff", func(b *testing.B) {
		fuzzbench.Run(b, in, func(tb testing.TB, src []byte, k uint8) { fuzzSniffBody(tb, src, cts[k%4]) })
	})
	b.Run("FuzzSniffOptions", func(b *testing.B) {
		fuzzbench.Run(b, in, func(tb testing.TB, src []byte, k uint8) { fuzzSniffOptionsBody(tb, src, cts[k%4], k) })
	})
	b.Run("FuzzPrescanReference", func(b *testing.B) {
		fuzzbench.Run(b, in, func(tb testing.TB, src []byte, _ uint8) { checkAgainstRef(tb, src) })
	})
	b.Run("FuzzFindDeclaration", func(b *testing.B) {
		fuzzbench.Run(b, in, func(tb testing.TB, src []byte, _ uint8) { checkDeclarationByRewriting(tb, src) })
	})
}
