package mojibake

import (
	"testing"
	"unicode"
	"unicode/utf8"
)

// classByPredicates is the class of r by package unicode's predicates,
// one test after another: the definition the table must match.
func classByPredicates(r rune) class {
	switch {
	case r < utf8.RuneSelf && unicode.IsLower(r):
		return clsLower
	case r < utf8.RuneSelf && unicode.IsUpper(r):
		return clsUpper
	case r < utf8.RuneSelf:
		return clsASCII
	case r < 0xA0:
		return clsBad
	case r == '\u00B5', r == '\u00AA', r == '\u00BA':
		return clsSym
	case r == '\u2019' || r == '\u02BC':
		return clsASCII
	case unicode.IsLower(r):
		return clsLower
	case unicode.IsUpper(r) || unicode.IsTitle(r):
		return clsUpper
	case unicode.IsLetter(r):
		return clsLetter
	case unicode.IsMark(r):
		return clsMark
	case unicode.IsPunct(r) || unicode.IsSymbol(r) || unicode.IsNumber(r):
		return clsSym
	case unicode.IsSpace(r) || unicode.Is(unicode.Cf, r):
		return clsSpace
	}
	return clsBad
}

// TestClassTable checks classOf against the predicates for every code
// point and the first beyond.
func TestClassTable(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune+1; r++ {
		if got, want := classOf(r), classByPredicates(r); got != want {
			t.Fatalf("classOf(%U) = %d, want %d", r, got, want)
		}
	}
}

// TestScriptTable checks scriptID against package unicode's script
// tables for every code point: equal IDs for one script (Han, Hiragana
// and Katakana as one), 0 for Common and Inherited.
func TestScriptTable(t *testing.T) {
	idOf := map[string]uint8{}
	for name, tab := range unicode.Scripts {
		var runes []rune
		for _, r := range tab.R16 {
			for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
				runes = append(runes, c)
			}
		}
		for _, r := range tab.R32 {
			for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
				runes = append(runes, c)
			}
		}
		for _, r := range runes {
			id := scriptID(r)
			switch {
			case name == "Common" || name == "Inherited":
				if id != 0 {
					t.Fatalf("scriptID(%U) = %d, want 0 (%s)", r, id, name)
				}
				continue
			case name == "Hiragana" || name == "Katakana":
				name = "Han"
			}
			if want, ok := idOf[name]; ok && id != want || id == 0 {
				t.Fatalf("scriptID(%U) = %d, want %d (%s)", r, id, want, name)
			}
			idOf[name] = id
		}
	}
	if scriptID(0x10FFFF) != 0 || scriptID(unicode.MaxRune+1) != 0 {
		t.Errorf("scriptID of a noncharacter or beyond Unicode is not 0")
	}
	seen := map[uint8]string{}
	for name, id := range idOf {
		if other, ok := seen[id]; ok {
			t.Errorf("%s and %s share the ID %d", name, other, id)
		}
		seen[id] = name
	}
}
