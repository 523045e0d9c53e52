package mojibake

import "testing"

// TestLatinSignEnd checks the signs of Latin-script legacy text read as
// windows-1252 against hand-written ends (byte indexes after the character
// that completes the sign).
func TestLatinSignEnd(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{
		{"oèi", 4},                 // è between a letter and a vowel
		{"zavíráme oèi", 15},       // the same after clean accents
		{"crème", -1},              // è before a consonant: French
		{"egyenlõ ", 9},            // õ at a word's end
		{"põe", -1},                // õ before a vowel: Portuguese
		{"vìc", 4},                 // ì between letters
		{"più", -1},                // ì at a word's end: Italian
		{" ìc", -1},                // no letter before
		{"vì", -1},                 // nothing after
		{"a\nìc", -1},              // a line feed before is no letter
		{"vìд", 5},                 // a Cyrillic letter after
		{"0123456789abcdeoèi", 19}, // found after a word passed whole
		{"aa\xe0\x83\x90a", 6},     // Ð as an overlong form, decoded too
		{"aa\xe0\x83\x90", -1},     // nothing after
		{"\xbfaìc", 5},             // a stray byte, then a letter before the sign
		{"\xbfìc", -1},             // a stray byte is no letter
		{"ф\u00a0ìc", -1},          // a no-break space is no letter
		{"Ñìc", 5},                 // a letter of two bytes before
		{"中ìc", -1},                // a character no wrong decoder makes
	} {
		if got := latinSignEnd(c.in); got != c.want {
			t.Errorf("latinSignEnd(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

// TestMojibakeEndAfterLineFeed checks what the evidence cache of fix
// relies on: a scan started after a line feed finds what a scan of the
// whole text finds after it.
func TestMojibakeEndAfterLineFeed(t *testing.T) {
	for _, c := range []struct {
		whole     string
		line      int // where the line starts
		wantWhole int
	}{
		{"abc\nÃ©t", 4, 8},
		{"Ð\nÃ©t", 3, 7},
		{"Ã\nÂ©", 3, 7},
		{"ÐŸ\nclean", 5, 4},
		{"clean\nclean", 6, -1},
	} {
		got := mojibakeEnd(c.whole)
		if got != c.wantWhole {
			t.Errorf("mojibakeEnd(%q) = %d, want %d", c.whole, got, c.wantWhole)
		}
		after := mojibakeEnd(c.whole[c.line:])
		if got > c.line && after != got-c.line || got < 0 && after >= 0 {
			t.Errorf("%q: after the line feed %d, whole %d", c.whole, after, got)
		}
	}
}
