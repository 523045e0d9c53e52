package charset

import (
	"fmt"
	"io"
	"strings"
	"testing"

	xcharset "golang.org/x/net/html/charset"
	"golang.org/x/text/encoding/charmap"
	xhtmlindex "golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
	xunicode "golang.org/x/text/encoding/unicode"

	"github.com/webenc/webenc/tables/labels"
	"github.com/webenc/webenc/whatwg/htmlindex"
)

// c1Same lists, for each single-byte encoding where the Standard's index
// maps bytes of 0x80–0x9F to the code point of the same value (U+0080–
// U+009F) and x/text has no mapping, those bytes, written by hand from the
// index files (index-NAME.txt: pointer p → U+0080+p for p < 0x20). The
// README's departures table lists them.
var c1Same = map[string]string{
	"ISO-8859-2": "80-9F", "ISO-8859-3": "80-9F", "ISO-8859-4": "80-9F", "ISO-8859-5": "80-9F",
	"ISO-8859-6": "80-9F", "ISO-8859-7": "80-9F", "ISO-8859-8": "80-9F", "ISO-8859-8-I": "80-9F",
	"ISO-8859-10": "80-9F", "ISO-8859-13": "80-9F", "ISO-8859-14": "80-9F", "ISO-8859-15": "80-9F",
	"ISO-8859-16":  "80-9F",
	"windows-874":  "81-84 86-90 98-9F",
	"windows-1250": "81 83 88 90 98",
	"windows-1251": "98",
	"windows-1252": "81 8D 8F 90 9D",
	"windows-1253": "81 88 8A 8C-90 98 9A 9C-9F",
	"windows-1254": "81 8D-90 9D 9E",
	"windows-1255": "81 8A 8C-90 9A 9C-9F",
	"windows-1257": "81 83 88 8A 8C 90 98 9A 9C 9F",
	"windows-1258": "81 8A 8D-90 9A 9D 9E",
	// IBM866, KOI8-R, KOI8-U, macintosh, windows-1256, x-mac-cyrillic:
	// every byte maps to another character, in both.
}

// byteRanges renders a sorted byte list as c1Same writes it.
func byteRanges(bs []byte) string {
	var parts []string
	for i := 0; i < len(bs); {
		j := i
		for j+1 < len(bs) && bs[j+1] == bs[j]+1 {
			j++
		}
		if j-i >= 2 {
			parts = append(parts, fmt.Sprintf("%02X-%02X", bs[i], bs[j]))
		} else {
			for k := i; k <= j; k++ {
				parts = append(parts, fmt.Sprintf("%02X", bs[k]))
			}
		}
		i = j + 1
	}
	return strings.Join(parts, " ")
}

// TestXTextDifferC1: over every byte of every single-byte encoding, the
// only differences from x/text (and so from x/net's NewReader) are bytes
// 0x80–0x9F that the Standard maps to U+0080–U+009F and x/text to U+FFFD.
func TestXTextDifferC1(t *testing.T) {
	for _, enc := range labels.Encodings() {
		if enc.Heading != "Legacy single-byte encodings" {
			continue
		}
		we, err := htmlindex.Get(enc.Name)
		if err != nil {
			t.Fatal(err)
		}
		xe, err := xhtmlindex.Get(enc.Name)
		if err != nil {
			t.Fatalf("x/text %s: %v", enc.Name, err)
		}
		var same []byte
		for b := 0x80; b <= 0xFF; b++ {
			in := string([]byte{byte(b)})
			w, _ := we.NewDecoder().String(in)
			x, _ := xe.NewDecoder().String(in)
			if w == x {
				continue
			}
			if w != string(rune(b)) || x != "\uFFFD" {
				t.Errorf("%s: byte %02X: webenc %+q, x/text %+q", enc.Name, b, w, x)
				continue
			}
			same = append(same, byte(b))
		}
		if got := byteRanges(same); got != c1Same[enc.Name] {
			t.Errorf("%s: bytes decoding to U+0080+ (x/text: U+FFFD): %q, want %q", enc.Name, got, c1Same[enc.Name])
		}
	}
	// x/text's charmap, used directly.
	if x, _ := charmap.Windows1252.NewDecoder().String("\x81"); x != "\uFFFD" {
		t.Errorf("x/text charmap.Windows1252: 81 → %+q", x)
	}
	// The README's example, through both packages' readers.
	page := "<meta charset=windows-1252>\x81\x80"
	for _, pkg := range []struct {
		name      string
		newReader func(io.Reader, string) (io.Reader, error)
		want      string
	}{
		{"x/net", xcharset.NewReader, "\uFFFD€"},
		{"whatwg/charset", NewReader, "\u0081€"},
	} {
		r, err := pkg.newReader(strings.NewReader(page), "")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(r)
		if got := strings.TrimPrefix(string(b), "<meta charset=windows-1252>"); got != pkg.want {
			t.Errorf("%s: %+q, want %+q", pkg.name, got, pkg.want)
		}
	}
}

