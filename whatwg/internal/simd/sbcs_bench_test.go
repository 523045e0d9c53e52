package simd

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/webenc/webenc/internal/specdata"
	tables "github.com/webenc/webenc/tables/singlebyte"
)

// sbcsLegacy encodes UTF-8 text with tb, '?' for what tb lacks: a
// benchmark input, not a conformant encoder.
func sbcsLegacy(tb *tables.Table, s string) []byte {
	var out []byte
	for _, r := range s {
		if r < 0x80 {
			out = append(out, byte(r))
			continue
		}
		var b byte
		if r <= 0xFFFF {
			b = tb.EncodePages[int(tb.EncodeIndex[r>>6])<<6|int(r&63)]
		}
		if b == 0 {
			b = '?'
		}
		out = append(out, b)
	}
	return out
}

// sbcsBenchCases are corpus pages and an encoding of each script.
var sbcsBenchCases = []struct {
	lang string
	tb   *tables.Table
}{
	{"en", &tables.Windows1252}, {"fr", &tables.Windows1252}, {"cs", &tables.Windows1250},
	{"ru", &tables.Windows1251}, {"el", &tables.Windows1253}, {"ar", &tables.Windows1256},
	{"th", &tables.Windows874},
}

// BenchmarkDecodeSBCS times every form of the kernel alone on corpus
// pages (LANG.html), to compare the forms with each other.
func BenchmarkDecodeSBCS(b *testing.B) {
	dir, ok := specdata.CorpusDir()
	if !ok {
		b.Skip("corpus not found")
	}
	for _, c := range sbcsBenchCases {
		html, err := os.ReadFile(filepath.Join(dir, c.lang+".html"))
		if err != nil {
			b.Skip(err)
		}
		src := sbcsLegacy(c.tb, string(html))
		dst := make([]byte, 3*len(src))
		t := NewSBCSTable(&c.tb.Decode)
		for _, f := range sbcsDecodeForms() {
			b.Run(c.lang+"/"+f.name, func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					f.f(dst, src, t)
				}
			})
		}
	}
}
