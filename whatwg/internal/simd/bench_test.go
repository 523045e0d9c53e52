package simd

import (
	"fmt"
	"math/rand/v2"
	"testing"
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
// short inputs, to place asciiVectorMin and utf8VectorMin.
func BenchmarkCrossover(b *testing.B) {
	for _, n := range []int{8, 16, 24, 32, 48, 64, 96, 128} {
		ascii := repeatTo([]byte("abcdefgh"), n)
		text := repeatTo([]byte("aé日bc"), n)
		text = text[:refUTF8(text)]
		dst := make([]byte, n)
		for _, c := range []struct {
			name string
			f    func()
		}{
			{"ascii/form=dispatch", func() { CopyASCII(dst, ascii) }},
			{"ascii/form=generic", func() { copyASCIIGeneric(dst, ascii) }},
			{"utf8/form=dispatch", func() { CopyValidUTF8(dst, text) }},
			{"utf8/form=generic", func() { copyValidUTF8Generic(dst, text) }},
		} {
			b.Run(fmt.Sprintf("size=%d/kernel=%s", n, c.name), func(b *testing.B) {
				b.SetBytes(int64(n))
				for b.Loop() {
					c.f()
				}
			})
		}
	}
}
