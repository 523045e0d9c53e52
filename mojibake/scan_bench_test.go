package mojibake

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/webenc/webenc/internal/specdata"
)

// BenchmarkScan measures the prefilter alone on clean pages (MB/s).
func BenchmarkScan(b *testing.B) {
	dir := specdata.Corpus(b)
	for _, name := range []string{"ru.txt", "el.txt", "ja.txt", "th.txt", "vi.txt"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			b.Fatal(err)
		}
		text := string(data)
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				suspiciousAt(text)
			}
		})
	}
}
