package whatwg_test

import (
	"errors"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	xhtmlindex "golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"

	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/htmlindex"
	"github.com/webenc/webenc/whatwg/replacement"
	"github.com/webenc/webenc/whatwg/singlebyte"
	"github.com/webenc/webenc/whatwg/utf16"
	"github.com/webenc/webenc/whatwg/utf8"
)

// The rows of docs/differences.md's table from x/text's identifiers to
// webenc's: each asserts what x/text (v0.43.0) does and what webenc does,
// so a row that stops being true fails here. The webenc side is the
// Standard's (its index files and algorithms), as the codec packages'
// tests check against the index files.
func TestXTextSwitchTable(t *testing.T) {
	type conv struct {
		name string
		x, w encoding.Encoding
		// in is decoded by both (want x and w); or, with encode set,
		// encoded by both (ok false means an error).
		encode bool
		in     string
		x1, w1 string
		xok    bool
		wok    bool
	}
	for _, c := range []conv{
		// charmap.ISO8859_1 has no webenc counterpart: its label is
		// windows-1252's, which decodes 0x80-0x9F differently.
		{name: "ISO8859_1 byte 0x80", x: charmap.ISO8859_1, w: singlebyte.Windows1252, in: "\x80", x1: "\u0080", w1: "\u20AC"},
		{name: "Windows1252 byte 0x81", x: charmap.Windows1252, w: singlebyte.Windows1252, in: "\x81", x1: "\uFFFD", w1: "\u0081"},
		{name: "Windows1252 encode U+0081", x: charmap.Windows1252, w: singlebyte.Windows1252, encode: true, in: "\u0081", w1: "\x81", wok: true},
		{name: "ISO8859_2 byte 0x80", x: charmap.ISO8859_2, w: singlebyte.ISO8859_2, in: "\x80", x1: "\uFFFD", w1: "\u0080"},
		// An invalid trail byte that is ASCII is given back to the input.
		{name: "ShiftJIS bad trail", x: japanese.ShiftJIS, w: cjk.ShiftJIS, in: "\x82\x40", x1: "\uFFFD", w1: "\uFFFD@"},
		{name: "ShiftJIS encode U+00A5", x: japanese.ShiftJIS, w: cjk.ShiftJIS, encode: true, in: "\u00A5", w1: "\\", wok: true},
		{name: "ShiftJIS encode U+203E", x: japanese.ShiftJIS, w: cjk.ShiftJIS, encode: true, in: "\u203E", w1: "~", wok: true},
		{name: "ShiftJIS encode U+2170", x: japanese.ShiftJIS, w: cjk.ShiftJIS, encode: true, in: "\u2170", x1: "\xEE\xEF", xok: true, w1: "\xFA\x40", wok: true},
		{name: "EUCJP bad katakana", x: japanese.EUCJP, w: cjk.EUCJP, in: "\x8E\x80", x1: "\uFFFD\uFFFD", w1: "\uFFFD"},
		// The Standard's EUC-JP encoder has no JIS X 0212.
		{name: "EUCJP encode U+00A1", x: japanese.EUCJP, w: cjk.EUCJP, encode: true, in: "\u00A1", x1: "\x8F\xA2\xC2", xok: true},
		{name: "ISO2022JP byte 0x0E", x: japanese.ISO2022JP, w: cjk.ISO2022JP, in: "\x0E", x1: "\x0E", w1: "\uFFFD"},
		{name: "ISO2022JP encode U+000E", x: japanese.ISO2022JP, w: cjk.ISO2022JP, encode: true, in: "\x0E", x1: "\x0E", xok: true},
		{name: "GB18030 four-byte lead cut", x: simplifiedchinese.GB18030, w: cjk.GB18030, in: "\x81\x30", x1: "\uFFFD0", w1: "\uFFFD"},
		// GB18030-2022 moved U+1E3F to two bytes.
		{name: "GB18030 encode U+1E3F", x: simplifiedchinese.GB18030, w: cjk.GB18030, encode: true, in: "\u1E3F", x1: "\x81\x35\xF4\x37", xok: true, w1: "\xA8\xBC", wok: true},
		{name: "GBK encode U+1E3F", x: simplifiedchinese.GBK, w: cjk.GBK, encode: true, in: "\u1E3F", w1: "\xA8\xBC", wok: true},
		{name: "Big5 bad trail", x: traditionalchinese.Big5, w: cjk.Big5, in: "\x81\x40", x1: "\uFFFD", w1: "\uFFFD@"},
		// The Standard's Big5 encoder leaves out the HKSCS pointers below
		// (0xA1-0x81)*157.
		{name: "Big5 encode U+00C0", x: traditionalchinese.Big5, w: cjk.Big5, encode: true, in: "\u00C0", x1: "\x88\x59", xok: true},
		// A byte order mark: x/text's UTF-16 with UseBOM drops it, webenc's
		// codecs keep it (whatwg.Decode and TextDecoder drop it).
		{name: "UTF16 BOM", x: unicode.UTF16(unicode.BigEndian, unicode.UseBOM), w: utf16.BE, in: "\xFE\xFF\x00a", x1: "a", w1: "\uFEFFa"},
		// Invalid UTF-8 given to a UTF-8 encoder: U+FFFD per byte against
		// one per maximal subpart.
		{name: "UTF8 encode E1 80", x: unicode.UTF8, w: utf8.UTF8, encode: true, in: "\xE1\x80", x1: "\uFFFD\uFFFD", xok: true, w1: "\uFFFD", wok: true},
	} {
		if c.encode {
			x, xerr := c.x.NewEncoder().String(c.in)
			w, werr := c.w.NewEncoder().String(c.in)
			if (xerr == nil) != c.xok || (c.xok && x != c.x1) {
				t.Errorf("%s: x/text gives %+q, %v; the table says %+q, ok %v", c.name, x, xerr, c.x1, c.xok)
			}
			if (werr == nil) != c.wok || (c.wok && w != c.w1) {
				t.Errorf("%s: webenc gives %+q, %v; the table says %+q, ok %v", c.name, w, werr, c.w1, c.wok)
			}
			continue
		}
		x, _ := c.x.NewDecoder().String(c.in)
		w, _ := c.w.NewDecoder().String(c.in)
		if x != c.x1 || w != c.w1 {
			t.Errorf("%s: x/text %+q, webenc %+q; the table says %+q, %+q", c.name, x, w, c.x1, c.w1)
		}
	}
	if w, _ := whatwg.Decode(utf16.BE, []byte("\xFE\xFF\x00a")); string(w) != "a" {
		t.Errorf("whatwg.Decode kept the BOM: %+q", w)
	}
}

