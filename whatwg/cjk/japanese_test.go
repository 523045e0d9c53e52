package cjk_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/internal/benchdata"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/codectest"
)

// This file holds the checks the Japanese encodings' tests share (Shift_JIS,
// EUC-JP, ISO-2022-JP): each runs a codec against its reference decoder or
// encoder (written literally from the Standard on codectest's reference
// model, in the encoding's own test file) or against hand-written cases.

var (
	sjisEnc      = cjk.ShiftJIS.(*codec.Encoding)
	eucjpEnc     = cjk.EUCJP.(*codec.Encoding)
	iso2022jpEnc = cjk.ISO2022JP.(*codec.Encoding)
)

// jisDecErr is the text of a fatal decoding error.
func jisDecErr(name string, off int64, seq ...byte) string {
	return (&codec.DecodeError{Encoding: name, Offset: off, Bytes: seq}).Error()
}

// jisEncErr is the text of an encoding error.
func jisEncErr(name string, r rune, off int64) string {
	return (&codec.EncodeError{Encoding: name, Rune: r, Offset: off}).Error()
}

// jisDecoders returns new-transformer functions for enc's decoder in
// replacement and fatal mode.
func jisDecoders(enc *codec.Encoding) (repl, fatal func() transform.Transformer) {
	return func() transform.Transformer { return enc.NewDecoderMode(false) },
		func() transform.Transformer { return enc.NewDecoderMode(true) }
}

// jisEncoders returns new-transformer functions for enc's encoder in fatal
// and html mode.
func jisEncoders(enc *codec.Encoding) (fatal, html func() transform.Transformer) {
	return func() transform.Transformer { t, _ := enc.Encoder(codec.Fatal); return t },
		func() transform.Transformer { t, _ := enc.Encoder(codec.HTML); return t }
}

// jisRefDecode runs the reference decoder newRef makes over src.
func jisRefDecode(enc *codec.Encoding, newRef func() codectest.Handler, src []byte) codectest.Decoded {
	return codectest.Decode(enc.Name, newRef(), src)
}

// jisCheckAllPairs decodes prefix+[b] and prefix+[a, b] for every a and b,
// comparing with the reference decoder in replacement and fatal mode,
// byte-by-byte feeding with one-shot, and a fatal decoder resumed after
// each error with the Standard's decoder (codectest.CheckResume).
func jisCheckAllPairs(t *testing.T, enc *codec.Encoding, prefix []byte, newRef func() codectest.Handler) {
	t.Helper()
	newRepl, newFatal := jisDecoders(enc)
	repl, fatal := newRepl(), newFatal()
	src := append(append([]byte(nil), prefix...), 0, 0)
	check := func(src []byte) {
		ref := jisRefDecode(enc, newRef, src)
		// A fatal decoder resumed after each error goes on as the
		// Standard's decoder does after it.
		codectest.CheckResume(t, newFatal, newRepl, src, &ref, 1)
		got := codectest.OneShot(repl, src)
		if got.Err != nil || string(got.Out) != string(ref.Repl) {
			t.Fatalf("%s: decode % X = %v, want %q", enc, src, got, ref.Repl)
		}
		if !utf8.Valid(got.Out) {
			t.Fatalf("%s: decode % X: invalid UTF-8", enc, src)
		}
		if bb := codectest.Run(repl, src, []int{1}, 3); !bb.Equal(got) {
			t.Fatalf("%s: decode % X byte by byte = %v, want %v", enc, src, bb, got)
		}
		f := codectest.OneShot(fatal, src)
		if !f.Equal(ref.Fatal) || (f.Err != nil && !errors.Is(f.Err, codec.ErrDecode)) {
			t.Fatalf("%s: fatal decode % X = %v, want %v", enc, src, f, ref.Fatal)
		}
		if bb := codectest.Run(fatal, src, []int{1}, 3); !bb.Equal(f) {
			t.Fatalf("%s: fatal decode % X byte by byte = %v, want %v", enc, src, bb, f)
		}
	}
	for a := 0; a < 256; a++ {
		check(append(src[:len(prefix)], byte(a)))
		for b := 0; b < 256; b++ {
			check(append(src[:len(prefix)], byte(a), byte(b)))
		}
	}
}

