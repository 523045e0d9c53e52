package singlebyte

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/codectest"
	wutf8 "github.com/webenc/webenc/whatwg/utf8"
)

// all lists every encoding of the package with the index it comes from.
var all = []struct {
	e     encoding.Encoding
	index string // "" for x-user-defined, which has a rule instead
}{
	{IBM866, "ibm866"}, {ISO8859_2, "iso-8859-2"}, {ISO8859_3, "iso-8859-3"},
	{ISO8859_4, "iso-8859-4"}, {ISO8859_5, "iso-8859-5"}, {ISO8859_6, "iso-8859-6"},
	{ISO8859_7, "iso-8859-7"}, {ISO8859_8, "iso-8859-8"}, {ISO8859_8I, "iso-8859-8"},
	{ISO8859_10, "iso-8859-10"}, {ISO8859_13, "iso-8859-13"}, {ISO8859_14, "iso-8859-14"},
	{ISO8859_15, "iso-8859-15"}, {ISO8859_16, "iso-8859-16"}, {KOI8R, "koi8-r"},
	{KOI8U, "koi8-u"}, {Macintosh, "macintosh"}, {Windows874, "windows-874"},
	{Windows1250, "windows-1250"}, {Windows1251, "windows-1251"}, {Windows1252, "windows-1252"},
	{Windows1253, "windows-1253"}, {Windows1254, "windows-1254"}, {Windows1255, "windows-1255"},
	{Windows1256, "windows-1256"}, {Windows1257, "windows-1257"}, {Windows1258, "windows-1258"},
	{XMacCyrillic, "x-mac-cyrillic"}, {XUserDefined, ""},
}

func name(e encoding.Encoding) string { return e.(*codec.Encoding).Name }

func newDec(e encoding.Encoding, fatal bool) transform.Transformer {
	t, _ := e.(*codec.Encoding).Decoder(map[bool]codec.Mode{false: codec.Replacement, true: codec.Fatal}[fatal])
	return t
}

// expected returns the code point the Standard gives each byte 0x80–0xFF:
// from the index file (single-byte decoder steps 3–4), or x-user-defined's
// rule (x-user-defined decoder step 3). -1 marks an error.
func expected(t *testing.T, index string) [128]rune {
	t.Helper()
	var want [128]rune
	if index == "" {
		for i := range want {
			want[i] = 0xF780 + rune(i)
		}
		return want
	}
	dir := specdata.WHATWG(t)
	ix, err := specdata.ReadIndex(dir, index)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		want[i] = -1
	}
	for _, e := range ix.Entries {
		want[e.Pointer] = e.CodePoint
	}
	return want
}

// TestDecodeEveryByte decodes every byte 0x00–0xFF of every encoding alone
// and checks it against the index: ASCII bytes are themselves (step 2),
// others the index's code point or U+FFFD (steps 3–4).
func TestDecodeEveryByte(t *testing.T) {
	for _, c := range all {
		want := expected(t, c.index)
		for b := 0; b < 256; b++ {
			got := codectest.OneShot(newDec(c.e, false), []byte{byte(b)})
			var w string
			switch {
			case b < 0x80:
				w = string(rune(b))
			case want[b-0x80] < 0:
				w = "\uFFFD"
			default:
				w = string(want[b-0x80])
			}
			if got.Err != nil || string(got.Out) != w {
				t.Errorf("%s: byte %#02x: got %v, want %q", name(c.e), b, got, w)
			}
			fatal := codectest.OneShot(newDec(c.e, true), []byte{byte(b)})
			if b >= 0x80 && want[b-0x80] < 0 {
				var de *codec.DecodeError
				if !errors.As(fatal.Err, &de) || de.Offset != 0 || !bytes.Equal(de.Bytes, []byte{byte(b)}) || de.Encoding != name(c.e) {
					t.Errorf("%s fatal: byte %#02x: got %v, want a DecodeError at 0", name(c.e), b, fatal)
				}
			} else if fatal.Err != nil || string(fatal.Out) != w {
				t.Errorf("%s fatal: byte %#02x: got %v, want %q", name(c.e), b, fatal, w)
			}
		}
	}
}

