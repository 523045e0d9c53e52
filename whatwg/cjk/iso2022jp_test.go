package cjk_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"

	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/internal/codectest"
)

// TestISO2022JPDecodeIndex decodes every pointer of index jis0208 that
// ISO-2022-JP can form in the leading byte state and checks it against the
// index file (trailing byte state steps 2–5).
func TestISO2022JPDecodeIndex(t *testing.T) {
	ref := jisLoadRef(t)
	dec := cjk.ISO2022JP.NewDecoder()
	for p := 0; p < 94*94; p++ {
		src := []byte{0x1B, 0x24, 0x42, byte(p/94 + 0x21), byte(p%94 + 0x21), 0x1B, 0x28, 0x42}
		want := "\uFFFD"
		if cp, ok := ref.j208[p]; ok {
			want = string(cp)
		}
		if got, err := dec.Bytes(src); err != nil || string(got) != want {
			t.Fatalf("pointer %d [% X]: got %q, %v; want %q", p, src, got, err, want)
		}
	}
}

// TestISO2022JPDecodeAllPairs decodes every byte and two-byte sequence in
// each decoder state (after the escape sequences that select them, and
// after a partial escape sequence) against the reference decoder in both
// modes.
func TestISO2022JPDecodeAllPairs(t *testing.T) {
	ref := jisLoadRef(t)
	for _, prefix := range []string{"", "\x1b(J", "\x1b(I", "\x1b$B", "\x1b$B!", "\x1b", "\x1b$", "\x1b$Ba\x1b("} {
		jisCheckAllPairs(t, iso2022jpEnc, []byte(prefix), ref.iso2022jpDecoder)
	}
}

// TestISO2022JPDecodeCases pins each state and branch of the ISO-2022-JP
// decoder.
func TestISO2022JPDecodeCases(t *testing.T) {
	const n = "ISO-2022-JP"
	jisCheckDecodeCases(t, iso2022jpEnc, jisLoadRef(t).iso2022jpDecoder, []jisDecodeCase{
		{"ASCII: bytes 0x00 to 0x7F", "a\\~\x00\x7F\n", "a\\~\x00\x7F\n", ""},
		{"ASCII: 0x0E, 0x0F and non-ASCII are errors", "a\x0E\x0F\x80\xFFb", "a\uFFFD\uFFFD\uFFFD\uFFFDb", jisDecErr(n, 1, 0x0E)},
		{"escape: ESC ( J selects Roman: 0x5C and 0x7E", "\x1b(Ja\\~\x1b(B\\", "a\u00A5\u203E\\", ""},
		{"Roman: 0x0E is an error", "\x1b(J\x0E", "\uFFFD", jisDecErr(n, 3, 0x0E)},
		{"escape: ESC ( I selects katakana: 0x21 to 0x5F", "\x1b(I!1_\x1b(B", "\uFF61\uFF71\uFF9F", ""},
		{"katakana: 0x20 and 0x60 are errors", "\x1b(I \x60", "\uFFFD\uFFFD", jisDecErr(n, 3, 0x20)},
		{"escape: ESC $ B selects leading byte; pointer 1410", "\x1b$B0!\x1b(B", "亜", ""},
		{"escape: ESC $ @ selects leading byte too", "\x1b$@0!F|\x1b(B", "亜日", ""},
		{"leading byte: a newline is an error", "\x1b$B\n0!", "\uFFFD亜", jisDecErr(n, 3, 0x0A)},
		{"trailing byte: pointer 108 is not in the index", "\x1b$B\"/0!", "\uFFFD亜", jisDecErr(n, 3, 0x22, 0x2F)},
		{"trailing byte: a newline is an error and consumed", "\x1b$B0\n0!", "\uFFFD亜", jisDecErr(n, 3, 0x30, 0x0A)},
		{"trailing byte: 0x1B is an error and starts an escape", "\x1b$B0\x1b(Ba", "\uFFFDa", jisDecErr(n, 3, 0x30)},
		{"trailing byte: end-of-queue is an error", "\x1b$B0", "\uFFFD", jisDecErr(n, 3, 0x30)},
		{"escape start: other bytes are restored", "\x1bab", "\uFFFDab", jisDecErr(n, 0, 0x1B)},
		{"escape start: ESC ESC", "\x1b\x1b(Ja", "\uFFFDa", jisDecErr(n, 0, 0x1B)},
		{"escape start: end-of-queue", "a\x1b", "a\uFFFD", jisDecErr(n, 1, 0x1B)},
		{"escape: unknown final byte; both bytes restored", "\x1b(Xa", "\uFFFD(Xa", jisDecErr(n, 0, 0x1B)},
		{"escape: ESC $ A; both restored", "\x1b$A", "\uFFFD$A", jisDecErr(n, 0, 0x1B)},
		{"escape: restored into leading byte state: pointer 297", "\x1b$B\x1b$0", "\uFFFD\u3050", jisDecErr(n, 3, 0x1B)},
		{"escape: end-of-queue restores leading only", "\x1b(", "\uFFFD(", jisDecErr(n, 0, 0x1B)},
		{"escape: end-of-queue, leading restored into leading byte state", "\x1b$B\x1b(", "\uFFFD\uFFFD", jisDecErr(n, 3, 0x1B)},
		{"escape: restored bytes decoded in katakana state", "\x1b(I\x1b$!", "\uFFFD\uFF64\uFF61", jisDecErr(n, 3, 0x1B)},
		{"escape: ESC ESC inside an escape sequence", "\x1b(\x1b(Jx", "\uFFFD(x", jisDecErr(n, 0, 0x1B)},
		{"output flag: two escape sequences in a row", "\x1b(B\x1b(J\\", "\uFFFD\u00A5", jisDecErr(n, 3, 0x1B, 0x28, 0x4A)},
		{"output flag: an empty jis0208 run", "\x1b$B\x1b(B", "\uFFFD", jisDecErr(n, 3, 0x1B, 0x28, 0x42)},
		{"output flag: set only by a valid escape; an error resets it", "\x1b(J\x80\x1b(Ba", "\uFFFDa", jisDecErr(n, 3, 0x80)},
		{"output flag: a failed escape resets it", "\x1b(J\x1b(X\x1b(Ba", "\uFFFD(Xa", jisDecErr(n, 3, 0x1B)},
		{"output flag: a trailing byte error leaves it", "\x1b$B0\x1b(Ba", "\uFFFDa", jisDecErr(n, 3, 0x30)},
		{"output flag: a leading byte clears it", "\x1b$B0\x1b(B", "\uFFFD", jisDecErr(n, 3, 0x30)},
		{"Standard's note: ¥ encoded twice and concatenated", "\x1b(J\\\x1b(B\x1b(J\\\x1b(B", "\u00A5\uFFFD\u00A5", jisDecErr(n, 7, 0x1B, 0x28, 0x4A)},
	})
}

