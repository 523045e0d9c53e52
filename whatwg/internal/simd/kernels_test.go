package simd

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

type kind int

const (
	kindASCII kind = iota
	kindUTF8
)

// prefixForm is one form of a prefix kernel; minLen is the shortest input
// it accepts (the dispatchers ensure it).
type prefixForm struct {
	name   string
	kind   kind
	f      func([]byte) int
	minLen int
}

// copyForm is one form of a copying kernel; equalLen forms require
// len(dst) == len(src).
type copyForm struct {
	name     string
	kind     kind
	f        func(dst, src []byte) int
	minLen   int
	equalLen bool
}

// allForms returns every form: the exported dispatchers, the pure-Go twins
// and the assembly forms this CPU runs.
func allForms() ([]prefixForm, []copyForm) {
	prefix := []prefixForm{
		{"ASCIIPrefix", kindASCII, ASCIIPrefix, 0},
		{"asciiPrefixGeneric", kindASCII, asciiPrefixGeneric, 0},
		{"ValidUTF8Prefix", kindUTF8, ValidUTF8Prefix, 0},
		{"validUTF8PrefixGeneric", kindUTF8, validUTF8PrefixGeneric, 0},
	}
	copies := []copyForm{
		{"CopyASCII", kindASCII, CopyASCII, 0, false},
		{"copyASCIIGeneric", kindASCII, copyASCIIGeneric, 0, false},
		{"CopyValidUTF8", kindUTF8, CopyValidUTF8, 0, false},
		{"copyValidUTF8Generic", kindUTF8, copyValidUTF8Generic, 0, false},
	}
	p, c := platformForms()
	return append(prefix, p...), append(copies, c...)
}

// refASCII is the byte-by-byte reference for the ASCII kernels.
func refASCII(s []byte) int {
	for i, c := range s {
		if c >= 0x80 {
			return i
		}
	}
	return len(s)
}

// refUTF8 is the reference for the UTF-8 kernels, one sequence at a time
// with the standard library's decoder, which accepts exactly well-formed
// UTF-8 (it reports an invalid or cut sequence as RuneError of size 1;
// a real U+FFFD has size 3).
func refUTF8(s []byte) int {
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && size == 1 {
			break
		}
		i += size
	}
	return i
}

func ref(k kind, s []byte) int {
	if k == kindASCII {
		return refASCII(s)
	}
	return refUTF8(s)
}

const poison = 0xA5

// checker runs every form on inputs placed at chosen offsets in larger
// buffers with poison around them, and reports any difference from the
// reference or any write outside dst.
type checker struct {
	t       testing.TB
	prefix  []prefixForm
	copies  []copyForm
	srcBuf  []byte
	dstBuf  []byte
	failed  int
	dstCuts []int // how much shorter than src dst is made
}

func newChecker(t testing.TB) *checker {
	p, c := allForms()
	return &checker{t: t, prefix: p, copies: c, srcBuf: make([]byte, 8192), dstBuf: make([]byte, 8192), dstCuts: []int{0, 1, 3, 17}}
}

// check runs all forms on in placed at offset off (0–63).
func (c *checker) check(in []byte, off int) {
	c.t.Helper()
	if c.failed > 10 {
		return
	}
	if 128+off+len(in) > len(c.srcBuf) {
		c.srcBuf = make([]byte, 2*(128+off+len(in)))
		c.dstBuf = make([]byte, len(c.srcBuf))
	}
	used := 128 + off + len(in)
	for i := range c.srcBuf[:used] {
		c.srcBuf[i] = poison
	}
	src := c.srcBuf[64+off : 64+off+len(in) : 64+off+len(in)]
	copy(src, in)
	want := [2]int{refASCII(src), refUTF8(src)}
	for _, f := range c.prefix {
		if len(src) < f.minLen {
			continue
		}
		if got := f.f(src); got != want[f.kind] {
			c.failf("%s(%q) at offset %d = %d, want %d", f.name, src, off, got, want[f.kind])
		}
	}
	for _, f := range c.copies {
		for _, cut := range c.dstCuts {
			if len(src) < f.minLen || cut > len(src) || (f.equalLen && cut != 0) {
				continue
			}
			for i := range c.dstBuf[:used] {
				c.dstBuf[i] = poison
			}
			// dst starts at a different alignment from src.
			dOff := 64 + (off*7+3)%64
			dst := c.dstBuf[dOff : dOff+len(src)-cut : dOff+len(src)-cut]
			w := ref(f.kind, src[:len(dst)])
			got := f.f(dst, src)
			if got != w {
				c.failf("%s(dst[%d], %q) at offset %d = %d, want %d", f.name, len(dst), src, off, got, w)
				continue
			}
			if !bytes.Equal(dst[:got], src[:got]) {
				c.failf("%s(dst[%d], %q): dst[:%d] = %q", f.name, len(dst), src, got, dst[:got])
			}
			// Nothing outside dst; the ASCII copies write nothing past
			// the prefix; the UTF-8 ones at most three bytes (copies of
			// src).
			end := dOff + got
			if f.kind == kindUTF8 {
				end = dOff + min(got+3, len(dst))
				if !bytes.Equal(c.dstBuf[dOff+got:end], src[got:end-dOff]) && !allPoison(c.dstBuf[dOff+got:end]) {
					for k := dOff + got; k < end; k++ {
						if c.dstBuf[k] != poison && c.dstBuf[k] != src[k-dOff] {
							c.failf("%s(dst[%d], %q): wrote %#x at dst[%d]", f.name, len(dst), src, c.dstBuf[k], k-dOff)
						}
					}
				}
			}
			if !allPoison(c.dstBuf[:dOff]) || !allPoison(c.dstBuf[end:used]) {
				c.failf("%s(dst[%d], %q) at offset %d wrote outside dst[:%d]", f.name, len(dst), src, off, got)
			}
		}
	}
	for i := range c.srcBuf[:used] {
		if (i < 64+off || i >= 64+off+len(in)) && c.srcBuf[i] != poison {
			c.failf("src buffer changed at %d", i)
			break
		}
	}
}