// TestEncodeEveryPointer encodes every code point of every index back to its
// byte (single-byte encoder step 3: the index pointer, i.e. the first
// pointer) and checks that every other BMP code point is an error carrying
// that code point (step 4).
func TestEncodeEveryPointer(t *testing.T) {
	for _, c := range all {
		want := expected(t, c.index)
		byteOf := map[rune]byte{}
		for i := len(want) - 1; i >= 0; i-- { // the lowest pointer wins
			if want[i] >= 0 {
				byteOf[want[i]] = byte(0x80 + i)
			}
		}
		enc := c.e.NewEncoder()
		for r := rune(0); r <= 0x10FFFF; r++ {
			if r >= 0xD800 && r <= 0xDFFF {
				continue
			}
			if r > 0x2FFF && r < 0xF000 && byteOf[r] == 0 && r%97 != 0 {
				continue // a sample of the wide unmapped middle keeps this fast
			}
			if r > 0xFFFF && r%1009 != 0 {
				continue
			}
			got, err := enc.String(string(r))
			switch {
			case r < 0x80:
				if err != nil || got != string(rune(r)) {
					t.Fatalf("%s: U+%04X: got %q, %v", name(c.e), r, got, err)
				}
			case byteOf[r] != 0:
				if err != nil || got != string([]byte{byteOf[r]}) {
					t.Fatalf("%s: U+%04X: got %q, %v, want %#02x", name(c.e), r, got, err, byteOf[r])
				}
			default:
				var ee *codec.EncodeError
				if !errors.As(err, &ee) || ee.Rune != r || ee.Offset != 0 || ee.Size != utf8.RuneLen(r) {
					t.Fatalf("%s: U+%04X: got %q, %v, want an EncodeError", name(c.e), r, got, err)
				}
			}
		}
	}
}

// TestDecodeKnownValues pins a few bytes by hand from the index files, so
// that the tests fail even without the Standard's data (third_party/whatwg).
func TestDecodeKnownValues(t *testing.T) {
	for _, c := range []struct {
		e    encoding.Encoding
		in   string
		want string
	}{
		{Windows1252, "\x80\x81\x9f\xe9", "\u20AC\u0081\u0178\u00E9"},
		{ISO8859_2, "\xa1\xb1", "\u0104\u0105"},
		{KOI8R, "\xc1\xe1", "\u0430\u0410"},
		{Windows874, "\xdb\xa1", "\uFFFD\u0E01"}, // 0xDB is not in index windows-874
		{ISO8859_8I, "\xe0\xa1", "\u05D0\uFFFD"},
		{XUserDefined, "a\x80\xff", "a\uF780\uF7FF"},
		{Macintosh, "\xf0", "\uF8FF"},
	} {
		got := codectest.OneShot(c.e.NewDecoder(), []byte(c.in))
		if got.Err != nil || string(got.Out) != c.want {
			t.Errorf("%s %q: got %v, want %q", name(c.e), c.in, got, c.want)
		}
	}
}

// TestStreaming checks every split point and dst sizes 1–4 in both modes.
func TestStreaming(t *testing.T) {
	in := []byte("caf\xe9 \x80\x81 <p>\xdb\xff\xa0!</p>" + strings.Repeat("abcdefgh", 3) + "\xe9\xe9")
	text := []byte("abc é € \uFFFD x\xffy \U0001F600 end")
	type results struct{ repl, fatal, enc, html codectest.Result }
	got := make([]results, len(all))
	for i, c := range all {
		got[i].repl = codectest.CheckStreaming(t, func() transform.Transformer { return newDec(c.e, false) }, in)
		got[i].fatal = codectest.CheckStreaming(t, func() transform.Transformer { return newDec(c.e, true) }, in)
		got[i].enc = codectest.CheckStreaming(t, func() transform.Transformer { return c.e.NewEncoder().Transformer }, text)
		// A new html-mode encoder for every run: each must start afresh.
		got[i].html = codectest.CheckStreaming(t, func() transform.Transformer {
			html, _ := c.e.(*codec.Encoding).Encoder(codec.HTML)
			return html
		}, text)
	}
	// The streamed results are the Standard's, computed from the index.
	for i, c := range all {
		want := expected(t, c.index)
		repl, fatal := refSingleByteDecode(name(c.e), want, in)
		enc, html := refSingleByteEncode(name(c.e), want, text)
		for _, r := range []struct {
			what      string
			got, want codectest.Result
		}{{"decode", got[i].repl, repl}, {"fatal decode", got[i].fatal, fatal}, {"encode", got[i].enc, enc}, {"html encode", got[i].html, html}} {
			if !r.got.Equal(r.want) {
				t.Errorf("%s %s: got %v, want %v", name(c.e), r.what, r.got, r.want)
			}
		}
	}
}

