package mojibake

import "testing"

// TestScan checks the prefilter's two answers against hand-written ends
// (byte indexes after the character that completes the evidence).
func TestScan(t *testing.T) {
	for _, c := range []struct {
		in              string
		mojibake, latin int
	}{
		{"oèi", -1, 4},             // è between a letter and a vowel
		{"zavíráme oèi", -1, 15},   // the same after clean accents
		{"crème", -1, -1},          // è before a consonant: French
		{"egyenlõ ", -1, 9},        // õ at a word's end
		{"põe", -1, -1},            // õ before a vowel: Portuguese
		{"vìc", -1, 4},             // ì between letters
		{"più", -1, -1},            // ì at a word's end: Italian
		{" ìc", -1, -1},            // no letter before
		{"vì", -1, -1},             // nothing after
		{"a\nìc", -1, -1},          // a line feed before is no letter
		{"vìд", -1, 5},             // a Cyrillic letter after
		{"aa\xe0\x83\x90a", -1, 6}, // an overlong form of Ð, decoded too
		{"\xbfaìc", -1, 5},         // a stray byte, then a letter before the sign
		{"\xbfìc", -1, -1},         // a stray byte is no letter
		{"Ñìc", -1, 5},             // a letter of two bytes before
		{"中ìc", -1, -1},            // a character no wrong decoder makes
		{"Ã©t", 4, -1},             // é read as windows-1252
		{"oèi Ã©\n", 9, 4},         // both, in one line
		{"oèi x\nÃ©", -1, 4},       // after a sign, the scan ends with its line
		{"Ã©\noèi", 4, -1},         // at mojibake, the scan ends
	} {
		mojibake, latin := scan(c.in)
		if mojibake != c.mojibake || latin != c.latin {
			t.Errorf("scan(%q) = %d, %d, want %d, %d", c.in, mojibake, latin, c.mojibake, c.latin)
		}
	}
}
