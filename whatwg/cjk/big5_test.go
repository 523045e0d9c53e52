package cjk_test

import (
	"fmt"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/internal/codec"
)

// big5 describes Big5 to the shared double-byte harness
// (doublebyte_test.go).
var big5 = &dbcsSpec{
	enc:      cjk.Big5.(*codec.Encoding),
	name:     "Big5",
	index:    indexMap("big5"),
	step3:    big5RefStep3,
	bytes:    big5Bytes,
	pointers: big5RefPointers,
}

// big5Bytes is the Big5 encoder's steps 5–8 for pointer p.
func big5Bytes(p int) []byte {
	leading := p/157 + 0x81
	trailing := p % 157
	offset := 0x40
	if trailing >= 0x3F {
		offset = 0x62
	}
	return []byte{byte(leading), byte(trailing + offset)}
}

// big5RefPointers computes, from the index, the index Big5 pointer of
// every code point that has one, literally as the Standard defines it:
// entries with a pointer below (0xA1 - 0x81) × 157 are excluded; the last
// pointer for U+2550, U+255E, U+2561, U+256A, U+5341 and U+5345; the first
// pointer otherwise.
func big5RefPointers(index map[int]rune) map[rune]int {
	last := map[rune]bool{0x2550: true, 0x255E: true, 0x2561: true, 0x256A: true, 0x5341: true, 0x5345: true}
	out := map[rune]int{}
	for p, r := range index {
		if p < (0xA1-0x81)*157 {
			continue
		}
		q, seen := out[r]
		if !seen || (last[r] && p > q) || (!last[r] && p < q) {
			out[r] = p
		}
	}
	return out
}

// big5TwoCodePoints is the table of the Big5 decoder's step 3.6.
var big5TwoCodePoints = map[int]string{1133: "\u00CA\u0304", 1135: "\u00CA\u030C", 1164: "\u00EA\u0304", 1166: "\u00EA\u030C"}

// big5RefStep3 is the Big5 decoder's steps 3.4–3.8, written literally
// from the Standard: the output for Big5 leading lead and byte b (its code
// points appended to dst), or false for steps 3.9–3.10 (the harness
// restores an ASCII byte and errs).
func big5RefStep3(dst []rune, index map[int]rune, lead, b byte) ([]rune, bool) {
	pointer := -1
	offset := 0x40 // step 3.4
	if b >= 0x7F {
		offset = 0x62
	}
	if (b >= 0x40 && b <= 0x7E) || (b >= 0xA1 && b <= 0xFE) { // step 3.5
		pointer = (int(lead)-0x81)*157 + (int(b) - offset)
	}
	if s, ok := big5TwoCodePoints[pointer]; ok { // step 3.6
		for _, cp := range s {
			dst = append(dst, cp)
		}
		return dst, true
	}
	if cp, ok := index[pointer]; ok && pointer >= 0 { // steps 3.7–3.8
		return append(dst, cp), true
	}
	return dst, false
}

// TestBig5DecodeIndex decodes the bytes of every pointer of index Big5 and
// checks the index's code point (or step 3.6's two code points).
func TestBig5DecodeIndex(t *testing.T) {
	big5.testDecodeIndex(t)
	index := big5.loadIndex(t)
	dec := big5.enc.NewDecoder()
	for p, s := range big5TwoCodePoints {
		if _, ok := index[p]; ok {
			t.Errorf("pointer %d is in the index too", p)
		}
		got, err := dec.Bytes(big5Bytes(p))
		if err != nil || string(got) != s {
			t.Errorf("pointer %d: got %q, %v; want %q", p, got, err, s)
		}
	}
}

// TestBig5DecodeAllPairs decodes every byte pair starting with a possible
// leading byte (and every single byte), in both modes, against the
// reference decoder, one-shot and byte by byte with a 1-byte dst.
func TestBig5DecodeAllPairs(t *testing.T) { big5.testDecodeAllPairs(t) }

// TestBig5DecodeRandom compares random byte strings rich in leading and
// trailing bytes with the reference decoder, and checks streaming.
func TestBig5DecodeRandom(t *testing.T) {
	big5.testDecodeRandom(t, 1, []byte{0x00, 0x40, 0x41, 0x7E, 0x7F, 0x80, 0x81, 0x87, 0x88, 0x62, 0xA1, 0xA3, 0xA4, 0xC8, 0xF9, 0xFE, 0xFF, 'a'})
}

