package cjk_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/codectest"
)

// The bulk loop (dbcsRun) runs only while src has two bytes and dst eight
// bytes of room; fed a byte at a time into a dst of a few bytes, every
// decoder takes its byte-at-a-time path instead, which the exhaustive
// tests check against the Standard's literal reference decoders. These
// tests check that the bulk loop gives the same results, on long random
// mixes of ASCII runs, valid sequences, invalid bytes and UTF-8 text (a
// mislabeled page), in both error modes.

// bulkMix returns a random input for enc of about n bytes: ASCII runs of
// every length (control bytes and ISO-2022-JP's escapes among them),
// valid sequences from enc's encoder, random bytes and pairs of
// non-ASCII bytes, gb18030-like four-byte sequences, and UTF-8 text.
func bulkMix(rng *rand.Rand, enc *codec.Encoding, n int) []byte {
	var out []byte
	encoder := enc.NewRawEncoder()
	var buf [64]byte
	for len(out) < n {
		switch rng.IntN(8) {
		case 0: // an ASCII run, short or long
			k := rng.IntN(4)
			if rng.IntN(4) == 0 {
				k = rng.IntN(40)
			}
			for range k {
				c := byte(0x20 + rng.IntN(0x5F))
				if rng.IntN(16) == 0 {
					c = byte(rng.IntN(0x80))
				}
				out = append(out, c)
			}
		case 1, 2, 3: // valid sequences of the encoding
			for range 1 + rng.IntN(8) {
				r := bulkRune(rng)
				var s [4]byte
				encoder.Reset()
				nDst, _, err := encoder.Transform(buf[:], s[:utf8.EncodeRune(s[:], r)], true)
				if err == nil {
					out = append(out, buf[:nDst]...)
				}
			}
		case 4: // random bytes
			for range 1 + rng.IntN(4) {
				out = append(out, byte(rng.IntN(256)))
			}
		case 5: // a non-ASCII byte then any byte
			out = append(out, byte(0x80+rng.IntN(0x80)), byte(rng.IntN(256)))
		case 6: // four bytes shaped like gb18030's, valid or not
			out = append(out, byte(0x81+rng.IntN(0x7E)), byte('0'+rng.IntN(10)), byte(0x81+rng.IntN(0x7E)), byte('0'+rng.IntN(12)))
		case 7: // UTF-8 text
			for range 1 + rng.IntN(6) {
				out = utf8.AppendRune(out, bulkRune(rng))
			}
		}
	}
	return out
}

// bulkRune returns a random code point, mostly from the scripts of the CJK
// encodings.
func bulkRune(rng *rand.Rand) rune {
	ranges := [][2]rune{{0x4E00, 0x9FFF}, {0xAC00, 0xD7A3}, {0x3040, 0x30FF}, {0xFF01, 0xFF9F}, {0x0391, 0x0451}, {0x00A0, 0x00FF}, {0x2000, 0x2312}, {0xE000, 0xE800}, {0x20000, 0x2A6DF}, {0x80, 0x10FFFF}}
	r := ranges[rng.IntN(len(ranges))]
	c := r[0] + rng.Int32N(r[1]-r[0]+1)
	if c >= 0xD800 && c <= 0xDFFF {
		c = 0xFFFD
	}
	return c
}

// bulkEncodings are the encodings whose decoders run the bulk loop.
var bulkEncodings = []*codec.Encoding{
	cjk.GB18030.(*codec.Encoding), cjk.GBK.(*codec.Encoding), cjk.Big5.(*codec.Encoding), cjk.EUCJP.(*codec.Encoding),
	cjk.ISO2022JP.(*codec.Encoding), cjk.ShiftJIS.(*codec.Encoding), cjk.EUCKR.(*codec.Encoding),
}

// bulkFatalErrors decodes src with a fatal decoder fed in pieces of chunk
// bytes into a dst of dstSize bytes (0: big enough for everything),
// resuming after every error, and returns the output with U+FFFD for each
// error and the errors' texts (offsets and bytes).
func bulkFatalErrors(tb testing.TB, d transform.Transformer, src []byte, chunk, dstSize int) (string, []string) {
	tb.Helper()
	if dstSize == 0 {
		dstSize = 4*len(src) + 64
	}
	d.Reset()
	var out []byte
	var errs []string
	dst := make([]byte, dstSize)
	pending, fed := []byte(nil), 0
	for iter := 0; iter < 64*(len(src)+8); iter++ {
		if fed < len(src) {
			k := min(chunk, len(src)-fed)
			pending = append(pending, src[fed:fed+k]...)
			fed += k
		}
		atEOF := fed == len(src)
		nDst, nSrc, err := d.Transform(dst, pending, atEOF)
		out = append(out, dst[:nDst]...)
		pending = pending[nSrc:]
		var de *codec.DecodeError
		switch {
		case err == nil:
			if atEOF {
				return string(out), errs
			}
		case errors.As(err, &de):
			errs = append(errs, err.Error())
			out = append(out, codec.ReplacementUTF8...)
		case err == transform.ErrShortDst:
		default:
			tb.Fatalf("%q: %v", src, err)
		}
	}
	tb.Fatalf("%q: no progress", src)
	return "", nil
}

