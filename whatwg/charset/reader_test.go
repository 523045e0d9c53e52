package charset

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// guardReader passes r through but fails the test if more than limit
// bytes are read before armed is set, i.e. before the caller starts
// reading the reader NewReader returned.
type guardReader struct {
	t     *testing.T
	r     io.Reader
	limit int
	armed bool
	n     int // bytes read so far
	max   int // the most bytes read before armed
}

func (g *guardReader) Read(b []byte) (int, error) {
	n, err := g.r.Read(b)
	g.n += n
	if !g.armed {
		g.max = g.n
		if g.n > g.limit {
			g.t.Errorf("read %d bytes, more than %d, before the first Read of the result", g.n, g.limit)
		}
	}
	return n, err
}

func readAll(t *testing.T, r io.Reader) string {
	t.Helper()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("ReadAll: %v", err)
	}
	return string(b)
}

type readerCase struct {
	name        string
	in          string
	contentType string
	want        string
	peek        int // the most bytes NewReader may read before returning
}

var readerCases = []readerCase{
	{"UTF-8 BOM dropped", "\xEF\xBB\xBFcaf\xC3\xA9", "", "café", 3},
	{"UTF-8 BOM beats Content-Type", "\xEF\xBB\xBFcaf\xC3\xA9", "text/html; charset=iso-8859-2", "café", 3},
	{"UTF-16LE BOM dropped", "\xFF\xFEc\x00a\x00f\x00\xE9\x00", "", "café", 3},
	{"UTF-16BE BOM dropped", "\xFE\xFF\x00c\x00a\x00f\x00\xE9", "", "café", 3},
	{"only a BOM", "\xEF\xBB\xBF", "", "", 3},
	{"second BOM kept", "\xEF\xBB\xBF\xEF\xBB\xBFx", "", "\uFEFFx", 3},
	{"Content-Type UTF-16 keeps a BOM-less start", "c\x00a\x00f\x00\xE9\x00", "text/html; charset=utf-16le", "café", 1},
	{"Content-Type decides after one byte", "caf\xE9" + strings.Repeat("x", 2000), "text/html; charset=windows-1252", "café" + strings.Repeat("x", 2000), 1},
	{"default windows-1252", "caf\xE9 \x80", "", "café €", 1024},
	{"meta", `<meta charset=iso-8859-2>` + "\xB1", "", `<meta charset=iso-8859-2>` + "ą", 1024},
	{"meta at the end of the window", strings.Repeat(" ", 1003) + `<meta charset=koi8-r>` + "\xC1" + strings.Repeat("\xC1", 3000), "", strings.Repeat(" ", 1003) + `<meta charset=koi8-r>` + strings.Repeat("а", 3001), 1024},
	{"UTF-8 decoded, invalid bytes replaced", `<meta charset=utf-8>a` + "\xFF\xC3(\xE2\x82", "", `<meta charset=utf-8>a` + "\uFFFD\uFFFD(\uFFFD", 1024},
	{"UTF-8 Content-Type, invalid bytes replaced", "a\xFFb\xED\xA0\x80", "text/html; charset=utf-8", "a\uFFFDb\uFFFD\uFFFD\uFFFD", 1},
	{"replacement", "anything", "text/html; charset=iso-2022-kr", "\uFFFD", 1},
	{"empty", "", "", "", 1024},
	{"one byte", "<", "", "<", 1024},
	{"short incomplete BOM", "\xEF\xBB", "", "ï»", 1024},
}

func TestNewReader(t *testing.T) {
	wrappers := []struct {
		name string
		wrap func(io.Reader) io.Reader
	}{
		{"plain", func(r io.Reader) io.Reader { return r }},
		{"OneByteReader", iotest.OneByteReader},
		{"HalfReader", iotest.HalfReader},
		{"DataErrReader", iotest.DataErrReader},
	}
	for _, c := range readerCases {
		for _, w := range wrappers {
			g := &guardReader{t: t, r: w.wrap(strings.NewReader(c.in)), limit: c.peek}
			r, err := NewReader(g, c.contentType)
			if err != nil {
				t.Errorf("%s/%s: NewReader: %v", c.name, w.name, err)
				continue
			}
			g.armed = true
			if got := readAll(t, r); got != c.want {
				t.Errorf("%s/%s: got %q, want %q", c.name, w.name, got, c.want)
			}
		}
	}
}

