package charset

import (
	"errors"
	"io"
	"strings"
	"testing"

	xcharset "golang.org/x/net/html/charset"

	"github.com/webenc/webenc/whatwg/htmlindex"
	"github.com/webenc/webenc/whatwg/internal/codec"
)

// Inputs on which this package and golang.org/x/net/html/charset agree.
var xnetAgree = []struct {
	content, contentType string
	name                 string
	certain              bool
}{
	{`<meta charset="iso-8859-2">`, "", "iso-8859-2", false},
	{`<meta charset=iso-8859-2>`, "", "iso-8859-2", false},
	{`<META CHARSET='KOI8-R'>`, "", "koi8-r", false},
	{`<meta/charset=koi8-r>`, "", "koi8-r", false},
	{"<meta\fcharset=koi8-r>", "", "koi8-r", false},
	{"<meta\vcharset=koi8-r>", "", "windows-1252", false},
	{`<meta charset = "koi8-r" >`, "", "koi8-r", false},
	{`<meta//a//charset="koi8-r"//>`, "", "koi8-r", false},
	{`<meta charset="koi8-r"/>`, "", "koi8-r", false},
	{`<meta charset=koi8-r/>`, "", "windows-1252", false},
	{`<meta =charset=koi8-r>`, "", "windows-1252", false},
	{`<meta charset=koi8-r charset=iso-8859-2>`, "", "koi8-r", false},
	{`<meta charset=bogus><meta charset=koi8-r>`, "", "koi8-r", false},
	{`<meta charset=><meta charset=koi8-r>`, "", "koi8-r", false},
	{`<meta charset=utf-16>`, "", "utf-8", false},
	{`<meta charset=iso-2022-kr>`, "", "replacement", false},
	{`<meta charset=latin1>`, "", "windows-1252", false},
	{`<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">`, "", "koi8-r", false},
	{`<meta content="text/html; charset=koi8-r" http-equiv="content-type">`, "", "koi8-r", false},
	{`<meta content="text/html; charset=koi8-r">`, "", "windows-1252", false},
	{`<meta http-equiv="content-type">`, "", "windows-1252", false},
	{`<meta http-equiv="content-type" content="text/html; charset = 'koi8-r'">`, "", "koi8-r", false},
	{`<meta http-equiv="content-type" content="charsetcharset=koi8-r">`, "", "koi8-r", false},
	{`<meta http-equiv="content-type" content="charset=bogus; charset=koi8-r">`, "", "windows-1252", false},
	{`<meta http-equiv="content-type" content="text/html; charset='koi8-r">`, "", "windows-1252", false},
	{`<meta http-equiv="content-type" content="charset=koi8-r" charset=iso-8859-2>`, "", "iso-8859-2", false},
	{`<meta http-equiv="content-type" content="charset=koi8-r" charset=bogus>`, "", "windows-1252", false},
	{`<!-- <meta charset=koi8-r> -->`, "", "windows-1252", false},
	{`<!--><meta charset=koi8-r>`, "", "koi8-r", false},
	{`<!-x <meta charset=koi8-r>`, "", "windows-1252", false},
	{`<!DOCTYPE html><meta charset=koi8-r>`, "", "koi8-r", false},
	{`<?php echo 1 ?><meta charset=koi8-r>`, "", "koi8-r", false},
	{`</ x><meta charset=koi8-r>`, "", "koi8-r", false},
	{`</meta charset=koi8-r>`, "", "windows-1252", false},
	{`<a<meta charset=koi8-r>`, "", "windows-1252", false},
	{`<p title='<meta charset=iso-8859-2>'>`, "", "windows-1252", false},
	{`<p title="<meta charset=iso-8859-2>"><meta charset=koi8-r>`, "", "koi8-r", false},
	{strings.Repeat(" ", 1003) + `<meta charset=koi8-r>`, "", "koi8-r", false},
	{strings.Repeat(" ", 1004) + `<meta charset=koi8-r>`, "", "windows-1252", false},
	{`<p>plain ASCII</p>`, "", "windows-1252", false},
	{"", "", "windows-1252", false},
	{"\xEF\xBB\xBF<meta charset=koi8-r>", "", "utf-8", true},
	{"\xFE\xFF", "", "utf-16be", true},
	{"\xFF\xFE", "text/html; charset=koi8-r", "utf-16le", true},
	{`<meta charset=koi8-r>`, "text/html; charset=iso-8859-2", "iso-8859-2", true},
	{`<meta charset=koi8-r>`, `text/html; charset="iso-8859-2"`, "iso-8859-2", true},
	{"", "text/html; charset= koi8-r", "koi8-r", true},
	{`<meta charset=koi8-r>`, "TEXT/HTML; CHARSET=ISO-8859-2", "iso-8859-2", true},
	{`<meta charset=koi8-r>`, "text/html; charset=bogus", "koi8-r", false},
	{`<meta charset=koi8-r>`, "text/html", "koi8-r", false},
	{"", "text/html; charset=utf-16", "utf-16le", true},
	{"", "text/html; charset=x-user-defined", "x-user-defined", true},
}

