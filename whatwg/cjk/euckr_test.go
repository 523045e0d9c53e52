package cjk_test

import (
	"fmt"
	"testing"

	"golang.org/x/text/encoding/korean"

	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/internal/codec"
)

// euckr describes EUC-KR to the shared double-byte harness
// (doublebyte_test.go).
var euckr = &dbcsSpec{
	enc:      cjk.EUCKR.(*codec.Encoding),
	name:     "EUC-KR",
	index:    indexMap("euc-kr"),
	step3:    euckrRefStep3,
	bytes:    euckrBytes,
	pointers: euckrRefPointers,
}

// euckrBytes is the EUC-KR encoder's steps 5–7 for pointer p.
func euckrBytes(p int) []byte {
	return []byte{byte(p/190 + 0x81), byte(p%190 + 0x41)}
}

// euckrRefPointers computes the index pointer (the first pointer) in index
// EUC-KR of every code point of the index.
func euckrRefPointers(index map[int]rune) map[rune]int {
	out := map[rune]int{}
	for p, r := range index {
		if q, seen := out[r]; !seen || p < q {
			out[r] = p
		}
	}
	return out
}

// euckrRefStep3 is the EUC-KR decoder's steps 3.3–3.6, written literally
// from the Standard: the output for EUC-KR leading lead and byte b (its
// code point appended to dst), or
// false for steps 3.7–3.8 (the harness restores an ASCII byte and errs).
func euckrRefStep3(dst []rune, index map[int]rune, lead, b byte) ([]rune, bool) {
	pointer := -1
	if b >= 0x41 && b <= 0xFE { // step 3.4
		pointer = (int(lead)-0x81)*190 + (int(b) - 0x41)
	}
	if cp, ok := index[pointer]; ok && pointer >= 0 { // steps 3.5–3.6
		return append(dst, cp), true
	}
	return dst, false
}

// TestEUCKRDecodeIndex decodes the bytes of every pointer of index EUC-KR.
func TestEUCKRDecodeIndex(t *testing.T) { euckr.testDecodeIndex(t) }

// TestEUCKRDecodeAllPairs decodes every single byte and every byte pair
// starting with 0x80–0xFF, in both modes, against the reference decoder,
// one-shot and byte by byte with a 1-byte dst.
func TestEUCKRDecodeAllPairs(t *testing.T) { euckr.testDecodeAllPairs(t) }

// TestEUCKRDecodeRandom compares random byte strings rich in leading and
// trailing bytes with the reference decoder, and checks streaming.
func TestEUCKRDecodeRandom(t *testing.T) {
	euckr.testDecodeRandom(t, 5, []byte{0x00, 0x40, 0x41, 0x5B, 0x7F, 0x80, 0x81, 0xA1, 0xB0, 0xC6, 0xC9, 0xFE, 0xFF, 'a'})
}

// TestEUCKRDecodeErrors pins each error path of the EUC-KR decoder with
// hand-written expected output, in both modes and resumed after each
// error.
func TestEUCKRDecodeErrors(t *testing.T) {
	const fffd = "\uFFFD"
	euckr.testDecodeErrors(t, []dbcsDecodeError{
		// Step 6: 0x80 and 0xFF are neither ASCII nor leading bytes.
		{"step 6: 0x80", "a\x80b", "a" + fffd + "b", "[80] at byte offset 1", "a"},
		{"step 6: 0xFF", "\xFFb", fffd + "b", "[FF] at byte offset 0", ""},
		// Steps 3.4 and 3.7: a byte below 0x41 gives no pointer; ASCII is
		// restored.
		{"step 3.7: trail 0x40", "\xB0\x40", fffd + "@", "[B0] at byte offset 0", ""},
		{"step 3.7: trail 0x0A", "x\xB0\nz", "x" + fffd + "\nz", "[B0] at byte offset 1", "x"},
		// Pointers 26 and 62 (trails 0x5B and 0x7F) are in range but not in
		// the index; both bytes are ASCII, so restored.
		{"step 3.7: pointer 26", "\x81\x5B", fffd + "[", "[81] at byte offset 0", ""},
		{"step 3.7: pointer 62", "\x81\x7F", fffd + "\x7F", "[81] at byte offset 0", ""},
		// Step 3.8: a non-ASCII trailing byte is consumed with the error.
		{"step 3.8: pointer 63 absent", "\x81\x80a", fffd + "a", "[81 80] at byte offset 0", ""},
		{"step 3.8: trail 0xFF", "\xB0\xFF", fffd, "[B0 FF] at byte offset 0", ""},
		{"step 3.8: pointer 13776 absent", "\xC9\xA1\xB0\xA1", fffd + "가", "[C9 A1] at byte offset 0", ""},
		// Step 1: end-of-queue with EUC-KR leading set.
		{"step 1: EOF after lead", "ab\xB0", "ab" + fffd, "[B0] at byte offset 2", "ab"},
		{"step 1: EOF after error then lead", "\x80\xB0", fffd + fffd, "[80] at byte offset 0", ""},
	})
}