// refSingleByteDecode is the single-byte decoder (steps 1–5) over in, on
// codectest's reference model, with want the code point of each byte
// 0x80–0xFF (-1: error): the replacement-mode result and the fatal-mode
// one.
func refSingleByteDecode(enc string, want [128]rune, in []byte) (repl, fatal codectest.Result) {
	d := codectest.Decode(enc, func(_ *codectest.Queue, b int) codectest.Step {
		switch {
		case b == codectest.EOQ: // 1.
			return codectest.Done
		case b < 0x80: // 2.
			return codectest.Emit(rune(b))
		case want[b-0x80] >= 0: // 3.
			return codectest.Emit(want[b-0x80])
		}
		return codectest.Fail // 4.
	}, in)
	return codectest.Result{Out: d.Repl}, d.Fatal
}

// refSingleByteEncode is the single-byte encoder (steps 1–5: ASCII, else
// the first pointer of the code point, else error) over text, on
// codectest's reference model: the fatal-mode result and the html-mode
// output.
func refSingleByteEncode(enc string, want [128]rune, text []byte) (fatal, html codectest.Result) {
	e := codectest.Encode(enc, func(cp rune) codectest.EncStep {
		p := slices.Index(want[:], cp)
		switch {
		case cp == codectest.EOQ: // 1.
			return codectest.EncStep{}
		case cp < 0x80: // 2.
			return codectest.EncBytes(byte(cp))
		case p >= 0: // 3.–4.
			return codectest.EncBytes(byte(0x80 + p))
		}
		return codectest.EncFail(cp) // 5.
	}, text)
	return e.Fatal, codectest.Result{Out: e.HTML}
}

// TestRandomMixes decodes random mixes of ASCII runs and high bytes (one
// or several per 8-byte word, mapped or not, at every alignment) and
// checks them byte for byte against the index, and that fatal mode resumed
// after each error agrees with replacement mode.
func TestRandomMixes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range all {
		want := expected(t, c.index)
		for n := 0; n < 300; n++ {
			in := make([]byte, rng.IntN(120))
			for i := range in {
				switch p := rng.IntN(10); {
				case p < 6:
					in[i] = byte(0x20 + rng.IntN(0x5F))
				case p < 9:
					in[i] = byte(0x80 + rng.IntN(0x80))
				default:
					in[i] = byte(rng.IntN(0x20))
				}
			}
			var exp strings.Builder
			for _, b := range in {
				switch {
				case b < 0x80:
					exp.WriteByte(b)
				case want[b-0x80] < 0:
					exp.WriteString("\uFFFD")
				default:
					exp.WriteRune(want[b-0x80])
				}
			}
			got := codectest.OneShot(newDec(c.e, false), in)
			if got.Err != nil || string(got.Out) != exp.String() {
				t.Fatalf("%s %q: got %v, want %q", name(c.e), in, got, exp.String())
			}
			codectest.CheckFatalResume(t, newDec(c.e, true), newDec(c.e, false), in)
			if n%10 == 0 {
				codectest.CheckStreaming(t, func() transform.Transformer { return newDec(c.e, true) }, in)
			}
		}
	}
}

// TestEncodeRandomMixes encodes long random mixes — ASCII runs, code
// points the index maps (two- and three-byte UTF-8), unmapped ones, astral
// ones and invalid UTF-8 (overlongs, surrogates, stray and truncated bytes)
// — in html mode, at every window alignment, and checks them against the
// index: the input read as scalar values by the Standard's UTF-8 decoder
// (package whatwg/utf8, tested on its own), then each code point is its
// byte (steps 2–3) or an "&#N;" escape (step 5 in html mode).
func TestEncodeRandomMixes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	bad := []string{"\xe0\x80\xaf", "\xe0\x83\xa9", "\xe0\x90\x96", "\xc0\xa9", "\xed\xa0\x80", "\x80", "\xff", "\xe2\x82", "\xc3", "\xf0\x9f\x98"}
	for _, c := range all {
		want := expected(t, c.index)
		byteOf := map[rune]byte{}
		var mapped []rune
		for i := len(want) - 1; i >= 0; i-- {
			if want[i] >= 0 {
				if _, dup := byteOf[want[i]]; !dup {
					mapped = append(mapped, want[i])
				}
				byteOf[want[i]] = byte(0x80 + i)
			}
		}
		html, _ := c.e.(*codec.Encoding).Encoder(codec.HTML)
		for n := 0; n < 200; n++ {
			var in strings.Builder
			for in.Len() < rng.IntN(200) {
				switch p := rng.IntN(20); {
				case p < 8:
					in.WriteString("abcdefgh ijk"[:1+rng.IntN(12)])
				case p < 16 && len(mapped) > 0:
					in.WriteRune(mapped[rng.IntN(len(mapped))])
				case p < 17:
					in.WriteRune([]rune{0x0100, 0x4E00, 0x20AC, 0x0E01, 0x0416, 0x1F600, 0xFFFD}[rng.IntN(7)])
				default:
					in.WriteString(bad[rng.IntN(len(bad))])
				}
			}
			src := in.String()
			scalars, err := wutf8.UTF8.NewDecoder().String(src)
			if err != nil {
				t.Fatal(err)
			}
			var exp strings.Builder
			for _, r := range scalars {
				switch b, ok := byteOf[r]; {
				case r < 0x80:
					exp.WriteByte(byte(r))
				case ok:
					exp.WriteByte(b)
				default:
					fmt.Fprintf(&exp, "&#%d;", r)
				}
			}
			got := codectest.OneShot(html, []byte(src))
			if got.Err != nil || string(got.Out) != exp.String() {
				t.Fatalf("%s %q:\n got %v\nwant %q", name(c.e), src, got, exp.String())
			}
			if n%20 == 0 {
				codectest.CheckStreaming(t, func() transform.Transformer { return html }, []byte(src))
			}
		}
	}
}