// NewReader reads at most 1024 bytes before returning, whatever the
// stream's length, and all of a long stream afterwards.
func TestNewReaderPeekLimit(t *testing.T) {
	long := strings.Repeat("<p>caf\xE9</p>\n", 1000)
	want := strings.Repeat("<p>café</p>\n", 1000)
	g := &guardReader{t: t, r: iotest.HalfReader(strings.NewReader(long)), limit: prescanLimit}
	r, err := NewReader(g, "text/html")
	if err != nil {
		t.Fatal(err)
	}
	if g.max != prescanLimit {
		t.Errorf("NewReader read %d bytes before returning, want %d", g.max, prescanLimit)
	}
	g.armed = true
	if got := readAll(t, r); got != want {
		t.Errorf("output differs (len %d, want %d)", len(got), len(want))
	}
}

func TestNewReaderError(t *testing.T) {
	errTest := errors.New("test error")
	// An error while peeking is returned, as x/net does.
	r, err := NewReader(iotest.ErrReader(errTest), "")
	if r != nil || err != errTest {
		t.Errorf("NewReader(failing reader) = %v, %v; want nil, %v", r, err, errTest)
	}
	r, err = NewReader(io.MultiReader(strings.NewReader("abc"), iotest.ErrReader(errTest)), "")
	if r != nil || err != errTest {
		t.Errorf("NewReader(reader failing after 3 bytes) = %v, %v; want nil, %v", r, err, errTest)
	}
	// When the decision needs fewer bytes, a later error comes from Read.
	r, err = NewReader(io.MultiReader(strings.NewReader("abc"), iotest.ErrReader(errTest)), "text/html; charset=utf-8")
	if err != nil {
		t.Fatalf("NewReader: %v", err)
	}
	b, err := io.ReadAll(r)
	if string(b) != "abc" || err != errTest {
		t.Errorf("ReadAll = %q, %v; want %q, %v", b, err, "abc", errTest)
	}
}

func TestNewReaderLabel(t *testing.T) {
	tests := []struct {
		label, in, want string
	}{
		{"windows-1252", "caf\xE9 \x80", "café €"},
		{"ISO-8859-2", "\xB1", "ą"},
		{" latin2 ", "\xB1", "ą"},
		{"utf-8", "a\xFFb", "a\uFFFDb"},
		{"utf-16le", "a\x00", "a"},
		{"utf-16be", "\x00a", "a"},
		// The Encoding Standard's "decode": a BOM overrides the label and
		// is removed.
		{"windows-1252", "\xEF\xBB\xBFcaf\xC3\xA9", "café"},
		{"utf-8", "\xEF\xBB\xBFx", "x"},
		{"utf-16be", "\xFF\xFEa\x00", "a"},
		{"utf-16le", "\xFE\xFF\x00a", "a"},
		{"windows-1252", "\xEF\xBB", "ï»"},
		{"windows-1252", "", ""},
	}
	for _, tt := range tests {
		for _, wrap := range []func(io.Reader) io.Reader{func(r io.Reader) io.Reader { return r }, iotest.OneByteReader} {
			r, err := NewReaderLabel(tt.label, wrap(strings.NewReader(tt.in)))
			if err != nil {
				t.Errorf("NewReaderLabel(%q): %v", tt.label, err)
				continue
			}
			if got := readAll(t, r); got != tt.want {
				t.Errorf("NewReaderLabel(%q, %q) read %q, want %q", tt.label, tt.in, got, tt.want)
			}
		}
	}
	if r, err := NewReaderLabel("bogus", strings.NewReader("x")); r != nil || err == nil {
		t.Errorf("NewReaderLabel(bogus) = %v, %v; want an error", r, err)
	}
	// Nothing is read before the first Read.
	g := &guardReader{t: t, r: strings.NewReader("abc"), limit: 0}
	r, err := NewReaderLabel("utf-8", g)
	if err != nil {
		t.Fatal(err)
	}
	g.armed = true
	if got := readAll(t, r); got != "abc" {
		t.Errorf("got %q", got)
	}
	// A read error is returned by Read.
	errTest := errors.New("test error")
	r, _ = NewReaderLabel("utf-8", iotest.ErrReader(errTest))
	if _, err := r.Read(make([]byte, 10)); err != errTest {
		t.Errorf("Read error = %v, want %v", err, errTest)
	}
}