func TestXNetAgree(t *testing.T) {
	for _, c := range xnetAgree {
		_, xname, xcertain := xcharset.DetermineEncoding([]byte(c.content), c.contentType)
		_, name, certain := DetermineEncoding([]byte(c.content), c.contentType)
		if xname != c.name || xcertain != c.certain {
			t.Errorf("x/net DetermineEncoding(%q, %q) = %q, %v; the table says %q, %v", c.content, c.contentType, xname, xcertain, c.name, c.certain)
		}
		if name != c.name || certain != c.certain {
			t.Errorf("DetermineEncoding(%q, %q) = %q, %v; want %q, %v", c.content, c.contentType, name, certain, c.name, c.certain)
		}
	}
}

// Inputs on which the two packages differ, with the reason. want is what
// the HTML Standard says (and this package does); xnet is x/net's result.
var xnetDiffer = []struct {
	reason               string
	content, contentType string
	want, xnet           string
	wantSrc              Source
	certain, xcertain    bool
}{
	// x/net runs the HTML tokenizer instead of the byte-level prescan.
	{"raw text: script", `<script>"<meta charset=koi8-r>"</script>`, "", "koi8-r", "windows-1252", Meta, false, false},
	{"raw text: style", `<style><meta charset=koi8-r></style>`, "", "koi8-r", "windows-1252", Meta, false, false},
	{"raw text: title", `<title><meta charset=koi8-r></title>`, "", "koi8-r", "windows-1252", Meta, false, false},
	{"raw text: textarea", `<textarea><meta charset=koi8-r></textarea>`, "", "koi8-r", "windows-1252", Meta, false, false},
	{"comment ends only at -->", `<!-- --!><meta charset=koi8-r> -->`, "", "windows-1252", "koi8-r", Defaulted, false, false},
	{"character references not decoded: charset", `<meta charset="&#107;oi8-r">`, "", "windows-1252", "koi8-r", Defaulted, false, false},
	{"character references not decoded: content", `<meta http-equiv="content-type" content="charset=&quot;koi8-r&quot;">`, "", "windows-1252", "koi8-r", Defaulted, false, false},
	// x/net has no XML declaration sniffing.
	{"UTF-16LE <?x pattern", "<\x00?\x00x\x00m\x00l\x00", "", "utf-16le", "windows-1252", XMLDeclaration, false, false},
	{"UTF-16BE <?x pattern", "\x00<\x00?\x00x\x00m\x00l", "", "utf-16be", "windows-1252", XMLDeclaration, false, false},
	{"get an XML encoding", `<?xml version="1.0" encoding="koi8-r"?><root/>`, "", "koi8-r", "windows-1252", XMLDeclaration, false, false},
	// Prescan step 3b.15, which x/net omits.
	{"meta x-user-defined means windows-1252", `<meta charset=x-user-defined>`, "", "windows-1252", "x-user-defined", Meta, false, false},
	// Prescan step 3b.9: a failed charset attribute is not null.
	{"failed charset blocks content", `<meta charset=bogus http-equiv="content-type" content="charset=koi8-r">`, "", "windows-1252", "koi8-r", Defaulted, false, false},
	// Content-Type: mime.ParseMediaType rejects the whole value where the
	// WHATWG parser skips a parameter or accepts it.
	{"Content-Type duplicate charset", "", "text/html; charset=koi8-r; charset=iso-8859-2", "koi8-r", "windows-1252", ContentType, true, false},
	{"Content-Type valueless parameter", "", "text/html; charset=koi8-r; foo", "koi8-r", "windows-1252", ContentType, true, false},
	{"Content-Type unterminated quote", "", `text/html; charset="koi8-r`, "koi8-r", "windows-1252", ContentType, true, false},
	{"Content-Type bytes after the quote", "", `text/html; charset="koi8-r"x`, "koi8-r", "windows-1252", ContentType, true, false},
	{"Content-Type backslash escape of an ordinary byte", `<meta charset=koi8-r>`, `text/html; charset="iso\-8859-2"`, "iso-8859-2", "koi8-r", ContentType, true, false},
	// ... and accepts what the WHATWG parser rejects.
	{"Content-Type without '/'", "", "texthtml; charset=koi8-r", "windows-1252", "koi8-r", Defaulted, false, true},
	{"Content-Type whitespace before '='", "", "text/html; charset =koi8-r", "windows-1252", "koi8-r", Defaulted, false, true},
	{"Content-Type RFC 2231 charset*", "", "text/html; charset*=utf-8''koi8-r", "windows-1252", "koi8-r", Defaulted, false, true},
	{"Content-Type FF as whitespace", "", "text/html;\fcharset=koi8-r", "windows-1252", "koi8-r", Defaulted, false, true},
	// x/text's htmlindex trims with strings.TrimSpace and folds with
	// strings.ToLower; get an encoding trims ASCII whitespace and folds A-Z.
	{"label with VT: Content-Type", "", "text/html; charset=\"koi8-r\v\"", "windows-1252", "koi8-r", Defaulted, false, true},
	{"label with VT: meta", "<meta charset='koi8-r\v'>", "", "windows-1252", "koi8-r", Defaulted, false, false},
	{"label with KELVIN SIGN: meta", "<meta charset='\u212Aoi8-r'>", "", "windows-1252", "koi8-r", Defaulted, false, false},
	// x/net detects UTF-8 (the optional step 8) when nothing declares.
	{"UTF-8 detection", "<p>caf\xC3\xA9</p>", "", "windows-1252", "utf-8", Defaulted, false, false},
}