// jisDecodeCase is a hand-written decoder case: input, output in
// replacement mode, and the fatal-mode error (the output before it is the
// replacement output up to its first U+FFFD).
type jisDecodeCase struct {
	name  string // the spec step
	in    string
	want  string
	fatal string // the fatal-mode error text; "" for none
}

// jisCheckDecodeCases runs cases through CheckStreaming in both modes, and
// checks a fatal decoder resumed after each error against the reference
// decoder (codectest.CheckResume).
func jisCheckDecodeCases(t *testing.T, enc *codec.Encoding, newRef func() codectest.Handler, cases []jisDecodeCase) {
	t.Helper()
	repl, fatal := jisDecoders(enc)
	for _, c := range cases {
		ref := jisRefDecode(enc, newRef, []byte(c.in))
		codectest.CheckResume(t, fatal, repl, []byte(c.in), &ref, 1)
		got := codectest.CheckStreaming(t, repl, []byte(c.in))
		if got.Err != nil || string(got.Out) != c.want {
			t.Errorf("%s: decode %q = %v, want %q", c.name, c.in, got, c.want)
		}
		got = codectest.CheckStreaming(t, fatal, []byte(c.in))
		wantOut, _, _ := jisCutAtFFFD(c.want)
		if c.fatal == "" {
			wantOut = c.want
		}
		if string(got.Out) != wantOut || jisFmtErr(got.Err) != jisOr(c.fatal, "<nil>") {
			t.Errorf("%s: fatal decode %q = %v, want out=%q err=%s", c.name, c.in, got, wantOut, jisOr(c.fatal, "<nil>"))
		}
	}
}

// jisCheckDecodeStreaming checks each input, errors included, at every
// split point and dst size in both modes against the reference decoder,
// and the fatal decoder resumed after each error.
func jisCheckDecodeStreaming(t *testing.T, enc *codec.Encoding, newRef func() codectest.Handler, inputs []string) {
	repl, fatal := jisDecoders(enc)
	for _, s := range inputs {
		got := codectest.CheckStreaming(t, repl, []byte(s))
		ref := jisRefDecode(enc, newRef, []byte(s))
		if string(got.Out) != string(ref.Repl) || got.Err != nil {
			t.Errorf("decode %q = %v, want %q", s, got, ref.Repl)
		}
		if got := codectest.CheckStreaming(t, fatal, []byte(s)); !got.Equal(ref.Fatal) {
			t.Errorf("fatal decode %q = %v, want %v", s, got, ref.Fatal)
		}
		codectest.CheckResume(t, fatal, repl, []byte(s), &ref, 1)
	}
}

func jisOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func jisFmtErr(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// jisCutAtFFFD returns s before its first U+FFFD.
func jisCutAtFFFD(s string) (before, after string, found bool) {
	for i, r := range s {
		if r == utf8.RuneError {
			return s[:i], s[i+3:], true
		}
	}
	return s, "", false
}

// jisCheckEncodeAll encodes every scalar value alone with enc and with a
// new reference encoder, then checks decode(encode(r)) == r, or alias[r]
// for the code points that do not round-trip.
func jisCheckEncodeAll(t *testing.T, enc *codec.Encoding, newRef func() codectest.EncHandler, alias map[rune]rune) {
	t.Helper()
	e := enc.NewRawEncoder()
	d := enc.NewDecoderMode(true)
	dst := make([]byte, 64)
	back := make([]byte, 64)
	encodable := 0
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		src := utf8.AppendRune(nil, r)
		want := codectest.EncodeFatal(enc.Name, newRef(), src)
		e.Reset()
		nDst, nSrc, err := e.Transform(dst, src, true)
		if want.Err != nil {
			wantErr := want.Err.(*codec.EncodeError)
			var ee *codec.EncodeError
			if !errors.As(err, &ee) || ee.Rune != wantErr.Rune || nSrc != 0 || ee.Size != len(src) || ee.Error() != wantErr.Error() || !bytes.Equal(dst[:nDst], want.Out) {
				t.Fatalf("%s: encode U+%04X = % X, %d, %v; want % X and %v", enc, r, dst[:nDst], nSrc, err, want.Out, wantErr)
			}
			continue
		}
		if err != nil || nSrc != len(src) || !bytes.Equal(dst[:nDst], want.Out) {
			t.Fatalf("%s: encode U+%04X = % X, %v; want % X", enc, r, dst[:nDst], err, want.Out)
		}
		encodable++
		d.Reset()
		n, _, err := d.Transform(back, dst[:nDst], true)
		wantBack := r
		if a, ok := alias[r]; ok {
			wantBack = a
		}
		if err != nil || string(back[:n]) != string(wantBack) {
			t.Fatalf("%s: decode(encode(U+%04X)) = %q, %v; want %q", enc, r, back[:n], err, string(wantBack))
		}
	}
	if encodable < 7000 {
		t.Fatalf("%s: only %d encodable code points", enc, encodable)
	}
}