// TestBig5DecodeErrors pins each error path of the Big5 decoder with
// hand-written expected output, in both modes and resumed after each
// error.
func TestBig5DecodeErrors(t *testing.T) {
	const fffd = "\uFFFD"
	big5.testDecodeErrors(t, []dbcsDecodeError{
		// Step 6: 0x80 and 0xFF are neither ASCII nor leading bytes.
		{"step 6: 0x80", "a\x80b", "a" + fffd + "b", "[80] at byte offset 1", "a"},
		{"step 6: 0xFF", "\xFFb", fffd + "b", "[FF] at byte offset 0", ""},
		// Step 3.9: an ASCII trailing byte outside the ranges is restored.
		{"step 3.9: ASCII trail 0x39", "\xA4\x39z", fffd + "9z", "[A4] at byte offset 0", ""},
		{"step 3.9: ASCII trail 0x7F", "x\xA4\x7F", "x" + fffd + "\x7F", "[A4] at byte offset 1", "x"},
		// Step 3.5 gives pointer 0, which index Big5 lacks; 0x40 is ASCII
		// so step 3.9 restores it.
		{"step 3.9: pointer 0 with ASCII trail", "\x81\x40", fffd + "@", "[81] at byte offset 0", ""},
		// 0x81 is outside both trailing ranges: pointer null, non-ASCII (3.10).
		{"step 3.10: lead then lead", "\x81\x81\x40", fffd + "@", "[81 81] at byte offset 0", ""},
		// Step 3.10: a non-ASCII trailing byte is consumed with the error.
		{"step 3.10: trail 0x80", "\xA4\x80a", fffd + "a", "[A4 80] at byte offset 0", ""},
		{"step 3.10: trail 0xFF", "\xA4\xFF", fffd, "[A4 FF] at byte offset 0", ""},
		{"step 3.10: pointer 63 absent", "\x81\xA1\xA4\xA4", fffd + "中", "[81 A1] at byte offset 0", ""},
		// Step 1: end-of-queue with Big5 leading set.
		{"step 1: EOF after lead", "ab\xA4", "ab" + fffd, "[A4] at byte offset 2", "ab"},
		{"step 1: EOF after error then lead", "\x80\xA4", fffd + fffd, "[80] at byte offset 0", ""},
	})
}

// TestBig5FatalResume pins the fatal-mode nSrc and state after each kind of
// error (codec.DecodeErrors: nSrc counts the bytes the Standard's decoder
// consumed for the error, not a restored byte, and Big5 leading is null
// after it), call by call, including a leading byte from an earlier call.
func TestBig5FatalResume(t *testing.T) {
	big5.testFatalResume(t, []dbcsResumeCase{
		// Step 6: the byte is consumed.
		{"step 6", []dbcsCall{{"a\x80b", true, "a", 2, "[80] at byte offset 1"}, {"b", true, "b", 1, ""}}},
		// Step 3.10: both bytes are consumed.
		{"step 3.10", []dbcsCall{{"a\xA4\x80b", true, "a", 3, "[A4 80] at byte offset 1"}, {"b", true, "b", 1, ""}}},
		// Step 3.9: the leading byte is consumed, the ASCII byte restored.
		{"step 3.9", []dbcsCall{{"\xA4\x39z", true, "", 1, "[A4] at byte offset 0"}, {"\x39z", true, "9z", 2, ""}}},
		// The same with the leading byte from the previous call.
		{"step 3.9 split", []dbcsCall{
			{"x\xA4", false, "x", 2, ""},
			{"\x39z", true, "", 0, "[A4] at byte offset 1"},
			{"\x39z", true, "9z", 2, ""},
		}},
		{"step 3.10 split", []dbcsCall{
			{"\xA4", false, "", 1, ""},
			{"\xFF\xA4\xA4", true, "", 1, "[A4 FF] at byte offset 0"},
			{"\xA4\xA4", true, "中", 2, ""},
		}},
		// Step 1: end-of-queue; nothing is left to resume on.
		{"step 1", []dbcsCall{{"ab\xA4", true, "ab", 3, "[A4] at byte offset 2"}, {"", true, "", 0, ""}}},
		{"step 1 split", []dbcsCall{{"ab\xA4", false, "ab", 3, ""}, {"", true, "", 0, "[A4] at byte offset 2"}, {"", true, "", 0, ""}}},
	})
}