// NewReaderLabel works as encoding/xml's CharsetReader.
func TestNewReaderLabelXML(t *testing.T) {
	tests := []struct{ doc, want string }{
		{`<?xml version="1.0" encoding="windows-1252"?><a>caf` + "\xE9 \x80" + `</a>`, "café €"},
		{`<?xml version="1.0" encoding="ISO-8859-2"?><a>` + "\xB1" + `</a>`, "ą"},
		{`<?xml version="1.0" encoding="koi8-r"?><a>` + "\xC1" + `</a>`, "а"},
		{`<?xml version="1.0" encoding="latin1"?><a>` + "\xE9" + `</a>`, "é"},
	}
	for _, tt := range tests {
		d := xml.NewDecoder(strings.NewReader(tt.doc))
		d.CharsetReader = NewReaderLabel
		var v struct {
			Text string `xml:",chardata"`
		}
		if err := d.Decode(&v); err != nil {
			t.Errorf("%q: %v", tt.doc, err)
			continue
		}
		if v.Text != tt.want {
			t.Errorf("%q: got %q, want %q", tt.doc, v.Text, tt.want)
		}
	}
	d := xml.NewDecoder(strings.NewReader(`<?xml version="1.0" encoding="bogus"?><a/>`))
	d.CharsetReader = NewReaderLabel
	var v struct{}
	if err := d.Decode(&v); err == nil || !strings.Contains(err.Error(), "bogus") {
		t.Errorf("unknown encoding: err = %v", err)
	}
}

// The reader's output equals the Standard's decoder applied to the input
// with the BOM removed, for inputs longer than the peek.
func TestNewReaderMatchesSniff(t *testing.T) {
	in := []byte(strings.Repeat("x", 900) + `<meta charset=koi8-r>` + strings.Repeat("\xC1\xFF", 600))
	res := Sniff(in, "")
	want, err := res.Encoding.NewDecoder().Bytes(in)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewReader(bytes.NewReader(in), "")
	if err != nil {
		t.Fatal(err)
	}
	if got := readAll(t, r); got != string(want) {
		t.Error("NewReader output differs from decoding with Sniff's encoding")
	}
}

// A source whose bytes are in memory (a bytes.Reader or strings.Reader)
// is moved back over the bytes NewReader peeked, not read twice: read or
// copied, the output is the same as from any other source, also when the
// source did not start at its first byte.
func TestNewReaderInMemorySources(t *testing.T) {
	const skipped = "<meta charset=koi8-r>\xFF\xFE"
	sources := map[string]func(in string) io.Reader{
		"strings": func(in string) io.Reader { return strings.NewReader(in) },
		"bytes":   func(in string) io.Reader { return bytes.NewReader([]byte(in)) },
		"bytes after some reads": func(in string) io.Reader {
			r := bytes.NewReader([]byte(skipped + in))
			io.ReadFull(r, make([]byte, len(skipped)))
			return r
		},
		"strings after a seek": func(in string) io.Reader {
			r := strings.NewReader(skipped + in)
			r.Seek(int64(len(skipped)), io.SeekStart)
			return r
		},
	}
	for _, c := range readerCases {
		for name, src := range sources {
			for _, how := range []string{"read", "copy"} {
				r, err := NewReader(src(c.in), c.contentType)
				if err != nil {
					t.Fatalf("%s/%s: NewReader: %v", c.name, name, err)
				}
				var got []byte
				if how == "read" {
					got, err = io.ReadAll(iotest.OneByteReader(r))
				} else {
					var buf bytes.Buffer
					var n int64
					n, err = io.Copy(&buf, r)
					if n != int64(buf.Len()) {
						t.Errorf("%s/%s: Copy counted %d bytes, wrote %d", c.name, name, n, buf.Len())
					}
					got = buf.Bytes()
				}
				if err != nil || string(got) != c.want {
					t.Errorf("%s/%s/%s: got %q, %v; want %q", c.name, name, how, got, err, c.want)
				}
			}
		}
	}
	for _, tt := range []struct{ label, in, want string }{
		{"windows-1252", "caf\xE9", "café"},
		{"windows-1252", "\xEF\xBB\xBFcaf\xC3\xA9", "café"},
		{"utf-16be", "\xFF\xFEa\x00", "a"},
		{"utf-8", "\xEF\xBB", "\uFFFD"},
		{"utf-8", "", ""},
	} {
		for name, src := range sources {
			r, err := NewReaderLabel(tt.label, src(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if _, err := io.Copy(&buf, r); err != nil || buf.String() != tt.want {
				t.Errorf("NewReaderLabel(%q, %q)/%s: copied %q, %v; want %q", tt.label, tt.in, name, buf.String(), err, tt.want)
			}
		}
	}
}
