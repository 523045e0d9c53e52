package mojibake_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/mojibake"
	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/singlebyte"
)

// BenchmarkFixClean measures Fix on each clean Wikipedia page (MB/s of
// input); nothing changes, so nothing is allocated.
func BenchmarkFixClean(b *testing.B) {
	dir := specdata.Corpus(b)
	for _, name := range []string{"ar", "cs", "de", "el", "en", "fr", "he", "ja", "ko", "pt", "ru", "th", "tr", "vi", "zh_cn", "zh_tw"} {
		for _, ext := range []string{".txt", ".html"} {
			data, err := os.ReadFile(filepath.Join(dir, name+ext))
			if err != nil {
				b.Fatal(err)
			}
			text := string(data)
			b.Run(name+ext, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				for b.Loop() {
					if mojibake.Fix(text) != text {
						b.Fatal("changed")
					}
				}
			})
		}
	}
}

// BenchmarkFixBroken measures Fix on mojibake-dense text: Wikipedia
// pages read as windows-1252 (MB/s of the broken input).
func BenchmarkFixBroken(b *testing.B) {
	dir := specdata.Corpus(b)
	for _, name := range []string{"fr", "ru", "ja"} {
		data, err := os.ReadFile(filepath.Join(dir, name+".txt"))
		if err != nil {
			b.Fatal(err)
		}
		broken, _ := whatwg.AppendDecode(nil, singlebyte.Windows1252, data)
		text := string(broken)
		b.Run(name+".txt", func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				mojibake.Fix(text)
			}
		})
	}
}