// TestISO2022JPDecodeStreaming checks inputs with escape sequences and
// errors at every split point (escape sequences split at every byte) and
// dst size in both modes.
func TestISO2022JPDecodeStreaming(t *testing.T) {
	jisCheckDecodeStreaming(t, iso2022jpEnc, jisLoadRef(t).iso2022jpDecoder, []string{
		"Hello \x1b$BF|K\\8l\x1b(B world \x1b(J\\~\x1b(I12\x1b(B!",
		"\x1b$B\x1b$0\x1b(X\x1b$\x1b(B\x1b(J\x1b(Ba\x1b",
		"\x1b$B0\x1b(Ja\x1b(\x1b$B0\n\x1b(I\x1b$!\x1b(",
		"aaaaaaaaaaaaaaaaaaaaaa\x0e\x1b$B%\"%$%&\x1b(Bbbbbbbbbbbbbbb\x1b$",
	})
}

// iso2022jpAlias maps the code points that do not decode back to
// themselves after encoding: U+2212 (encoder step 8) and the half-width
// katakana (step 9, through index ISO-2022-JP katakana).
func iso2022jpAlias(ref *jisRef) map[rune]rune {
	alias := map[rune]rune{0x2212: 0xFF0D}
	for r := rune(0xFF61); r <= 0xFF9F; r++ {
		alias[r] = ref.kata[int(r-0xFF61)]
	}
	return alias
}

// TestISO2022JPEncodeAll encodes every scalar value alone and compares with
// the reference encoder, then decodes it back.
func TestISO2022JPEncodeAll(t *testing.T) {
	ref := jisLoadRef(t)
	jisCheckEncodeAll(t, iso2022jpEnc, ref.iso2022jpEncoder, iso2022jpAlias(ref))
}

