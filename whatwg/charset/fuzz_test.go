package charset

import (
	"bytes"
	"io"
	"testing"
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