// jisEncodeCase is a hand-written encoder case: the output and error in
// fatal mode, and the html-mode output.
type jisEncodeCase struct {
	name string // the spec step
	in   string
	want string // fatal mode output
	err  string // fatal mode error text, "" for none
	html string // html mode output; "" means want
}

// jisCheckEncodeCases runs cases through CheckStreaming in fatal and html
// mode.
func jisCheckEncodeCases(t *testing.T, enc *codec.Encoding, cases []jisEncodeCase) {
	t.Helper()
	fatal, html := jisEncoders(enc)
	for _, c := range cases {
		got := codectest.CheckStreaming(t, fatal, []byte(c.in))
		if string(got.Out) != c.want || jisFmtErr(got.Err) != jisOr(c.err, "<nil>") {
			t.Errorf("%s: encode %q = %v, want out=%q err=%s", c.name, c.in, got, c.want, jisOr(c.err, "<nil>"))
		}
		got = codectest.CheckStreaming(t, html, []byte(c.in))
		if want := jisOr(c.html, c.want); string(got.Out) != want || got.Err != nil {
			t.Errorf("%s: html encode %q = %v, want %q", c.name, c.in, got, want)
		}
	}
}

// jisCheckEncodeStreaming runs inputs through CheckStreaming in fatal and
// html mode.
func jisCheckEncodeStreaming(t *testing.T, enc *codec.Encoding, inputs []string) {
	t.Helper()
	fatal, html := jisEncoders(enc)
	for _, s := range inputs {
		codectest.CheckStreaming(t, fatal, []byte(s))
		codectest.CheckStreaming(t, html, []byte(s))
	}
}

// jisCheckXText checks that enc works with x/text's API: Decoder.String and
// Bytes, transform.NewReader and NewWriter, and the encoder error handlers.
// text must encode to encoded.
func jisCheckXText(t *testing.T, enc encoding.Encoding, text, encoded string) {
	t.Helper()
	if got, err := enc.NewDecoder().String(encoded); err != nil || got != text {
		t.Errorf("%s: Decoder.String = %q, %v; want %q", enc, got, err, text)
	}
	if got, err := enc.NewDecoder().Bytes([]byte(encoded)); err != nil || string(got) != text {
		t.Errorf("%s: Decoder.Bytes = %q, %v; want %q", enc, got, err, text)
	}
	if got, err := io.ReadAll(transform.NewReader(iotest.OneByteReader(strings.NewReader(encoded)), enc.NewDecoder())); err != nil || string(got) != text {
		t.Errorf("%s: NewReader decode = %q, %v; want %q", enc, got, err, text)
	}
	if got, err := enc.NewEncoder().String(text); err != nil || got != encoded {
		t.Errorf("%s: Encoder.String = %q, %v; want %q", enc, got, err, encoded)
	}
	var buf bytes.Buffer
	w := transform.NewWriter(&buf, enc.NewEncoder())
	for i := 0; i < len(text); i++ {
		if _, err := w.Write([]byte{text[i]}); err != nil {
			t.Fatalf("%s: NewWriter: %v", enc, err)
		}
	}
	if err := w.Close(); err != nil || buf.String() != encoded {
		t.Errorf("%s: NewWriter encode = %q, %v; want %q", enc, buf.String(), err, encoded)
	}
	// Unencodable input: the raw encoder reports an *codec.EncodeError that
	// x/text's handlers accept.
	if _, err := enc.NewEncoder().String(text + "\u00E9"); !errors.Is(err, codec.ErrEncode) {
		t.Errorf("%s: encoding U+00E9: %v, want an EncodeError", enc, err)
	}
	if got, err := encoding.HTMLEscapeUnsupported(enc.NewEncoder()).String(text + "\u00E9!"); err != nil || got != encoded+"&#233;!" {
		t.Errorf("%s: HTMLEscapeUnsupported = %q, %v", enc, got, err)
	}
	if got, err := encoding.ReplaceUnsupported(enc.NewEncoder()).String(text + "\u00E9!"); err != nil || got != encoded+"\x1a!" {
		t.Errorf("%s: ReplaceUnsupported = %q, %v", enc, got, err)
	}
}

