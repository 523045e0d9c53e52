package detecteval

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/singlebyte"
	wutf8 "github.com/webenc/webenc/whatwg/utf8"
)

func TestTrainSplit(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		// 70% of 20 bytes is 14, inside "cccccc": extend past its line break.
		{"aaaa\nbbbb\ncccccc\ndd\n", 17},
		// 70% of 10 is 7, the position of a line break: keep it.
		{"abcdefg\nhi", 8},
		// No line break after 70%: all of it is training text.
		{"aaaa\nbbbbbbbbbbbbbbb", 20},
		{"", 0},
	} {
		if got := TrainSplit([]byte(c.text)); got != c.want {
			t.Errorf("TrainSplit(%q) = %d, want %d", c.text, got, c.want)
		}
	}
}

func TestWindows1258Form(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Việt Nam", "Vi\u00EA\u0323t Nam"}, // ệ = e + U+0323 + U+0302 → ê + U+0323
		{"ế", "\u00EA\u0301"},               // U+1EBF → ê + U+0301
		{"ơ à", "ơ à"},                      // U+01A1 and U+00E0 are in windows-1258
	} {
		got := Windows1258Form(c.in)
		if got != c.want {
			t.Errorf("Windows1258Form(%q) = %+q, want %+q", c.in, got, c.want)
		}
		if _, err := singlebyte.Windows1258.NewEncoder().String(got); err != nil {
			t.Errorf("Windows1258Form(%q) = %+q: not encodable: %v", c.in, got, err)
		}
	}
}

var tagOrRef = regexp.MustCompile(`<[^>]*>|&amp;`)

func TestHTMLWrapKeepsText(t *testing.T) {
	for _, s := range []string{
		"Mars is the fourth planet\nfrom the Sun.\n",
		"火星は、太陽系の太陽に近い方から4番目の惑星である。地球型惑星に分類され、地球の外側の軌道を公転している。",
		"",
	} {
		for seed := 0; seed < 10; seed++ {
			w := HTMLWrap(s, seed)
			if got := tagOrRef.ReplaceAllString(w, ""); got != s {
				t.Errorf("HTMLWrap(%q, %d) without markup = %q", s, seed, got)
			}
		}
	}
	if w := HTMLWrap("a b c d e f g h i j", 0); !strings.Contains(w, "<a href=") {
		t.Errorf("HTMLWrap added no link: %q", w)
	}
}

