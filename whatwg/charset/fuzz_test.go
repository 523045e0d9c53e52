package charset

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/webenc/webenc/whatwg/htmlindex"
)

func FuzzSniff(f *testing.F) {
	seeds := []struct{ content, ct string }{
		{`<meta charset="koi8-r">`, ""},
		{`<meta http-equiv="content-type" content="text/html; charset=iso-8859-2">`, ""},
		{`<!-- <meta charset=x> --><?xml encoding="utf-16"?>`, `text/html; charset="\"`},
		{"\xEF\xBB\xBF<p>", "text/html;;charset=utf-16"},
		{"<\x00?\x00x\x00", ""},
		{`<?xml version="1.0" encoding='windows-1251'?>`, "text/html; charset=bogus"},
		{`<a b='c' d=e/><meta charset=x-user-defined>`, "*/*"},
	}
	for _, s := range seeds {
		f.Add([]byte(s.content), s.ct)
	}
	f.Fuzz(func(t *testing.T, content []byte, contentType string) { fuzzSniffBody(t, content, contentType) })
}

// fuzzSniffBody is FuzzSniff's body (also run by BenchmarkFuzzBodies).
func fuzzSniffBody(t testing.TB, content []byte, contentType string) {
	r := Sniff(content, contentType)
	if r.Encoding == nil {
		t.Fatal("nil encoding")
	}
	name, err := htmlindex.Name(r.Encoding)
	if err != nil || name != r.Name {
		t.Fatalf("htmlindex.Name = %q, %v; Result.Name %q", name, err, r.Name)
	}
	if e, err := htmlindex.Get(r.Name); err != nil || e != r.Encoding {
		t.Fatalf("htmlindex.Get(%q) = %v, %v; want %v", r.Name, e, err, r.Encoding)
	}
	if r.Certain != (r.Source == BOM || r.Source == ContentType) {
		t.Fatalf("Certain %v with Source %v", r.Certain, r.Source)
	}
	// The prescan sees only the first 1024 bytes.
	if len(content) > prescanLimit {
		if r2 := Sniff(content[:prescanLimit], contentType); r2 != r {
			t.Fatalf("result depends on bytes after 1024: %+v vs %+v", r, r2)
		}
	}
	// The reader decodes to valid UTF-8, exactly as the decoder does
	// on the content without its BOM.
	rd, err := NewReader(bytes.NewReader(content), contentType)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(rd)
	if err != nil {
		t.Fatal(err)
	}
	if !utf8.Valid(got) {
		t.Fatalf("invalid UTF-8 output %q", got)
	}
	want, _ := r.Encoding.NewDecoder().Bytes(content[r.BOMLength:])
	if !bytes.Equal(got, want) {
		t.Fatalf("NewReader output %q, decoder output %q", got, want)
	}
}

func FuzzSniffOptions(f *testing.F) {
	f.Add([]byte("<p>\xcc\xe0\xf0\xf1 \xef\xeb\xe0\xed\xe5\xf2\xe0</p>"), "text/html; charset=utf-8", uint8(3))
	f.Add([]byte("<meta charset=utf-8><p>caf\xe9 na\xefve</p>"), "", uint8(7))
	f.Add([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x01"), "", uint8(1))
	f.Add([]byte("\xEF\xBB\xBF<p>x</p>"), "text/html; charset=koi8-r", uint8(15))
	f.Add([]byte("H\x00i\x00,\x00 \x00<\x048\x04@\x04\r\x00\n\x00"), "", uint8(33))
	f.Fuzz(func(t *testing.T, content []byte, contentType string, flags uint8) {
		fuzzSniffOptionsBody(t, content, contentType, flags)
	})
}

// fuzzOptions makes the Options flags selects: Detect (bit 0),
// CheckDeclared (bit 1), a window of 0 (the default), 64 or 300 bytes
// (bits 2-3), a Hint excluding UTF-8 (bit 4), DetectUTF16 (bit 5).
func fuzzOptions(flags uint8) Options {
	return Options{
		Detect:        flags&1 != 0,
		CheckDeclared: flags&2 != 0,
		DetectUTF16:   flags&32 != 0,
		Window:        []int{0, 64, 300, 0}[flags>>2&3],
		Hint:          Hint{ExcludeUTF8: flags&16 != 0},
	}
}

// fuzzSniffOptionsBody is FuzzSniffOptions's body (also run by
// BenchmarkFuzzBodies): SniffOptions's Result is consistent, and
// DetermineEncodingOptions and NewReaderResult (one byte per Read) decide
// the same, the reader decoding as the decoder does.
func fuzzSniffOptionsBody(t testing.TB, content []byte, contentType string, flags uint8) {
	opts := fuzzOptions(flags)
	r := SniffOptions(content, contentType, opts)
	if r.Encoding == nil || nameOf(r.Encoding) != r.Name {
		t.Fatalf("encoding %v, name %q", r.Encoding, r.Name)
	}
	if r.Certain != (r.Source == BOM || r.Source == ContentType) || r.Confidence < 0 || r.Confidence > 1 ||
		(r.Declared != nil) != (r.Source == Overridden) || r.Binary && r.Source != Defaulted ||
		r.Source == Detected && !opts.Detect || r.Source == Overridden && !opts.CheckDeclared ||
		r.Source == Detected && strings.HasPrefix(r.Name, "utf-16") && !opts.DetectUTF16 {
		t.Fatalf("inconsistent Result %+v under %+v", r, opts)
	}
	if _, name, certain := DetermineEncodingOptions(content, contentType, opts); name != r.Name || certain != r.Certain {
		t.Fatalf("DetermineEncodingOptions %s %v, SniffOptions %s %v", name, certain, r.Name, r.Certain)
	}
	rd, rr, err := NewReaderResult(iotest.OneByteReader(bytes.NewReader(content)), contentType, opts)
	if err != nil {
		t.Fatal(err)
	}
	if rr != r {
		t.Fatalf("NewReaderResult %+v, SniffOptions %+v", rr, r)
	}
	got, err := io.ReadAll(rd)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := r.Encoding.NewDecoder().Bytes(content[r.BOMLength:])
	if !bytes.Equal(got, want) {
		t.Fatalf("NewReaderResult output %q, decoder output %q", got, want)
	}
}
