package mojibake

import (
	"testing"

	"golang.org/x/text/encoding"

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
	e, got, _ := cheapestReading(b, singlebyte.Windows1251, string(as1251), true)
	if got != text || e != singlebyte.XMacCyrillic {
		t.Errorf("cheapestReading = %v %q, want x-mac-cyrillic %q", e, got, text)
	}
}

// TestLegacyOneCase checks legacy text whose letters are all of one case
// and whose bytes the detector's statistics give to another script or
// leave to windows-1252's undefined bytes, read as windows-1252: Fix
// gives the text back. Hand-written lines.
func TestLegacyOneCase(t *testing.T) {
	for _, c := range []struct {
		text string
		e    encoding.Encoding
	}{
		{"ΠΡΟΣΟΧΗ: ΤΟ ΣΥΣΤΗΜΑ ΘΑ ΤΕΘΕΙ ΕΚΤΟΣ ΛΕΙΤΟΥΡΓΙΑΣ ΑΥΡΙΟ", singlebyte.Windows1253}, // KOI8-R's small letters
		{"ΠΡΟΣΟΧΗ: ΤΟ ΣΥΣΤΗΜΑ ΘΑ ΤΕΘΕΙ ΕΚΤΟΣ ΛΕΙΤΟΥΡΓΙΑΣ ΑΥΡΙΟ", singlebyte.ISO8859_7},
		{"ВНИМАНИЕ: СИСТЕМА БУДЕТ ОТКЛЮЧЕНА ЗАВТРА УТРОМ", singlebyte.KOI8R},                 // Latin-1 small letters
		{"ГЛАВНАЯ СТРАНИЦА И НАСТРОЙКИ ПРОФИЛЯ", singlebyte.XMacCyrillic},                    // "ƒ‹€‚\u008d€Ÿ"
		{"Шлюб может быть заключён только при свободном согласии.", singlebyte.XMacCyrillic}, // windows-1251 has no 0x98
		{"ЧТО ДЕЛАТЬ, ЕСЛИ ЗАБЫЛ ПАРОЛЬ", singlebyte.XMacCyrillic},                           // windows-1252's undefined bytes and punctuation
		{"ВСЕ ДЕТИ ЕДУТ ДОМОЙ В СУББОТУ", singlebyte.XMacCyrillic},
		{"Сохранить изменения", singlebyte.IBM866}, // а and н are a no-break space and a soft hyphen
	} {
		b, unmappable := whatwg.AppendEncode(nil, c.e, []byte(c.text))
		if unmappable {
			t.Fatalf("%v lacks a character of %q", c.e, c.text)
		}
		in, _ := whatwg.AppendDecode(nil, singlebyte.Windows1252, b)
		if got := Fix(string(in)); got != c.text {
			t.Errorf("%v read as windows-1252: Fix(%q) = %q, want %q", c.e, in, got, c.text)
		}
	}
	for _, clean := range []string{"ÀÉÎÕÜ ÅÆØ", "CAFÉ CRÈME BRÛLÉE À LA MAISON", "ÉTÉ À SÃO PAULO"} {
		if got := Fix(clean); got != clean {
			t.Errorf("Fix(%q) = %q, want it unchanged", clean, got)
		}
	}
}
