package mojibake

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestScanToken checks scanToken and hasC1Bytes against plain per-rune
// loops over every string of up to three of the pieces below (ASCII,
// mojibake, C1 controls, U+FFFD, invalid bytes, characters no decoder
// makes), and a few facts written by hand.
func TestScanToken(t *testing.T) {
	pieces := []string{"", "a", " ", "Ã", "©", "Ð", "¸", "â€", "\u0081", "\u0093", "\uFFFD", "\xff", "\xc2", "Ä‚", "я", "Ñ", "√", "ℹ", "😀", "漢", "\u00a0"}
	check := func(s string) {
		t.Helper()
		f := scanToken(s)
		var pairs, prevLead uint32
		c1Rune := false
		for _, r := range s {
			ms := table.lookup(r)
			pairs |= prevLead & ms.cont
			prevLead = ms.lead()
			c1Rune = c1Rune || r >= 0x80 && r < 0xA0
		}
		if f.pairs != pairs {
			t.Errorf("scanToken(%q).pairs = %b, want %b", s, f.pairs, pairs)
		}
		for i, d := range decoders {
			if got := f.encoders&(1<<i) != 0; got != d.canEncode(s) {
				t.Errorf("scanToken(%q): encodes with %s %v, canEncode says %v", s, d.name, got, !got)
			}
		}
		if f.mixedC1 != decoders[c1].mixedC1(s) {
			t.Errorf("scanToken(%q).mixedC1 = %v", s, f.mixedC1)
		}
		if f.runeError != strings.ContainsRune(s, utf8.RuneError) {
			t.Errorf("scanToken(%q).runeError = %v", s, f.runeError)
		}
		if hasC1Bytes(s) != c1Rune {
			t.Errorf("hasC1Bytes(%q) = %v, want %v", s, !c1Rune, c1Rune)
		}
	}
	for _, a := range pieces {
		for _, b := range pieces {
			for _, c := range pieces {
				check(a + b + c)
			}
		}
	}
	if f := scanToken("Ã©"); f.pairs&(1<<c1) == 0 || f.encoders&(1<<c1) == 0 {
		t.Errorf("scanToken(\"Ã©\") = %+v: windows-1252 made it of a lead and a continuation byte", f)
	}
	if f := scanToken("abc"); f.pairs != 0 || f.encoders != ^uint32(0) || f.runeError {
		t.Errorf("scanToken(\"abc\") = %+v, want no pairs, every decoder", f)
	}
	if f := scanToken("a😀"); f.encoders != 0 {
		t.Errorf("scanToken(\"a😀\").encoders = %b, want none", f.encoders)
	}
}
