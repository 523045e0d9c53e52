package charset

import (
	"strings"
	"testing"

	"golang.org/x/text/encoding"
)

// TestReaderPrescansOnce: the reader runs the prescan once when the
// Content-Type declares nothing, never after a BOM or a Content-Type
// charset, and decides as SniffOptions does on the whole stream.
func TestReaderPrescansOnce(t *testing.T) {
	sjisText := strings.Repeat("\x93\xfa\x96\x7b\x8c\xea\x82\xcc\x95\xb6\x8f\xcd\x82\xc5\x82\xb7\x81\x42", 20)
	cases := []struct {
		name, in, contentType string
		opts                  Options
		prescans              int
		want                  string
	}{
		{"meta", `<meta charset="koi8-r">x`, "", Options{}, 1, "koi8-r"},
		{"meta, check declared", `<meta charset="utf-8">` + sjisText, "", Options{CheckDeclared: true}, 1, "shift_jis"},
		{"nothing declared, detect", sjisText, "", Options{Detect: true}, 1, "shift_jis"},
		{"nothing declared", "plain", "", Options{}, 1, "windows-1252"},
		{"content-type", `<meta charset="koi8-r">`, "text/html; charset=euc-kr", Options{Detect: true}, 0, "euc-kr"},
		{"BOM", "\xEF\xBB\xBF<meta charset=koi8-r>", "", Options{Detect: true}, 0, "utf-8"},
	}
	for _, c := range cases {
		n := 0
		counting := func(b []byte) (encoding.Encoding, Source) {
			n++
			return prescan(b)
		}
		p := peeker{r: strings.NewReader(c.in)}
		res, err := readAndSniff(&p, c.contentType, c.opts, counting)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if n != c.prescans {
			t.Errorf("%s: the prescan ran %d times, want %d", c.name, n, c.prescans)
		}
		if res.Name != c.want {
			t.Errorf("%s: decided %s, want %s", c.name, res.Name, c.want)
		}
		if whole := SniffOptions([]byte(c.in), c.contentType, c.opts); whole != res {
			t.Errorf("%s: reader decided %+v, SniffOptions %+v", c.name, res, whole)
		}
	}
}
