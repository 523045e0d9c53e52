package charset

import (
	"io"
	"strings"
	"testing"

	"github.com/webenc/webenc/whatwg/htmlindex"
)

// Lookup returns one value per encoding, whatever the label, and builds
// nothing per call; that value encodes in html mode, unlike htmlindex's.
func TestLookupOneValuePerEncoding(t *testing.T) {
	a, _ := Lookup("latin1")
	b, name := Lookup(" Windows-1252 ")
	if a == nil || a != b || name != "windows-1252" {
		t.Fatalf("Lookup(latin1) = %v, Lookup(windows-1252) = %v, %q: want one value", a, b, name)
	}
	if h, _ := htmlindex.Get("windows-1252"); h == a {
		t.Error("Lookup returned htmlindex's value, whose encoder is not in html mode")
	}
	if got, err := a.NewEncoder().String("a\u0101"); got != "a&#257;" || err != nil {
		t.Errorf("Lookup's encoder: %q, %v; want \"a&#257;\"", got, err)
	}
	get := testing.AllocsPerRun(100, func() {
		e, _ := htmlindex.Get("shift_jis")
		htmlindex.Name(e)
	})
	if n := testing.AllocsPerRun(100, func() { Lookup("shift_jis") }); n > get {
		t.Errorf("Lookup allocates %v times per call, htmlindex.Get and Name %v", n, get)
	}
}

// README's one surprise of the x/net swap: undeclared valid UTF-8 is
// windows-1252 for NewReader, and UTF-8 again with Options{Detect: true}.
func TestREADMESwapSurprise(t *testing.T) {
	page := "<p>caf\xC3\xA9</p>"
	read := func(r io.Reader, err error) string {
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if got := read(NewReader(strings.NewReader(page), "text/html")); got != "<p>caf\u00C3\u00A9</p>" {
		t.Errorf("NewReader: %+q, want windows-1252's reading", got)
	}
	if got := read(NewReaderOptions(strings.NewReader(page), "text/html", Options{Detect: true})); got != "<p>caf\u00E9</p>" {
		t.Errorf("NewReaderOptions with Detect: %+q, want UTF-8's reading", got)
	}
}
