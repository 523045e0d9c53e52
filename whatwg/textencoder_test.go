package whatwg

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
	gutf8 "unicode/utf8"
)

// refScalarValues converts bytes to scalar values the way the tests expect
// every encoder to read its input: the reference UTF-8 decoder in
// replacement mode.
func refScalarValues(s string) string {
	d := &refTextDecoder{newDec: newRefUTF8, ignoreBOM: true}
	out, _ := d.decode([]byte(s), false)
	return out
}

// randomText returns a short string mixing ASCII, multi-byte sequences and
// invalid or truncated sequences.
func randomText(rng *rand.Rand) string {
	pieces := []string{"a", "é", "€", "😀", "\xE2\x82", "\xF0\x9F\x98", "\x80", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xFF", "\uFFFD"}
	var b strings.Builder
	for n := rng.IntN(8); n >= 0; n-- {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

// encode(input): convert to an I/O queue of scalar values, then UTF-8
// encode. Invalid UTF-8 becomes U+FFFD per maximal subpart.
func TestTextEncoderEncode(t *testing.T) {
	enc := new(TextEncoder)
	if enc.Encoding() != "utf-8" {
		t.Errorf("Encoding() = %q", enc.Encoding())
	}
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"héllo €😀", "héllo €😀"},
		{"\xC0\x80", "\uFFFD\uFFFD"},
		{"a\xE2\x82", "a\uFFFD"},
		{"\xED\xA0\x80", "\uFFFD\uFFFD\uFFFD"},
		{"\xF0\x9F\x98(", "\uFFFD("},
	} {
		if got := enc.Encode(tc.in); string(got) != tc.want {
			t.Errorf("Encode(% X) = %+q, want %+q", tc.in, got, tc.want)
		}
	}
	// The returned slice is new, even for valid input.
	s := "abc"
	b := enc.Encode(s)
	b[0] = 'x'
	if s != "abc" {
		t.Fatal("Encode aliases its input")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 2000; i++ {
		s := randomText(rng)
		if got, want := string(enc.Encode(s)), refScalarValues(s); got != want {
			t.Fatalf("Encode(% X) = %+q, reference %+q", s, got, want)
		}
	}
}

// encodeInto: an item's bytes are written only if they all fit (step
// 6.4.1); otherwise the loop breaks.
func TestTextEncoderEncodeInto(t *testing.T) {
	enc := &TextEncoder{} // the zero value works
	src := "a€😀"
	for _, tc := range []struct{ size, read, written int }{
		{0, 0, 0}, {1, 1, 1}, {2, 1, 1}, {3, 1, 1}, {4, 4, 4}, {7, 4, 4}, {8, 8, 8}, {20, 8, 8},
	} {
		dst := make([]byte, tc.size)
		read, written := enc.EncodeInto(dst, src)
		if read != tc.read || written != tc.written || string(dst[:written]) != src[:read] {
			t.Errorf("EncodeInto(dst[%d], %q) = %d, %d; want %d, %d", tc.size, src, read, written, tc.read, tc.written)
		}
	}
	// An invalid sequence is read whole and written as U+FFFD.
	dst := make([]byte, 3)
	if read, written := enc.EncodeInto(dst[:2], "\xE2\x82a"); read != 0 || written != 0 {
		t.Errorf("no room for U+FFFD: %d, %d", read, written)
	}
	if read, written := enc.EncodeInto(dst, "\xE2\x82a"); read != 2 || written != 3 || string(dst) != "\uFFFD" {
		t.Errorf("U+FFFD: %d, %d, %q", read, written, dst)
	}
	// Properties for random inputs and every dst size: the output is the
	// encoding of src[:read], and the next scalar value would not fit.
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 500; i++ {
		s := randomText(rng)
		full := enc.Encode(s)
		for size := 0; size <= len(full)+1; size++ {
			dst := make([]byte, size)
			read, written := enc.EncodeInto(dst, s)
			if string(dst[:written]) != string(enc.Encode(s[:read])) || !bytes.HasPrefix(full, dst[:written]) {
				t.Fatalf("EncodeInto(dst[%d], % X) = %d, %d: % X", size, s, read, written, dst[:written])
			}
			if read < len(s) {
				r, _ := nextRuneInString(s[read:])
				if size-written >= gutf8.RuneLen(r) {
					t.Fatalf("EncodeInto(dst[%d], % X) stopped at %d with room for %U", size, s, read, r)
				}
			} else if written != len(full) {
				t.Fatalf("EncodeInto(dst[%d], % X): read all, wrote %d of %d", size, s, written, len(full))
			}
		}
	}
}

func FuzzTextEncoder(f *testing.F) {
	f.Add("a\xE2\x82€\xED\xA0\x80", 3)
	f.Fuzz(func(t *testing.T, s string, size int) { fuzzTextEncoderBody(t, s, size) })
}

// fuzzTextEncoderBody is FuzzTextEncoder's body (also run by
// BenchmarkFuzzBodies).
func fuzzTextEncoderBody(t testing.TB, s string, size int) {
	enc := new(TextEncoder)
	out := enc.Encode(s)
	if !gutf8.Valid(out) || string(out) != refScalarValues(s) {
		t.Fatalf("Encode(% X) = % X", s, out)
	}
	dst := make([]byte, min(max(size, 0), 64))
	read, written := enc.EncodeInto(dst, s)
	if read > len(s) || string(dst[:written]) != string(enc.Encode(s[:read])) {
		t.Fatalf("EncodeInto(dst[%d], % X) = %d, %d", len(dst), s, read, written)
	}
}

// TextEncoderStream: a sequence split between chunks is reassembled (the
// "leading surrogate" of the Standard); an incomplete one at the end is
// U+FFFD ("encode and flush").
func TestTextEncoderStreams(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 300; i++ {
		s := randomText(rng)
		want := refScalarValues(s)
		// Writer: write in random pieces.
		var buf bytes.Buffer
		w := NewTextEncoderWriter(&buf)
		for rest := s; len(rest) > 0; {
			n := 1 + rng.IntN(len(rest))
			if _, err := w.Write([]byte(rest[:n])); err != nil {
				t.Fatal(err)
			}
			rest = rest[n:]
		}
		if err := w.Close(); err != nil || buf.String() != want {
			t.Fatalf("writer % X: % X, %v; want % X", s, buf.Bytes(), err, want)
		}
		// Reader: one byte per read.
		got, err := io.ReadAll(NewTextEncoderReader(iotest.OneByteReader(strings.NewReader(s))))
		if err != nil || string(got) != want {
			t.Fatalf("reader % X: % X, %v; want % X", s, got, err, want)
		}
	}
}

func ExampleTextEncoder_EncodeInto() {
	enc := new(TextEncoder)
	dst := make([]byte, 5)
	src := "€uro€"
	for len(src) > 0 {
		read, written := enc.EncodeInto(dst, src)
		fmt.Printf("% X\n", dst[:written])
		src = src[read:]
	}
	// Output:
	// E2 82 AC 75 72
	// 6F E2 82 AC
}
