package charset

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	xcharset "golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/tables/labels"
	"github.com/webenc/webenc/whatwg"
)

// benchPages are typical document starts: a declaration near the top, one
// after a long head, and none at all (the whole window is scanned).
var benchPages = []struct{ name, content string }{
	{"meta-early", `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>x</title>` + strings.Repeat("<p class=\"a\">text</p>\n", 60)},
	{"meta-late", `<!DOCTYPE html><html><head>` + strings.Repeat(`<link rel="stylesheet" href="/s.css"><script src="/a.js"></script>`+"\n", 10) + `<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-2">` + strings.Repeat("<p>text</p>", 60)},
	{"none", `<!DOCTYPE html><html><head><!-- comment --><title>x</title></head><body>` + strings.Repeat(`<div class="c"><a href="/x">link</a></div>`+"\n", 40)},
}

func BenchmarkDetermineEncoding(b *testing.B) {
	for _, p := range benchPages {
		content := []byte(p.content)
		b.Run("page="+p.name+"/impl=webenc", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				DetermineEncoding(content, "text/html")
			}
		})
		b.Run("page="+p.name+"/impl=xnet", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				xcharset.DetermineEncoding(content, "text/html")
			}
		})
	}
}

func BenchmarkNewReader(b *testing.B) {
	content := []byte(benchPages[1].content + strings.Repeat("<p>caf\xe9 \xb1</p>\n", 5000))
	for _, impl := range []struct {
		name string
		f    func(io.Reader, string) (io.Reader, error)
	}{{"webenc", NewReader}, {"xnet", xcharset.NewReader}} {
		b.Run("impl="+impl.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(content)))
			for i := 0; i < b.N; i++ {
				r, err := impl.f(bytes.NewReader(content), "text/html")
				if err != nil {
					b.Fatal(err)
				}
				io.Copy(io.Discard, r)
			}
		})
	}
}

// readerPages are corpus pages in the encodings whose decoders are fastest,
// where a reader's fixed costs weigh most against Transform, and two
// slower ones.
var readerPages = []struct{ name, lang string }{
	{"UTF-8", "ru"}, {"UTF-8", "en"}, {"ISO-8859-7", "el"}, {"ISO-8859-2", "cs"},
	{"windows-1252", "de"}, {"UTF-16BE", "zh_tw"}, {"UTF-16BE", "el"},
	{"Shift_JIS", "ja"}, {"EUC-KR", "ko"},
}

// BenchmarkReaderPage compares the readers + io.Copy of a corpus page
// (~300 KB; charset.NewReader given the charset by the Content-Type, as
// bench -paths does) with one Transform of the same bytes into a reused
// buffer: issue 11's target is a ratio of at least 0.9 for
// charset.NewReader. On a shared machine the two are timed in alternating
// blocks and the fastest block of each is kept (other processes only ever
// add time); the metric "reader/T" is Transform's time over the reader's,
// the throughput ratio. x/text's transform.NewReader is there to compare.
func BenchmarkReaderPage(b *testing.B) {
	for _, p := range readerPages {
		e, page, transformPage := corpusPage(b, p.name, p.lang)
		ct := "text/html; charset=" + p.name
		readers := []struct {
			name string
			open func(io.Reader) (io.Reader, error)
		}{
			{"charset.NewReader", func(r io.Reader) (io.Reader, error) { return NewReader(r, ct) }},
			{"NewReaderLabel", func(r io.Reader) (io.Reader, error) { return NewReaderLabel(p.name, r) }},
			{"whatwg.NewDecodeReader", func(r io.Reader) (io.Reader, error) {
				d, _, err := whatwg.NewDecodeReader(e, r)
				return d, err
			}},
			{"whatwg.TextDecoderReader", func(r io.Reader) (io.Reader, error) {
				return whatwg.NewTextDecoderReader(p.name, r, whatwg.TextDecoderOptions{})
			}},
			{"transform.NewReader", func(r io.Reader) (io.Reader, error) {
				return transform.NewReader(r, e.NewDecoder()), nil
			}},
		}
		for _, rd := range readers {
			b.Run("enc="+p.name+"/lang="+p.lang+"/reader="+rd.name, func(b *testing.B) {
				benchReader(b, page, transformPage, rd.open)
			})
		}
	}
}

// BenchmarkReaderCorpus is BenchmarkReaderPage's charset.NewReader over
// every encoding and language the corpus README pairs (bench -paths adds a
// language for a few single-byte encodings the README leaves out).
func BenchmarkReaderCorpus(b *testing.B) {
	for _, name := range htmlindexNames() {
		for _, lang := range specdata.LanguagesFor(name) {
			_, page, transformPage := corpusPage(b, name, lang)
			ct := "text/html; charset=" + name
			b.Run("enc="+name+"/lang="+lang, func(b *testing.B) {
				benchReader(b, page, transformPage, func(r io.Reader) (io.Reader, error) { return NewReader(r, ct) })
			})
		}
	}
}

// htmlindexNames are the Standard's encodings but replacement and
// x-user-defined, as bench names them.
func htmlindexNames() []string {
	var names []string
	for _, e := range labels.Encodings() {
		if e.Name != "replacement" && e.Name != "x-user-defined" {
			names = append(names, e.Name)
		}
	}
	return names
}

// corpusPage returns the encoding named name, LANG.html of the corpus in
// it (html mode, as bench encodes it) and a func that decodes the page
// with one Transform into a reused buffer, as bench's Transform column.
func corpusPage(b *testing.B, name, lang string) (encoding.Encoding, []byte, func()) {
	html, err := os.ReadFile(filepath.Join(specdata.Corpus(b), lang+".html"))
	if err != nil {
		b.Fatal(err)
	}
	e, _ := Lookup(name)
	page, err := e.NewEncoder().Bytes(html)
	if err != nil {
		b.Fatal(err)
	}
	t := whatwg.NewDecoder(e, whatwg.Replacement)
	dst := make([]byte, 3*len(page)+64)
	return e, page, func() {
		t.Reset()
		if _, _, err := t.Transform(dst, page, true); err != nil {
			b.Fatal(err)
		}
	}
}

// benchReader reports the "reader/T" metric of a reader opened by open
// over a bytes.Reader of page, copied to io.Discard, against transform.
func benchReader(b *testing.B, page []byte, transform func(), open func(io.Reader) (io.Reader, error)) {
	read := func() {
		r, err := open(bytes.NewReader(page))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := io.Copy(io.Discard, r); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(len(page)))
	fastT, fastR := fastestBlocks(b.N, transform, read)
	b.ReportMetric(float64(fastT)/float64(fastR), "reader/T")
}

// fastestBlocks runs f and g n times each, in alternating blocks of a few
// runs, and returns the fastest block time of each.
func fastestBlocks(n int, f, g func()) (fastF, fastG time.Duration) {
	const block = 4
	fastF, fastG = time.Hour, time.Hour
	for done := 0; done < n; done += block {
		for k, h := range []func(){f, g} {
			start := time.Now()
			for range block {
				h()
			}
			d := time.Since(start)
			if k == 0 {
				fastF = min(fastF, d)
			} else {
				fastG = min(fastG, d)
			}
		}
	}
	return fastF, fastG
}
