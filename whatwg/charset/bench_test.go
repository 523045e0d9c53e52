package charset

import (
	"bytes"
	"io"
	"strings"
	"testing"

	xcharset "golang.org/x/net/html/charset"
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
