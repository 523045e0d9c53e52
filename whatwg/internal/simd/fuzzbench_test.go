package simd

import (
	"testing"

	"github.com/webenc/webenc/internal/fuzzbench"
)

// BenchmarkFuzzBodies measures one execution of each fuzz target's body
// on 1 KB inputs (issue 9's budget: 10,000 executions/s, 100 µs); the
// valid input is sampleText (UTF-8 of every length; UTF-16 for
// FuzzUTF16ToUTF8).
func BenchmarkFuzzBodies(b *testing.B) {
	in := fuzzbench.Inputs(fuzzbench.Size, sampleText)
	b.Run("FuzzKernels", func(b *testing.B) {
		fuzzbench.Run(b, in, func(tb testing.TB, src []byte, _ uint8) { fuzzKernelsBody(tb, src) })
	})
	b.Run("FuzzDecodeSBCS", func(b *testing.B) {
		fuzzbench.Run(b, in, func(tb testing.TB, src []byte, k uint8) { fuzzDecodeSBCSBody(tb, src, k, uint16(k)*37) })
	})
	b.Run("FuzzDecodeDBCS", func(b *testing.B) {
		fuzzbench.Run(b, in, func(tb testing.TB, src []byte, k uint8) { fuzzDecodeDBCSBody(tb, src, k, uint16(k)*37) })
	})
	b.Run("FuzzEncodeSBCS", func(b *testing.B) {
		fuzzbench.Run(b, in, func(tb testing.TB, src []byte, k uint8) { fuzzEncodeSBCSBody(tb, src, k, uint16(k)*37) })
	})
	utf16 := utf16PutUnits([]uint16{'H', 'i', ' ', 0xE9, 0x3B1, 0x65E5, 0x672C, 0xD83D, 0xDE00, '\n'}, false)
	for i, d := range utf16Directions {
		valid := in
		if i == 0 {
			valid = fuzzbench.Inputs(fuzzbench.Size, utf16)
		}
		body := fuzzUTF16KernelBody(d)
		b.Run("Fuzz"+d.name, func(b *testing.B) {
			fuzzbench.Run(b, valid, func(tb testing.TB, src []byte, k uint8) { body(tb, src, uint16(k)*37, k&1 == 1) })
		})
	}
}
