package whatwg

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/htmlindex"
	"github.com/webenc/webenc/whatwg/internal/codectest"
	"github.com/webenc/webenc/whatwg/singlebyte"
	"github.com/webenc/webenc/whatwg/utf8"
)

// lookup returns the webenc encoding for label.
func lookup(t testing.TB, label string) encoding.Encoding {
	t.Helper()
	return tryLookup(t, label)
}

// tryLookup returns the webenc encoding for label.
func tryLookup(t testing.TB, label string) encoding.Encoding {
	t.Helper()
	e, err := htmlindex.Get(label)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// The error modes that do not apply, and foreign encodings, give a
// transformer that fails every call: no panic.
func TestModesThatDoNotApply(t *testing.T) {
	for _, tc := range []struct {
		name string
		e    encoding.Encoding
	}{
		{"x/text charmap", charmap.Windows1252},
		{"nil", nil},
	} {
		for _, mode := range []ErrorMode{Replacement, Fatal, HTML, ErrorMode(9)} {
			if _, err := NewDecoder(tc.e, mode).Bytes([]byte("abc")); !errors.Is(err, ErrNoCodec) {
				t.Errorf("%s: NewDecoder(%v) error = %v, want ErrNoCodec", tc.name, mode, err)
			}
			if _, err := NewEncoder(tc.e, mode).String("abc"); !errors.Is(err, ErrNoCodec) {
				t.Errorf("%s: NewEncoder(%v) error = %v, want ErrNoCodec", tc.name, mode, err)
			}
		}
	}
	// "An error mode ... is replacement or fatal for a decoder and fatal
	// or html for an encoder."
	for _, e := range []encoding.Encoding{utf8.UTF8, singlebyte.Windows1252} {
		if _, err := NewDecoder(e, HTML).String("a"); !errors.Is(err, ErrNoCodec) {
			t.Errorf("%v: NewDecoder(HTML) error = %v", e, err)
		}
		if _, err := NewEncoder(e, Replacement).String("a"); !errors.Is(err, ErrNoCodec) {
			t.Errorf("%v: NewEncoder(Replacement) error = %v", e, err)
		}
		r := NewDecoder(e, ErrorMode(7)).Reader(strings.NewReader("a"))
		if _, err := io.ReadAll(r); !errors.Is(err, ErrNoCodec) {
			t.Errorf("%v: reader of an invalid mode: %v", e, err)
		}
	}
	if Replacement.String() != "replacement" || Fatal.String() != "fatal" || HTML.String() != "html" {
		t.Errorf("mode names: %v %v %v", Replacement, Fatal, HTML)
	}
}

// Process an item, "fatal": return the error. The decoder stops at the
// first error with a *DecodeError giving the stream offset of the erroneous
// sequence and its bytes; errors.As works whatever the codec.
func TestFatalDecodeErrors(t *testing.T) {
	for _, tc := range []struct {
		label   string
		in      string
		out     string
		offset  int64
		bad     []byte
		encName string
	}{
		// UTF-8 decoder step 3, "Otherwise": 0xFF is an error.
		{"utf-8", "ab\xFFcd", "ab", 2, []byte{0xFF}, "UTF-8"},
		// Step 4: the byte out of bounds is restored, not part of the error.
		{"utf-8", "abc\xE2\x82(", "abc", 3, []byte{0xE2, 0x82}, "UTF-8"},
		// Step 1: end-of-queue with bytes needed.
		{"utf-8", "ab\xF0\x9F\x98", "ab", 2, []byte{0xF0, 0x9F, 0x98}, "UTF-8"},
		// Single-byte decoder step 4: windows-1253 has no code point for 0xAA.
		{"windows-1253", "x\xC1\xAA", "xΑ", 2, []byte{0xAA}, "windows-1253"},
		// EUC-KR decoder: lead 0xB0 then 0x20 (restored ASCII byte).
		{"euc-kr", "\xB0\xA1\xB0 ", "가", 2, []byte{0xB0}, "EUC-KR"},
		// Big5 decoder step 7: 0x80 is neither ASCII nor a lead byte.
		{"big5", "a\x80", "a", 1, []byte{0x80}, "Big5"},
		// Replacement decoder: the first byte is an error.
		{"iso-2022-kr", "abc", "", 0, []byte{'a'}, "replacement"},
	} {
		e := tryLookup(t, tc.label)
		if e == nil {
			continue
		}
		for _, chunk := range []int{0, 1, 2} {
			var chunks []int
			if chunk > 0 {
				chunks = []int{chunk}
			}
			res := codectest.Run(NewDecoder(e, Fatal).Transformer, []byte(tc.in), chunks, 64)
			var de *DecodeError
			if string(res.Out) != tc.out || !errors.As(res.Err, &de) {
				t.Errorf("%s % X chunks %v: %v; want out %q and a *DecodeError", tc.label, tc.in, chunks, res, tc.out)
				continue
			}
			if de.Offset != tc.offset || !bytes.Equal(de.Bytes, tc.bad) || de.Encoding != tc.encName || !errors.Is(res.Err, ErrDecode) {
				t.Errorf("%s % X chunks %v: error %+v; want offset %d bytes % X", tc.label, tc.in, chunks, de, tc.offset, tc.bad)
			}
		}
		// The same input in Replacement mode goes on with U+FFFD.
		out, err := NewDecoder(e, Replacement).String(tc.in)
		if err != nil || !strings.HasPrefix(out, tc.out+"\uFFFD") {
			t.Errorf("%s replacement: %q, %v", tc.label, out, err)
		}
	}
}

// Process an item, "html": push "&#", the code point in shortest decimal
// and ";". Checked at every split and with dst of 1 to 4 bytes.
func TestHTMLMode(t *testing.T) {
	for _, tc := range []struct {
		label, in, want string
	}{
		{"windows-1252", "a\u0101b€\U0001F600", "a&#257;b\x80&#128512;"},
		{"windows-1252", "\u0100\u0101", "&#256;&#257;"},
		// Invalid UTF-8 counts as U+FFFD, which windows-1252 lacks.
		{"windows-1252", "x\xC3(\xE2\x82", "x&#65533;(&#65533;"},
		{"utf-8", "a\u0101\U0001F600", "a\u0101\U0001F600"},
		{"x-user-defined", "a\uF780\u0080", "a\x80&#128;"},
		{"euc-kr", "가\u05D0", "\xB0\xA1&#1488;"},
		// ISO-2022-JP encoder step 3: U+000E, U+000F and U+001B are
		// errors reporting U+FFFD.
		{"iso-2022-jp", "a\x1Bb", "a&#65533;b"},
		// Step 8: a code point without pointer in jis0208 state switches
		// back to ASCII before the error.
		{"iso-2022-jp", "日é", "\x1B$BF|\x1B(B&#233;"},
	} {
		e := tryLookup(t, tc.label)
		if e == nil {
			continue
		}
		got := codectest.CheckStreaming(t, func() transform.Transformer { return NewEncoder(e, HTML).Transformer }, []byte(tc.in))
		if string(got.Out) != tc.want || got.Err != nil {
			t.Errorf("%s %+q: %v; want %q", tc.label, tc.in, got, tc.want)
		}
		// The encode hook is the same thing.
		if got := Encode(e, []byte(tc.in)); string(got) != tc.want {
			t.Errorf("Encode(%+q, %s) = %q, want %q", tc.in, tc.label, got, tc.want)
		}
	}
}

// Fatal mode for encoders: stop before the code point with an *EncodeError.
func TestFatalEncodeErrors(t *testing.T) {
	res := codectest.CheckStreaming(t, func() transform.Transformer { return NewEncoder(singlebyte.Windows1252, Fatal).Transformer }, []byte("ab\u0101c"))
	var ee *EncodeError
	if string(res.Out) != "ab" || !errors.As(res.Err, &ee) || !errors.Is(res.Err, ErrEncode) {
		t.Fatalf("got %v", res)
	}
	if ee.Rune != 0x101 || ee.Offset != 2 || ee.Size != 2 || ee.Encoding != "windows-1252" {
		t.Errorf("error %+v, want U+0101 at offset 2, size 2", ee)
	}
}

// x/text interoperability: our encoders' errors work with x/text's error
// handlers, our transformers with transform's readers and writers, and
// encoding.Decoder's helpers.
func TestXTextInterop(t *testing.T) {
	w1252 := singlebyte.Windows1252
	in := "naïve ā €uro"
	want := "na\xEFve &#257; \x80uro"
	got, err := encoding.HTMLEscapeUnsupported(NewEncoder(w1252, Fatal)).String(in)
	if got != want || err != nil {
		t.Errorf("HTMLEscapeUnsupported: %q, %v; want %q", got, err, want)
	}
	got, err = encoding.HTMLEscapeUnsupported(w1252.NewEncoder()).String(in)
	if got != want || err != nil {
		t.Errorf("HTMLEscapeUnsupported on the codec's NewEncoder: %q, %v", got, err)
	}
	got, err = encoding.ReplaceUnsupported(NewEncoder(w1252, Fatal)).String(in)
	if got != "na\xEFve \x1A \x80uro" || err != nil {
		t.Errorf("ReplaceUnsupported: %q, %v", got, err)
	}
	if got, err := NewEncoder(w1252, HTML).String(in); got != want || err != nil {
		t.Errorf("HTML mode String: %q, %v", got, err)
	}
	if got, _, err := transform.Bytes(NewEncoder(w1252, HTML), []byte(in)); string(got) != want || err != nil {
		t.Errorf("transform.Bytes: %q, %v", got, err)
	}

	// transform.NewWriter with an HTML-mode encoder, written byte by byte.
	var buf bytes.Buffer
	w := transform.NewWriter(&buf, NewEncoder(w1252, HTML))
	for i := 0; i < len(in); i++ {
		if _, err := w.Write([]byte{in[i]}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil || buf.String() != want {
		t.Errorf("transform.Writer: %q, %v", buf.String(), err)
	}
	// transform.NewReader with a Fatal decoder stops with the error.
	r := transform.NewReader(strings.NewReader("ok\xC3\xA9\xFF!"), NewDecoder(utf8.UTF8, Fatal))
	out, err := io.ReadAll(r)
	var de *DecodeError
	if string(out) != "oké" || !errors.As(err, &de) || de.Offset != 4 {
		t.Errorf("transform.Reader: %q, %v", out, err)
	}

	d := NewDecoder(w1252, Replacement)
	if b, err := d.Bytes([]byte("caf\xE9")); string(b) != "café" || err != nil {
		t.Errorf("Decoder.Bytes: %q, %v", b, err)
	}
	if s, err := d.String("\x80"); s != "€" || err != nil {
		t.Errorf("Decoder.String: %q, %v", s, err)
	}
	if b, err := io.ReadAll(d.Reader(strings.NewReader("\x93hi\x94"))); string(b) != "“hi”" || err != nil {
		t.Errorf("Decoder.Reader: %q, %v", b, err)
	}
	// Decoder.String in Fatal mode returns the error.
	if _, err := NewDecoder(lookup(t, "windows-1253"), Fatal).String("\xAA"); !errors.Is(err, ErrDecode) {
		t.Errorf("fatal Decoder.String: %v", err)
	}
}