func TestEncodeCut(t *testing.T) {
	text := "Марс — «красная» планета 火星 ế €"
	for _, e := range []encoding.Encoding{singlebyte.Windows1251, singlebyte.Windows1252, cjk.ShiftJIS, cjk.ISO2022JP, wutf8.UTF8} {
		html := func(s string) []byte {
			b, err := encoding.HTMLEscapeUnsupported(e.NewEncoder()).Bytes([]byte(s))
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		for n := 0; n <= len(html(text))+2; n++ {
			got, err := EncodeCut(e, text, n)
			if err != nil {
				t.Fatalf("%v, %d: %v", e, n, err)
			}
			// The longest whole-character prefix whose html-mode
			// encoding fits in n bytes.
			var want []byte
			for i := 0; i <= len(text); i++ {
				if i < len(text) && !utf8.RuneStart(text[i]) {
					continue
				}
				if b := html(text[:i]); len(b) <= n {
					want = b
				}
			}
			if !bytes.Equal(got, want) {
				t.Errorf("EncodeCut(%v, %d) = %q, want %q", e, n, got, want)
			}
		}
	}
}

func TestScore(t *testing.T) {
	ru := func(s string) []byte {
		b, err := singlebyte.KOI8R.NewEncoder().Bytes([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	samples := []Sample{
		{Lang: "ru", Enc: "KOI8-R", Length: 64, Data: ru("Марс")},
		{Lang: "ru", Enc: "KOI8-R", Length: 256, Data: ru("планета")},
		{Lang: "ru", Enc: "KOI8-R", Length: 256, Data: ru("Солнце")},
		{Lang: "en", Enc: "windows-1252", Length: 64, Data: []byte("Mars")},
	}
	answers := []string{"koi8-u", "windows-1251", "koi8-r", "utf-8"} // right (same text), wrong, right, right (ASCII)
	i := 0
	sc := Score(samples, func(Sample) (encoding.Encoding, string) {
		name := answers[i]
		i++
		return Encoding(name), name
	})
	want := []Cell{
		{Lang: "en", Encoding: "windows-1252", Length: 64, Correct: 1, Total: 1, Accuracy: 100},
		{Lang: "ru", Encoding: "KOI8-R", Length: 64, Correct: 1, Total: 1, Accuracy: 100},
		{Lang: "ru", Encoding: "KOI8-R", Length: 256, Correct: 1, Total: 2, Accuracy: 50, Wrong: map[string]int{"windows-1251": 1}},
	}
	if len(sc.Cells) != len(want) {
		t.Fatalf("cells %+v, want %+v", sc.Cells, want)
	}
	for k, c := range sc.Cells {
		w := want[k]
		if c.Lang != w.Lang || c.Encoding != w.Encoding || c.Length != w.Length || c.Correct != w.Correct || c.Total != w.Total || c.Accuracy != w.Accuracy || len(c.Wrong) != len(w.Wrong) || c.Wrong["windows-1251"] != w.Wrong["windows-1251"] {
			t.Errorf("cell %d = %+v, want %+v", k, c, w)
		}
	}
	if len(sc.PerLength) != 2 || sc.PerLength[0].Length != 64 || sc.PerLength[0].Correct != 2 || sc.PerLength[1].Total != 2 || sc.PerLength[1].Accuracy != 50 {
		t.Errorf("per length %+v", sc.PerLength)
	}
	all, pairs := sc.AtLeast(256)
	if all.Correct != 1 || all.Total != 2 || len(pairs) != 1 || pairs[0].Lang != "ru" || pairs[0].Total != 2 || pairs[0].Accuracy != 50 {
		t.Errorf("AtLeast(256) = %+v, %+v", all, pairs)
	}
	all, pairs = sc.AtLeast(0)
	if all.Total != 4 || all.Accuracy != 75 || len(pairs) != 2 || pairs[1].Total != 3 {
		t.Errorf("AtLeast(0) = %+v, %+v", all, pairs)
	}
}

// TestMidCharacter: the windows of a sample that begin inside its first
// character, one per byte after the first, for the multi-byte encodings
// only, and none for markup or a sample beginning with ASCII.
func TestMidCharacter(t *testing.T) {
	in := []Sample{
		{Enc: "UTF-8", Data: []byte("\u706b\u661f")},          // E7 81 AB ...: two windows
		{Enc: "UTF-8", Data: []byte("\u00e9t\u00e9")},         // C3 A9: one
		{Enc: "UTF-8", Data: []byte("\U0001F600!")},           // four bytes: three
		{Enc: "EUC-JP", Data: []byte("\xb2\xd0\xc0\xb1")},     // one
		{Enc: "Shift_JIS", Data: []byte("\xb6\x89\xce")},      // a halfwidth katakana: none
		{Enc: "windows-1252", Data: []byte("\xe9t\xe9")},      // single-byte: none
		{Enc: "GBK", HTML: true, Data: []byte("\xbb\xf0<p>")}, // markup: none
		{Enc: "Big5", Data: []byte("a\xa4\xf5")},              // ASCII first: none
	}
	var got []string
	for _, s := range MidCharacter(in) {
		got = append(got, fmt.Sprintf("%s % X", s.Enc, s.Data))
	}
	want := []string{
		"UTF-8 81 AB E6 98 9F", "UTF-8 AB E6 98 9F",
		"UTF-8 A9 74 C3 A9",
		"UTF-8 9F 98 80 21", "UTF-8 98 80 21", "UTF-8 80 21",
		"EUC-JP D0 C0 B1",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("MidCharacter:\n got %q\nwant %q", got, want)
	}
}
