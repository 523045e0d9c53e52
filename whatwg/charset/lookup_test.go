package charset

import (
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
