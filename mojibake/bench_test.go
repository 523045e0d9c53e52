package mojibake_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/mojibake"
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
