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
func sbcsLegacy(tb *sbcsTab, s string) []byte {
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

// sbcsDecoded returns the UTF-8 text of legacy, bytes of tb: a benchmark
// input that tb encodes entirely.
func sbcsDecoded(tb *sbcsTab, legacy []byte) []byte {
	var out []byte
	for _, c := range legacy {
		e := tb.Decode[c]
		for i := range int(e >> 24) {
			out = append(out, byte(e>>(8*i)))
		}
	}
	return out
}

// sbcsBenchCases are corpus pages and an encoding of each script.
var sbcsBenchCases = []struct {
	lang string
	tb   *sbcsTab
}{
	{"en", tab(tables.Windows1252())}, {"fr", tab(tables.Windows1252())}, {"cs", tab(tables.Windows1250())},
	{"vi", tab(tables.Windows1258())}, {"ru", tab(tables.Windows1251())}, {"el", tab(tables.Windows1253())},
	{"ar", tab(tables.Windows1256())}, {"th", tab(tables.Windows874())},
}

// BenchmarkDecodeSBCS times every form of the kernel alone on corpus
// pages (LANG.html), to compare the forms with each other.
func BenchmarkDecodeSBCS(b *testing.B) {
	dir := specdata.Corpus(b)
	for _, c := range sbcsBenchCases {
		html, err := os.ReadFile(filepath.Join(dir, c.lang+".html"))
		if err != nil {
			specdata.Missing(b, "the corpus file "+c.lang+".html", dir, "WEBENC_CORPUS")
		}
		src := sbcsLegacy(c.tb, string(html))
		dst := make([]byte, 3*len(src))
		t := NewSBCSTable(c.tb.Decode)
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

// BenchmarkEncodeSBCS times every form of the encoding kernel alone on the
// text of corpus pages (LANG.txt) as the encoding writes it. Latin text
// (fr, cs, vi: one non-ASCII letter between ASCII words) is the case the
// pure-Go form's jump from the word loop into the run is for.
func BenchmarkEncodeSBCS(b *testing.B) {
	dir := specdata.Corpus(b)
	for _, c := range sbcsBenchCases {
		txt, err := os.ReadFile(filepath.Join(dir, c.lang+".txt"))
		if err != nil {
			specdata.Missing(b, "the corpus file "+c.lang+".txt", dir, "WEBENC_CORPUS")
		}
		src := sbcsDecoded(c.tb, sbcsLegacy(c.tb, string(txt)))
		dst := make([]byte, len(src))
		for _, f := range sbcsEncodeForms() {
			b.Run(c.lang+"/"+f.name, func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					if _, n := f.f(dst, src, c.tb.EncodeIndex, c.tb.EncodePages); n != len(src) {
						b.Fatalf("encoded %d of %d bytes", n, len(src))
					}
				}
			})
		}
	}
}
