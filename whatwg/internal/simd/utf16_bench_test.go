package simd

import (
	"encoding/binary"
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
// it) as UTF-8, or skips b when the corpus is absent.
func benchUTF16Page(b *testing.B, lang, ext string) []byte {
	dir, ok := specdata.CorpusDir()
	if !ok {
		b.Skip("corpus not found (set WEBENC_CORPUS)")
	}
	text, err := os.ReadFile(filepath.Join(dir, lang+ext))
	if err != nil {
		b.Skip(err)
	}
	return text
}

// BenchmarkUTF16ToUTF8 times every form over whole pages as UTF-16LE and
// BE, calling the kernel again past each stop (surrogate pairs), as the
// decoder does. MB/s of UTF-16.
func BenchmarkUTF16ToUTF8(b *testing.B) {
	for _, lang := range utf16BenchLangs {
		units := utf16.Encode([]rune(string(benchUTF16Page(b, lang, ".html"))))
		for _, be := range []bool{false, true} {
			src := make([]byte, 2*len(units))
			for i, u := range units {
				if be {
					binary.BigEndian.PutUint16(src[2*i:], u)
				} else {
					binary.LittleEndian.PutUint16(src[2*i:], u)
				}
			}
			dst := make([]byte, 3*len(units))
			for _, f := range utf16Forms() {
				if f.toUTF8 == nil {
					continue
				}
				name := "lang=" + lang + "/le/form=" + f.name
				if be {
					name = "lang=" + lang + "/be/form=" + f.name
				}
				b.Run(name, func(b *testing.B) {
					b.SetBytes(int64(len(src)))
					for b.Loop() {
						for nDst, nSrc := 0, 0; nSrc < len(src); nSrc += 4 {
							n, m := f.toUTF8(dst[nDst:], src[nSrc:], be)
							nDst += n + 4 // past the pair it stopped at
							nSrc += m
						}
					}
				})
			}
		}
	}
}

// BenchmarkUTF8ToUTF16 times every form over whole texts, calling the
// kernel again past each stop (4-byte sequences), as the encoder does.
// MB/s of UTF-8.
func BenchmarkUTF8ToUTF16(b *testing.B) {
	for _, lang := range utf16BenchLangs {
		src := benchUTF16Page(b, lang, ".txt")
		dst := make([]byte, 2*len(src))
		for _, be := range []bool{false, true} {
			for _, f := range utf16Forms() {
				if f.fromUTF8 == nil {
					continue
				}
				name := "lang=" + lang + "/le/form=" + f.name
				if be {
					name = "lang=" + lang + "/be/form=" + f.name
				}
				b.Run(name, func(b *testing.B) {
					b.SetBytes(int64(len(src)))
					for b.Loop() {
						for nDst, nSrc := 0, 0; nSrc < len(src); nSrc += 4 {
							n, m := f.fromUTF8(dst[nDst:], src[nSrc:], be)
							nDst += n + 4 // past the 4-byte sequence it stopped at
							nSrc += m
						}
					}
				})
			}
		}
	}
}
