package mojibake

import (
	"math/rand/v2"
	"testing"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/whatwg/singlebyte"
)

// TestLatinWordsRejectLetterSoup reads FuzzFixClean's random Latin letter
// strings (from a fixed seed) through every Latin-script legacy encoding:
// no reading changes words into those of one language.
func TestLatinWordsRejectLetterSoup(t *testing.T) {
	targets := []encoding.Encoding{singlebyte.Windows1250, singlebyte.ISO8859_2, singlebyte.ISO8859_16, singlebyte.Windows1257, singlebyte.ISO8859_13, singlebyte.ISO8859_4, singlebyte.Windows1254}
	tried := soupReadings(t, rand.New(rand.NewPCG(26, 6)), 20000, 64, targets, func(s, out string) bool { return !latinWordsPlausible(s, out, 1) })
	if tried < 40000 {
		t.Errorf("only %d readings differed from their text", tried)
	}
}

// TestLatinWordsPlausible checks hand-written repairs and non-repairs.
func TestLatinWordsPlausible(t *testing.T) {
	for _, c := range []struct {
		in, out string
		want    bool
	}{
		{"Ka¿dy cz³owiek ma prawo do ¿ycia", "Każdy człowiek ma prawo do życia", true},
		{"Herkesin yaþamaya, özgürlüðe ve kiþi güvenliðine hakký vardýr", "Herkesin yaşamaya, özgürlüğe ve kişi güvenliğine hakkı vardır", true},
		{"awahawawaèèeaèèe", "awahawawaččeačče", false},             // FuzzFixClean's, read as windows-1250
		{"Wùwùçdççdçbçcywwç", "Włwłēdēēdēbēcywwē", false},           // and as windows-1257
		{"Mrtvým zavíráme oèi", "Mrtvým zavíráme oči", true},        // one changed word, two Czech words beside it
		{"Mrtvým oèi", "Mrtvým oči", false},                         // one changed word, one beside it
		{"oèi a zavíráme", "oči a zavíráme", false},                 // "oči" too short to count
		{"più così, lunedì è già", "piů cosě, lunedě č giŕ", false}, // Italian as it is
		{"Lunedì irmã irmã irmã", "Lunedě irmă irmă irmă", false},   // one Romanian-looking word, thrice (FuzzWindowClean)
		// Changed words that are words both ways ("èlanice", "resniènih")
		// are no evidence against the language.
		{"ker so se vse države èlanice zavezale k spoštovanju èlovekovih pravic in resniènih svobošèin", "ker so se vse države članice zavezale k spoštovanju človekovih pravic in resničnih svoboščin", true},
		// A symbol between letters that the repair makes a letter is evidence.
		{"Svako ima pravo na slobodu udru¾ivanja", "Svako ima pravo na slobodu udruživanja", true},
		{"Svako ima pravo na slobodu i dr¾avljanstvo", "Svako ima pravo na slobodu i državljanstvo", true},
		{"Lès eètoxdi wabc", "Lčs ečtoxdi wabc", false}, // one word of the language, one of both
	} {
		if got := latinWordsPlausible(c.in, c.out, 1); got != c.want {
			t.Errorf("latinWordsPlausible(%q, %q) = %v, want %v", c.in, c.out, got, c.want)
		}
	}
}

// TestLatinWordsOneChangedWord checks hand-written repairs when the
// detector still lists windows-1252 (two changed words asked for): one
// changed word does when the rest is worth three words of its language.
func TestLatinWordsOneChangedWord(t *testing.T) {
	for _, c := range []struct {
		in, out string
		want    bool
	}{
		{"Každý z nás má právo vrátit se do své zemì", "Každý z nás má právo vrátit se do své země", true}, // four unchanged Czech words
		{"Mrtvým zavíráme oèi", "Mrtvým zavíráme oči", false},                                              // two: worth two words, not three
		{"Mrtvým zavíráme oèi a odpoèinek", "Mrtvým zavíráme oči a odpočinek", true},                       // two changed words
	} {
		if got := latinWordsPlausible(c.in, c.out, 2); got != c.want {
			t.Errorf("latinWordsPlausible(%q, %q, 2) = %v, want %v", c.in, c.out, got, c.want)
		}
	}
}
