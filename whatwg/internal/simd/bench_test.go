package simd

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/webenc/webenc/internal/benchdata"
	"github.com/webenc/webenc/internal/specdata"
)

// benchInputs: ASCII, mostly ASCII (markup with some Latin letters), and
// mixed text (every sequence length), all valid.
func benchInputs(n int) []struct {
	name string
	in   []byte
} {
	r := rand.New(rand.NewPCG(3, 4))
	return []struct {
		name string
		in   []byte
	}{
		{"ascii", repeatTo([]byte("<p class=\"x\">The quick brown fox, 0123456789.</p>\n"), n)},
		{"latin", randomTextValid(r, n, 0.95)},
		{"mixed", repeatTo(sampleText, n)},
		{"cjk", repeatTo([]byte("日本語のテキストと中文文本한국어"), n)},
	}
}

// randomTextValid is randomText without errors, cut at a sequence boundary.
func randomTextValid(r *rand.Rand, n int, asciiShare float64) []byte {
	in := randomText(r, n, asciiShare, 0)
	return in[:refUTF8(in)]
}

var benchSizes = []int{16, 64, 1 << 10, 64 << 10}

// BenchmarkKernels reports MB/s of every form on valid inputs of each size
// (compare forms with benchstat -col /form).
func BenchmarkKernels(b *testing.B) {
	prefix, copies := allForms()
	for _, size := range benchSizes {
		for _, in := range benchInputs(size) {
			src := in.in
			dst := make([]byte, len(src))
			for _, f := range prefix {
				if len(src) < f.minLen || (f.kind == kindASCII && in.name != "ascii") {
					continue
				}
				b.Run(fmt.Sprintf("kernel=%s/size=%d/text=%s/form=%s", kernelName(f.kind, false), size, in.name, f.name), func(b *testing.B) {
					b.SetBytes(int64(len(src)))
					for b.Loop() {
						f.f(src)
					}
				})
			}
			for _, f := range copies {
				if len(src) < f.minLen || (f.kind == kindASCII && in.name != "ascii") {
					continue
				}
				b.Run(fmt.Sprintf("kernel=%s/size=%d/text=%s/form=%s", kernelName(f.kind, true), size, in.name, f.name), func(b *testing.B) {
					b.SetBytes(int64(len(src)))
					for b.Loop() {
						f.f(dst, src)
					}
				})
			}
		}
	}
}

func kernelName(k kind, copies bool) string {
	s := [2]string{"ascii", "utf8"}[k]
	if copies {
		return "copy" + s
	}
	return s
}

// BenchmarkCrossover times the dispatchers against the pure-Go forms on
// short valid inputs, to place asciiVectorMin and utf8VectorMin: the metric
// x/generic is the dispatcher's speed over the pure-Go form's, from
// alternating rounds.
func BenchmarkCrossover(b *testing.B) {
	for _, n := range []int{16, 24, 32, 40, 48, 64, 96, 128} {
		ascii := repeatTo([]byte("abcdefgh"), n)
		text := repeatTo([]byte("aé日bc"), n)
		text = text[:refUTF8(text)]
		dst := make([]byte, n)
		for _, c := range []struct {
			name     string
			f, gener func() int
		}{
			{"ascii", func() int { return CopyASCII(dst, ascii) }, func() int { return copyASCIIGeneric(dst, ascii) }},
			{"utf8", func() int { return CopyValidUTF8(dst, text) }, func() int { return copyValidUTF8Generic(dst, text) }},
		} {
			b.Run(fmt.Sprintf("kernel=%s/size=%d", c.name, n), func(b *testing.B) {
				b.SetBytes(int64(n))
				for b.Loop() {
					c.f()
				}
				b.ReportMetric(alternate(c.f, c.gener), "x/generic")
			})
		}
	}
}

// BenchmarkShortRuns times CopyASCII and ASCIIPrefix on the short ASCII
// runs of CJK and Cyrillic text (a run of n ASCII bytes, then a long rest
// that is not), where the CJK and single-byte decoders call them, against
// the pure-Go loop that they replace. The metric x/generic is the
// dispatcher's speed over the pure-Go form's, from alternating rounds.
func BenchmarkShortRuns(b *testing.B) {
	for _, n := range []int{0, 1, 3, 7, 8, 12, 20, 31, 40, 100} {
		src := append(repeatTo([]byte("a b c d "), n), repeatTo([]byte("日本語"), 256)...)
		dst := make([]byte, len(src))
		for _, c := range []struct {
			name     string
			f, gener func() int
		}{
			{"copy", func() int { return CopyASCII(dst, src) }, func() int { return copyASCIIGeneric(dst, src) }},
			{"prefix", func() int { return ASCIIPrefix(src) }, func() int { return asciiPrefixGeneric(src) }},
		} {
			b.Run(fmt.Sprintf("kernel=%s/run=%d", c.name, n), func(b *testing.B) {
				for b.Loop() {
					c.f()
				}
				b.ReportMetric(alternate(c.f, c.gener), "x/generic")
			})
		}
	}
}

// alternate times f and g in alternating rounds and returns the ratio of
// their best times, g over f: above 1 when f is faster.
func alternate(f, g func() int) float64 { return alternateN(f, g, 2000) }

// alternateN is alternate with n calls per round.
func alternateN(f, g func() int, n int) float64 {
	return benchdata.FastestRatio(func() { f() }, func() { g() }, n)
}

// BenchmarkCorpusRuns walks each corpus page (LANG.html, UTF-8) as a CJK or
// single-byte decoder walks its input: at an ASCII byte it copies the run
// with CopyASCII, any other byte it steps over. x/inline is CopyASCII's
// speed over the pure-Go loop inlined in the walker (what the codecs had
// before the kernels), from alternating rounds.
func BenchmarkCorpusRuns(b *testing.B) {
	dir := specdata.Corpus(b)
	for _, lang := range []string{"ja", "zh_cn", "ko", "ru", "el", "de"} {
		src, err := os.ReadFile(filepath.Join(dir, lang+".html"))
		if err != nil {
			specdata.Missing(b, "the corpus file "+lang+".html", dir, "WEBENC_CORPUS")
		}
		dst := make([]byte, len(src))
		// Two copies of the walker, so that each call is direct and the
		// pure-Go loop is inlined as it was in the codecs.
		kernel := func() int {
			n := 0
			for i := 0; i < len(src); {
				if src[i] < 0x80 {
					k := CopyASCII(dst[i:], src[i:])
					i += k
					n += k
					continue
				}
				i++
			}
			return n
		}
		inline := func() int {
			n := 0
			for i := 0; i < len(src); {
				if src[i] < 0x80 {
					k := copyASCIIGeneric(dst[i:], src[i:])
					i += k
					n += k
					continue
				}
				i++
			}
			return n
		}
		b.Run("lang="+lang, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				kernel()
			}
			b.ReportMetric(alternateN(kernel, inline, 3), "x/inline")
		})
	}
}