// TestISO2022JPEncodeSequences encodes pseudo-random strings mixing the
// cases of every encoder state against the reference encoder, in fatal and
// html mode, with CheckStreaming on some.
func TestISO2022JPEncodeSequences(t *testing.T) {
	ref := jisLoadRef(t)
	pool := []string{"a", "\\", "~", "\x0E", "\x0F", "\x1B", "¥", "‾", "ｱ", "日", "\u2212", "\u00E9", "\U0001F600", "\xFF", " "}
	rng := rand.New(rand.NewPCG(1, 2))
	alias := iso2022jpAlias(ref)
	for i := 0; i < 3000; i++ {
		var b strings.Builder
		for k := rng.IntN(8); k >= 0; k-- {
			b.WriteString(pool[rng.IntN(len(pool))])
		}
		s := b.String()
		jisFuzzEncode(t, iso2022jpEnc, s, i, ref.iso2022jpEncoder, alias)
		if i < 200 {
			fatal, html := jisEncoders(iso2022jpEnc)
			codectest.CheckStreaming(t, fatal, []byte(s))
			codectest.CheckStreaming(t, html, []byte(s))
		}
	}
}

// TestISO2022JPEncodeCases pins the ISO-2022-JP encoder's steps.
func TestISO2022JPEncodeCases(t *testing.T) {
	const n = "ISO-2022-JP"
	jisCheckEncodeCases(t, iso2022jpEnc, []jisEncodeCase{
		{"step 4: ASCII in ASCII state", "a\\~\x00", "a\\~\x00", "", ""},
		{"step 2: nothing at the end in ASCII state", "", "", "", ""},
		{"step 7, 5.2, 1: U+00A5 switches to Roman", "¥", "\x1b(J\\\x1b(B", "", ""},
		{"step 5.3: U+203E in Roman", "¥‾", "\x1b(J\\~\x1b(B", "", ""},
		{"step 5.1: ASCII other than 0x5C, 0x7E stays in Roman", "¥ab", "\x1b(J\\ab\x1b(B", "", ""},
		{"step 6: U+005C in Roman switches to ASCII", "¥\\", "\x1b(J\\\x1b(B\\", "", ""},
		{"step 6: U+007E in Roman switches to ASCII", "‾~", "\x1b(J~\x1b(B~", "", ""},
		{"step 12, 13-15, 1: jis0208", "日", "\x1b$BF|\x1b(B", "", ""},
		{"step 6: ASCII after jis0208", "日a", "\x1b$BF|\x1b(Ba", "", ""},
		{"step 7: U+00A5 after jis0208", "日¥", "\x1b$BF|\x1b(J\\\x1b(B", "", ""},
		{"step 9: half-width katakana via index ISO-2022-JP katakana", "ｱﾟ", "\x1b$B%\"!,\x1b(B", "", ""},
		{"step 8: U+2212 as U+FF0D", "\u2212", "\x1b$B!]\x1b(B", "", ""},
		{"step 10: first pointer of U+2252 is 159", "\u2252", "\x1b$B\"b\x1b(B", "", ""},
		{"step 3: U+000E reports U+FFFD", "a\x0E", "a", jisEncErr(n, 0xFFFD, 1), "a&#65533;"},
		{"step 3: U+000F and U+001B in Roman report U+FFFD", "¥\x0F\x1B", "\x1b(J\\", jisEncErr(n, 0xFFFD, 2), "\x1b(J\\&#65533;&#65533;\x1b(B"},
		{"step 6, 3: U+001B in jis0208 goes back to ASCII, then errors", "日\x1B", "\x1b$BF|\x1b(B", jisEncErr(n, 0xFFFD, 3), "\x1b$BF|\x1b(B&#65533;"},
		{"step 11.2: error in ASCII", "\u00E9", "", jisEncErr(n, 0xE9, 0), "&#233;"},
		{"step 11.1: back to ASCII before the error in jis0208", "日\u00E9", "\x1b$BF|\x1b(B", jisEncErr(n, 0xE9, 3), "\x1b$BF|\x1b(B&#233;"},
		{"step 11.1: then jis0208 again", "日\u00E9本", "\x1b$BF|\x1b(B", jisEncErr(n, 0xE9, 3), "\x1b$BF|\x1b(B&#233;\x1b$BK\\\x1b(B"},
		{"step 11.2: error in Roman stays in Roman", "¥\u00E9", "\x1b(J\\", jisEncErr(n, 0xE9, 2), "\x1b(J\\&#233;\x1b(B"},
		{"step 11: U+0080 is an error", "\u0080", "", jisEncErr(n, 0x80, 0), "&#128;"},
		{"invalid UTF-8 is U+FFFD", "日\xC0", "\x1b$BF|\x1b(B", jisEncErr(n, 0xFFFD, 3), "\x1b$BF|\x1b(B&#65533;"},
	})
}

