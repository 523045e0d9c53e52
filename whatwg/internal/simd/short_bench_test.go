package simd

import (
	"fmt"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	tables "github.com/webenc/webenc/tables/singlebyte"
)

// shortLens are the input lengths of the short-input benchmarks: around
// the lengths where the kernels switch paths (8-byte words, 16- and
// 32-byte vectors, the 64 bytes the vector loops need).
var shortLens = []int{8, 16, 24, 32, 40, 48, 56, 63, 64, 72}

// shortMiddle returns the text of lang's page (LANG.txt) from its middle,
// starting at a character boundary, as the bench command's -short set
// cuts it.
func shortMiddle(b *testing.B, lang string) string {
	txt := benchUTF16Page(b, lang, ".txt")
	start := len(txt) / 2
	for start < len(txt) && !utf8.RuneStart(txt[start]) {
		start++
	}
	return string(txt[start:])
}

// BenchmarkShortUTF16ToUTF8 times UTF16ToUTF8 (the dispatch the codecs
// call) on n bytes of UTF-16LE text, n from 8 to 72, with a dst as large
// as the bench command's (10n+64).
func BenchmarkShortUTF16ToUTF8(b *testing.B) {
	for _, lang := range []string{"ar", "ru", "en", "ja"} {
		units := utf16.Encode([]rune(shortMiddle(b, lang)))
		all := utf16PutUnits(units[:min(len(units), 64)], false)
		for _, n := range shortLens {
			src := all[:n&^1]
			dst := make([]byte, 10*n+64)
			b.Run(fmt.Sprintf("lang=%s/n=%d", lang, n), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					UTF16ToUTF8(dst, src, false)
				}
			})
		}
	}
}

// BenchmarkShortDecodeSBCS times DecodeSBCS (the dispatch the codecs
// call) on n bytes of text in a single-byte encoding, n from 8 to 72,
// with a dst as large as the bench command's (10n+64).
func BenchmarkShortDecodeSBCS(b *testing.B) {
	for _, c := range []struct {
		name, lang string
		tb         *sbcsTab
	}{
		{"iso-8859-2", "cs", tab(tables.ISO8859_2())}, {"iso-8859-3", "tr", tab(tables.ISO8859_3())},
		{"ibm866", "ru", tab(tables.IBM866())}, {"windows-1251", "ru", tab(tables.Windows1251())},
		{"windows-1252", "fr", tab(tables.Windows1252())},
	} {
		all := sbcsLegacy(c.tb, shortMiddle(b, c.lang))
		t := NewSBCSTable(c.tb.Decode)
		for _, n := range shortLens {
			src := all[:n]
			dst := make([]byte, 10*n+64)
			b.Run(fmt.Sprintf("enc=%s/n=%d", c.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					DecodeSBCS(dst, src, t)
				}
			})
		}
	}
}
