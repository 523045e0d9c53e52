package cjk_test

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/text/encoding/japanese"

	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/internal/codectest"
)

// TestEUCJPDecodeIndex decodes every pointer of index jis0208 (as two
// bytes) and of index jis0212 (after 0x8F) that EUC-JP can form, and checks
// it against the index files (decoder step 5): the index code point, or an
// error where the index has none.
func TestEUCJPDecodeIndex(t *testing.T) {
	ref := jisLoadRef(t)
	dec := cjk.EUCJP.NewDecoder()
	for _, ix := range []struct {
		name   string
		prefix []byte
		m      map[int]rune
	}{{"jis0208", nil, ref.j208}, {"jis0212", []byte{0x8F}, ref.j212}} {
		found := 0
		for p := 0; p < 94*94; p++ {
			src := append(append([]byte(nil), ix.prefix...), byte(p/94+0xA1), byte(p%94+0xA1))
			want := "\uFFFD"
			if cp, ok := ix.m[p]; ok {
				want = string(cp)
				found++
			}
			if got, err := dec.Bytes(src); err != nil || string(got) != want {
				t.Fatalf("%s pointer %d [% X]: got %q, %v; want %q", ix.name, p, src, got, err, want)
			}
		}
		below := 0
		for p := range ix.m {
			if p < 94*94 {
				below++
			}
		}
		if found != below || found < 6000 {
			t.Errorf("%s: decoded %d index entries, want %d", ix.name, found, below)
		}
	}
}

// TestEUCJPDecodeAllPairs decodes every byte and two-byte sequence, alone
// and after 0x8F, against the reference decoder in both modes.
func TestEUCJPDecodeAllPairs(t *testing.T) {
	ref := jisLoadRef(t)
	jisCheckAllPairs(t, eucjpEnc, nil, ref.eucjpDecoder)
	jisCheckAllPairs(t, eucjpEnc, []byte{0x8F}, ref.eucjpDecoder)
}

// TestEUCJPDecodeCases pins each step of the EUC-JP decoder.
func TestEUCJPDecodeCases(t *testing.T) {
	const n = "EUC-JP"
	jisCheckDecodeCases(t, eucjpEnc, jisLoadRef(t).eucjpDecoder, []jisDecodeCase{
		{"step 6: ASCII", "abc\x00\x7F", "abc\x00\x7F", ""},
		{"step 5: jis0208 pointer 0", "\xA1\xA1", "\u3000", ""},
		{"step 5: jis0208 pointer 1410", "\xB0\xA1", "亜", ""},
		{"step 5: jis0208 pointer 8634 (NEC selected IBM extension)", "\xFC\xF1", "\u2170", ""},
		{"step 3: 0x8E and half-width katakana", "\x8E\xA1\x8E\xDF", "\uFF61\uFF9F", ""},
		{"step 4, 5: 0x8F and jis0212 pointer 108", "\x8F\xA2\xAF", "\u02D8", ""},
		{"step 5.8: 0x8E 0xE0 is an error, 0xE0 consumed", "\x8E\xE0a", "\uFFFDa", jisDecErr(n, 0, 0x8E, 0xE0)},
		{"step 5.7: 0x8E before ASCII: restored", "\x8E\x41", "\uFFFDA", jisDecErr(n, 0, 0x8E)},
		{"step 5.7: 0x8F before ASCII: restored", "\x8F\x41", "\uFFFDA", jisDecErr(n, 0, 0x8F)},
		{"step 5.8: 0x8F 0xA1 0xA1: jis0212 pointer 0 is not in the index", "\x8F\xA1\xA1z", "\uFFFDz", jisDecErr(n, 0, 0x8F, 0xA1, 0xA1)},
		{"step 5.7: 0x8F 0xA1 before ASCII: restored", "x\x8F\xA1\x41", "x\uFFFDA", jisDecErr(n, 1, 0x8F, 0xA1)},
		{"step 5.5: jis0212 is reset after an error", "\x8F\xA1\xA1\xA1\xA1", "\uFFFD\u3000", jisDecErr(n, 0, 0x8F, 0xA1, 0xA1)},
		{"step 5.5: jis0212 is reset after a restored ASCII byte", "\x8F\xA2\x41\xA1\xA1", "\uFFFDA\u3000", jisDecErr(n, 0, 0x8F, 0xA2)},
		{"step 5.8: 0x8F 0x8F: 0x8F is not a JIS X 0212 leading byte", "\x8F\x8F\xA2\xAF", "\uFFFD\uFFFD", jisDecErr(n, 0, 0x8F, 0x8F)},
		{"step 5.8: 0xA1 0x80", "\xA1\x80\xA1\xFF", "\uFFFD\uFFFD", jisDecErr(n, 0, 0xA1, 0x80)},
		{"step 5.4: 0xA1 0x8E: 0x8E is consumed", "\xA1\x8E\xA1", "\uFFFD\uFFFD", jisDecErr(n, 0, 0xA1, 0x8E)},
		{"step 5.8: jis0208 pointer 108 is not in the index", "\xA2\xAF", "\uFFFD", jisDecErr(n, 0, 0xA2, 0xAF)},
		{"step 8: 0x80, 0xA0, 0xFF are errors", "\x80\xA0\xFFa", "\uFFFD\uFFFD\uFFFDa", jisDecErr(n, 0, 0x80)},
		{"step 1: end-of-queue after a leading byte", "ab\xA1", "ab\uFFFD", jisDecErr(n, 2, 0xA1)},
		{"step 1: end-of-queue after 0x8E", "\x8E", "\uFFFD", jisDecErr(n, 0, 0x8E)},
		{"step 1: end-of-queue after 0x8F 0xA1", "a\x8F\xA1", "a\uFFFD", jisDecErr(n, 1, 0x8F, 0xA1)},
	})
}