// TestISO2022JPEncodeStreaming checks the encoder in fatal and html mode at
// every split point and dst sizes 1 to 4: the state and any escape sequence
// survive between calls.
func TestISO2022JPEncodeStreaming(t *testing.T) {
	jisCheckEncodeStreaming(t, iso2022jpEnc, []string{
		"Hello, 日本語ｱｲ ¥‾\u2212 world",
		"日本\u00E9語\xFF\U0001F600ｱ\u0080\x0E¥\x1B",
		strings.Repeat("あいう", 5) + "abc" + strings.Repeat("x", 17) + "漢",
		"¥\\¥~‾a日",
	})
}

// TestISO2022JPXText checks interoperation with golang.org/x/text.
func TestISO2022JPXText(t *testing.T) {
	jisCheckXText(t, cjk.ISO2022JP, "¥ abc 日本語", "\x1b(J\\ abc \x1b$BF|K\\8l\x1b(B")
	jisCheckXTextAgrees(t, cjk.ISO2022JP, japanese.ISO2022JP, "日本語のテキスト。abc")
}

// FuzzISO2022JPDecode checks the decoder on any input against the
// reference decoder, and random splits against one shot.
func FuzzISO2022JPDecode(f *testing.F) {
	jisFuzzDecodeTarget(f, iso2022jpEnc, []string{"\x1b$BF|\x1b(Babc", "\x1b(J\\\x1b(I1", "\x1b$B\x1b$0", "\x1b(", "\x1b$B0"}, func(ref *jisRef) func() codectest.Handler { return ref.iso2022jpDecoder })
}

// FuzzISO2022JPEncode checks the encoder on any input against the
// reference encoder, and decode(encode(s)) == s where the Standard
// guarantees it.
func FuzzISO2022JPEncode(f *testing.F) {
	jisFuzzEncodeTarget(f, iso2022jpEnc, []string{"日本語abc", "¥‾\u2212ｱ\\", "\u00E9\xFF\x0E", "\U0001F600x日"},
		func(ref *jisRef) func() codectest.EncHandler { return ref.iso2022jpEncoder }, iso2022jpAlias)
}

func ExampleISO2022JP() {
	s, _ := cjk.ISO2022JP.NewDecoder().String("\x1b$BF|K\\8l\x1b(B abc")
	fmt.Println(s)
	b, _ := cjk.ISO2022JP.NewEncoder().String("日本語 abc")
	fmt.Printf("%q\n", b)
	html, _ := encoding.HTMLEscapeUnsupported(cjk.ISO2022JP.NewEncoder()).String("日é")
	fmt.Printf("%q\n", html)
	// Output:
	// 日本語 abc
	// "\x1b$BF|K\\8l\x1b(B abc"
	// "\x1b$BF|\x1b(B&#233;"
}

// TestISO2022JPFatalResume pins what a fatal decoder consumes at each error
// and the state it is left in (the contract of codec.DecodeErrors), for the
// error paths that change the decoder's state.
func TestISO2022JPFatalResume(t *testing.T) {
	repl, fatal := jisDecoders(iso2022jpEnc)
	cjkCheckResumeCases(t, fatal, repl, []cjkResumeCase{
		{"escape steps 8-9: only 0x1B consumed; ( X restored, decoded in ASCII", "\x1b(Xa", "\uFFFD(Xa", []int{1}},
		{"escape steps 8-9: output state Roman is restored", "\x1b(J\x1b(X\\", "\uFFFD(X\u00A5", []int{4}},
		{"escape steps 8-9 at end-of-queue: ( restored", "\x1b(", "\uFFFD(", []int{1}},
		{"escape step 7: the sequence is consumed and selects Roman", "\x1b(B\x1b(J\\", "\uFFFD\u00A5", []int{6}},
		{"escape start steps 2-3: the byte is restored", "\x1bab", "\uFFFDab", []int{1}},
		{"escape start step 3: output is set to false", "\x1b(B\x1b\x1b(J\\", "\uFFFD\u00A5", []int{4}},
		{"escape step 9: output is set to false", "\x1b(B\x1b$A\x1b(J\\", "\uFFFD$A\u00A5", []int{4}},
		{"leading byte: an error sets output to false", "\x1b$B\x80\x1b(Ba", "\uFFFDa", []int{4}},
		{"trailing byte: 0x1B is consumed and starts an escape", "\x1b$B0\x1b(Ba", "\uFFFDa", []int{5}},
		{"trailing byte: end-of-queue leaves the leading byte state", "\x1b$B0", "\uFFFD", []int{4}},
		{"trailing byte: a bad byte is consumed; back to leading byte", "\x1b$B0\n0!", "\uFFFD\u4E9C", []int{5}},
		{"trailing byte: null code point; back to leading byte", "\x1b$B\"/0!", "\uFFFD\u4E9C", []int{5}},
		{"ASCII: each bad byte consumed", "a\x0E\x0F\x80b", "a\uFFFD\uFFFD\uFFFDb", []int{2, 3, 4}},
	})
}

