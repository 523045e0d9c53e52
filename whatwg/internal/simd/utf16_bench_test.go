package simd

import (
	"os"
	"path/filepath"
	"testing"
	"unicode/utf16"

	"github.com/webenc/webenc/internal/specdata"
)

// utf16BenchLangs are corpus pages of every kind of text: mostly ASCII,
// Latin, Greek and Cyrillic (2-byte UTF-8), CJK and Thai (3-byte).
var utf16BenchLangs = []string{"en", "fr", "el", "ru", "ja", "zh_cn", "th"}

// benchUTF16Pages returns lang's page (html: the markup, as decoders get
// it) as UTF-8, or stops b through specdata.Missing when the corpus is
// absent.
func benchUTF16Page(b testing.TB, lang, ext string) []byte {
	dir := specdata.Corpus(b)
	text, err := os.ReadFile(filepath.Join(dir, lang+ext))
	if err != nil {
		specdata.Missing(b, "the corpus file "+lang+ext, dir, "WEBENC_CORPUS")
	}
	return text
}

// BenchmarkUTF16ToUTF8 times every form over whole pages (the markup, as
// decoders get it) as UTF-16LE and BE. MB/s of UTF-16.
func BenchmarkUTF16ToUTF8(b *testing.B) {
	for _, lang := range utf16BenchLangs {
		units := utf16.Encode([]rune(string(benchUTF16Page(b, lang, ".html"))))
		for _, be := range []bool{false, true} {
			benchUTF16Kernel(b, lang, utf16Directions[0], utf16PutUnits(units, be), be)
		}
	}
}

// BenchmarkUTF8ToUTF16 times every form over whole texts. MB/s of UTF-8.
func BenchmarkUTF8ToUTF16(b *testing.B) {
	for _, lang := range utf16BenchLangs {
		src := benchUTF16Page(b, lang, ".txt")
		for _, be := range []bool{false, true} {
			benchUTF16Kernel(b, lang, utf16Directions[1], src, be)
		}
	}
}

// benchUTF16Kernel times every form of d over src, calling the kernel
// again past each stop (surrogate pairs, 4-byte sequences) as the codecs
// do.
func benchUTF16Kernel(b *testing.B, lang string, d utf16Direction, src []byte, be bool) {
	dst := make([]byte, 3*len(src))
	order := "le"
	if be {
		order = "be"
	}
	for _, f := range utf16Forms() {
		k := d.kernel(f)
		b.Run("lang="+lang+"/"+order+"/form="+f.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				for nDst, nSrc := 0, 0; nSrc < len(src); nSrc += 4 {
					n, m := k(dst[nDst:], src[nSrc:], be)
					nDst += n + 4
					nSrc += m
				}
			}
		})
	}
}
