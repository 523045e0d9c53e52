// Package benchdata prepares benchmark inputs from the corpus
// (../shared/corpus/wikipedia, or $WEBENC_CORPUS) as its README describes:
// decode input is LANG.html encoded in the legacy encoding in html mode;
// encode input is LANG.txt encoded the same way and decoded back to UTF-8.
// Benchmarks skip when the corpus is absent (fail with
// WEBENC_REQUIRE_DATA=1).
package benchdata

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/internal/specdata"
)

// Sample is one language's benchmark input for one encoding.
type Sample struct {
	Lang   string // the corpus language, e.g. "fr" (LANG.html, LANG.txt)
	Decode []byte // legacy bytes to decode (from LANG.html)
	Encode []byte // UTF-8 text, fully encodable, to encode (from LANG.txt)
}

// Load returns the samples for e over its languages (the corpus README's,
// specdata.LanguagesFor), or
// skips b when the corpus is absent. enc encodes with html-mode escapes;
// pass any encoder of e (x/text's handler is used for the escapes).
func Load(b testing.TB, e encoding.Encoding) []Sample {
	b.Helper()
	dir := specdata.Corpus(b)
	var out []Sample
	for _, lang := range specdata.LanguagesFor(fmt.Sprint(e)) {
		html, err1 := os.ReadFile(filepath.Join(dir, lang+".html"))
		txt, err2 := os.ReadFile(filepath.Join(dir, lang+".txt"))
		if err1 != nil || err2 != nil {
			specdata.Missing(b, "the corpus files for "+lang, dir, "WEBENC_CORPUS")
		}
		dec, err := encodeHTML(e, html)
		if err != nil {
			b.Fatalf("%s %s: encoding the html: %v", e, lang, err)
		}
		encIn, err := encodeHTML(e, txt)
		if err != nil {
			b.Fatalf("%s %s: encoding the text: %v", e, lang, err)
		}
		back, _, err := transform.Bytes(e.NewDecoder(), encIn)
		if err != nil {
			b.Fatalf("%s %s: decoding back: %v", e, lang, err)
		}
		out = append(out, Sample{Lang: lang, Decode: dec, Encode: back})
	}
	return out
}

func encodeHTML(e encoding.Encoding, text []byte) ([]byte, error) {
	out, _, err := transform.Bytes(encoding.HTMLEscapeUnsupported(e.NewEncoder()), text)
	return out, err
}

// Transform benchmarks t on src into a reused dst large enough for the
// whole output, reporting throughput in bytes of size per second.
func Transform(b *testing.B, t transform.Transformer, src []byte, size int) {
	dst := make([]byte, 4*len(src)+64)
	b.SetBytes(int64(size))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		t.Reset()
		if _, _, err := t.Transform(dst, src, true); err != nil {
			b.Fatal(err)
		}
	}
}

// FastestRatio times f and g in 30 alternating rounds of calls calls each
// and returns g's fastest round over f's: above 1 when f is faster. On a
// shared machine other processes only ever add time, so the fastest
// rounds are the ones to compare.
func FastestRatio(f, g func(), calls int) float64 {
	round := func(h func()) time.Duration {
		start := time.Now()
		for range calls {
			h()
		}
		return time.Since(start)
	}
	bf, bg := time.Duration(1<<62), time.Duration(1<<62)
	for range 30 {
		bf = min(bf, round(f))
		bg = min(bg, round(g))
	}
	return float64(bg) / float64(bf)
}