// The reference ISO-2022-JP decoder states.
const (
	jisRefASCII = iota
	jisRefRoman
	jisRefKatakana
	jisRefLead
	jisRefTrail
	jisRefEscStart
	jisRefEscape
)

// iso2022jpDecoder returns a new ISO-2022-JP decoder's handler, written
// literally from the Standard. Its errors report, as webenc's do, the
// sequence they are about: the byte, the leading byte (and the trailing
// byte when consumed with it), the 0x1B of a failed escape sequence, or a
// whole escape sequence that follows another.
func (ref *jisRef) iso2022jpDecoder() codectest.Handler {
	state, outState, leading, output := jisRefASCII, jisRefASCII, 0, false
	leadOff, escOff := 0, 0
	return func(q *codectest.Queue, b int) codectest.Step {
		off := q.Consumed() - 1 // the offset of b, when it is a byte
		switch state {
		case jisRefASCII, jisRefRoman:
			switch {
			case b == 0x1B:
				state, escOff = jisRefEscStart, off
				return codectest.Cont
			case b == codectest.EOQ:
				return codectest.Done
			case state == jisRefRoman && b == 0x5C:
				output = false
				return codectest.Emit(0xA5)
			case state == jisRefRoman && b == 0x7E:
				output = false
				return codectest.Emit(0x203E)
			case b <= 0x7F && b != 0x0E && b != 0x0F:
				output = false
				return codectest.Emit(rune(b))
			}
			output = false
			return codectest.FailAt(off, byte(b))
		case jisRefKatakana:
			switch {
			case b == 0x1B:
				state, escOff = jisRefEscStart, off
				return codectest.Cont
			case b >= 0x21 && b <= 0x5F:
				output = false
				return codectest.Emit(rune(0xFF61 - 0x21 + b))
			case b == codectest.EOQ:
				return codectest.Done
			}
			output = false
			return codectest.FailAt(off, byte(b))
		case jisRefLead:
			switch {
			case b == 0x1B:
				state, escOff = jisRefEscStart, off
				return codectest.Cont
			case b >= 0x21 && b <= 0x7E:
				output = false
				leading, leadOff = b, off
				state = jisRefTrail
				return codectest.Cont
			case b == codectest.EOQ:
				return codectest.Done
			}
			output = false
			return codectest.FailAt(off, byte(b))
		case jisRefTrail:
			switch {
			case b == 0x1B:
				state, escOff = jisRefEscStart, off
				return codectest.FailAt(leadOff, byte(leading))
			case b >= 0x21 && b <= 0x7E:
				state = jisRefLead
				if cp, ok := ref.j208[(leading-0x21)*94+b-0x21]; ok {
					return codectest.Emit(cp)
				}
				return codectest.FailAt(leadOff, byte(leading), byte(b))
			case b == codectest.EOQ:
				state = jisRefLead
				return codectest.FailAt(leadOff, byte(leading))
			}
			state = jisRefLead
			return codectest.FailAt(leadOff, byte(leading), byte(b))
		case jisRefEscStart:
			// 1. A byte that may continue an escape sequence.
			if b == 0x24 || b == 0x28 {
				leading = b
				state = jisRefEscape
				return codectest.Cont
			}
			// 2.–3. Restore the byte (not end-of-queue), error.
			if b != codectest.EOQ {
				q.Restore(b)
			}
			output = false
			state = outState
			return codectest.FailAt(escOff, 0x1B)
		}
		// Escape state.
		lead := leading
		leading = 0
		s := -1
		switch {
		case lead == 0x28 && b == 0x42:
			s = jisRefASCII
		case lead == 0x28 && b == 0x4A:
			s = jisRefRoman
		case lead == 0x28 && b == 0x49:
			s = jisRefKatakana
		case lead == 0x24 && (b == 0x40 || b == 0x42):
			s = jisRefLead
		}
		if s >= 0 {
			state, outState = s, s
			o := output
			output = true
			if o {
				return codectest.FailAt(escOff, 0x1B, byte(lead), byte(b))
			}
			return codectest.Cont
		}
		// Restore lead (and byte unless it is end-of-queue).
		if b == codectest.EOQ {
			q.Restore(lead)
		} else {
			q.Restore(lead, b)
		}
		output = false
		state = outState
		return codectest.FailAt(escOff, 0x1B)
	}
}

