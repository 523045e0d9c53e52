package mojibake

import (
	"math/rand/v2"
	"testing"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/whatwg/singlebyte"
)

// TestPlausibleRejectsLetterSoup reads FuzzFixClean's random Latin letter
// strings (from a fixed seed) through every single-byte encoding a legacy
// repair into another script decodes with: no reading is plausible text,
// however the other checks of the repair would judge it.
func TestPlausibleRejectsLetterSoup(t *testing.T) {
	targets := []encoding.Encoding{
		singlebyte.Windows1251, singlebyte.KOI8R, singlebyte.KOI8U, singlebyte.IBM866, singlebyte.ISO8859_5, singlebyte.XMacCyrillic,
		singlebyte.Windows1253, singlebyte.ISO8859_7, singlebyte.Windows1255, singlebyte.ISO8859_8, singlebyte.Windows1256, singlebyte.ISO8859_6, singlebyte.Windows874,
	}
	tried := soupReadings(t, rand.New(rand.NewPCG(26, 4)), 5000, 48, targets, func(s, out string) bool { return !plausible(s, out) })
	if tried < 10000 {
		t.Errorf("only %d readings differed from their text", tried)
	}
}

// soupReadings reads n of FuzzFixClean's random Latin letter strings (of
// up to 8+maxExtra bytes of input, from rng) through each of targets and
// reports each reading that differs from its text and that rejected does
// not reject; it returns how many differed.
func soupReadings(t *testing.T, rng *rand.Rand, n, maxExtra int, targets []encoding.Encoding, rejected func(s, out string) bool) int {
	t.Helper()
	tried := 0
	for range n {
		data := make([]byte, 8+rng.IntN(maxExtra))
		for i := range data {
			data[i] = byte(rng.IntN(256))
		}
		data[0] = byte(rng.IntN(2)) // the Latin alphabets
		s := cleanText(data)
		b, err := singlebyte.Windows1252.NewEncoder().String(s)
		if err != nil {
			t.Fatalf("windows-1252 cannot encode %q: %v", s, err)
		}
		for _, e := range targets {
			out, err := e.NewDecoder().String(b)
			if err != nil || out == s {
				continue
			}
			tried++
			if !rejected(s, out) {
				t.Errorf("%q read as %v: %q is accepted", s, e, out)
			}
		}
	}
	return tried
}

// TestPlausible checks hand-written repairs and non-repairs.
func TestPlausible(t *testing.T) {
	for _, c := range []struct {
		in, out string
		want    bool
	}{
		{"Ïðèâåò, ìèð", "Привет, мир", true},
		{"Ãåéá óïõ êüóìå, êáëçìÝñá", "Γεια σου κόσμε, καλημέρα", true},
		{"Mrtvým zavíráme oèi a odpoèinek", "Mrtvým zavíráme oči a odpočinek", false}, // Latin: no model judges it
		{"Wùwùçdççdçbçcywwç", "Włwłēdēēdēbēcywwē", false},                             // FuzzFixClean's, read as windows-1257
		{"ç, Â  Wçùwçâ", "η, Β  WηωwηΒ", false},                                       // and as windows-1253
		{"Èùw çxùùxù", "Čůw çxůůxů", false},
		{"Ïðèâåò", "Ïðèâåò", false}, // no gain
	} {
		if got := plausible(c.in, c.out); got != c.want {
			t.Errorf("plausible(%q, %q) = %v, want %v", c.in, c.out, got, c.want)
		}
	}
}
