package main

import "unicode"

// Generic classes; fine letter classes start at numGeneric. Keep in sync
// with the constants written into the tables package.
const (
	cNeutral = iota // not counted (an entity or character reference)
	cSpace
	cPunct
	cDigit
	cAlpha  // ASCII letter without its own class
	cLatin  // non-ASCII Latin letter without its own class
	cScript // letter of the group's main script without its own class
	cLetter // letter of another script
	cMark   // combining mark without its own class
	cSymbol // non-ASCII punctuation, symbol, non-ASCII digit
	cDraw   // box drawing, blocks, geometric shapes
	cJunk   // controls, private use, U+FFFD
	cHira
	cKata
	cHWKata
	cIdeo
	cHangul
	cCJKSym
	cErr // decoder error
	numGeneric
)

var classNames = [numGeneric]string{"Neutral", "Space", "Punct", "Digit", "Alpha", "Latin", "Script", "Letter", "Mark", "Symbol", "Draw", "Junk", "Hira", "Kata", "HWKata", "Ideo", "Hangul", "CJKSym", "Err"}

// genericClass classifies r when it has no class of its own.
func genericClass(r rune, main *unicode.RangeTable) int {
	switch {
	case r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f':
		return cSpace
	case r < 0x20 || r == 0x7F || (r >= 0x80 && r < 0xA0):
		return cJunk
	case r < 0x80:
		switch {
		case r >= '0' && r <= '9':
			return cDigit
		case (r|0x20) >= 'a' && (r|0x20) <= 'z':
			return cAlpha
		}
		return cPunct
	case unicode.IsSpace(r):
		return cSpace
	case r >= 0xE000 && r <= 0xF8FF, r == 0xFFFD, r >= 0xFDD0 && r <= 0xFDEF, r&0xFFFE == 0xFFFE:
		return cJunk
	case r >= 0xFF61 && r <= 0xFF9F:
		return cHWKata
	case r == 0x30FC || unicode.Is(unicode.Katakana, r):
		return cKata
	case unicode.Is(unicode.Hiragana, r):
		return cHira
	case r >= 0x3000 && r <= 0x303F && r != 0x3005, r >= 0xFF00 && r <= 0xFFEF:
		return cCJKSym
	case unicode.Is(unicode.Han, r):
		return cIdeo
	case unicode.Is(unicode.Hangul, r):
		return cHangul
	case r >= 0x2500 && r <= 0x25FF:
		return cDraw
	case unicode.IsMark(r):
		return cMark
	case unicode.IsLetter(r):
		switch {
		case main != nil && unicode.Is(main, r):
			return cScript
		case unicode.Is(unicode.Latin, r):
			return cLatin
		}
		return cLetter
	}
	return cSymbol
}

// caseOf is 0 for an uncased character, 1 for lowercase, 2 for uppercase,
// 3 for an apostrophe (which stands inside words: "l'eau").
func caseOf(r rune) int {
	switch {
	case r == '\'' || r == '’':
		return 3
	case unicode.IsUpper(r):
		return 2
	case unicode.IsLower(r):
		return 1
	}
	return 0
}

// numCase is the number of values of caseOf.
const numCase = 4

// caseCell is the cell of the case statistic for case b after case a: an
// apostrophe counts as uncased there (the class bigram says already how
// often one follows a letter; caseOf tells it apart for sbWithin).
func caseCell(a, b int) int { return a%3*numCase + b%3 }