// iso2022jpEncoder returns a new ISO-2022-JP encoder's handler, written
// literally from the Standard (index pointers from ref.first).
func (ref *jisRef) iso2022jpEncoder() codectest.EncHandler {
	const (
		ascii = iota
		roman
		jis0208
	)
	state := ascii
	return func(cp rune) codectest.EncStep {
		if cp == codectest.EOQ && state != ascii { // 1.
			state = ascii
			return codectest.EncBytes(0x1B, 0x28, 0x42)
		}
		if cp == codectest.EOQ { // 2.
			return codectest.EncStep{}
		}
		if (state == ascii || state == roman) && (cp == 0x0E || cp == 0x0F || cp == 0x1B) { // 3.
			return codectest.EncFail(0xFFFD)
		}
		if state == ascii && cp < 0x80 { // 4.
			return codectest.EncBytes(byte(cp))
		}
		if state == roman && ((cp < 0x80 && cp != 0x5C && cp != 0x7E) || cp == 0xA5 || cp == 0x203E) { // 5.
			switch cp {
			case 0xA5:
				return codectest.EncBytes(0x5C)
			case 0x203E:
				return codectest.EncBytes(0x7E)
			}
			return codectest.EncBytes(byte(cp))
		}
		if cp < 0x80 && state != ascii { // 6.
			state = ascii
			return codectest.EncRestore(0x1B, 0x28, 0x42)
		}
		if (cp == 0xA5 || cp == 0x203E) && state != roman { // 7.
			state = roman
			return codectest.EncRestore(0x1B, 0x28, 0x4A)
		}
		if cp == 0x2212 { // 8.
			cp = 0xFF0D
		}
		if cp >= 0xFF61 && cp <= 0xFF9F { // 9.
			cp = ref.kata[int(cp-0xFF61)]
		}
		pointer, ok := ref.first[cp] // 10.
		if !ok {                     // 11.
			if state == jis0208 {
				state = ascii
				return codectest.EncRestore(0x1B, 0x28, 0x42)
			}
			return codectest.EncFail(cp)
		}
		if state != jis0208 { // 12.
			state = jis0208
			return codectest.EncRestore(0x1B, 0x24, 0x42)
		}
		return codectest.EncBytes(byte(pointer/94+0x21), byte(pointer%94+0x21)) // 13.–15.
	}
}

// TestISO2022JPRunsExhaustive checks the decoder, whose iso2022jpRuns
// takes runs of ASCII and jis0208 pairs and the escape sequences between
// them, against the reference decoder (one shot, in pieces, fatal mode
// and resumption) on every sequence of up to four pieces drawn from runs
// that end at each byte of a word, escape sequences valid and not, and
// the bytes the fast path must leave to the Standard's steps.
func TestISO2022JPRunsExhaustive(t *testing.T) {
	ref := jisLoadRef(t)
	pieces := []string{
		"abcdefg", "abcdefgh", "abcdefghi", "a", // ASCII runs ending in and past a word
		"0!F|K\\8l", "0!F|K\\8", "0!", // pairs (whole and cut), in the leading byte state
		"\"/",                                            // a pair not in the index
		"\x1b$B", "\x1b(B", "\x1b(J", "\x1b(I", "\x1b$@", // escape sequences
		"\x1b(X", "\x1b", // an invalid escape, a lone ESC
		"\x0e", "\x80", "\n", // errors in some states, not in others
	}
	count := 0
	var walk func(prefix string, depth int)
	walk = func(prefix string, depth int) {
		if depth == 0 {
			return
		}
		for _, p := range pieces {
			s := prefix + p
			jisFuzzDecode(t, iso2022jpEnc, []byte(s), count, ref.iso2022jpDecoder, false)
			count++
			walk(s, depth-1)
		}
	}
	walk("", 4)
	if count != 18+18*18+18*18*18+18*18*18*18 {
		t.Fatalf("checked %d inputs", count)
	}
}
