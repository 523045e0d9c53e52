package mojibake

import (
	"testing"

	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/singlebyte"
)

// TestLatinLegacySigns checks the prefilter's signs of Latin-script
// legacy text read as windows-1252 at each place a sign may stand, and
// the same characters where they are no sign.
func TestLatinLegacySigns(t *testing.T) {
	for _, c := range []struct {
		in   string
		sign bool
	}{
		{"vse teisiø ir", true}, // ø at a word's end (Lithuanian ų)
		{"do zemì.", true},      // ì at a word's end (Czech ě)
		{"pravo èlanov", true},  // è at a word's start (č)
		{"turi þmogus", true},   // þ at a word's start (Lithuanian ž)
		{"egyenlõ a", true},     // õ at a word's end, as before
		{"très bien", false},    // è before a consonant
		{"è vero", false},       // è alone
		{"ø og æ", false},       // ø, æ alone
		{"høj", false},          // ø between letters
		{"dû à", false},         // û at a word's end
		{"le 21 août", false},   // û between letters: French dates, so no sign
		{"Každý den", false},    // ý: Czech writes it, and asking costs Czech pages
	} {
		if got := suspiciousAt(c.in) >= 0; got != c.sign {
			t.Errorf("suspiciousAt(%q) >= 0 is %v, want %v", c.in, got, c.sign)
		}
	}
}

// TestUnclosedQuotes checks the count of opening quotation marks no
// closing one matches.
func TestUnclosedQuotes(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{
		{"‚секи човек", 1},
		{"„Текст“ и «слово»", 0},
		{"«a» ‚b „c", 2},
		{"no quotes", 0},
	} {
		if got := unclosedQuotes(c.in); got != c.want {
			t.Errorf("unclosedQuotes(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

// TestCheapestReadingMacCyrillic checks that x-mac-cyrillic text whose
// first capital windows-1251 reads as "‚" is read as x-mac-cyrillic.
func TestCheapestReadingMacCyrillic(t *testing.T) {
	const text = "Всеки човек има право на почивка и на свобода."
	b, unmappable := whatwg.AppendEncode(nil, singlebyte.XMacCyrillic, []byte(text))
	if unmappable {
		t.Fatal("x-mac-cyrillic lacks a character of the text")
	}
	as1251, _ := whatwg.AppendDecode(nil, singlebyte.Windows1251, b)
	e, got := cheapestReading(b, singlebyte.Windows1251, string(as1251))
	if got != text || e != singlebyte.XMacCyrillic {
		t.Errorf("cheapestReading = %v %q, want x-mac-cyrillic %q", e, got, text)
	}
}
