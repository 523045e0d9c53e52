package cjk

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/internal/benchdata"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/codectest"
)

var sjisEnc = ShiftJIS.(*codec.Encoding)

// sjisPointerBytes returns the two bytes the Shift_JIS decoder reads as
// pointer p (the inverse of decoder step 3.6, as encoder steps 9–13 compute
// it).
func sjisPointerBytes(p int) (byte, byte) {
	lead, trail := p/188, p%188
	lo, off := 0xC1, 0x41
	if lead < 0x1F {
		lo = 0x81
	}
	if trail < 0x3F {
		off = 0x40
	}
	return byte(lead + lo), byte(trail + off)
}

// jisDecErr is the text of a fatal decoding error.
func jisDecErr(name string, off int64, seq ...byte) string {
	return (&codec.DecodeError{Encoding: name, Offset: off, Bytes: seq}).Error()
}

// jisEncErr is the text of an encoding error.
func jisEncErr(name string, r rune, off int64) string {
	return (&codec.EncodeError{Encoding: name, Rune: r, Offset: off}).Error()
}

// TestSJISDecodeIndex decodes every pointer a Shift_JIS byte pair can form
// and checks it against index jis0208 (decoder step 3): pointers 8836 to
// 10715 are EUDC (U+E000 − 8836 + pointer), the others the index code
// point, or an error (with an ASCII trailing byte restored) when the index
// has none.
func TestSJISDecodeIndex(t *testing.T) {
	ref := jisLoadRef(t)
	dec := ShiftJIS.NewDecoder()
	fatal := sjisEnc.NewDecoderMode(true)
	for p := 0; p <= (0xFC-0xC1)*188+0xFC-0x41; p++ {
		l, b := sjisPointerBytes(p)
		var want string
		wantErr := false
		if cp, ok := ref.j208[p]; p >= 8836 && p <= 10715 {
			want = string(rune(0xE000 - 8836 + p))
		} else if ok {
			want = string(cp)
		} else if b < 0x80 {
			want, wantErr = "\uFFFD"+string(rune(b)), true
		} else {
			want, wantErr = "\uFFFD", true
		}
		got, err := dec.Bytes([]byte{l, b})
		if err != nil || string(got) != want {
			t.Fatalf("pointer %d [%02X %02X]: got %q, %v; want %q", p, l, b, got, err, want)
		}
		r := codectest.OneShot(fatal, []byte{l, b})
		if (r.Err != nil) != wantErr {
			t.Fatalf("pointer %d [%02X %02X]: fatal mode got %v", p, l, b, r)
		}
	}
}

// TestSJISDecodeAllPairs decodes every byte and every two-byte sequence in
// one shot, byte by byte and in fatal mode, against the reference decoder.
func TestSJISDecodeAllPairs(t *testing.T) {
	ref := jisLoadRef(t)
	jisCheckAllPairs(t, sjisEnc, nil, ref.sjisDecodeQ)
}