func TestBulkLoopMatchesByteWise(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	iters := 300
	if testing.Short() {
		iters = 30
	}
	for _, enc := range bulkEncodings {
		t.Run(enc.Name, func(t *testing.T) {
			repl, fatal := enc.NewDecoderMode(false), enc.NewDecoderMode(true)
			for i := range iters {
				src := bulkMix(rng, enc, 1+rng.IntN(600))
				// Replacement mode: one shot, byte by byte into 1–7 bytes of
				// dst, and random pieces into random dst sizes.
				want := codectest.Run(repl, src, []int{1}, 1+i%7)
				if want.Err != nil {
					t.Fatalf("%q byte by byte: %v", src, want.Err)
				}
				if got := codectest.OneShot(repl, src); !got.Equal(want) {
					t.Fatalf("%q:\none shot    %v\nbyte-wise   %v", src, got, want)
				}
				chunks := []int{1 + rng.IntN(40), 1 + rng.IntN(8), 1 + rng.IntN(300)}
				if got := codectest.Run(repl, src, chunks, 8+rng.IntN(64)); !got.Equal(want) {
					t.Fatalf("%q in pieces %v:\ngot  %v\nwant %v", src, chunks, got, want)
				}
				// Fatal mode: the same errors at the same offsets, resumed
				// after each, one shot and byte by byte.
				out1, errs1 := bulkFatalErrors(t, fatal, src, len(src), 0)
				out2, errs2 := bulkFatalErrors(t, fatal, src, 1, 4)
				if out1 != string(want.Out) || out2 != out1 || fmt.Sprint(errs1) != fmt.Sprint(errs2) {
					t.Fatalf("%q fatal:\none shot  %q %v\nbyte-wise %q %v\nreplacement %q", src, out1, errs1, out2, errs2, want.Out)
				}
				codectest.CheckFatalResume(t, fatal, repl, src)
			}
		})
	}
}

// TestBulkLoopStreaming runs codectest.CheckStreaming (every split, tiny
// dst) on shorter random mixes.
func TestBulkLoopStreaming(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	for _, enc := range bulkEncodings {
		t.Run(enc.Name, func(t *testing.T) {
			for range 20 {
				src := bulkMix(rng, enc, 1+rng.IntN(120))
				codectest.CheckStreaming(t, func() transform.Transformer { return enc.NewDecoderMode(false) }, src)
				codectest.CheckStreaming(t, func() transform.Transformer { return enc.NewDecoderMode(true) }, src)
			}
		})
	}
}

// TestBulkMislabeled decodes UTF-8 text (every scalar value class) with
// every CJK decoder, one shot against byte by byte.
func TestBulkMislabeled(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 15))
	var text []byte
	for len(text) < 1<<14 {
		text = utf8.AppendRune(text, bulkRune(rng))
		if rng.IntN(5) == 0 {
			text = append(text, " <p>"[:1+rng.IntN(4)]...)
		}
	}
	for _, enc := range bulkEncodings {
		repl := enc.NewDecoderMode(false)
		want := codectest.Run(repl, text, []int{1}, 3)
		if got := codectest.OneShot(repl, text); !got.Equal(want) || want.Err != nil {
			t.Errorf("%s: one shot and byte by byte differ", enc.Name)
		}
		out1, errs1 := bulkFatalErrors(t, enc.NewDecoderMode(true), text, len(text), 0)
		out2, errs2 := bulkFatalErrors(t, enc.NewDecoderMode(true), text, 1, 4)
		if out1 != out2 || out1 != string(want.Out) || fmt.Sprint(errs1) != fmt.Sprint(errs2) {
			t.Errorf("%s fatal: one shot and byte by byte differ", enc.Name)
		}
	}
}

// TestBulkDecoderAllocs checks that decoding allocates nothing per
// Transform once the decoder exists (the forms are built with the first
// decoder).
func TestBulkDecoderAllocs(t *testing.T) {
	src := bulkMix(rand.New(rand.NewPCG(16, 17)), cjk.GB18030.(*codec.Encoding), 4096)
	dst := make([]byte, 4*len(src))
	for _, enc := range bulkEncodings {
		d := enc.NewDecoderMode(false)
		if n := testing.AllocsPerRun(20, func() {
			d.Reset()
			d.Transform(dst, src, true)
		}); n != 0 {
			t.Errorf("%s: %v allocations per Transform", enc.Name, n)
		}
	}
}

// TestUTF8Word checks the one UTF-8 writer against the standard library for
// every scalar value, and wordLen against its length.
func TestUTF8Word(t *testing.T) {
	var buf [4]byte
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		w, n := cjk.UTF8Word(r)
		want := utf8.AppendRune(nil, r)
		for i := range buf {
			buf[i] = byte(w >> (8 * i))
		}
		if n != len(want) || !bytes.Equal(buf[:n], want) || (n < 4 && w>>(8*n) != 0) {
			t.Fatalf("cjk.UTF8Word(%U) = %x, %d; want % x", r, w, n, want)
		}
		if r >= 0x80 && cjk.WordLen(w) != n {
			t.Fatalf("cjk.WordLen(cjk.UTF8Word(%U)) = %d, want %d", r, cjk.WordLen(w), n)
		}
	}
}