// TestXTextDifferUTF8Encoder: a UTF-8 encoder given invalid UTF-8 writes
// U+FFFD per maximal subpart (the Standard's UTF-8 decoder), x/text's per
// byte of a truncated sequence.
func TestXTextDifferUTF8Encoder(t *testing.T) {
	xe, _ := xcharset.Lookup("utf8")
	we, _ := Lookup("utf8")
	// x/text's and webenc's UTF-8 encodings themselves.
	if x, _ := xunicode.UTF8.NewEncoder().String("\xE1\x80"); x != "\uFFFD\uFFFD" {
		t.Errorf("x/text unicode.UTF8: %+q", x)
	}
	if w, _ := utf8Encoding.NewEncoder().String("\xE1\x80"); w != "\uFFFD" {
		t.Errorf("webenc utf8.UTF8: %+q", w)
	}
	for _, c := range []struct{ in, xnet, webenc string }{
		{"\xE1\x80", "\uFFFD\uFFFD", "\uFFFD"},
		{"a\xF0\x9F\x98b", "a\uFFFD\uFFFD\uFFFDb", "a\uFFFDb"},
		// Agreement: bytes that start no sequence, one U+FFFD each.
		{"\xF0\x80\x80", "\uFFFD\uFFFD\uFFFD", "\uFFFD\uFFFD\uFFFD"},
		{"\xED\xA0\x80", "\uFFFD\uFFFD\uFFFD", "\uFFFD\uFFFD\uFFFD"},
	} {
		x, err1 := xe.NewEncoder().String(c.in)
		w, err2 := we.NewEncoder().String(c.in)
		if x != c.xnet || w != c.webenc || err1 != nil || err2 != nil {
			t.Errorf("%+q: x/net %+q %v, webenc %+q %v; want %+q, %+q", c.in, x, err1, w, err2, c.xnet, c.webenc)
		}
	}
}

// TestXTextIndexesCannotName: x/text's htmlindex.Name and
// ianaindex.MIME.Name know only x/text's encodings; webenc's htmlindex.Name
// and the encodings' String (the Standard's name) name webenc's. The
// Standard's names are IANA's preferred MIME names (ASCII
// case-insensitively) except for x-mac-cyrillic, x-user-defined and
// replacement, which IANA does not register.
func TestXTextIndexesCannotName(t *testing.T) {
	notIANA := map[string]bool{"x-mac-cyrillic": true, "x-user-defined": true, "replacement": true}
	for _, enc := range labels.Encodings() {
		e, err := htmlindex.Get(enc.Name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := xhtmlindex.Name(e); err == nil {
			t.Errorf("x/text htmlindex.Name named webenc's %s", enc.Name)
		}
		if _, err := ianaindex.MIME.Name(e); err == nil {
			t.Errorf("x/text ianaindex.MIME.Name named webenc's %s", enc.Name)
		}
		if name, err := htmlindex.Name(e); err != nil || name != strings.ToLower(enc.Name) {
			t.Errorf("htmlindex.Name(%s) = %q, %v", enc.Name, name, err)
		}
		if s := fmt.Sprint(e); s != enc.Name {
			t.Errorf("String() = %q, want the Standard's name %q", s, enc.Name)
		}
		// The MIME name: x/text's ianaindex knows the name, and its
		// preferred MIME name is the same up to case.
		xe, err := ianaindex.MIME.Encoding(enc.Name)
		if notIANA[enc.Name] {
			if err == nil {
				t.Errorf("%s is an IANA name after all", enc.Name)
			}
			continue
		}
		if err != nil || xe == nil {
			t.Errorf("ianaindex.MIME.Encoding(%q) = %v, %v", enc.Name, xe, err)
			continue
		}
		if mime, _ := ianaindex.MIME.Name(xe); !strings.EqualFold(mime, enc.Name) {
			t.Errorf("%s: IANA's MIME name is %q", enc.Name, mime)
		}
	}
}