// TestEUCJPDecodeStreaming checks mixed inputs, errors included, at every
// split point and dst size in both modes.
func TestEUCJPDecodeStreaming(t *testing.T) {
	jisCheckDecodeStreaming(t, eucjpEnc, jisLoadRef(t).eucjpDecoder, []string{
		"Hello, \xC6\xFC\xCB\xDC\xB8\xEC\x8E\xB1 \x8F\xA2\xAF world",
		"\x8F\xA1\x41\x8E\x41\x8F\x8F\xA2\xAF\x80\xA1",
		"aaaaaaaaaaaaaaaaaaaa\xA4\xA2\xA4\xA4\x8F",
		"\x8F\xA2",
	})
}

// TestEUCJPEncodeAll encodes every scalar value and compares with the
// reference encoder (index pointers from index jis0208); every encodable
// code point except U+00A5, U+203E and U+2212 (encoder steps 3, 4 and 6)
// decodes back to itself.
func TestEUCJPEncodeAll(t *testing.T) {
	ref := jisLoadRef(t)
	jisCheckEncodeAll(t, eucjpEnc, ref.eucjpEncoder, jisAlias(ref))
}

// TestEUCJPEncodeCases pins the EUC-JP encoder's steps.
func TestEUCJPEncodeCases(t *testing.T) {
	const n = "EUC-JP"
	jisCheckEncodeCases(t, eucjpEnc, []jisEncodeCase{
		{"step 2: ASCII", "a\x00\u007F", "a\x00\x7F", "", ""},
		{"step 3: U+00A5", "¥", "\x5C", "", ""},
		{"step 4: U+203E", "‾", "\x7E", "", ""},
		{"step 5: half-width katakana", "\uFF61\uFF71\uFF9F", "\x8E\xA1\x8E\xB1\x8E\xDF", "", ""},
		{"step 6: U+2212 as U+FF0D", "\u2212\uFF0D", "\xA1\xDD\xA1\xDD", "", ""},
		{"steps 9-11: pointer 1410", "亜", "\xB0\xA1", "", ""},
		{"step 7: the first pointer of U+2170 is 8634", "\u2170", "\xFC\xF1", "", ""},
		{"step 7: the first pointer of U+2252 is 159", "\u2252", "\xA2\xE2", "", ""},
		{"step 8: U+0080 is an error", "\u0080", "", jisEncErr(n, 0x80, 0), "&#128;"},
		{"step 8: jis0212 is not used to encode", "\u02D8", "", jisEncErr(n, 0x2D8, 0), "&#728;"},
		{"step 8: error with the code point", "a\u00E9b", "a", jisEncErr(n, 0xE9, 1), "a&#233;b"},
		{"invalid UTF-8 is U+FFFD", "\xED\xA0\x80z", "", jisEncErr(n, 0xFFFD, 0), "&#65533;&#65533;&#65533;z"},
	})
}

// TestEUCJPEncodeStreaming checks the encoder in fatal and html mode at
// every split point and dst size.
func TestEUCJPEncodeStreaming(t *testing.T) {
	jisCheckEncodeStreaming(t, eucjpEnc, []string{
		"Hello, 日本語ｱｲ ¥‾\u2212 world",
		"日本\u00E9語\xFF\U0001F600ｱ\u0080",
		strings.Repeat("あいう", 5) + "abc" + strings.Repeat("x", 17) + "漢",
	})
}

// TestEUCJPXText checks interoperation with golang.org/x/text.
func TestEUCJPXText(t *testing.T) {
	jisCheckXText(t, cjk.EUCJP, "日本語 ｶﾀｶﾅ abc", "\xC6\xFC\xCB\xDC\xB8\xEC \x8E\xB6\x8E\xC0\x8E\xB6\x8E\xC5 abc")
	jisCheckXTextAgrees(t, cjk.EUCJP, japanese.EUCJP, "日本語のテキスト、ｶﾀｶﾅ。")
}

// FuzzEUCJPDecode checks the decoder on any input against the reference
// decoder, and random splits against one shot.
func FuzzEUCJPDecode(f *testing.F) {
	jisFuzzDecodeTarget(f, eucjpEnc, []string{"\xA1\xA1abc", "\x8E\xB1\x8F\xA2\xAF", "\x8F\xA1\x41", "\x8F"}, func(ref *jisRef) func() codectest.Handler { return ref.eucjpDecoder })
}