// jisCheckXTextAgrees checks that enc encodes s as x/text's xt does (on
// text both map the same way).
func jisCheckXTextAgrees(t *testing.T, enc, xt encoding.Encoding, s string) {
	t.Helper()
	want, err := xt.NewEncoder().String(s)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := enc.NewEncoder().String(s); err != nil || got != want {
		t.Errorf("encode %q = %q, %v; x/text gives %q", s, got, err, want)
	}
}

// jisFuzzDecodeTarget runs jisFuzzDecode as a fuzz target of enc, against
// the reference decoder newRef makes from the loaded data when the
// Standard's data is present.
func jisFuzzDecodeTarget(f *testing.F, enc *codec.Encoding, seeds []string, newRef func(*jisRef) func() codectest.Handler) {
	for _, s := range seeds {
		f.Add([]byte(s), uint8(3))
	}
	body := jisFuzzDecodeBody(f, enc, newRef)
	f.Fuzz(func(t *testing.T, src []byte, split uint8) { body(t, src, split) })
}

// jisFuzzDecodeBody is jisFuzzDecodeTarget's body, for BenchmarkFuzzBodies.
func jisFuzzDecodeBody(tb testing.TB, enc *codec.Encoding, newRef func(*jisRef) func() codectest.Handler) func(testing.TB, []byte, uint8) {
	var ref func() codectest.Handler
	if hasIndexData(tb) {
		ref = newRef(jisLoadRef(tb))
	}
	return func(t testing.TB, src []byte, split uint8) { jisFuzzDecode(t, enc, src, int(split), ref, false) }
}

// jisFuzzDecode checks one input: one shot against the reference (when
// newRef is not nil), pieces whose sizes come from split against one shot,
// in both modes, and the fatal decoder resumed after each error, fed in
// pieces of that size and, with bytewise, byte by byte. Its work is linear
// in the input.
func jisFuzzDecode(t testing.TB, enc *codec.Encoding, src []byte, split int, newRef func() codectest.Handler, bytewise bool) {
	newRepl, newFatal := jisDecoders(enc)
	repl, fatal := newRepl(), newFatal()
	got := codectest.OneShot(repl, src)
	if got.Err != nil || !utf8.Valid(got.Out) {
		t.Fatalf("decode % X = %v: an error or invalid UTF-8", src, got)
	}
	chunks := []int{split%7 + 1, split%5 + 1}
	if r := codectest.Run(repl, src, chunks, split%4+1); !r.Equal(got) {
		t.Fatalf("decode % X in chunks %v = %v, want %v", src, chunks, r, got)
	}
	f := codectest.OneShot(fatal, src)
	if r := codectest.Run(fatal, src, chunks, split%4+1); !r.Equal(f) {
		t.Fatalf("fatal decode % X in chunks %v = %v, want %v", src, chunks, r, f)
	}
	if newRef == nil {
		codectest.CheckFatalResume(t, fatal, repl, src)
		return
	}
	ref := jisRefDecode(enc, newRef, src)
	if string(got.Out) != string(ref.Repl) {
		t.Fatalf("decode % X = %v, want %q", src, got, ref.Repl)
	}
	if !f.Equal(ref.Fatal) {
		t.Fatalf("fatal decode % X = %v, want %v", src, f, ref.Fatal)
	}
	pieces := []int{split%8 + 1}
	if bytewise {
		pieces = append(pieces, 1)
	}
	codectest.CheckResume(t, newFatal, newRepl, src, &ref, pieces...)
}