// TestBig5DecodeValues pins a few decodings by hand (values read from
// index-big5.txt).
func TestBig5DecodeValues(t *testing.T) {
	big5.testDecodeValues(t, []dbcsPair{
		{"\xA4\xA4\xA4\xE5", "中文"},
		{"\x87\x40", "\u43F0"},       // pointer 942, the first of the index
		{"\x87\x45", "\U00027267"},   // pointer 947: astral
		{"\xA0\xFE", "\U0002626B"},   // pointer 5023: astral, Hong Kong extension
		{"\xC8\x7C", "\U0002008A"},   // pointer 11207
		{"\x88\x62", "\u00CA\u0304"}, // step 3.6, pointer 1133
		{"\x88\x64", "\u00CA\u030C"}, // pointer 1135
		{"\x88\xA3", "\u00EA\u0304"}, // pointer 1164
		{"\x88\xA5", "\u00EA\u030C"}, // pointer 1166
		{"\xF9\xF9\xA2\xCC", "═十"},   // pointers 18991 and 5287
	})
}

// TestBig5TwoCodePointsSmallDst checks that step 3.6's output is written
// whole: a dst too small for both code points gets nothing.
func TestBig5TwoCodePointsSmallDst(t *testing.T) {
	for _, in := range []string{"\x88\x62", "\x88\x64", "\x88\xA3", "\x88\xA5", "\x87\x45"} {
		for size := 0; size < 4; size++ {
			d := big5.newDecoder(false)()
			dst := make([]byte, size)
			nDst, nSrc, err := d.Transform(dst, []byte(in), true)
			if err != transform.ErrShortDst || nDst != 0 {
				t.Fatalf("% X dst %d: got %d, %d, %v; want ErrShortDst with nothing written", in, size, nDst, nSrc, err)
			}
			// Continue as a caller would, with enough room.
			dst = make([]byte, 8)
			n2, m2, err := d.Transform(dst, []byte(in)[nSrc:], true)
			if err != nil || m2 != len(in)-nSrc || n2 != 4 {
				t.Fatalf("% X dst %d then 8: got %d, %d, %v", in, size, n2, m2, err)
			}
			want, _ := big5.enc.NewDecoder().String(in)
			if string(dst[:n2]) != want || utf8.RuneCountInString(want) < 1 {
				t.Fatalf("% X: got %q, want %q", in, dst[:n2], want)
			}
		}
	}
}

// TestBig5EncodeAll encodes every scalar value alone and checks the bytes
// of its index Big5 pointer (computed from the index with the Standard's
// rule), or the error, and that the bytes decode back.
func TestBig5EncodeAll(t *testing.T) { big5.testEncodeAll(t) }

// TestBig5EncodeLong encodes every code point that has an index Big5
// pointer in one long input (in code point order and shuffled), so the
// encoder's multi-byte fast paths see them.
func TestBig5EncodeLong(t *testing.T) { big5.testEncodeLong(t, 3, 'a') }

// TestBig5EncodeValues pins the index Big5 pointer rules by hand (pointers
// read from index-big5.txt).
func TestBig5EncodeValues(t *testing.T) {
	big5.testEncodeValues(t, []dbcsPair{
		{"中文", "\xA4\xA4\xA4\xE5"},
		{"\u2550", "\xF9\xF9"}, // last pointer 18991, not 5247
		{"\u255E", "\xF9\xE9"}, // last pointer 18975, not 5248
		{"\u2561", "\xF9\xEB"}, // last pointer 18977, not 5250
		{"\u256A", "\xF9\xEA"}, // last pointer 18976, not 5249
		{"\u5341", "\xA4\x51"}, // last pointer 5512, not 5287
		{"\u5345", "\xA4\xCA"}, // last pointer 5599, not 5289
		{"\u256D", "\xA2\x7E"}, // first pointer 5243, not 18992
		{"\u5344", "\xA2\xCD"}, // first pointer 5288, not 19096
		{"\u3003", "\xA1\xB2"}, // first pointer 5104, not 10957
		{"\u20AC", "\xA3\xE1"}, // pointer 5465
		{"\U0002008A", "\xC8\x7C"},
		{"a\u3000b", "a\xA1\x40b"}, // pointer 5024, the first not excluded
	})
}