// Every byte survives webenc's windows-1252 and x-user-defined: decoding
// and encoding back gives it again (the table's advice for programs that
// used charmap.ISO8859_1 to carry bytes).
func TestWindows1252AndXUserDefinedRoundTripEveryByte(t *testing.T) {
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	for _, e := range []encoding.Encoding{singlebyte.Windows1252, singlebyte.XUserDefined} {
		text, err := whatwg.NewDecoder(e, whatwg.Fatal).Bytes(all)
		if err != nil {
			t.Fatalf("%v: decoding every byte: %v", e, err)
		}
		back, err := e.NewEncoder().Bytes(text)
		if err != nil || string(back) != string(all) {
			t.Errorf("%v: bytes do not round-trip: %v", e, err)
		}
	}
	if got, _ := singlebyte.XUserDefined.NewDecoder().String("\x80\xFF"); got != "\uF780\uF7FF" {
		t.Errorf("x-user-defined 80 FF = %+q, want U+F780 U+F7FF", got)
	}
}

// Where the table says "none": x/text and webenc agree on every one- and
// two-byte input of EUC-KR, UTF-8 and UTF-16 (x/text's IgnoreBOM), and
// EUC-KR's encoders on every BMP scalar value.
func TestXTextAgrees(t *testing.T) {
	for _, c := range []struct{ x, w encoding.Encoding }{
		{korean.EUCKR, cjk.EUCKR},
		{unicode.UTF8, utf8.UTF8},
		{unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), utf16.BE},
		{unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), utf16.LE},
	} {
		for b := 0; b < 1<<16+1<<8; b++ {
			in := string([]byte{byte(b >> 8), byte(b)})
			if b >= 1<<16 {
				in = string([]byte{byte(b)})
			}
			x, _ := c.x.NewDecoder().String(in)
			w, _ := c.w.NewDecoder().String(in)
			if x != w {
				t.Fatalf("%v: % X: x/text %+q, webenc %+q", c.w, in, x, w)
			}
		}
	}
	xe, we := korean.EUCKR.NewEncoder(), cjk.EUCKR.NewEncoder()
	for r := rune(0); r < 0x10000; r++ {
		if r >= 0xD800 && r < 0xE000 {
			continue
		}
		x, xerr := xe.String(string(r))
		w, werr := we.String(string(r))
		if x != w || (xerr == nil) != (werr == nil) {
			t.Fatalf("U+%04X: x/text %+q, %v; webenc %+q, %v", r, x, xerr, w, werr)
		}
	}
}

