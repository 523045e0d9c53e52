package whatwg

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	gutf8 "unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"

	"github.com/webenc/webenc/internal/fuzzbench"
	"github.com/webenc/webenc/whatwg/replacement"
	"github.com/webenc/webenc/whatwg/singlebyte"
	"github.com/webenc/webenc/whatwg/utf16"
	"github.com/webenc/webenc/whatwg/utf8"
)

// BOM sniff: the rows of the table in order; null otherwise.
func TestBOMSniff(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want encoding.Encoding
	}{
		{"\xEF\xBB\xBF", utf8.UTF8},
		{"\xEF\xBB\xBFrest", utf8.UTF8},
		{"\xFE\xFF", utf16.BE},
		{"\xFE\xFF\x00a", utf16.BE},
		{"\xFF\xFE", utf16.LE},
		{"\xFF\xFE\x00\x00", utf16.LE}, // a UTF-32LE BOM starts with FF FE
		{"", nil},
		{"\xEF", nil},
		{"\xEF\xBB", nil}, // peek 3 bytes: a 2-byte input is not EF BB BF
		{"\xEF\xBB\xBE", nil},
		{"\xFE", nil},
		{"\xFF", nil},
		{"\x00\x00\xFE\xFF", nil},
		{"abc", nil},
	} {
		if got := BOMSniff([]byte(tc.in)); got != tc.want {
			t.Errorf("BOMSniff(% X) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// decode: step 1 BOM sniffs; step 2 lets the BOM's encoding override the
// fallback and reads three bytes for UTF-8, two otherwise; step 3 decodes
// the rest in replacement mode.
func TestDecode(t *testing.T) {
	w1252 := singlebyte.Windows1252
	for _, tc := range []struct {
		in       string
		fallback encoding.Encoding
		want     string
		used     encoding.Encoding
	}{
		{"caf\xC3\xA9", w1252, "cafÃ©", w1252},
		{"\xEF\xBB\xBFcaf\xC3\xA9", w1252, "café", utf8.UTF8},
		{"\xEF\xBB\xBF\xEF\xBB\xBF", w1252, "\uFEFF", utf8.UTF8}, // only one BOM is read
		{"\xFF\xFEa\x00", w1252, "a", utf16.LE},
		{"\xFE\xFF\x00a", utf8.UTF8, "a", utf16.BE},
		{"\xFF\xFE\x00", utf8.UTF8, "\uFFFD", utf16.LE}, // the odd byte is an error
		{"\xFE\xFF", w1252, "", utf16.BE},
		{"\xEF\xBB", utf8.UTF8, "\uFFFD", utf8.UTF8},
		{"\xEF\xBB", w1252, "ï»", w1252},
		{"", w1252, "", w1252},
		{"a\xFFb", utf8.UTF8, "a\uFFFDb", utf8.UTF8},
		{"abc", replacement.Encoding, "\uFFFD", replacement.Encoding},
		{"\xEF\xBB\xBFabc", replacement.Encoding, "abc", utf8.UTF8},
		{"\xC3\xA9", nil, "é", utf8.UTF8},                                           // nil fallback: UTF-8
		{"\xE9\xFF\xFEa\x00", charmap.Windows1252, "éÿþa\x00", charmap.Windows1252}, // foreign fallback
		{"\xFF\xFEa\x00", charmap.Windows1252, "a", utf16.LE},
	} {
		out, used := Decode(tc.fallback, []byte(tc.in))
		if string(out) != tc.want || used != tc.used {
			t.Errorf("Decode(% X, %v) = %+q, %v; want %+q, %v", tc.in, tc.fallback, out, used, tc.want, tc.used)
		}
		// The reader form, with one-byte reads.
		r, used, err := NewDecodeReader(tc.fallback, iotest.OneByteReader(strings.NewReader(tc.in)))
		if err != nil || used != tc.used {
			t.Errorf("NewDecodeReader(% X): used %v, %v", tc.in, used, err)
			continue
		}
		if got, err := io.ReadAll(r); string(got) != tc.want || err != nil {
			t.Errorf("NewDecodeReader(% X) read %+q, %v; want %+q", tc.in, got, err, tc.want)
		}
	}
	// A read error while sniffing is returned, and by the reader.
	errBoom := errors.New("boom")
	r, used, err := NewDecodeReader(utf8.UTF8, io.MultiReader(strings.NewReader("\xEF"), iotest.ErrReader(errBoom)))
	if !errors.Is(err, errBoom) || used != utf8.UTF8 {
		t.Errorf("NewDecodeReader with a failing reader: %v, %v", used, err)
	}
	// The pending EF is not flushed: the input did not end, it failed.
	if got, err := io.ReadAll(r); !errors.Is(err, errBoom) || string(got) != "" {
		t.Errorf("reading after a sniff error: %+q, %v", got, err)
	}
}

// UTF-8 decode: step 2 reads an EF BB BF prefix; the rest is decoded in
// replacement mode. The "without BOM" forms leave it as U+FEFF.
func TestUTF8DecodeHooks(t *testing.T) {
	for _, tc := range []struct {
		in, withBOM, withoutBOM string
	}{
		{"\xEF\xBB\xBFa", "a", "\uFEFFa"},
		{"\xEF\xBB\xBF", "", "\uFEFF"},
		{"\xEF\xBB\xBF\xEF\xBB\xBF", "\uFEFF", "\uFEFF\uFEFF"},
		{"\xEF\xBBa", "\uFFFDa", "\uFFFDa"}, // EF BB is one maximal subpart
		{"\xEF", "\uFFFD", "\uFFFD"},
		{"", "", ""},
		{"a\xC0\x80b", "a\uFFFD\uFFFDb", "a\uFFFD\uFFFDb"},
		{"\xED\xA0\x80", "\uFFFD\uFFFD\uFFFD", "\uFFFD\uFFFD\uFFFD"}, // surrogates: upper boundary 0x9F
	} {
		if got := UTF8Decode([]byte(tc.in)); string(got) != tc.withBOM {
			t.Errorf("UTF8Decode(% X) = %+q, want %+q", tc.in, got, tc.withBOM)
		}
		if got := UTF8DecodeWithoutBOM([]byte(tc.in)); string(got) != tc.withoutBOM {
			t.Errorf("UTF8DecodeWithoutBOM(% X) = %+q, want %+q", tc.in, got, tc.withoutBOM)
		}
		r := NewUTF8DecodeReader(iotest.OneByteReader(strings.NewReader(tc.in)))
		if got, err := io.ReadAll(r); string(got) != tc.withBOM || err != nil {
			t.Errorf("NewUTF8DecodeReader(% X) = %+q, %v; want %+q", tc.in, got, err, tc.withBOM)
		}
		r = NewUTF8DecodeReader(strings.NewReader(tc.in))
		if got, err := io.ReadAll(r); string(got) != tc.withBOM || err != nil {
			t.Errorf("NewUTF8DecodeReader(% X) = %+q, %v; want %+q", tc.in, got, err, tc.withBOM)
		}
	}
	// UTF-8 decode without BOM or fail: step 2 returns failure; we return
	// the *DecodeError with the offset of the first error.
	for _, tc := range []struct {
		in     string
		out    string
		offset int64
		bad    string
	}{
		{"\xEF\xBB\xBFa\xF0\x9F", "\uFEFFa", 4, "\xF0\x9F"},
		{"ab\x80", "ab", 2, "\x80"},
	} {
		out, err := UTF8DecodeWithoutBOMOrFail([]byte(tc.in))
		var de *DecodeError
		if string(out) != tc.out || !errors.As(err, &de) || de.Offset != tc.offset || string(de.Bytes) != tc.bad {
			t.Errorf("UTF8DecodeWithoutBOMOrFail(% X) = %+q, %v", tc.in, out, err)
		}
	}
	if out, err := UTF8DecodeWithoutBOMOrFail([]byte("\xEF\xBB\xBFok")); string(out) != "\uFEFFok" || err != nil {
		t.Errorf("valid input: %+q, %v", out, err)
	}
}

// get an output encoding: replacement and UTF-16BE/LE give UTF-8.
func TestGetOutputEncoding(t *testing.T) {
	for _, tc := range []struct{ in, want encoding.Encoding }{
		{replacement.Encoding, utf8.UTF8},
		{utf16.BE, utf8.UTF8},
		{utf16.LE, utf8.UTF8},
		{utf8.UTF8, utf8.UTF8},
		{singlebyte.Windows1252, singlebyte.Windows1252},
		{singlebyte.XUserDefined, singlebyte.XUserDefined},
		{charmap.Windows1252, charmap.Windows1252},
		{nil, nil},
	} {
		if got := GetOutputEncoding(tc.in); got != tc.want {
			t.Errorf("GetOutputEncoding(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// encode (the legacy hook) uses html mode; a nil or foreign encoding does
// not panic.
func TestEncodeHook(t *testing.T) {
	for _, tc := range []struct {
		in   string
		e    encoding.Encoding
		want string
	}{
		{"a€ā", singlebyte.Windows1252, "a\x80&#257;"},
		{"a€ā", utf8.UTF8, "a€ā"},
		{"a\xFFā", nil, "a\uFFFDā"},
		{"a€ā", charmap.Windows1252, "a\x80&#257;"}, // through x/text's HTMLEscapeUnsupported
		{"", singlebyte.Windows1252, ""},
	} {
		if got := Encode(tc.e, []byte(tc.in)); string(got) != tc.want {
			t.Errorf("Encode(%q, %v) = %q, want %q", tc.in, tc.e, got, tc.want)
		}
		r := NewEncodeReader(tc.e, iotest.OneByteReader(strings.NewReader(tc.in)))
		if got, err := io.ReadAll(r); string(got) != tc.want || err != nil {
			t.Errorf("NewEncodeReader(%q, %v) = %q, %v", tc.in, tc.e, got, err)
		}
		var buf bytes.Buffer
		w := NewEncodeWriter(&buf, tc.e)
		for i := 0; i < len(tc.in); i++ {
			w.Write([]byte{tc.in[i]})
		}
		if err := w.Close(); buf.String() != tc.want || err != nil {
			t.Errorf("NewEncodeWriter(%q, %v) = %q, %v", tc.in, tc.e, buf.String(), err)
		}
	}
	// Close flushes an incomplete sequence as U+FFFD.
	var buf bytes.Buffer
	w := NewEncodeWriter(&buf, singlebyte.Windows1252)
	w.Write([]byte("a\xE2\x82"))
	if err := w.Close(); buf.String() != "a&#65533;" || err != nil {
		t.Errorf("Close with a dangling sequence: %q, %v", buf.String(), err)
	}
}

// percentEncodeAfterEncoding follows the URL Standard's "percent-encode
// after encoding" loop over encode or fail, with a simplified percent-encode
// set (C0 controls, space, non-ASCII and "#%<>).
func percentEncodeAfterEncoding(t testing.TB, e encoding.Encoding, input string) string {
	encoder, err := GetEncoder(e)
	if err != nil {
		t.Fatal(err)
	}
	src := []byte(input)
	var out strings.Builder
	for {
		bytes, n, err := encoder.EncodeOrFail(nil, src)
		for _, b := range bytes {
			if b <= 0x20 || b >= 0x7F || strings.IndexByte("\"#%<>", b) >= 0 {
				fmt.Fprintf(&out, "%%%02X", b)
			} else {
				out.WriteByte(b)
			}
		}
		src = src[n:]
		if err == nil {
			return out.String()
		}
		var ee *EncodeError
		if !errors.As(err, &ee) {
			t.Fatalf("EncodeOrFail error %v is not an *EncodeError", err)
		}
		out.WriteString("%26%23" + strconv.Itoa(int(ee.Rune)) + "%3B")
	}
}

// encode or fail: the error's code point is returned and the caller goes
// on with the same encoder instance.
func TestEncodeOrFail(t *testing.T) {
	w1252 := singlebyte.Windows1252
	if got, want := percentEncodeAfterEncoding(t, w1252, "a ā€b\xFF"), "a%20%26%23257%3B%80b%26%2365533%3B"; got != want {
		t.Errorf("windows-1252: %q, want %q", got, want)
	}
	if got, want := percentEncodeAfterEncoding(t, utf8.UTF8, "aā"), "a%C4%81"; got != want {
		t.Errorf("UTF-8: %q, want %q", got, want)
	}
	x, _ := GetEncoder(w1252)
	out, n, err := x.EncodeOrFail([]byte("pre:"), []byte("ab\U0001F600c"))
	var ee *EncodeError
	if string(out) != "pre:ab" || n != 6 || !errors.As(err, &ee) || ee.Rune != 0x1F600 || ee.Offset != 2 || ee.Size != 4 {
		t.Errorf("EncodeOrFail = %q, %d, %v", out, n, err)
	}
	if _, err := GetEncoder(charmap.Windows1252); !errors.Is(err, ErrNoCodec) {
		t.Errorf("GetEncoder of a foreign encoding: %v", err)
	}
	if _, _, err := new(EncoderInstance).EncodeOrFail(nil, []byte("a")); !errors.Is(err, ErrNoCodec) {
		t.Errorf("zero EncoderInstance: %v", err)
	}
	if _, err := GetEncoder(nil); !errors.Is(err, ErrNoCodec) {
		t.Errorf("GetEncoder(nil): %v", err)
	}
}

// The pit of ISO-2022-JP: the encoder can be in the Roman state when it
// returns an error; the same instance must be used to go on, so the output
// returns to ASCII at the end.
func TestEncodeOrFailISO2022JP(t *testing.T) {
	e := lookup(t, "iso-2022-jp")
	// ¥ switches to Roman (ESC ( J, 0x5C); é has no pointer: error in the
	// Roman state; a is then written in Roman and the end-of-queue step
	// switches back to ASCII.
	if got, want := percentEncodeAfterEncoding(t, e, "¥éa"), "%1B(J\\%26%23233%3Ba%1B(B"; got != want {
		t.Errorf("Roman state: %q, want %q", got, want)
	}
	// In the jis0208 state the encoder switches to ASCII first (bytes
	// written before the error).
	if got, want := percentEncodeAfterEncoding(t, e, "日éa"), "%1B$BF|%1B(B%26%23233%3Ba"; got != want {
		t.Errorf("jis0208 state: %q, want %q", got, want)
	}
	// U+001B is reported as U+FFFD.
	if got, want := percentEncodeAfterEncoding(t, e, "\x1B"), "%26%2365533%3B"; got != want {
		t.Errorf("ESC: %q, want %q", got, want)
	}
}

// Fuzz the hooks against each other and the reference: decode equals its
// reader form and is valid UTF-8; UTF-8 decode equals the reference UTF-8
// decoder after step 2; the encode or fail loop writing "&#N;" for each
// error equals encode in html mode (process an item, "html").
func FuzzHooks(f *testing.F) {
	f.Add([]byte("\xEF\xBB\xBFa\xC3"), "¥éa日\x1B€", uint8(0))
	f.Add([]byte("\xFF\xFE\x00"), "\xED\xA0\x80ā", uint8(1))
	f.Fuzz(func(t *testing.T, src []byte, text string, which uint8) { fuzzHooksBody(t, src, text, which) })
}

// fuzzHooksBody is FuzzHooks' body (also run by BenchmarkFuzzBodies).
func fuzzHooksBody(t testing.TB, src []byte, text string, which uint8) {
	labels := []string{"windows-1252", "utf-8", "iso-2022-jp", "shift_jis", "big5", "x-user-defined"}
	e := tryLookup(t, labels[int(which)%len(labels)])
	if e == nil {
		return
	}
	out, used := Decode(e, src)
	// Reads of 1, 2, … up to 1–8 bytes (which's high bits; 1 is one byte
	// at a time).
	r, used2, err := NewDecodeReader(e, fuzzbench.PieceReader(bytes.NewReader(src), 1+int(which>>5)))
	if err != nil || used2 != used {
		t.Fatalf("NewDecodeReader: %v, %v", used2, err)
	}
	if got, err := io.ReadAll(r); err != nil || !bytes.Equal(got, out) || !gutf8.Valid(out) {
		t.Fatalf("Decode(% X) = %q; reader %q, %v", src, out, got, err)
	}
	if got, want := string(UTF8Decode(src)), refScalarValues(string(bytes.TrimPrefix(src, []byte(bomUTF8)))); got != want {
		t.Fatalf("UTF8Decode(% X) = %+q, reference %+q", src, got, want)
	}
	x, err := GetEncoder(e)
	if err != nil {
		t.Fatal(err)
	}
	var loop []byte
	rest := []byte(text)
	for {
		var n int
		loop, n, err = x.EncodeOrFail(loop, rest)
		rest = rest[n:]
		if err == nil {
			break
		}
		loop = append(strconv.AppendInt(append(loop, "&#"...), int64(err.(*EncodeError).Rune), 10), ';')
	}
	if html := Encode(e, []byte(text)); !bytes.Equal(loop, html) {
		t.Fatalf("%v: encode or fail loop % X, html mode % X", e, loop, html)
	}
}
