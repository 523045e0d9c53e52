package main

import (
	"os/exec"
	"strings"
	"testing"
)

func TestCPSRoundTrip(t *testing.T) {
	s := "a\u00e9\u3000\U0001F600\uFFFD"
	got := cps(s)
	if want := "61.e9.3000.1f600.fffd"; got != want {
		t.Fatalf("cps(%q) = %q, want %q", s, got, want)
	}
	if back := string(parseCPS(got)); back != s {
		t.Fatalf("parseCPS(%q) = %q, want %q", got, back, s)
	}
	if cps("") != "" || parseCPS("") != nil {
		t.Fatal("empty string must format to empty")
	}
}

func TestClassify(t *testing.T) {
	v := &vector{enc: "ISO-2022-JP", mode: modeRaw, chunks: [][]byte{{0x1B, 0x28, 0x80}}}
	got := classify(v, "T fffd.28.fffd", "T fffd.28")
	if want := "output webenc [U+FFFD] vs Chromium []"; got != want {
		t.Errorf("classify = %q, want %q", got, want)
	}
	got = classify(v, "- 41", "T 41")
	if want := "fatal: webenc succeeds, Chromium fails"; got != want {
		t.Errorf("classify = %q, want %q", got, want)
	}
	s := &vector{enc: "UTF-8", mode: modeStream, chunks: [][]byte{{0xFF, 0xFE}, nil}}
	got = classify(s, "fffd.fffd/ ; !/!", "fffd.fffd/ ; !/")
	if want := afterThrowClass; got != want {
		t.Errorf("classify = %q, want %q", got, want)
	}
}

// TestWebencSide checks the result lines on values from the Standard:
// windows-1252 maps 0x80 to U+20AC; its index has no 0x81, which maps to
// U+0081 (index pointer 1 is U+0081); the UTF-8 decoder makes one U+FFFD of
// the maximal subpart E2 82 before "A".
func TestWebencSide(t *testing.T) {
	w := newWebencSide()
	for _, c := range []struct {
		enc  string
		in   []byte
		want string
	}{
		{"windows-1252", []byte{0x80, 0x81}, "- 20ac.81"},
		{"UTF-8", []byte{0xE2, 0x82, 'A'}, "T fffd.41"},
		{"UTF-16LE", []byte{0x3D, 0xD8, 0x00, 0xDE}, "- 1f600"},
		{"Big5", []byte{0x88, 0x62}, "- ca.304"},
	} {
		v := &vector{enc: c.enc, mode: modeRaw, chunks: [][]byte{c.in}}
		if got := w.result(v); got != c.want {
			t.Errorf("%s % x: %q, want %q", c.enc, c.in, got, c.want)
		}
	}
	if len(w.inconsistent) > 0 {
		t.Errorf("inconsistent: %v", w.inconsistent)
	}
}

func TestPage(t *testing.T) {
	vs := []vector{
		{enc: "UTF-8", mode: modeRaw, chunks: [][]byte{{0x41}}},
		{enc: "UTF-8", mode: modeRaw, chunks: [][]byte{{0xC3, 0xA9}}},
		{enc: "Big5", mode: modeStream, chunks: [][]byte{{0x88}, {0x62}}},
	}
	p := string(page(vs))
	if !strings.Contains(p, `["UTF-8","r","41,c3a9"]`) || !strings.Contains(p, `["Big5","s","88/62"]`) {
		t.Errorf("page groups not as expected:\n%.300s", p)
	}
}

// TestChromiumSmoke runs a small page in Chromium when it is installed:
// single bytes of windows-1252 and x-user-defined, which every browser
// decodes as the Standard says.
func TestChromiumSmoke(t *testing.T) {
	path, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("Chromium not installed")
	}
	var vs []vector
	for _, enc := range []string{"windows-1252", "x-user-defined"} {
		vs = append(vs, systematic(enc)...)
	}
	c := &chromium{path: path, dir: t.TempDir()}
	theirs, err := c.run(vs)
	if err != nil {
		t.Skipf("Chromium did not run here: %v", err)
	}
	w := newWebencSide()
	for i := range vs {
		if mine := w.result(&vs[i]); mine != theirs[i] {
			t.Errorf("%s % x: webenc %q, Chromium %q", vs[i].enc, vs[i].chunks[0], mine, theirs[i])
		}
	}
}