// charmap.ISO8859_1 and the Standard's windows-1252 (its labels' encoding)
// decode 27 of the bytes 0x80-0x9F differently, and no other byte.
func TestXTextISO8859_1Differs(t *testing.T) {
	var differ []byte
	for b := 0; b < 256; b++ {
		x, _ := charmap.ISO8859_1.NewDecoder().String(string([]byte{byte(b)}))
		w, _ := singlebyte.Windows1252.NewDecoder().String(string([]byte{byte(b)}))
		if x != w {
			differ = append(differ, byte(b))
		}
	}
	if len(differ) != 27 || differ[0] < 0x80 || differ[len(differ)-1] > 0x9F {
		t.Errorf("bytes that differ: % X; the table says 27 in 80-9F", differ)
	}
}

// x/text's htmlindex has the Standard's label table: every label gives the
// encoding of the same name in both; labels used in mail but not in the
// Standard (utf-7, cp932) are unknown to both.
func TestXTextHTMLIndexSameLabels(t *testing.T) {
	groups, err := specdata.ReadEncodings(specdata.WHATWG(t))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range groups {
		for _, enc := range g.Encodings {
			for _, label := range enc.Labels {
				xe, xerr := xhtmlindex.Get(label)
				we, werr := htmlindex.Get(label)
				if xerr != nil || werr != nil {
					t.Errorf("%q: x/text %v, webenc %v", label, xerr, werr)
					continue
				}
				xn, _ := xhtmlindex.Name(xe)
				wn, _ := htmlindex.Name(we)
				if xn != wn || wn != strings.ToLower(enc.Name) {
					t.Errorf("%q: x/text %q, webenc %q, the Standard %q", label, xn, wn, enc.Name)
				}
				n++
			}
		}
	}
	if n < 200 {
		t.Errorf("only %d labels in encodings.json", n)
	}
	for _, label := range []string{"utf-7", "cp932"} {
		_, xerr := xhtmlindex.Get(label)
		_, werr := htmlindex.Get(label)
		if xerr == nil || !errors.Is(werr, htmlindex.ErrUnknownLabel) {
			t.Errorf("%q: x/text %v, webenc %v; want both unknown", label, xerr, werr)
		}
	}
}

// docs/differences.md's mail labels: utf-7 and cp932 are unknown,
// windows-31j is Shift_JIS, and the replacement labels decode any
// non-empty input to one U+FFFD.
func TestMailLabels(t *testing.T) {
	for _, label := range []string{"utf-7", "cp932"} {
		if _, err := htmlindex.Get(label); !errors.Is(err, htmlindex.ErrUnknownLabel) {
			t.Errorf("%q: %v, want ErrUnknownLabel", label, err)
		}
	}
	for _, label := range []string{"windows-31j", "sjis", "ms_kanji"} {
		if e, err := htmlindex.Get(label); e != cjk.ShiftJIS {
			t.Errorf("%q: %v, %v; want Shift_JIS", label, e, err)
		}
	}
	for _, label := range []string{"iso-2022-kr", "iso-2022-cn", "iso-2022-cn-ext", "hz-gb-2312", "csiso2022kr"} {
		e, err := htmlindex.Get(label)
		if err != nil {
			t.Fatalf("%q: %v", label, err)
		}
		out, used := whatwg.Decode(e, []byte("\x1b$)C\x0e!!\x0f text ~{<:~}"))
		if string(out) != "\uFFFD" || used != e || e != replacement.Encoding {
			t.Errorf("%q: %v decodes to %+q, want one U+FFFD", label, e, out)
		}
	}
}