// TestEUCKRFatalResume pins the fatal-mode nSrc and state after each kind
// of error (codec.DecodeErrors: nSrc counts the bytes the Standard's
// decoder consumed for the error, not a restored byte, and EUC-KR leading
// is null after it), call by call, including a leading byte from an
// earlier call.
func TestEUCKRFatalResume(t *testing.T) {
	euckr.testFatalResume(t, []dbcsResumeCase{
		// Step 6: the byte is consumed.
		{"step 6", []dbcsCall{{"a\xFFb", true, "a", 2, "[FF] at byte offset 1"}, {"b", true, "b", 1, ""}}},
		// Step 3.8: both bytes are consumed.
		{"step 3.8", []dbcsCall{{"a\xC9\xA1b", true, "a", 3, "[C9 A1] at byte offset 1"}, {"b", true, "b", 1, ""}}},
		// Step 3.7: the leading byte is consumed, the ASCII byte restored.
		{"step 3.7", []dbcsCall{{"\xB0\x40z", true, "", 1, "[B0] at byte offset 0"}, {"\x40z", true, "@z", 2, ""}}},
		// The same with the leading byte from the previous call.
		{"step 3.7 split", []dbcsCall{
			{"x\xB0", false, "x", 2, ""},
			{"\x5Bz", true, "", 0, "[B0] at byte offset 1"},
			{"\x5Bz", true, "[z", 2, ""},
		}},
		{"step 3.8 split", []dbcsCall{
			{"\xB0", false, "", 1, ""},
			{"\xFF\xB0\xA1", true, "", 1, "[B0 FF] at byte offset 0"},
			{"\xB0\xA1", true, "가", 2, ""},
		}},
		// Step 1: end-of-queue; nothing is left to resume on.
		{"step 1", []dbcsCall{{"ab\xB0", true, "ab", 3, "[B0] at byte offset 2"}, {"", true, "", 0, ""}}},
		{"step 1 split", []dbcsCall{{"ab\xB0", false, "ab", 3, ""}, {"", true, "", 0, "[B0] at byte offset 2"}, {"", true, "", 0, ""}}},
	})
}

// TestEUCKRDecodeValues pins a few decodings by hand (values read from
// index-euc-kr.txt).
func TestEUCKRDecodeValues(t *testing.T) {
	euckr.testDecodeValues(t, []dbcsPair{
		{"\xB0\xA1\xC6\x52", "가\uD7A3"}, // pointers 9026 and 13127
		{"\x81\x41", "\uAC02"},          // pointer 0
		{"\x81\xFE\x82\x41", "\uAD13\uAD14"},
		{"\xA1\xA1a\xA2\xAE", "\u3000a\u00A1"}, // pointers 6176 and 6379
	})
}

// TestEUCKREncodeAll encodes every scalar value alone and checks the bytes
// of its index pointer (computed from the index), or the error, and that
// the bytes decode back.
func TestEUCKREncodeAll(t *testing.T) { euckr.testEncodeAll(t) }

// TestEUCKREncodeLong encodes every code point of index EUC-KR in one long
// input (in code point order and shuffled), so the encoder's multi-byte
// fast paths see them.
func TestEUCKREncodeLong(t *testing.T) { euckr.testEncodeLong(t, 7, ' ') }

// TestEUCKREncodeValues pins a few encodings by hand (pointers read from
// index-euc-kr.txt).
func TestEUCKREncodeValues(t *testing.T) {
	euckr.testEncodeValues(t, []dbcsPair{
		{"가", "\xB0\xA1"},          // pointer 9026
		{"\uD7A3", "\xC6\x52"},     // pointer 13127
		{"\uAC02", "\x81\x41"},     // pointer 0
		{"a\u3000b", "a\xA1\xA1b"}, // pointer 6176
		{"한국어 위키", "\xC7\xD1\xB1\xB9\xBE\xEE \xC0\xA7\xC5\xB0"},
		{"\u4E00\u20AC", "\xEC\xE9\xA2\xE6"}, // pointers 20498 and 6435
	})
}