// TestBig5EncodeErrors pins the encoder's errors (step 4) with the code
// point reported, its offset and the input bytes covered.
func TestBig5EncodeErrors(t *testing.T) {
	big5.testEncodeErrors(t, []dbcsEncodeError{
		{"ab\U0001F600c", "ab", 0x1F600, 2, 4},
		{"\u4E2D\u00CA", "\xA4\xA4", 0xCA, 3, 2}, // U+00CA: only pointer 1137, below 5024
		{"\u43F0", "", 0x43F0, 0, 3},             // only pointer 942, excluded
		{"\U0002626B", "", 0x2626B, 0, 4},        // only pointer 5023, excluded
		{"a\xE4\xB8", "a", 0xFFFD, 1, 2},         // invalid UTF-8: U+FFFD, maximal subpart
		{"a\xFFb", "a", 0xFFFD, 1, 1},
		{"\xED\xA0\x80", "", 0xFFFD, 0, 1}, // a surrogate's encoding is invalid
		// The same within longer text, where the encoder reads ahead.
		{"中\xED\xA0\x80中文中文", "\xA4\xA4", 0xFFFD, 3, 1},
		{"中文\xED\xA0\x80中文中文", "\xA4\xA4\xA4\xE5", 0xFFFD, 6, 1},
		{"中文\xE0\x82\xA7中文中文", "\xA4\xA4\xA4\xE5", 0xFFFD, 6, 1}, // overlong U+00A7
		{"中\xE0\x82\xA7中文中文", "\xA4\xA4", 0xFFFD, 3, 1},
		{"中\xE4\xB8中文中文", "\xA4\xA4", 0xFFFD, 3, 2},
		{"中文\u00CA中文中文", "\xA4\xA4\xA4\xE5", 0xCA, 6, 2},
		{"中文\u43F0中文中文", "\xA4\xA4\xA4\xE5", 0x43F0, 6, 3},
		{"中\u43F0中文中文", "\xA4\xA4", 0x43F0, 3, 3},
	}, "a\xE4\xB8")
}

// TestBig5EncodeHTML checks the html error mode through codec.Encoding.
func TestBig5EncodeHTML(t *testing.T) {
	big5.testEncodeHTML(t, "中\U0001F600\u00CA\xFFx", "\xA4\xA4&#128512;&#202;&#65533;x")
}

// TestBig5Interop drives the codec through x/text's APIs.
func TestBig5Interop(t *testing.T) {
	big5.testInterop(t, dbcsInterop{
		readIn: "\xA4\xA4\xA4\xE5\x80!", readWant: "中文\uFFFD!",
		writeIn: "中文 €", writeWant: "\xA4\xA4\xA4\xE5 \xA3\xE1",
		strIn: "\xA4\xA4", strWant: "中",
		unsupported: "中😀", escaped: "\xA4\xA4&#128512;", replaced: "\xA4\xA4\x1A",
	})
}

func FuzzBig5Decode(f *testing.F) {
	big5.fuzzDecode(f, []string{"", "a", "\xA4\xA4\xA4\xE5", "\x88\x62\x81\x40", "\xA4\x80\xFF\x87\x45", "\xA4"})
}

func FuzzBig5Encode(f *testing.F) {
	big5.fuzzEncode(f, []string{"", "a", "中文", "═十卅", "\U0002008A", "😀", "\xE4\xB8", "a\xFFb"})
}

func ExampleBig5() {
	s, _ := cjk.Big5.NewDecoder().String("\xA4\xA4\xA4\xE5 Big5 \x88\x62")
	fmt.Println(s)
	b, err := cjk.Big5.NewEncoder().String("中文")
	fmt.Printf("% X %v\n", b, err)
	_, err = cjk.Big5.NewEncoder().String("😀")
	fmt.Println(err)
	// Output:
	// 中文 Big5 Ê̄
	// A4 A4 A4 E5 <nil>
	// webenc: Big5: cannot encode U+1F600 at byte offset 0
}

func BenchmarkBig5Decode(b *testing.B) { big5.benchDecode(b, traditionalchinese.Big5) }

func BenchmarkBig5Encode(b *testing.B) { big5.benchEncode(b, traditionalchinese.Big5) }

// TestBig5EncodeMix runs the harness's mix test with hanzi, full-width
// punctuation, ASCII, code points with no pointer, and invalid UTF-8
// (overlong forms, surrogates, truncated and stray bytes), whose U+FFFD is
// an error.
func TestBig5EncodeMix(t *testing.T) {
	good := []string{
		"中", "文", "，", "。", "維", "基", "\u5341", "\u2550", // encodable three-byte
		"a", " ", "\n", "ab", "abcdefghij", // ASCII
		"\u00A7", "\u00B0", "\U0002008A", // two- and four-byte, encodable
	}
	bad := []string{
		"\u43F0", "\u00CA", "\U0001F600", "\u3400", "\uFFFF", // no pointer
		"\xE0\x80\x80", "\xE0\x9F\xBF", "\xE0\x82\xA7", "\xED\xA0\x80", "\xED\xBF\xBF", // overlong, surrogates
		"\xE4\xB8", "\xE4", "\x80", "\xFF", "\xC0\xAF", "\xF0\x9F\x98", // truncated, stray
	}
	big5.testEncodeMix(t, good, bad, 11)
}