// TestFatalResume checks that a fatal decoder resumed after each error
// gives the replacement-mode output (the codec.DecodeErrors contract).
func TestFatalResume(t *testing.T) {
	in := []byte("caf\xe9 \x80\x81 <p>\xdb\xff\xa0!</p>" + strings.Repeat("abcdefgh\x8d", 5) + "\xe9\xe9")
	for _, c := range all {
		codectest.CheckFatalResume(t, newDec(c.e, true), newDec(c.e, false), in)
	}
	// index windows-874 leaves out 0xDB–0xDE and 0xFC–0xFF.
	if n := codectest.CheckFatalResume(t, newDec(Windows874, true), newDec(Windows874, false), in); n != 2 {
		t.Errorf("windows-874: %d errors, want 2 (0xDB and 0xFF)", n)
	}
}

// TestEncodeFatalOffset checks the error's offset after earlier calls and
// that invalid UTF-8 counts as U+FFFD covering its maximal subpart.
func TestEncodeFatalOffset(t *testing.T) {
	enc := Windows1252.NewEncoder()
	_, err := enc.Bytes([]byte("abcé\xe2\x82x"))
	var ee *codec.EncodeError
	if !errors.As(err, &ee) || ee.Rune != 0xFFFD || ee.Offset != 5 || ee.Size != 2 {
		t.Fatalf("got %v, want U+FFFD at offset 5 covering 2 bytes", err)
	}
	html, _ := Windows1252.(*codec.Encoding).Encoder(codec.HTML)
	got := codectest.OneShot(html, []byte("abcé\xe2\x82x\u0100"))
	if want := "abc\xe9&#65533;x&#256;"; got.Err != nil || string(got.Out) != want {
		t.Fatalf("html: got %v, want %q", got, want)
	}
}

// TestXTextInterop uses the encodings through x/text's helpers.
func TestXTextInterop(t *testing.T) {
	s, err := Windows1252.NewDecoder().String("na\xefve")
	if err != nil || s != "naïve" {
		t.Errorf("Decoder.String: %q, %v", s, err)
	}
	r := transform.NewReader(strings.NewReader("\x93quoted\x94"), Windows1251.NewDecoder())
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(r); err != nil || buf.String() != "\u201Cquoted\u201D" {
		t.Errorf("NewReader: %q, %v", buf.String(), err)
	}
	buf.Reset()
	w := transform.NewWriter(&buf, encoding.HTMLEscapeUnsupported(Windows1252.NewEncoder()))
	if _, err := w.Write([]byte("€ and \u0100")); err != nil || w.Close() != nil || buf.String() != "\x80 and &#256;" {
		t.Errorf("NewWriter+HTMLEscapeUnsupported: %q, %v", buf.String(), err)
	}
	out, err := encoding.ReplaceUnsupported(ISO8859_5.NewEncoder()).String("Ж\u4E00")
	if err != nil || out != "\xb6\x1a" {
		t.Errorf("ReplaceUnsupported: %q, %v", out, err)
	}
}

