package mojibake

import (
	"unicode"
	"unicode/utf8"
)

// class is what badness needs to know about a character.
type class uint8

const (
	clsASCII  class = iota // ASCII other than letters
	clsLower               // lowercase letter
	clsUpper               // uppercase or titlecase letter
	clsLetter              // uncased letter
	clsMark                // combining mark
	clsSym                 // non-ASCII symbol or punctuation
	clsSpace               // non-ASCII space or format character
	clsBad                 // control, private use, unassigned, noncharacter
)

func classOf(r rune) class {
	switch {
	case r < utf8.RuneSelf:
		switch {
		case 'a' <= r && r <= 'z':
			return clsLower
		case 'A' <= r && r <= 'Z':
			return clsUpper
		}
		return clsASCII
	case r < 0xA0:
		return clsBad // C1 controls
	case r == '\u00B5':
		return clsSym // the micro sign is a unit symbol, not a Greek letter
	case r == '\u00AA' || r == '\u00BA':
		return clsSym // ordinal indicators follow digits, not capitals
	case r == '\u2019' || r == '\u02BC':
		// Apostrophes sit inside words in clean text.
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

func isLetter(c class) bool { return c == clsLower || c == clsUpper || c == clsLetter }

// scripts used by badness: letters of two different ones side by side are
// odd (Latin "Ã" beside Cyrillic, Greek "Î" beside Latin).
var scripts = []*unicode.RangeTable{
	unicode.Latin, unicode.Greek, unicode.Cyrillic, unicode.Armenian, unicode.Hebrew,
	unicode.Arabic, unicode.Thai, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul,
}

// scriptOf returns 1+the index of r's script in scripts, 0 for others.
func scriptOf(r rune) int {
	if r < utf8.RuneSelf {
		return 1 // ASCII letters are Latin
	}
	for i, t := range scripts {
		if unicode.Is(t, r) {
			return i + 1
		}
	}
	return 0
}

// sameScriptFamily treats Han and kana as one script (Japanese mixes them).
func sameScriptFamily(a, b int) bool {
	if a == b || a == 0 || b == 0 {
		return true
	}
	jp := func(x int) bool { return x >= 8 && x <= 10 }
	return jp(a) && jp(b)
}

// badness counts the oddities of s that mojibake produces and clean text
// rarely has: controls and unassigned code points (3 each), non-ASCII
// symbols touching letters or each other, a lowercase letter followed by
// an uppercase one, adjacent letters of different scripts, and marks
// after non-letters (1 each).
func badness(s string) int {
	bad := 0
	prev, prevScript, prevNonASCII, prevLatin1Cap := clsASCII, 0, false, false
	for _, r := range s {
		c := classOf(r)
		nonASCII := r >= utf8.RuneSelf
		sc := 0
		if isLetter(c) {
			sc = scriptOf(r)
		}
		if c == clsBad {
			bad += 3
		}
		if c == clsSpace && prev == clsUpper && prevNonASCII {
			bad++ // "Ã\u00ad": í read as windows-1252
		}
		if nonASCII || prevNonASCII {
			switch {
			case c == clsSym && (isLetter(prev) || prev == clsSym):
				bad++
			case isLetter(c) && prev == clsSym:
				bad++
			case c == clsUpper && prev == clsLower:
				bad++
			case prevLatin1Cap && isW1252Letter(r):
				bad++ // "Ãœ"
			case isLetter(c) && isLetter(prev) && !sameScriptFamily(sc, prevScript):
				bad++
			case c == clsMark && !isLetter(prev) && prev != clsMark:
				bad++
			}
		}
		prev, prevScript, prevNonASCII = c, sc, nonASCII
		prevLatin1Cap = r >= 0xC0 && r <= 0xDE && r != 0xD7
	}
	return bad
}

// acceptable reports whether r may result from a repair: a repair never
// produces a control, private-use, unassigned or noncharacter code point.
func acceptable(r rune) bool {
	c := classOf(r)
	return c != clsBad && r != utf8.RuneError
}

// isW1252Letter reports whether r is one of windows-1252's letters in
// 0x80–0x9F (ƒ Š Œ Ž š œ ž Ÿ).
func isW1252Letter(r rune) bool {
	switch r {
	case 'ƒ', 'Š', 'Œ', 'Ž', 'š', 'œ', 'ž', 'Ÿ':
		return true
	}
	return false
}
