package cjk_test

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"

	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/internal/codectest"
)

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

// TestSJISDecodeIndex decodes every pointer a Shift_JIS byte pair can form
// and checks it against index jis0208 (decoder step 3): pointers 8836 to
// 10715 are EUDC (U+E000 − 8836 + pointer), the others the index code
// point, or an error (with an ASCII trailing byte restored) when the index
// has none.
func TestSJISDecodeIndex(t *testing.T) {
	ref := jisLoadRef(t)
	dec := cjk.ShiftJIS.NewDecoder()
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
	jisCheckAllPairs(t, sjisEnc, nil, ref.sjisDecoder)
}

// TestSJISDecodeCases pins each step of the Shift_JIS decoder with
// hand-written expectations.
func TestSJISDecodeCases(t *testing.T) {
	const n = "Shift_JIS"
	jisCheckDecodeCases(t, sjisEnc, jisLoadRef(t).sjisDecoder, []jisDecodeCase{
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
	return string(jisRefDecode(sjisEnc, jisLoadRef(t).sjisDecoder, []byte(s)).Repl)
}

// TestSJISDecodeStreaming checks mixed inputs, errors included, at every
// split point and dst size in both modes.
func TestSJISDecodeStreaming(t *testing.T) {
	jisCheckDecodeStreaming(t, sjisEnc, jisLoadRef(t).sjisDecoder, []string{
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
	jisCheckEncodeAll(t, sjisEnc, ref.sjisEncoder, jisAlias(ref))
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
	jisCheckXText(t, cjk.ShiftJIS, "日本語 ｶﾀｶﾅ abc", "\x93\xfa\x96\x7b\x8c\xea \xb6\xc0\xb6\xc5 abc")
	// x/text's Shift_JIS agrees on text both map the same way.
	jisCheckXTextAgrees(t, cjk.ShiftJIS, japanese.ShiftJIS, "日本語のテキスト、ｶﾀｶﾅ。")
}

// FuzzSJISDecode checks the decoder on any input against the reference
// decoder, and random splits against one shot.
func FuzzSJISDecode(f *testing.F) {
	jisFuzzDecodeTarget(f, sjisEnc, []string{"\x81\x40abc", "\x81\x20", "\xF0\x40\xA1\x80\xFF", "\x81"}, func(ref *jisRef) func() codectest.Handler { return ref.sjisDecoder })
}

// FuzzSJISEncode checks the encoder on any input against the reference
// encoder, and that decoding gives the input back where the Standard
// guarantees it.
func FuzzSJISEncode(f *testing.F) {
	jisFuzzEncodeTarget(f, sjisEnc, []string{"日本語abc", "¥‾\u2212ｱ", "\u00E9\xFF", "\U0001F600x"},
		func(ref *jisRef) func() codectest.EncHandler { return ref.sjisEncoder }, jisAlias)
}

func ExampleShiftJIS() {
	s, _ := cjk.ShiftJIS.NewDecoder().String("\x93\xfa\x96\x7b\x8c\xea \xb6\xc0\xb6\xc5 \x81")
	fmt.Println(s)
	b, err := cjk.ShiftJIS.NewEncoder().String("日本語 ¥100")
	fmt.Printf("% X %v\n", b, err)
	_, err = cjk.ShiftJIS.NewEncoder().String("café")
	fmt.Println(err)
	html, _ := encoding.HTMLEscapeUnsupported(cjk.ShiftJIS.NewEncoder()).String("café")
	fmt.Println(html)
	// Output:
	// 日本語 ｶﾀｶﾅ �
	// 93 FA 96 7B 8C EA 20 5C 31 30 30 <nil>
	// webenc: Shift_JIS: cannot encode U+00E9 at byte offset 3
	// caf&#233;
}

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

// sjisDecoder returns a new Shift_JIS decoder's handler, written literally
// from the Standard.
func (ref *jisRef) sjisDecoder() codectest.Handler {
	leading := 0
	return func(q *codectest.Queue, b int) codectest.Step {
		if b == codectest.EOQ && leading != 0 { // 1.
			leading = 0
			return codectest.Fail
		}
		if b == codectest.EOQ { // 2.
			return codectest.Done
		}
		if leading != 0 { // 3.
			lead := leading
			leading = 0
			pointer := -1
			offset := 0x41
			if b < 0x7F {
				offset = 0x40
			}
			leadingOffset := 0xC1
			if lead < 0xA0 {
				leadingOffset = 0x81
			}
			if (b >= 0x40 && b <= 0x7E) || (b >= 0x80 && b <= 0xFC) {
				pointer = (lead-leadingOffset)*188 + b - offset
			}
			if pointer >= 8836 && pointer <= 10715 {
				return codectest.Emit(rune(0xE000 - 8836 + pointer))
			}
			if cp, ok := ref.j208[pointer]; ok && pointer >= 0 {
				return codectest.Emit(cp)
			}
			if b < 0x80 {
				q.Restore(b)
			}
			return codectest.Fail
		}
		switch {
		case b < 0x80 || b == 0x80: // 4.
			return codectest.Emit(rune(b))
		case b >= 0xA1 && b <= 0xDF: // 5.
			return codectest.Emit(rune(0xFF61 - 0xA1 + b))
		case (b >= 0x81 && b <= 0x9F) || (b >= 0xE0 && b <= 0xFC): // 6.
			leading = b
			return codectest.Cont
		}
		return codectest.Fail // 7.
	}
}

// sjisEncoder returns a new Shift_JIS encoder's handler, written literally
// from the Standard (index Shift_JIS pointers from ref.sjis).
func (ref *jisRef) sjisEncoder() codectest.EncHandler {
	return func(cp rune) codectest.EncStep {
		switch {
		case cp == codectest.EOQ: // 1.
			return codectest.EncStep{}
		case cp < 0x80 || cp == 0x80: // 2.
			return codectest.EncBytes(byte(cp))
		case cp == 0xA5: // 3.
			return codectest.EncBytes(0x5C)
		case cp == 0x203E: // 4.
			return codectest.EncBytes(0x7E)
		case cp >= 0xFF61 && cp <= 0xFF9F: // 5.
			return codectest.EncBytes(byte(cp - 0xFF61 + 0xA1))
		}
		if cp == 0x2212 { // 6.
			cp = 0xFF0D
		}
		pointer, ok := ref.sjis[cp] // 7.
		if !ok {
			return codectest.EncFail(cp) // 8.
		}
		lead := pointer / 188 // 9.–13.
		leadOffset := 0xC1
		if lead < 0x1F {
			leadOffset = 0x81
		}
		trail := pointer % 188
		offset := 0x41
		if trail < 0x3F {
			offset = 0x40
		}
		return codectest.EncBytes(byte(lead+leadOffset), byte(trail+offset))
	}
}