// jisCheckAllPairs decodes prefix+[b] and prefix+[a, b] for every a and b,
// comparing with refDecode in replacement and fatal mode, byte-by-byte
// feeding with one-shot, and a fatal decoder resumed after each error with
// the Standard's decoder (cjkCheckResume).
func jisCheckAllPairs(t *testing.T, enc *codec.Encoding, prefix []byte, refDecode func(*jisQueue) []rune) {
	t.Helper()
	repl, fatal := enc.NewDecoderMode(false), enc.NewDecoderMode(true)
	src := append(append([]byte(nil), prefix...), 0, 0)
	check := func(src []byte) {
		want, ends := jisRefDecode(refDecode, src)
		// A fatal decoder resumed after each error goes on as the
		// Standard's decoder does after it.
		cjkCheckResume(t, fatal, repl, src, ends)
		got := codectest.OneShot(repl, src)
		if got.Err != nil || string(got.Out) != jisRefString(want) {
			t.Fatalf("%s: decode % X = %v, want %q", enc, src, got, jisRefString(want))
		}
		if !utf8.Valid(got.Out) {
			t.Fatalf("%s: decode % X: invalid UTF-8", enc, src)
		}
		if bb := codectest.Run(repl, src, []int{1}, 3); !bb.Equal(got) {
			t.Fatalf("%s: decode % X byte by byte = %v, want %v", enc, src, bb, got)
		}
		wantOut, wantErr := jisRefFatal(want)
		f := codectest.OneShot(fatal, src)
		if string(f.Out) != wantOut || (f.Err != nil) != wantErr || (f.Err != nil && !errors.Is(f.Err, codec.ErrDecode)) {
			t.Fatalf("%s: fatal decode % X = %v, want out=%q error=%v", enc, src, f, wantOut, wantErr)
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

// TestSJISDecodeCases pins each step of the Shift_JIS decoder with
// hand-written expectations.
func TestSJISDecodeCases(t *testing.T) {
	const n = "Shift_JIS"
	jisCheckDecodeCases(t, sjisEnc, jisLoadRef(t).sjisDecodeQ, []jisDecodeCase{
		{"step 4: ASCII", "abc\x00\x7F", "abc\x00\x7F", ""},
		{"step 4: 0x80 is U+0080", "\x80", "\u0080", ""},
		{"step 5: 0xA1 to 0xDF are half-width katakana", "\xA1\xB1\xDF", "\uFF61\uFF71\uFF9F", ""},
		{"step 3.8: pointer 0", "\x81\x40", "\u3000", ""},
		{"step 3.8: pointer 1410 (0x889F)", "\x88\x9F", "亜", ""},
		{"step 3.8: U+FF0D at pointer 60", "\x81\x7C", "\uFF0D", ""},
		{"step 3.7: EUDC first pointer 8836", "\xF0\x40", "\uE000", ""},
		{"step 3.7: EUDC last pointer 10715", "\xF9\xFC", "\uE757", ""},
		{"step 3.8: IBM extension pointer 10716", "\xFA\x40", "\u2170", ""},
		{"step 3.8: NEC selected IBM extension pointer 8634", "\xEE\xEF", "\u2170", ""},
		{"steps 3.10-3.11: ASCII trailing byte is restored", "\x81\x20a", "\uFFFD a", jisDecErr(n, 0, 0x81)},
		{"steps 3.6, 3.10: 0x7F is no trailing byte, restored", "x\x81\x7F", "x\uFFFD\x7F", jisDecErr(n, 1, 0x81)},
		{"step 3.11: non-ASCII byte without pointer is consumed", "\x81\xFDz", "\uFFFDz", jisDecErr(n, 0, 0x81, 0xFD)},
		{"step 3.11: pointer 752 not in the index, ASCII restored", "\x85\x40", "\uFFFD@", jisDecErr(n, 0, 0x85)},
		{"step 3.11: pointer 846 not in the index", "\x85\x9F\x41", "\uFFFDA", jisDecErr(n, 0, 0x85, 0x9F)},
		{"step 3.11: a leading byte as trailing byte is consumed", "\x81\xFF\x81\x40", "\uFFFD\u3000", jisDecErr(n, 0, 0x81, 0xFF)},
		{"step 7: 0xA0, 0xFD to 0xFF are errors", "\xA0\xFD\xFE\xFFa", "\uFFFD\uFFFD\uFFFD\uFFFDa", jisDecErr(n, 0, 0xA0)},
		{"step 1: end-of-queue after a leading byte", "ab\x81", "ab\uFFFD", jisDecErr(n, 2, 0x81)},
		{"step 1: end-of-queue after 0xFC", "\xFC", "\uFFFD", jisDecErr(n, 0, 0xFC)},
		{"step 3: 0xE0 leading, 0xFC trailing", "\xE0\xFC", jisRefOnly(t, "\xE0\xFC"), ""},
	})
}

// jisRefOnly returns the reference Shift_JIS decoding of s, for cases whose
// value is whatever the index says.
func jisRefOnly(t *testing.T, s string) string {
	return jisRefString(jisLoadRef(t).sjisDecode([]byte(s)))
}

// TestSJISDecodeStreaming checks mixed inputs, errors included, at every
// split point and dst size in both modes.
func TestSJISDecodeStreaming(t *testing.T) {
	jisCheckDecodeStreaming(t, sjisEnc, jisLoadRef(t).sjisDecodeQ, []string{
		"Hello, \x93\xfa\x96\x7b\x8c\xea\xb1\xb2 world \x80\xF0\x40",
		"\x81\x20\x81\x7F\x81\xFD\xA0\x81",
		"\x82\xA0\x82\xA2\x82\xA4aaaaaaaaaaaaaaaaaaa\x88\x9F",
		"\xFF\x81\x81\x81\x40\x81",
	})
}

// TestSJISEncodeAll encodes every scalar value and compares with the
// reference encoder, whose pointers come from index jis0208 with the index
// Shift_JIS pointer rule; every encodable code point except U+00A5,
// U+203E and U+2212 (encoder steps 3, 4 and 6) decodes back to itself.
func TestSJISEncodeAll(t *testing.T) {
	ref := jisLoadRef(t)
	_, sjis := ref.pointers()
	jisCheckEncodeAll(t, sjisEnc, sjisRefEncoder(sjis), map[rune]rune{0xA5: 0x5C, 0x203E: 0x7E, 0x2212: 0xFF0D})
}

// jisCheckEncodeAll encodes every scalar value alone with enc and with the
// handler, then checks decode(encode(r)) == r, or alias[r] for the code
// points that do not round-trip.
func jisCheckEncodeAll(t *testing.T, enc *codec.Encoding, handler func(rune, bool) ([]byte, rune, bool, bool), alias map[rune]rune) {
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
		want := jisRefEncode([]rune{r}, false, handler)
		e.Reset()
		nDst, nSrc, err := e.Transform(dst, src, true)
		if want.failed {
			var ee *codec.EncodeError
			if !errors.As(err, &ee) || ee.Rune != want.errRune || nSrc != 0 || ee.Size != len(src) || !bytes.Equal(dst[:nDst], want.out) {
				t.Fatalf("%s: encode U+%04X = % X, %d, %v; want % X and an error with U+%04X", enc, r, dst[:nDst], nSrc, err, want.out, want.errRune)
			}
			continue
		}
		if err != nil || nSrc != len(src) || !bytes.Equal(dst[:nDst], want.out) {
			t.Fatalf("%s: encode U+%04X = % X, %v; want % X", enc, r, dst[:nDst], err, want.out)
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

// TestSJISEncodeCases pins the Shift_JIS encoder's steps.
func TestSJISEncodeCases(t *testing.T) {
	const n = "Shift_JIS"
	jisCheckEncodeCases(t, sjisEnc, []jisEncodeCase{
		{"step 2: ASCII and U+0080", "a\x00\u007F\u0080", "a\x00\x7F\x80", "", ""},
		{"step 3: U+00A5", "¥", "\x5C", "", ""},
		{"step 4: U+203E", "‾", "\x7E", "", ""},
		{"step 5: half-width katakana", "\uFF61\uFF71\uFF9F", "\xA1\xB1\xDF", "", ""},
		{"step 6: U+2212 as U+FF0D", "\u2212\uFF0D", "\x81\x7C\x81\x7C", "", ""},
		{"steps 9-13: pointer 1410", "亜", "\x88\x9F", "", ""},
		{"steps 9-13: pointer 5827: leading 0x9F, trailing 0xFC", "滌", "\x9F\xFC", "", ""},
		{"steps 9-13: pointer 5828: leading 0xE0, trailing 0x40", "漾", "\xE0\x40", "", ""},
		{"step 7: pointers 8272-8835 are excluded: U+2170 is at 10716", "\u2170", "\xFA\x40", "", ""},
		{"step 7: U+2252 is at 159 and 1207; the first is 159", "\u2252", "\x81\xE0", "", ""},
		{"step 8: error with the code point", "a\u00E9b", "a", jisEncErr(n, 0xE9, 1), "a&#233;b"},
		{"step 8: EUDC code points are not encoded", "\uE000", "", jisEncErr(n, 0xE000, 0), "&#57344;"},
		{"step 8: astral code point", "x\U0001F600", "x", jisEncErr(n, 0x1F600, 1), "x&#128512;"},
		{"invalid UTF-8 is U+FFFD", "\xFFz", "", jisEncErr(n, 0xFFFD, 0), "&#65533;z"},
	})
}

// TestSJISEncodeStreaming checks the encoder in fatal and html mode at
// every split point and dst size.
func TestSJISEncodeStreaming(t *testing.T) {
	jisCheckEncodeStreaming(t, sjisEnc, []string{
		"Hello, 日本語ｱｲ ¥‾\u2212 \u0080 world",
		"日本\u00E9語\xFF\U0001F600ｱ",
		strings.Repeat("あいう", 5) + "abc" + strings.Repeat("x", 17) + "漢",
	})
}

// TestSJISXText checks interoperation with golang.org/x/text.
func TestSJISXText(t *testing.T) {
	jisCheckXText(t, ShiftJIS, "日本語 ｶﾀｶﾅ abc", "\x93\xfa\x96\x7b\x8c\xea \xb6\xc0\xb6\xc5 abc")
	// x/text's Shift_JIS agrees on text both map the same way.
	jisCheckXTextAgrees(t, ShiftJIS, japanese.ShiftJIS, "日本語のテキスト、ｶﾀｶﾅ。")
}

// FuzzSJISDecode checks the decoder on any input against the reference
// decoder, and random splits against one shot.
func FuzzSJISDecode(f *testing.F) {
	jisFuzzDecodeTarget(f, sjisEnc, []string{"\x81\x40abc", "\x81\x20", "\xF0\x40\xA1\x80\xFF", "\x81"}, func(ref *jisRef) func(*jisQueue) []rune { return ref.sjisDecodeQ })
}

// FuzzSJISEncode checks the encoder on any input against the reference
// encoder, and that decoding gives the input back where the Standard
// guarantees it.
func FuzzSJISEncode(f *testing.F) {
	ref := jisLoadRef(f)
	_, sjis := ref.pointers()
	for _, s := range []string{"日本語abc", "¥‾\u2212ｱ", "\u00E9\xFF", "\U0001F600x"} {
		f.Add(s, uint8(2))
	}
	f.Fuzz(func(t *testing.T, s string, split uint8) {
		jisFuzzEncode(t, sjisEnc, s, int(split), func() func(rune, bool) ([]byte, rune, bool, bool) { return sjisRefEncoder(sjis) },
			map[rune]rune{0xA5: 0x5C, 0x203E: 0x7E, 0x2212: 0xFF0D})
	})
}

func ExampleShiftJIS() {
	s, _ := ShiftJIS.NewDecoder().String("\x93\xfa\x96\x7b\x8c\xea \xb6\xc0\xb6\xc5 \x81")
	fmt.Println(s)
	b, err := ShiftJIS.NewEncoder().String("日本語 ¥100")
	fmt.Printf("% X %v\n", b, err)
	_, err = ShiftJIS.NewEncoder().String("café")
	fmt.Println(err)
	html, _ := encoding.HTMLEscapeUnsupported(ShiftJIS.NewEncoder()).String("café")
	fmt.Println(html)
	// Output:
	// 日本語 ｶﾀｶﾅ �
	// 93 FA 96 7B 8C EA 20 5C 31 30 30 <nil>
	// webenc: Shift_JIS: cannot encode U+00E9 at byte offset 3
	// caf&#233;
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
		{ShiftJIS, japanese.ShiftJIS},
		{EUCJP, japanese.EUCJP},
		{ISO2022JP, japanese.ISO2022JP},
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

var _ transform.Transformer = (*sjisDecoder)(nil)

// TestSJISFatalResume pins what a fatal decoder consumes at each error (the
// contract of codec.DecodeErrors): a restored ASCII byte is not consumed,
// and Shift_JIS leading is cleared.
func TestSJISFatalResume(t *testing.T) {
	repl, fatal := jisDecoders(sjisEnc)
	cjkCheckResumeCases(t, fatal, repl, []cjkResumeCase{
		{"step 3.10: ASCII trailing byte restored", "\x81\x20a", "\uFFFD a", []int{1}},
		{"step 3.11: non-ASCII byte consumed", "\x81\xFDz", "\uFFFDz", []int{2}},
		{"step 3.11: 0xFF as trailing byte is consumed", "\x81\xFF\x81\x40", "\uFFFD\u3000", []int{2}},
		{"step 7: single bytes", "\xA0\xFD\xFFa", "\uFFFD\uFFFD\uFFFDa", []int{1, 2, 3}},
		{"step 1: end-of-queue", "ab\x81", "ab\uFFFD", []int{3}},
	})
}