func (c *checker) failf(format string, args ...any) {
	c.t.Helper()
	c.failed++
	msg := fmt.Sprintf(format, args...)
	if len(msg) > 600 {
		msg = msg[:600] + "…"
	}
	c.t.Error(msg)
}

func allPoison(b []byte) bool {
	for _, c := range b {
		if c != poison {
			return false
		}
	}
	return true
}

// sampleText is valid UTF-8 with sequences of every length, so that cuts
// at every length end inside sequences of each kind.
var sampleText = []byte("Hello, wörld! Ελληνικά русский 日本語のテキスト 한국어 🎉𝄞 ascii again … \u00A0\u07FF\u0800\uFFFF\U00010000\U0010FFFF")

func repeatTo(s []byte, n int) []byte {
	out := make([]byte, 0, n+len(s))
	for len(out) < n {
		out = append(out, s...)
	}
	return out[:n]
}

func TestLengthsAlignments(t *testing.T) {
	c := newChecker(t)
	ascii := repeatTo([]byte("The quick brown fox jumps over the lazy dog. 0123456789\n"), 300)
	text := repeatTo(sampleText, 300)
	for n := 0; n <= 300; n++ {
		for off := 0; off < 64; off++ {
			c.check(ascii[:n], off)
			c.check(text[:n], off)
			// ASCII up to a final non-ASCII byte, and up to a final
			// valid two-byte sequence.
			if n >= 1 {
				in := append([]byte(nil), ascii[:n]...)
				in[n-1] = 0xC3
				c.check(in, off)
				if n >= 2 {
					in[n-1] = 0xA9
					c.check(in, off)
				}
			}
		}
	}
}

// TestEveryByteEveryPosition puts every byte value at every position of
// 64- and 128-byte inputs of ASCII and of valid multi-byte text.
func TestEveryByteEveryPosition(t *testing.T) {
	c := newChecker(t)
	c.dstCuts = []int{0, 5}
	for _, n := range []int{64, 128} {
		for _, base := range [][]byte{repeatTo([]byte("abcdefgh"), n), repeatTo(sampleText, n)} {
			in := make([]byte, n)
			for pos := 0; pos < n; pos++ {
				for v := 0; v < 256; v++ {
					copy(in, base)
					in[pos] = byte(v)
					c.check(in, pos%64)
				}
			}
		}
	}
}

// sequences: every class of invalid UTF-8 (and the valid sequences at the
// edges of each range), to be put at every position.
var sequences = [][]byte{
	{0x80}, {0xBF}, // lone continuation
	{0xC0, 0x80}, {0xC1, 0xBF}, // overlong 2-byte
	{0xE0, 0x80, 0x80}, {0xE0, 0x9F, 0xBF}, // overlong 3-byte
	{0xF0, 0x80, 0x80, 0x80}, {0xF0, 0x8F, 0xBF, 0xBF}, // overlong 4-byte
	{0xED, 0xA0, 0x80}, {0xED, 0xBF, 0xBF}, // surrogates
	{0xF4, 0x90, 0x80, 0x80}, {0xF4, 0xBF, 0xBF, 0xBF}, // > U+10FFFF
	{0xF5, 0x80, 0x80, 0x80}, {0xF7, 0xBF, 0xBF, 0xBF}, {0xF8, 0x88, 0x80, 0x80, 0x80}, {0xFF}, {0xFE},
	{0xC2}, {0xDF}, {0xE1, 0x80}, {0xE1}, {0xEF, 0xBF}, {0xF1}, {0xF1, 0x80}, {0xF1, 0x80, 0x80}, {0xF4, 0x8F, 0xBF}, // truncated
	{0xC2, 0x80, 0x80}, {0xE1, 0x80, 0x80, 0x80}, {0xF1, 0x80, 0x80, 0x80, 0x80}, // one continuation too many
	{0xC2, 0xC2}, {0xE1, 0x41}, {0xF1, 0x80, 0x41}, // lead then not a continuation
	// valid, at the edges of the ranges
	{0xC2, 0x80}, {0xDF, 0xBF}, {0xE0, 0xA0, 0x80}, {0xED, 0x9F, 0xBF}, {0xEE, 0x80, 0x80}, {0xEF, 0xBF, 0xBF},
	{0xF0, 0x90, 0x80, 0x80}, {0xF4, 0x8F, 0xBF, 0xBF}, {0xF1, 0x80, 0x80, 0x80}, {0xF3, 0xBF, 0xBF, 0xBF},
}

