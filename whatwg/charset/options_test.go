package charset_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"math/rand"
	"os"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/whatwg/charset"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/singlebyte"
	wutf8 "github.com/webenc/webenc/whatwg/utf8"
)

// Texts for the tests, in the encodings they are written in.
const (
	russian  = "Марс — четвёртая по удалённости от Солнца и седьмая по размерам планета Солнечной системы; масса планеты составляет 10,7 % массы Земли. Названа в честь Марса — древнеримского бога войны, соответствующего древнегреческому Аресу."
	japanese = "火星は、太陽系の太陽に近い方から4番目の惑星である。地球型惑星に分類され、地球の外側の軌道を公転している。英語圏では、その表面の色から、ローマ神話の戦の神マルスにちなんで名付けられた。"
)

// encode returns s in encoding e.
func encode(t *testing.T, e encoding.Encoding, s string) []byte {
	t.Helper()
	b, err := e.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// windows1251 returns russian in windows-1251.
func windows1251(t *testing.T) []byte { return encode(t, singlebyte.Windows1251, russian) }

// shiftJIS returns japanese in Shift_JIS.
func shiftJIS(t *testing.T) []byte { return encode(t, cjk.ShiftJIS, japanese) }

// readerResult runs NewReaderResult on content, one byte per Read, and
// returns the decoded text and the Result.
func readerResult(t *testing.T, content []byte, contentType string, opts charset.Options) (string, charset.Result) {
	t.Helper()
	r, res, err := charset.NewReaderResult(iotest.OneByteReader(bytes.NewReader(content)), contentType, opts)
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(out), res
}

// TestSniffOptions checks each step's Source and Confidence, and that
// DetermineEncodingOptions and NewReaderResult decide as SniffOptions does.
func TestSniffOptions(t *testing.T) {
	ru := windows1251(t)
	page := append(append([]byte("<p>"), ru...), "</p>"...)
	detect := charset.Options{Detect: true}
	cases := []struct {
		name        string
		content     []byte
		contentType string
		opts        charset.Options
		want        string
		source      charset.Source
		conf        func(float64) bool
	}{
		{"BOM", []byte("\xEF\xBB\xBF<p>x</p>"), "text/html; charset=koi8-r", detect, "utf-8", charset.BOM, is(1)},
		{"Content-Type", page, "text/html; charset=koi8-r", detect, "koi8-r", charset.ContentType, is(1)},
		{"meta", append([]byte("<meta charset=koi8-r>"), page...), "", detect, "koi8-r", charset.Meta, is(0.9)},
		{"XML declaration", append([]byte(`<?xml version="1.0" encoding="koi8-r"?>`), page...), "", detect, "koi8-r", charset.XMLDeclaration, is(0.9)},
		{"default without Detect", page, "text/html", charset.Options{}, "windows-1252", charset.Defaulted, is(0)},
		{"Options.Default", page, "", charset.Options{Default: wutf8.UTF8}, "utf-8", charset.Defaulted, is(0)},
		{"detected", page, "text/html", detect, "windows-1251", charset.Detected, func(c float64) bool { return c > 0.9 && c <= 1 }},
		{"ASCII is no evidence", []byte("<p>Hello</p>"), "", detect, "windows-1252", charset.Defaulted, is(0)},
	}
	for _, c := range cases {
		r := charset.SniffOptions(c.content, c.contentType, c.opts)
		if r.Name != c.want || r.Source != c.source || !c.conf(r.Confidence) || r.Binary || r.Declared != nil {
			t.Errorf("%s: SniffOptions = %s %v confidence %v binary %v declared %v, want %s %v", c.name, r.Name, r.Source, r.Confidence, r.Binary, r.Declared, c.want, c.source)
		}
		if _, name, certain := charset.DetermineEncodingOptions(c.content, c.contentType, c.opts); name != r.Name || certain != r.Certain {
			t.Errorf("%s: DetermineEncodingOptions = %s %v, SniffOptions %s %v", c.name, name, certain, r.Name, r.Certain)
		}
		if _, rr := readerResult(t, c.content, c.contentType, c.opts); rr != r {
			t.Errorf("%s: NewReaderResult's Result %+v, SniffOptions %+v", c.name, rr, r)
		}
	}
}

func is(want float64) func(float64) bool { return func(c float64) bool { return c == want } }

// TestCheckDeclared: a page served as UTF-8 but written in windows-1251 is
// windows-1251 with CheckDeclared, UTF-8 without; a declaration that
// decodes the page without error stands.
func TestCheckDeclared(t *testing.T) {
	page := append(append([]byte("<html><body><p>"), windows1251(t)...), "</p></body></html>"...)
	const served = "text/html; charset=utf-8"
	check := charset.Options{CheckDeclared: true}

	r := charset.SniffOptions(page, served, charset.Options{})
	if r.Name != "utf-8" || r.Source != charset.ContentType || !r.Certain {
		t.Errorf("without CheckDeclared: %s %v certain %v, want utf-8 content-type certain", r.Name, r.Source, r.Certain)
	}
	r = charset.SniffOptions(page, served, check)
	if r.Name != "windows-1251" || r.Source != charset.Overridden || r.Certain || r.Declared != wutf8.UTF8 || r.Confidence < 0.9 {
		t.Errorf("with CheckDeclared: %s %v certain %v declared %v confidence %v, want windows-1251 overridden, declared utf-8", r.Name, r.Source, r.Certain, r.Declared, r.Confidence)
	}
	text, rr := readerResult(t, page, served, check)
	if rr != r {
		t.Errorf("NewReaderResult's Result %+v, SniffOptions %+v", rr, r)
	}
	if !strings.Contains(text, russian) {
		t.Errorf("NewReaderResult decoded %q", text)
	}
	// The same page declared in a <meta>.
	meta := append([]byte("<meta charset=utf-8>"), page...)
	if r := charset.SniffOptions(meta, "", check); r.Name != "windows-1251" || r.Source != charset.Overridden || r.Declared != wutf8.UTF8 {
		t.Errorf("<meta charset=utf-8>: %s %v declared %v, want windows-1251 overridden", r.Name, r.Source, r.Declared)
	}

	// Declarations the bytes agree with stand.
	utf8Page := []byte("<p>" + russian + "</p>")
	if r := charset.SniffOptions(utf8Page, served, check); r.Name != "utf-8" || r.Source != charset.ContentType || r.Confidence != 1 {
		t.Errorf("UTF-8 page served as UTF-8: %s %v %v", r.Name, r.Source, r.Confidence)
	}
	if r := charset.SniffOptions(page, "text/html; charset=windows-1251", check); r.Name != "windows-1251" || r.Source != charset.ContentType {
		t.Errorf("windows-1251 page served as windows-1251: %s %v", r.Name, r.Source)
	}
	// A UTF-8 sequence cut by the end of the window is no error; one cut
	// by the end of the content is.
	cut := append(bytes.Repeat([]byte("a"), 100), "\xd0"...)
	if r := charset.SniffOptions(append(cut, "\xb0bc"...), served, charset.Options{CheckDeclared: true, Window: len(cut)}); r.Source != charset.ContentType {
		t.Errorf("sequence cut by the window: %s %v", r.Name, r.Source)
	}
	// A byte order mark is never overridden, nor replacement.
	if r := charset.SniffOptions(append([]byte("\xEF\xBB\xBF"), page...), "", check); r.Source != charset.BOM {
		t.Errorf("BOM: %s %v", r.Name, r.Source)
	}
	if r := charset.SniffOptions(page, "text/html; charset=iso-2022-kr", check); r.Name != "replacement" || r.Source != charset.ContentType {
		t.Errorf("replacement: %s %v", r.Name, r.Source)
	}
}

// TestReaderWindow: 6 KiB of ASCII style sheet before an undeclared
// Shift_JIS body is Shift_JIS to NewReaderOptions with Detect, as to
// DetermineEncodingOptions; a window too short to reach the body sees no
// evidence.
func TestReaderWindow(t *testing.T) {
	style := "<style>\n" + strings.Repeat("p.note { margin: 0 0 1em 0; color: #333; }\n", 150) + "</style>\n"
	if len(style) < 6<<10 {
		t.Fatalf("style is %d bytes", len(style))
	}
	page := append(append([]byte("<html><head>"+style+"</head><body><p>"), shiftJIS(t)...), "</p></body></html>"...)
	for _, hint := range []charset.Hint{{}, {TLD: "jp"}} {
		opts := charset.Options{Detect: true, Hint: hint}
		r, err := charset.NewReaderOptions(bytes.NewReader(page), "text/html", opts)
		if err != nil {
			t.Fatal(err)
		}
		out, _ := io.ReadAll(r)
		if !strings.Contains(string(out), japanese) {
			t.Errorf("hint %+v: NewReaderOptions did not decode the Shift_JIS body", hint)
		}
		if _, name, _ := charset.DetermineEncodingOptions(page, "text/html", opts); name != "shift_jis" {
			t.Errorf("hint %+v: DetermineEncodingOptions = %s", hint, name)
		}
	}
	if _, res := readerResult(t, page, "", charset.Options{Detect: true, Window: 4096}); res.Source != charset.Defaulted {
		t.Errorf("4 KiB window: %s %v, want the default", res.Name, res.Source)
	}
}

// endless is an endless stream of copies of b.
type endless struct {
	b   []byte
	off int
}

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], e.b[e.off:])
		n += c
		e.off = (e.off + c) % len(e.b)
	}
	return n, nil
}

