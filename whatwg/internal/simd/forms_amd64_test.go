//go:build amd64 && !purego

package simd

import (
	"fmt"
	"testing"

	"github.com/webenc/webenc/internal/simdlevel"
)

// The forms of every level this CPU supports (whatever level the process
// runs), each tested against the reference and the pure-Go twin;
// TestLevels reports the levels whose forms are not tested here.
func platformForms() (prefix []prefixForm, copies []copyForm) {
	if supported(levelAVX2) {
		prefix = append(prefix,
			prefixForm{"asciiPrefixAVX2", kindASCII, asciiPrefixAVX2, 32},
			prefixForm{"validUTF8PrefixAVX2", kindUTF8, validUTF8PrefixAVX2, 0},
		)
		copies = append(copies,
			copyForm{"copyASCIIAVX2", kindASCII, copyASCIIAVX2, 32, true},
			copyForm{"copyValidUTF8AVX2", kindUTF8, copyValidUTF8AVX2, 0, true},
		)
	}
	if supported(levelAVX512) {
		prefix = append(prefix,
			prefixForm{"asciiPrefixAVX512", kindASCII, asciiPrefixAVX512, 0},
			prefixForm{"validUTF8PrefixAVX512", kindUTF8, validUTF8PrefixAVX512, 0},
		)
		copies = append(copies,
			copyForm{"copyASCIIAVX512", kindASCII, copyASCIIAVX512, 0, true},
			copyForm{"copyValidUTF8AVX512", kindUTF8, copyValidUTF8AVX512, 0, true},
		)
	}
	return prefix, copies
}

// BenchmarkAVX512 compares the AVX-512 ASCII forms with the AVX2 ones on
// ASCII of each size: x/avx2 is the AVX-512 form's speed over the AVX2
// form's, from alternating rounds. The dispatchers use AVX-512 because it
// pays here (see the package documentation).
func BenchmarkAVX512(b *testing.B) {
	if !supported(levelAVX512) {
		b.Skipf("this CPU lacks %v", simdlevel.Specs[levelAVX512].Missing())
	}
	for _, n := range []int{40, 64, 100, 256, 1 << 10, 16 << 10, 64 << 10} {
		src := repeatTo([]byte("<p class=\"x\">The quick brown fox.</p>\n"), n)
		dst := make([]byte, n)
		b.Run(fmt.Sprintf("kernel=ascii/size=%d", n), func(b *testing.B) {
			f := func() int { return asciiPrefixAVX512(src) }
			for b.Loop() {
				f()
			}
			b.ReportMetric(alternate(f, func() int { return asciiPrefixAVX2(src) }), "x/avx2")
		})
		b.Run(fmt.Sprintf("kernel=copyascii/size=%d", n), func(b *testing.B) {
			f := func() int { return copyASCIIAVX512(dst, src) }
			for b.Loop() {
				f()
			}
			b.ReportMetric(alternate(f, func() int { return copyASCIIAVX2(dst, src) }), "x/avx2")
		})
	}
}