// TestEUCKREncodeErrors pins the encoder's errors (step 4) with the code
// point reported, its offset and the input bytes covered.
func TestEUCKREncodeErrors(t *testing.T) {
	euckr.testEncodeErrors(t, []dbcsEncodeError{
		{"ab\U0001F600c", "ab", 0x1F600, 2, 4},
		{"가\u0100", "\xB0\xA1", 0x100, 3, 2}, // U+0100 is not in index EUC-KR
		{"가\u4E02", "\xB0\xA1", 0x4E02, 3, 3},
		{"a\xE4\xB8", "a", 0xFFFD, 1, 2},
		{"a\xFFb", "a", 0xFFFD, 1, 1},
		{"\xED\xA0\x80", "", 0xFFFD, 0, 1},
		// The same within longer text, where the encoder reads ahead.
		{"가\xED\xA0\x80가가가가", "\xB0\xA1", 0xFFFD, 3, 1},
		{"가가\xED\xA0\x80가가가가", "\xB0\xA1\xB0\xA1", 0xFFFD, 6, 1},
		{"가가\xE0\x82\xA1가가", "\xB0\xA1\xB0\xA1", 0xFFFD, 6, 1}, // overlong U+00A1
		{"가\xE0\x82\xA1가가", "\xB0\xA1", 0xFFFD, 3, 1},
		{"가가\u4E02가가", "\xB0\xA1\xB0\xA1", 0x4E02, 6, 3},
		{"가\u4E02가가", "\xB0\xA1", 0x4E02, 3, 3},
	}, "a\xEA\xB0")
}

// TestEUCKREncodeHTML checks the html error mode through codec.Encoding.
func TestEUCKREncodeHTML(t *testing.T) {
	euckr.testEncodeHTML(t, "가\U0001F600\u4E02\xFFx", "\xB0\xA1&#128512;&#19970;&#65533;x")
}

// TestEUCKRInterop drives the codec through x/text's APIs.
func TestEUCKRInterop(t *testing.T) {
	euckr.testInterop(t, dbcsInterop{
		readIn: "\xB0\xA1\x80!", readWant: "가\uFFFD!",
		writeIn: "가 가", writeWant: "\xB0\xA1 \xB0\xA1",
		strIn: "\xB0\xA1", strWant: "가",
		unsupported: "가😀", escaped: "\xB0\xA1&#128512;", replaced: "\xB0\xA1\x1A",
	})
}

func FuzzEUCKRDecode(f *testing.F) {
	euckr.fuzzDecode(f, []string{"", "a", "\xB0\xA1\xC6\x52", "\x81\x5B\x81\x80", "\xB0\x80\xFF\xB0", "\xC9"})
}

func FuzzEUCKREncode(f *testing.F) {
	euckr.fuzzEncode(f, []string{"", "a", "가", "한국어 위키백과", "\u4E02", "😀", "\xEA\xB0", "a\xFFb"})
}

func ExampleEUCKR() {
	s, _ := cjk.EUCKR.NewDecoder().String("\xC7\xD1\xB1\xB9\xBE\xEE \x80")
	fmt.Println(s)
	b, err := cjk.EUCKR.NewEncoder().String("가")
	fmt.Printf("% X %v\n", b, err)
	// Output:
	// 한국어 �
	// B0 A1 <nil>
}

func BenchmarkEUCKRDecode(b *testing.B) { euckr.benchDecode(b, korean.EUCKR) }

func BenchmarkEUCKREncode(b *testing.B) { euckr.benchEncode(b, korean.EUCKR) }

// TestEUCKREncodeMix runs the harness's mix test with Hangul, hanja,
// punctuation, ASCII (spaces between words, which the hot loop handles
// inline), code points with no pointer, and invalid UTF-8 (overlong forms,
// surrogates, truncated and stray bytes), whose U+FFFD is an error.
func TestEUCKREncodeMix(t *testing.T) {
	good := []string{
		"가", "한", "국", "어", "\uD7A3", "\uAC02", "\u4E00", "\u3000", "\u201C", // encodable three-byte
		" ", " ", "a", ".", "\n", "abcdefghij", // ASCII
		"\u00A1", "\u0391", // two-byte, encodable
	}
	bad := []string{
		"\u4E02", "\u0100", "\U0001F600", "\uFFFF", "\u1100", // no pointer
		"\xE0\x80\x80", "\xE0\x9F\xBF", "\xE0\x82\xA1", "\xED\xA0\x80", "\xED\xBF\xBF", // overlong, surrogates
		"\xEA\xB0", "\xEA", "\x80", "\xFF", "\xC1\xBF", "\xF0\x9F\x98", // truncated, stray
	}
	euckr.testEncodeMix(t, good, bad, 12)
}