// FuzzDecode: no panic, valid UTF-8 out, random split == one-shot, and
// encode(decode(x)) == x for bytes the index maps (single-byte encodings
// round-trip every mapped byte, since each code point has one pointer —
// except ISO-8859-8-I's shared index, which round-trips too).
func FuzzDecode(f *testing.F) {
	f.Add([]byte("caf\xe9\x80\xff"), uint8(20), uint16(3))
	f.Fuzz(func(t *testing.T, in []byte, which uint8, split uint16) { fuzzDecodeBody(t, in, which, split) })
}

// fuzzDecodeBody is FuzzDecode's body (also run by BenchmarkFuzzBodies).
func fuzzDecodeBody(t testing.TB, in []byte, which uint8, split uint16) {
	e := all[int(which)%len(all)].e
	one := codectest.OneShot(newDec(e, false), in)
	if one.Err != nil || !utf8.Valid(one.Out) {
		t.Fatalf("%s: %v", name(e), one)
	}
	cut := int(split) % (len(in) + 1)
	if got := codectest.Run(newDec(e, false), in, []int{max(cut, 1)}, 3); !got.Equal(one) {
		t.Fatalf("%s: chunks of %d: %v, one-shot %v", name(e), cut, got, one)
	}
	if !bytes.Contains(one.Out, []byte("\uFFFD")) {
		back, err := e.NewEncoder().Bytes(one.Out)
		if err != nil || !bytes.Equal(back, in) {
			t.Fatalf("%s: round trip %q → %q → %q, %v", name(e), in, one.Out, back, err)
		}
	}
}

// FuzzEncode: no panic; html mode always succeeds, streams like one-shot,
// and round-trips: for input without '&', decoding the output and turning
// every "&#N;" back into code point N gives the input's scalar values (the
// input read by the Standard's UTF-8 decoder).
func FuzzEncode(f *testing.F) {
	f.Add("café € \U0001F600 \xe0\x83\xa9 Ж", uint8(20))
	f.Fuzz(func(t *testing.T, in string, which uint8) { fuzzEncodeBody(t, in, which) })
}

// unescapeDecimal replaces each "&#N;" (N one or more ASCII digits; the
// leftmost match first, as regexp `&#([0-9]+);` finds them) with the code
// point N (strconv.Atoi's value: 0 for none, clamped when out of range).
func unescapeDecimal(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for {
		i := strings.Index(s, "&#")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		j := i + 2
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i+2 || j == len(s) || s[j] != ';' {
			b.WriteByte('&') // no escape here: go on after the '&'
			s = s[i+1:]
			continue
		}
		n, _ := strconv.Atoi(s[i+2 : j])
		b.WriteString(string(rune(n)))
		s = s[j+1:]
	}
}

// TestUnescapeDecimal checks unescapeDecimal against the regular
// expression it replaces.
func TestUnescapeDecimal(t *testing.T) {
	escape := regexp.MustCompile(`&#([0-9]+);`)
	want := func(s string) string {
		return escape.ReplaceAllStringFunc(s, func(m string) string {
			n, _ := strconv.Atoi(m[2 : len(m)-1])
			return string(rune(n))
		})
	}
	pieces := []string{"&", "#", ";", "1", "65", "99999999999999999999", "a", "é", "&#", "&#1;"}
	rng := rand.New(rand.NewPCG(9, 10))
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(8) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		if s := b.String(); unescapeDecimal(s) != want(s) {
			t.Fatalf("%q: got %q, want %q", s, unescapeDecimal(s), want(s))
		}
	}
}

// fuzzEncodeBody is FuzzEncode's body (also run by BenchmarkFuzzBodies).
func fuzzEncodeBody(t testing.TB, in string, which uint8) {
	e := all[int(which)%len(all)].e
	html, _ := e.(*codec.Encoding).Encoder(codec.HTML)
	out := codectest.OneShot(html, []byte(in))
	if out.Err != nil {
		t.Fatalf("%s html: %v", name(e), out)
	}
	if got := codectest.Run(html, []byte(in), []int{3}, 2); !got.Equal(out) {
		t.Fatalf("%s html streaming: %v vs %v", name(e), got, out)
	}
	if strings.Contains(in, "&") {
		return
	}
	back, err := e.NewDecoder().String(string(out.Out))
	if err != nil {
		t.Fatal(err)
	}
	back = unescapeDecimal(back)
	want, _ := wutf8.UTF8.NewDecoder().String(in)
	if back != want {
		t.Fatalf("%s: %q → %q → %q, want %q", name(e), in, out.Out, back, want)
	}
}
