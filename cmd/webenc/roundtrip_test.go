package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"testing"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/charset"
	"github.com/webenc/webenc/whatwg/htmlindex"
)

// corpusMeta is the declaration every corpus page has, in its first 1024
// bytes.
const corpusMeta = `<meta charset="UTF-8"/>`

// pageKind makes a page of one kind, declaring label, from a corpus page
// (which has corpusMeta).
type pageKind struct {
	name string
	make func(page, label string) string
	src  charset.Source
}

var pageKinds = []pageKind{
	{"HTML", func(page, label string) string {
		return strings.Replace(page, corpusMeta, `<meta charset="`+label+`"/>`, 1)
	}, charset.Meta},
	// The XML declaration counts only when no <meta> does: the corpus
	// page's <meta> is dropped.
	{"XML", func(page, label string) string {
		return `<?xml version="1.0" encoding="` + label + `"?>` + "\n" + strings.Replace(page, corpusMeta, "", 1)
	}, charset.XMLDeclaration},
}

// corpusEncodings returns the names of the encodings the corpus README
// (through specdata) benchmarks lang in, UTF-8 and UTF-16 included, sorted.
func corpusEncodings(lang string) []string {
	var names []string
	for name, langs := range specdata.Languages {
		for _, l := range langs {
			if l == lang {
				names = append(names, name)
			}
		}
	}
	names = append(names, "UTF-8", "UTF-16LE", "UTF-16BE")
	sort.Strings(names)
	return names
}

// TestRoundTripCorpus is issue 13's done-check: for every corpus language
// and every ordered pair (X, Y) of its encodings, an HTML page and an XML
// page declaring X, converted with "webenc convert -f X -t Y", sniff as Y;
// and "webenc decode" with the sniffed encoding gives back the original
// text, declaring UTF-8. Pages converted to UTF-16 sniff from their byte
// order mark, which decode drops (the Standard's decode).
func TestRoundTripCorpus(t *testing.T) {
	dir := specdata.Corpus(t)
	// Keep this process's peak memory low: a child started later (by
	// TestBinaryPipeMemory) inherits the parent's peak RSS in its rusage,
	// as Go starts it with vfork.
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	pairs := 0
	for _, lang := range specdata.AllLanguages {
		raw, err := os.ReadFile(filepath.Join(dir, lang+".html"))
		if err != nil {
			t.Fatal(err)
		}
		page := string(raw)
		if testing.Short() {
			page = page[:strings.LastIndexByte(page[:32<<10], '\n')+1]
		}
		if i := strings.Index(page, corpusMeta); i < 0 || i > 900 {
			t.Fatalf("%s.html: %s not within its first 900 bytes", lang, corpusMeta)
		}
		names := corpusEncodings(lang)
		for _, x := range names {
			for _, y := range names {
				if x == y {
					continue
				}
				pairs++
				text := encodableIn(t, page, x, y)
				for _, kind := range pageKinds {
					checkRoundTrip(t, fmt.Sprintf("%s %s %s→%s", lang, kind.name, x, y), text, x, y, kind)
				}
			}
		}
	}
	t.Logf("%d language/encoding pairs, HTML and XML", pairs)
}

// checkRoundTrip converts text as a page of kind declaring x, encoded in
// x, to y, and checks what sniffing and decoding the result give.
func checkRoundTrip(t *testing.T, name, text, x, y string, kind pageKind) {
	t.Helper()
	in := mustEncode(t, kind.make(text, x), x)
	var out, errb bytes.Buffer
	if st := run([]string{"convert", "-f", x, "-t", y}, bytes.NewReader(in), &out, &errb); st != 0 {
		t.Errorf("%s: convert: exit %d: %s", name, st, errb.String())
		return
	}
	res := charset.Sniff(out.Bytes(), "")
	wantSrc := kind.src
	if strings.HasPrefix(y, "UTF-16") {
		wantSrc = charset.BOM
	}
	if got := fmt.Sprint(res.Encoding); got != y || res.Source != wantSrc {
		t.Errorf("%s: the converted page sniffs as %s from %v, want %s from %v", name, got, res.Source, y, wantSrc)
		return
	}
	var dec bytes.Buffer
	errb.Reset()
	if st := run([]string{"decode", "-f", res.Name}, bytes.NewReader(out.Bytes()), &dec, &errb); st != 0 {
		t.Errorf("%s: decode: exit %d: %s", name, st, errb.String())
		return
	}
	if want := kind.make(text, "UTF-8"); dec.String() != want {
		i := 0
		for i < min(dec.Len(), len(want)) && dec.String()[i] == want[i] {
			i++
		}
		t.Errorf("%s: decoding the converted page differs from the original at byte %d:\n got %q\nwant %q",
			name, i, snippet(dec.String(), i), snippet(want, i))
	}
}

// encodableIn returns page with what x or y cannot encode written as
// "&#N;" (as the corpus README prepares decode input), so that the text
// converts between them without error.
func encodableIn(t *testing.T, page, x, y string) string {
	t.Helper()
	for range 4 {
		next := htmlRoundTrip(t, htmlRoundTrip(t, page, x), y)
		if next == page {
			return page
		}
		page = next
	}
	t.Fatalf("%s/%s: no fixed point", x, y)
	return ""
}

// htmlRoundTrip encodes s to the encoding name in html mode and decodes it.
func htmlRoundTrip(t *testing.T, s, name string) string {
	t.Helper()
	e := mustGet(t, name)
	b, err := whatwg.NewEncoder(e, whatwg.HTML).Bytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	d, err := e.NewDecoder().Bytes(b)
	if err != nil {
		t.Fatal(err)
	}
	return string(d)
}

func mustEncode(t *testing.T, s, name string) []byte {
	t.Helper()
	b, err := whatwg.NewEncoder(mustGet(t, name), whatwg.Fatal).Bytes([]byte(s))
	if err != nil {
		t.Fatalf("encoding to %s: %v", name, err)
	}
	return b
}

func mustGet(t *testing.T, name string) encoding.Encoding {
	t.Helper()
	e, err := htmlindex.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// snippet returns up to 60 bytes of s around offset i.
func snippet(s string, i int) string {
	return s[max(0, i-20):min(len(s), i+40)]
}