// FuzzEUCJPEncode checks the encoder on any input against the reference
// encoder, and decode(encode(s)) == s where the Standard guarantees it.
func FuzzEUCJPEncode(f *testing.F) {
	jisFuzzEncodeTarget(f, eucjpEnc, []string{"日本語abc", "¥‾\u2212ｱ", "\u00E9\xFF", "\U0001F600x"},
		func(ref *jisRef) func() codectest.EncHandler { return ref.eucjpEncoder }, jisAlias)
}

func ExampleEUCJP() {
	s, _ := cjk.EUCJP.NewDecoder().String("\xC6\xFC\xCB\xDC\xB8\xEC \x8E\xB6 \x8F\xA2\xAF")
	fmt.Println(s)
	b, err := cjk.EUCJP.NewEncoder().String("日本語 ｶ")
	fmt.Printf("% X %v\n", b, err)
	// Output:
	// 日本語 ｶ ˘
	// C6 FC CB DC B8 EC 20 8E B6 <nil>
}

// TestEUCJPFatalResume pins what a fatal decoder consumes at each error
// (the contract of codec.DecodeErrors): a restored ASCII byte is not
// consumed, and EUC-JP leading and jis0212 are cleared (step 5.5).
func TestEUCJPFatalResume(t *testing.T) {
	repl, fatal := jisDecoders(eucjpEnc)
	cjkCheckResumeCases(t, fatal, repl, []cjkResumeCase{
		{"step 5.7: 0x8F 0xA2 then ASCII: restored, jis0212 cleared", "\x8F\xA2\x41\xA1\xA1", "\uFFFDA\u3000", []int{2}},
		{"step 5.8: jis0212 pointer 0 is null: three bytes consumed", "\x8F\xA1\xA1\xA1\xA1", "\uFFFD\u3000", []int{3}},
		{"step 5.8: 0x8E 0xE0: both consumed", "\x8E\xE0a", "\uFFFDa", []int{2}},
		{"step 8: single bytes", "\x80\xA0\xFFa", "\uFFFD\uFFFD\uFFFDa", []int{1, 2, 3}},
		{"step 1: end-of-queue after 0x8F 0xA1", "a\x8F\xA1", "a\uFFFD", []int{3}},
	})
}

// eucjpDecoder returns a new EUC-JP decoder's handler, written literally
// from the Standard.
func (ref *jisRef) eucjpDecoder() codectest.Handler {
	leading, jis0212 := 0, false
	return func(q *codectest.Queue, b int) codectest.Step {
		if b == codectest.EOQ && leading != 0 { // 1.
			leading = 0
			return codectest.Fail
		}
		if b == codectest.EOQ { // 2.
			return codectest.Done
		}
		if leading == 0x8E && b >= 0xA1 && b <= 0xDF { // 3.
			leading = 0
			return codectest.Emit(rune(0xFF61 - 0xA1 + b))
		}
		if leading == 0x8F && b >= 0xA1 && b <= 0xFE { // 4.
			jis0212 = true
			leading = b
			return codectest.Cont
		}
		if leading != 0 { // 5.
			lead := leading
			leading = 0
			cp := rune(-1)
			if lead >= 0xA1 && lead <= 0xFE && b >= 0xA1 && b <= 0xFE {
				idx := ref.j208
				if jis0212 {
					idx = ref.j212
				}
				if c, ok := idx[(lead-0xA1)*94+b-0xA1]; ok {
					cp = c
				}
			}
			jis0212 = false
			if cp >= 0 {
				return codectest.Emit(cp)
			}
			if b < 0x80 {
				q.Restore(b)
			}
			return codectest.Fail
		}
		switch {
		case b < 0x80: // 6.
			return codectest.Emit(rune(b))
		case b == 0x8E || b == 0x8F || (b >= 0xA1 && b <= 0xFE): // 7.
			leading = b
			return codectest.Cont
		}
		return codectest.Fail // 8.
	}
}

// eucjpEncoder returns a new EUC-JP encoder's handler, written literally
// from the Standard (index pointers from ref.first).
func (ref *jisRef) eucjpEncoder() codectest.EncHandler {
	return func(cp rune) codectest.EncStep {
		switch {
		case cp == codectest.EOQ: // 1.
			return codectest.EncStep{}
		case cp < 0x80: // 2.
			return codectest.EncBytes(byte(cp))
		case cp == 0xA5: // 3.
			return codectest.EncBytes(0x5C)
		case cp == 0x203E: // 4.
			return codectest.EncBytes(0x7E)
		case cp >= 0xFF61 && cp <= 0xFF9F: // 5.
			return codectest.EncBytes(0x8E, byte(cp-0xFF61+0xA1))
		}
		if cp == 0x2212 { // 6.
			cp = 0xFF0D
		}
		pointer, ok := ref.first[cp] // 7.
		if !ok {
			return codectest.EncFail(cp) // 8.
		}
		return codectest.EncBytes(byte(pointer/94+0xA1), byte(pointer%94+0xA1)) // 9.–11.
	}
}