// jisFuzzEncode checks one input: fatal and html mode against the
// reference encoder newRef makes, pieces whose sizes come from split
// against one shot, and decode(encode(s)) == s (with alias applied) for
// input that encodes. Its work is linear in the input.
func jisFuzzEncode(t testing.TB, enc *codec.Encoding, s string, split int, newRef func() codectest.EncHandler, alias map[rune]rune) {
	fatal, html := jisEncoders(enc)
	got := codectest.OneShot(fatal(), []byte(s))
	hgot := codectest.OneShot(html(), []byte(s))
	chunks := []int{split%7 + 1, split%3 + 1}
	if r := codectest.Run(fatal(), []byte(s), chunks, split%4+1); !r.Equal(got) {
		t.Fatalf("encode %q in chunks %v = %v, want %v", s, chunks, r, got)
	}
	if r := codectest.Run(html(), []byte(s), chunks, split%4+1); !r.Equal(hgot) {
		t.Fatalf("html encode %q in chunks %v = %v, want %v", s, chunks, r, hgot)
	}
	if newRef == nil {
		return
	}
	want := codectest.Encode(enc.Name, newRef(), []byte(s))
	if !got.Equal(want.Fatal) {
		t.Fatalf("encode %q = %v, want %v", s, got, want.Fatal)
	}
	if hgot.Err != nil || string(hgot.Out) != string(want.HTML) {
		t.Fatalf("html encode %q = %v, want %q", s, hgot, want.HTML)
	}
	if want.Fatal.Err == nil {
		back, err := enc.NewDecoder().String(string(got.Out))
		var exp []rune
		for _, sc := range codectest.Scalars([]byte(s)) {
			r := sc.Rune
			if a, ok := alias[r]; ok {
				r = a
			}
			exp = append(exp, r)
		}
		if err != nil || back != string(exp) {
			t.Fatalf("decode(encode(%q)) = %q, %v; want %q", s, back, err, string(exp))
		}
	}
}

// jisFuzzEncodeTarget runs jisFuzzEncode as a fuzz target of enc, against
// the reference encoder newRef makes from the loaded data when the
// Standard's data is present.
func jisFuzzEncodeTarget(f *testing.F, enc *codec.Encoding, seeds []string, newRef func(*jisRef) func() codectest.EncHandler, alias func(*jisRef) map[rune]rune) {
	for _, s := range seeds {
		f.Add(s, uint8(2))
	}
	body := jisFuzzEncodeBody(f, enc, newRef, alias)
	f.Fuzz(func(t *testing.T, s string, split uint8) { body(t, s, split) })
}

// jisFuzzEncodeBody is jisFuzzEncodeTarget's body, for BenchmarkFuzzBodies.
func jisFuzzEncodeBody(tb testing.TB, enc *codec.Encoding, newRef func(*jisRef) func() codectest.EncHandler, alias func(*jisRef) map[rune]rune) func(testing.TB, string, uint8) {
	var ref func() codectest.EncHandler
	var al map[rune]rune
	if hasIndexData(tb) {
		data := jisLoadRef(tb)
		ref, al = newRef(data), alias(data)
	}
	return func(t testing.TB, s string, split uint8) { jisFuzzEncode(t, enc, s, int(split), ref, al) }
}

// jisAlias maps the code points Shift_JIS and EUC-JP do not decode back to
// themselves after encoding (encoder steps 3, 4 and 6).
func jisAlias(*jisRef) map[rune]rune { return map[rune]rune{0xA5: 0x5C, 0x203E: 0x7E, 0x2212: 0xFF0D} }