func TestXNetDiffer(t *testing.T) {
	for _, c := range xnetDiffer {
		_, xname, xcertain := xcharset.DetermineEncoding([]byte(c.content), c.contentType)
		if xname != c.xnet || xcertain != c.xcertain {
			t.Errorf("%s: x/net DetermineEncoding(%q, %q) = %q, %v; the table says %q, %v", c.reason, c.content, c.contentType, xname, xcertain, c.xnet, c.xcertain)
		}
		r := Sniff([]byte(c.content), c.contentType)
		if r.Name != c.want || r.Certain != c.certain || r.Source != c.wantSrc {
			t.Errorf("%s: Sniff(%q, %q) = %q from %v, %v; want %q from %v, %v", c.reason, c.content, c.contentType, r.Name, r.Source, r.Certain, c.want, c.wantSrc, c.certain)
		}
	}
}

// Differences in the readers and in Lookup.
func TestXNetDifferReaders(t *testing.T) {
	read := func(r io.Reader, err error) string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	// NewReader drops the BOM (golang/go#30736); x/net keeps it as U+FEFF.
	for _, in := range []string{"\xEF\xBB\xBFa", "\xFF\xFEa\x00", "\xFE\xFF\x00a"} {
		if got := read(NewReader(strings.NewReader(in), "")); got != "a" {
			t.Errorf("NewReader(%q) read %q, want %q", in, got, "a")
		}
		if got := read(xcharset.NewReader(strings.NewReader(in), "")); got != "\uFEFFa" {
			t.Errorf("x/net NewReader(%q) read %q; the test expects %q", in, got, "\uFEFFa")
		}
	}
	// x/net passes bytes through unchecked when it chose UTF-8 by
	// detection or because a meta said UTF-16 (golang/go#46343); this
	// package always runs the Standard's decoder.
	in := "<meta charset=utf-16>a\xFFb"
	if got := read(NewReader(strings.NewReader(in), "")); got != "<meta charset=utf-16>a\uFFFDb" {
		t.Errorf("NewReader(%q) read %q", in, got)
	}
	if got := read(xcharset.NewReader(strings.NewReader(in), "")); got != in {
		t.Errorf("x/net NewReader(%q) read %q; the test expects the input unchanged", in, got)
	}
	// An empty stream is an empty document, not an error.
	if got := read(NewReader(strings.NewReader(""), "")); got != "" {
		t.Errorf("NewReader(empty) read %q", got)
	}
	if _, err := xcharset.NewReader(strings.NewReader(""), ""); err != io.EOF {
		t.Errorf("x/net NewReader(empty) error = %v; the test expects io.EOF", err)
	}
	// NewReaderLabel follows the Standard's decode: a BOM overrides the
	// label and is removed. x/net decodes it with the label's encoding.
	in = "\xEF\xBB\xBFcaf\xC3\xA9"
	if got := read(NewReaderLabel("windows-1252", strings.NewReader(in))); got != "café" {
		t.Errorf("NewReaderLabel read %q", got)
	}
	if got := read(xcharset.NewReaderLabel("windows-1252", strings.NewReader(in))); got != "ï»¿cafÃ©" {
		t.Errorf("x/net NewReaderLabel read %q", got)
	}
	// Lookup: labels follow get an encoding.
	for _, label := range []string{"utf8\v", "\u212Aoi8-r", "utf-8\u0085", "utf-8\u00a0"} {
		if e, name := Lookup(label); e != nil || name != "" {
			t.Errorf("Lookup(%q) = %v, %q; want nil", label, e, name)
		}
		if e, _ := xcharset.Lookup(label); e == nil {
			t.Errorf("x/net Lookup(%q) = nil; the test expects an encoding", label)
		}
	}
	// Lookup's encoder: both escape what the encoding lacks as "&#N;", so
	// HTML form submission code works unchanged. x/net writes the input
	// rune; the Standard's html mode writes the code point the encoder
	// reports, which differs for invalid UTF-8 (one U+FFFD per maximal
	// subpart) and for ISO-2022-JP's U+000E/U+000F/U+001B.
	xe, _ := xcharset.Lookup("windows-1252")
	if s, err := xe.NewEncoder().String("a\u4E00"); s != "a&#19968;" || err != nil {
		t.Errorf("x/net encoder: %q, %v", s, err)
	}
	e, _ := Lookup("windows-1252")
	if s, err := e.NewEncoder().String("a\u4E00\xe4\xb8"); s != "a&#19968;&#65533;" || err != nil {
		t.Errorf("Lookup encoder: %q, %v", s, err)
	}
	raw, _ := htmlindex.Get("windows-1252")
	if _, err := raw.NewEncoder().String("a\u4E00"); !errors.Is(err, codec.ErrEncode) {
		t.Errorf("htmlindex encoder error = %v, want an EncodeError", err)
	}
}
