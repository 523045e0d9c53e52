package mojibake

import (
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/singlebyte"
)

// dropC1 is UTF-8 s read as windows-1252 with the C1 controls of its
// undefined bytes removed.
func dropC1(t *testing.T, s string) string {
	t.Helper()
	b, _ := whatwg.AppendDecode(nil, singlebyte.Windows1252, []byte(s))
	return strings.Map(func(r rune) rune {
		if r == 0x81 || r == 0x8D || r == 0x8F || r == 0x90 || r == 0x9D {
			return -1
		}
		return r
	}, string(b))
}

// TestRestoreLost checks lines whose lost bytes the surroundings decide.
func TestRestoreLost(t *testing.T) {
	for _, want := range []string{
		"pomeni priznanje prirojenega človeškega dostojanstva vseh članov človeške družbe", // three broken sequences per whole one
		"火星の表面は主として玄武岩と安山岩の岩石からなっている。",                                                     // そ-like kana lose two bytes
		"Inson oilasi barcha aʼzolariga hos boʻlgan qadr‐qimmat hamda",                     // a hyphen between letters, not ”
		"בני אדם נולדו בני חורין ושווים בערכם ובזכויותיהם",                                 // final mem ends a word, alef inside
		"A jo kánako murutǘ kpí nó njee, tí ká favä́ŋ, taká yindí ta yee",                  // a combining acute fits any alphabet
		"На поверхности Марса температура низкая, а время долгое",                          // Н before a vowel, я ending a word, с elsewhere
		"我们都有权利知道真相。",                                                                      // letter statistics: 道 and 权, not 铁 and 恃
		"这个城市的人口不多。",                                                                       // 口不, not 季丝
		"受教育是每个人的权利。",                                                                      // 受 and 每, not 南 and 毁
		"대한민국의 수도는 서울이다.",                                                                  // 의, not 쁘
		"Bunicul spune că ce‐i drept nu‐i păcat, și așa rămâne",                            // a hyphen no legacy alphabet has still fits
		"οἱ ἄνθρωποι εἶναι ἐλεύθεροι καὶ ἴσοι",                                             // a polytonic accent is the word's one accent
		"Η ελευθερία προστατεύεται από το κράτος",                                          // the accent on one of a word's last three syllables
		"Έχει δύο παιδιά και ισχύει ο νόμος",                                               // ύ, not ρ, between δ and ο
		"ΕΛΛΗΝΙΚΗ ΓΛΩΣΣΑ",                                                                  // no accent inside a word of capitals
		"അവന്\u200d വീട്ടില്\u200d പോയി",                                                   // a chillu written with a joiner
		"צה”ל שומר על המדינה",                                                              // Hebrew abbreviates with ”
	} {
		in := dropC1(t, want)
		if in == want {
			t.Fatalf("%q lost nothing", want)
		}
		if got := Fix(in); got != want {
			t.Errorf("Fix(%q)\n got %q\nwant %q", in, got, want)
		}
	}
}

// TestSiblingTie checks that ISO-8859-2 wins a tie with windows-1250
// when windows-1250's reading has a letter without its companions, and
// loses it otherwise.
func TestSiblingTie(t *testing.T) {
	for _, c := range []struct {
		want string
		e    encoding.Encoding
	}{
		{"Anüikii süchikua wayuu, aküjüin sünain", singlebyte.ISO8859_2}, // windows-1250 reads "anßikii"
		{"Die Straße führt über große Brücken", singlebyte.Windows1250},  // ISO-8859-2 reads "Straüe fåhrt"
	} {
		b, _ := whatwg.AppendDecode(nil, c.e, []byte(c.want))
		if got := Fix(string(b)); got != c.want {
			t.Errorf("Fix(%q)\n got %q\nwant %q", b, got, c.want)
		}
	}
}

// TestHasRuneError checks hasRuneError against strings.ContainsRune on
// hand-written strings: U+FFFD, invalid bytes, a truncated sequence,
// clean text.
func TestHasRuneError(t *testing.T) {
	for s, want := range map[string]bool{
		"":             false,
		"Crème":        false,
		"ï¿½":          false,
		"a\uFFFDb":     true,
		"a\xffb":       true,
		"\xe2\x82":     true,
		"€ 5":          false,
		"\xed\xa0\xbd": true,
	} {
		if got := hasRuneError(s); got != want || got != strings.ContainsRune(s, utf8.RuneError) {
			t.Errorf("hasRuneError(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestLostFit checks that the letter statistics rank a common character
// between its neighbours above a rare one that lost the same byte.
func TestLostFit(t *testing.T) {
	for _, c := range []struct{ prev, good, bad, after rune }{
		{'有', '权', '恃', '利'}, // E6 9D 83 and E6 81 83
		{'知', '道', '铁', '真'}, // E9 81 93 and E9 93 81
		{' ', 'ρ', 'ύ', 'ο'}, // CF 81 and CF 8D
	} {
		if g, b := lostFit(c.prev, c.good, c.after), lostFit(c.prev, c.bad, c.after); g <= b {
			t.Errorf("lostFit(%q, %q, %q) = %d, not above %q's %d", c.prev, c.good, c.after, g, c.bad, b)
		}
	}
}