// TestReaderEndless: on an endless stream NewReaderResult buffers its
// window only, and decoding 32 MB through it allocates little.
func TestReaderEndless(t *testing.T) {
	src := &endless{b: append(shiftJIS(t), '\n')}
	r, res, err := charset.NewReaderResult(src, "", charset.Options{Detect: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Name != "shift_jis" || res.Source != charset.Detected {
		t.Fatalf("endless Shift_JIS: %s %v", res.Name, res.Source)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	n, err := io.CopyN(io.Discard, r, 32<<20)
	runtime.ReadMemStats(&after)
	if err != nil || n != 32<<20 {
		t.Fatalf("CopyN: %d, %v", n, err)
	}
	if grown := after.TotalAlloc - before.TotalAlloc; grown > 1<<20 {
		t.Errorf("decoding 32 MB allocated %d bytes", grown)
	}
}

// binaries returns samples of data that is not text: random bytes, gzip,
// PNG and JPEG headers followed by random bytes, the test executable.
func binaries(t *testing.T) map[string][]byte {
	t.Helper()
	rng := rand.New(rand.NewSource(1))
	random := func(n int) []byte {
		b := make([]byte, n)
		rng.Read(b)
		return b
	}
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	for i := 0; i < 200; i++ {
		w.Write([]byte(russian + japanese + "Crème brûlée, naïve façade.\n"))
	}
	w.Close()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	prog, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	return map[string][]byte{
		"random": random(64 << 10),
		"gzip":   gz.Bytes(),
		"png":    append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\x01\x00\x00\x00\x01\x00\x08\x06\x00\x00\x00"), random(64<<10)...),
		"jpeg":   append([]byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"), random(64<<10)...),
		"exe":    prog[:min(len(prog), 64<<10)],
	}
}

// TestBinary: data that is not text gets confidence at most 0.2 from
// DetectEncoding at every length from 64 bytes, and SniffOptions says it
// is binary and decides the default.
func TestBinary(t *testing.T) {
	for name, b := range binaries(t) {
		for _, n := range []int{64, 256, 1024, 4096, len(b)} {
			s := b[:min(n, len(b))]
			if _, enc, conf := charset.DetectEncoding(s, charset.Hint{}); conf > 0.2 {
				t.Errorf("%s, %d bytes: DetectEncoding = %s %v", name, len(s), enc, conf)
			}
			r := charset.SniffOptions(s, "", charset.Options{Detect: true})
			if !r.Binary || r.Source != charset.Defaulted || r.Name != "windows-1252" || r.Confidence > 0.2 {
				t.Errorf("%s, %d bytes: SniffOptions = %s %v binary %v confidence %v", name, len(s), r.Name, r.Source, r.Binary, r.Confidence)
			}
		}
	}
	// Text is not binary, with a stray control byte too.
	for _, s := range [][]byte{windows1251(t), shiftJIS(t), []byte("<p>caf\xe9\x01</p>\f\r\n\t\x1b")} {
		if r := charset.SniffOptions(s, "", charset.Options{Detect: true}); r.Binary {
			t.Errorf("%q: binary", s)
		}
	}
}