func TestInvalidClassesEveryPosition(t *testing.T) {
	c := newChecker(t)
	for _, n := range []int{64, 130} {
		for _, base := range [][]byte{repeatTo([]byte("abcdefgh"), n), repeatTo([]byte("aé日🎉"), n), repeatTo([]byte("日本語"), n)} {
			for _, seq := range sequences {
				for pos := 0; pos < n; pos++ {
					in := append(append(append([]byte(nil), base[:pos]...), seq...), base[pos:]...)
					c.check(in, pos%64)
					// And at the very end (cut sequences end the input).
					c.check(in[:pos+len(seq)], pos%64)
				}
			}
		}
	}
}

// TestThreeBytesAcrossBoundary puts every three-byte string across the
// boundary of the first two 32-byte blocks, after ASCII and after a
// complete multi-byte sequence.
func TestThreeBytesAcrossBoundary(t *testing.T) {
	if testing.Short() {
		t.Skip("16M inputs")
	}
	p, _ := allForms()
	for _, start := range []int{30, 31} {
		in := repeatTo([]byte("abcdefgh"), 64)
		copy(in[26:], "日")
		for v := 0; v < 1<<24; v++ {
			in[start], in[start+1], in[start+2] = byte(v>>16), byte(v>>8), byte(v)
			want := validUTF8PrefixGeneric(in)
			for _, f := range p {
				if f.kind != kindUTF8 {
					continue
				}
				if got := f.f(in); got != want {
					t.Fatalf("%s: % X at %d: %d, want %d", f.name, in[start:start+3], start, got, want)
				}
			}
		}
	}
	// The generic form against the reference on the same inputs, over a
	// coarser sample.
	in := repeatTo([]byte("abcdefgh"), 64)
	for v := 0; v < 1<<24; v += 97 {
		in[31], in[32], in[33] = byte(v>>16), byte(v>>8), byte(v)
		if got, want := validUTF8PrefixGeneric(in), refUTF8(in); got != want {
			t.Fatalf("generic: % X: %d, want %d", in[31:34], got, want)
		}
	}
}

// randomText returns n bytes of valid UTF-8 (mostly ASCII or mostly not,
// as asciiShare says) with errRate of its bytes then replaced at random.
func randomText(r *rand.Rand, n int, asciiShare, errRate float64) []byte {
	out := make([]byte, 0, n+4)
	for len(out) < n {
		var cp rune
		switch x := r.Float64(); {
		case x < asciiShare:
			cp = rune(r.IntN(0x80))
		case x < asciiShare+(1-asciiShare)/3:
			cp = rune(0x80 + r.IntN(0x800-0x80))
		case x < asciiShare+2*(1-asciiShare)/3:
			cp = rune(0x800 + r.IntN(0x10000-0x800))
			if cp >= 0xD800 && cp < 0xE000 {
				cp = 0xE000
			}
		default:
			cp = rune(0x10000 + r.IntN(0x110000-0x10000))
		}
		out = utf8.AppendRune(out, cp)
	}
	out = out[:n]
	for i := range out {
		if r.Float64() < errRate {
			out[i] = byte(r.IntN(256))
		}
	}
	return out
}

func TestRandomLong(t *testing.T) {
	c := newChecker(t)
	r := rand.New(rand.NewPCG(1, 2))
	n := 1 << 16
	if testing.Short() {
		n = 1 << 12
	}
	for _, share := range []float64{1, 0.99, 0.9, 0.5, 0} {
		for _, errRate := range []float64{0, 1e-4, 1e-2, 0.2} {
			in := randomText(r, n, share, errRate)
			for k := 0; k < 8; k++ {
				c.check(in, k*9%64)
				k := refUTF8(in)
				if k == len(in) {
					break
				}
				in = in[k+1:]
			}
		}
	}
}

// FuzzKernels compares every form with the references on the input at
// each of a few offsets. Linear in the input's length.
func FuzzKernels(f *testing.F) {
	for _, s := range sequences {
		f.Add(append(repeatTo([]byte("abcdefgh"), 31), s...))
	}
	f.Add(repeatTo(sampleText, 200))
	f.Fuzz(func(t *testing.T, in []byte) { fuzzKernelsBody(t, in) })
}

// fuzzKernelsBody is FuzzKernels' body (also run by BenchmarkFuzzBodies).
func fuzzKernelsBody(t testing.TB, in []byte) {
	c := newChecker(t)
	c.dstCuts = []int{0, 1}
	c.check(in, 0)
	c.check(in, 33)
}
