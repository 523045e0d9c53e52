package main

import (
	"testing"

	"github.com/webenc/webenc/internal/fuzzbench"
)

// BenchmarkFuzzBodies measures one execution of FuzzConvertDeclaration's
// body on 1 KB inputs (issue 9's budget: 10,000 executions/s, 100 µs);
// the valid input is a windows-1252 page with a declaration.
func BenchmarkFuzzBodies(b *testing.B) {
	page := []byte(`<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><title>Caf\xe9</title></head>` +
		"<body><p>Caf\xe9 na\xefve r\xe9sum\xe9 \x80 price</p></body></html>\n")
	b.Run("FuzzConvertDeclaration", func(b *testing.B) {
		fuzzbench.Run(b, fuzzbench.Inputs(fuzzbench.Size, page), func(tb testing.TB, src []byte, k uint8) { fuzzConvertDeclarationBody(tb, src, k) })
	})
	b.Run("FuzzDecodeAuto", func(b *testing.B) {
		fuzzbench.Run(b, fuzzbench.Inputs(fuzzbench.Size, page), func(tb testing.TB, src []byte, k uint8) { fuzzDecodeAutoBody(tb, src, k) })
	})
}