// TestJISEncodeSequences encodes pseudo-random strings of kanji, kana,
// ASCII, special code points and invalid UTF-8 (overlong forms of code
// points that index jis0208 maps, surrogates, truncated sequences) with
// every Japanese encoder in fatal and html mode against the reference
// encoders, so the encoders' multi-character fast paths meet every
// neighbour at every alignment.
func TestJISEncodeSequences(t *testing.T) {
	ref := jisLoadRef(t)
	pool := []string{"a", "日", "本", "あ", "ｱ", "¥", "‾", "\u2212", "\u2170", "\u00E9", "§",
		"\xE0\x82\xA7", "\xED\xA0\x80", "\xE6\x97", "\xC2\xA7", "\U0001F600", "\\", "\x0E"}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct {
		enc   *codec.Encoding
		newH  func() codectest.EncHandler
		alias map[rune]rune
	}{
		{sjisEnc, ref.sjisEncoder, jisAlias(ref)},
		{eucjpEnc, ref.eucjpEncoder, jisAlias(ref)},
		{iso2022jpEnc, ref.iso2022jpEncoder, iso2022jpAlias(ref)},
	} {
		for i := 0; i < 2000; i++ {
			var b strings.Builder
			for k := rng.IntN(12); k >= 0; k-- {
				b.WriteString(pool[rng.IntN(len(pool))])
			}
			jisFuzzEncode(t, c.enc, b.String(), i, c.newH, c.alias)
		}
	}
}

// TestJISDecodeRandom decodes pseudo-random inputs drawn mostly from the
// bytes each Japanese decoder's steps single out, against the reference
// decoders: one shot, in chunks, in fatal mode, and a fatal decoder resumed
// after each error (the contract of codec.DecodeErrors: it must consume
// what the Standard's decoder consumed for the error and be left in its
// state, e.g. ISO-2022-JP's output flag and output state after a failed
// escape sequence).
func TestJISDecodeRandom(t *testing.T) {
	ref := jisLoadRef(t)
	rng := rand.New(rand.NewPCG(5, 6))
	for _, c := range []struct {
		enc  *codec.Encoding
		dec  func() codectest.Handler
		pool string
	}{
		{sjisEnc, ref.sjisDecoder, "\x81\x9F\xE0\xFC\xF0\xF9\xFA\x40\x7E\x7F\x80\xA0\xA1\xDF\xFD\xFF\x20\x41\x88\x85"},
		{eucjpEnc, ref.eucjpDecoder, "\x8E\x8F\xA1\xA2\xAF\xB0\xDF\xE0\xFE\xFF\x80\xA0\x41\x20"},
		{iso2022jpEnc, ref.iso2022jpDecoder, "\x1B\x1B\x1B\x24\x28\x28\x42\x40\x4A\x49\x21\x30\x5C\x7E\x0E\x0F\x0A\x80\x22\x2F\x60"},
	} {
		for i := 0; i < 1500; i++ {
			src := make([]byte, 1+rng.IntN(16))
			for k := range src {
				if rng.IntN(5) == 0 {
					src[k] = byte(rng.IntN(256))
				} else {
					src[k] = c.pool[rng.IntN(len(c.pool))]
				}
			}
			jisFuzzDecode(t, c.enc, src, i, c.dec, true)
		}
	}
}

// BenchmarkJISDecode compares the Japanese decoders with x/text's.
func BenchmarkJISDecode(b *testing.B) {
	jisBench(b, true)
}

// BenchmarkJISEncode compares the Japanese encoders with x/text's.
func BenchmarkJISEncode(b *testing.B) {
	jisBench(b, false)
}

func jisBench(b *testing.B, decode bool) {
	for _, c := range []struct {
		ours, theirs encoding.Encoding
	}{
		{cjk.ShiftJIS, japanese.ShiftJIS},
		{cjk.EUCJP, japanese.EUCJP},
		{cjk.ISO2022JP, japanese.ISO2022JP},
	} {
		for _, s := range benchdata.Load(b, c.ours) {
			for _, impl := range []struct {
				name string
				enc  encoding.Encoding
			}{{"webenc", c.ours}, {"xtext", c.theirs}} {
				name := fmt.Sprintf("enc=%s/lang=%s/impl=%s", c.ours, s.Lang, impl.name)
				b.Run(name, func(b *testing.B) {
					if decode {
						benchdata.Transform(b, impl.enc.NewDecoder(), s.Decode, len(s.Decode))
					} else {
						benchdata.Transform(b, impl.enc.NewEncoder(), s.Encode, len(s.Encode))
					}
				})
			}
		}
	}
}
