package mojibake

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// plausibleModel is the letter-pair statistics of the languages one
// script's legacy encodings are used for (plausible_table.go, written by
// internal/plausiblegen from tuned UDHR texts).
type plausibleModel struct {
	script   string
	alphabet string // the script's case-folded letters and marks, each a class, in code point order
	cost     string // cost[a*n+b]: −log2 P(class b after class a) in eighths of a bit, n classes
}

// The classes of a plausibleModel before its alphabet's letters.
const (
	classBoundary    = iota // space, digits, ASCII and general punctuation; a run is one
	classOther              // a letter not in the alphabet, a symbol
	classASCIILetter        // an ASCII letter in a non-Latin model
	classFirstLetter
)

// plausible reports whether fixed, the legacy repair of seg, reads as
// text of its script's languages: it spells no word with both ASCII and
// non-ASCII letters, at least half its letters are not ASCII, and the
// letter pairs it uses (each once) cost, under its script's model,
// minGainBits less than those of seg under the model of windows-1252's
// languages. Han (with kana) and Hangul have no model: text of theirs is
// judged by the detector alone; text with letters of no modelled script
// is not plausible.
func plausible(seg, fixed string) bool {
	m := modelFor(fixed)
	if m == nil {
		return hasCJK(fixed)
	}
	cost, pairs := m.score(fixed)
	if pairs == 0 || mixesLatin(fixed) || !mostlyNonASCII(fixed) || !inLongerWords(fixed) {
		return false
	}
	if hasUndefined1252(seg) {
		return true // seg is no windows-1252 text to weigh the reading against
	}
	before, _ := plausibleModels[0].score(seg) // the windows-1252 model
	return before-cost >= minGainBits*8
}

// mixesLatin reports whether a word of s has both an ASCII letter and a
// non-ASCII one: text in a script other than Latin spells its own words in
// its own letters, while a legacy reading of Latin text puts the script's
// letters between ASCII ones.
func mixesLatin(s string) bool {
	ascii, other := false, false
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf && ('a' <= r|0x20 && r|0x20 <= 'z'):
			ascii = true
		case r >= utf8.RuneSelf && unicode.IsLetter(r):
			other = true
		case unicode.IsMark(r):
		default:
			ascii, other = false, false
		}
		if ascii && other {
			return true
		}
	}
	return false
}

// inLongerWords reports whether at least half the non-ASCII letters of
// s stand in words of three letters or more: text is mostly such words,
// while letters scattered one or two at a time are no text of any
// language ("з, Щ, аз" from windows-1252's "ç, Ù, àç").
func inLongerWords(s string) bool {
	inLong, all := 0, 0
	for w := range strings.FieldsFuncSeq(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsMark(r) }) {
		n := 0
		for _, r := range w {
			if r >= utf8.RuneSelf && unicode.IsLetter(r) {
				n++
			}
		}
		all += n
		if utf8.RuneCountInString(w) >= 3 {
			inLong += n
		}
	}
	return inLong*2 >= all
}

// mostlyNonASCII reports whether at least half the letters of s are not
// ASCII: a repair into another script turns the text's letters into that
// script's, not one letter among Latin words.
func mostlyNonASCII(s string) bool {
	ascii, other := 0, 0
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf && ('a' <= r|0x20 && r|0x20 <= 'z'):
			ascii++
		case r >= utf8.RuneSelf && unicode.IsLetter(r):
			other++
		}
	}
	return other >= ascii
}

// minGainBits is how much less a plausible repair costs than its input,
// in bits.
const minGainBits = 8

// modelFor returns the model of the script (scriptID) most non-ASCII
// letters of s are in, nil when there is none.
func modelFor(s string) *plausibleModel {
	var count [256]int
	top := uint8(0)
	for _, r := range s {
		if r >= utf8.RuneSelf && unicode.IsLetter(r) {
			sc := scriptID(r)
			count[sc]++
			if count[sc] > count[top] {
				top = sc
			}
		}
	}
	if top == 0 {
		return nil
	}
	for i := 1; i < len(plausibleModels); i++ {
		if plausibleModels[i].scriptID() == top {
			return &plausibleModels[i]
		}
	}
	return nil
}

// scriptID returns the scriptID of m's letters: that of the last of its
// alphabet, which is never ASCII.
func (m *plausibleModel) scriptID() uint8 {
	r, _ := utf8.DecodeLastRuneInString(m.alphabet)
	return scriptID(r)
}

// hasCJK reports whether s has a Han, kana or Hangul character.
func hasCJK(s string) bool {
	t := scriptIDs()
	for _, r := range s {
		if r >= utf8.RuneSelf && t.cjk(t.get(r)) {
			return true
		}
	}
	return false
}

// class returns r's class under m (internal/plausiblegen's class, which
// must agree).
func (m *plausibleModel) class(r rune) int {
	r = unicode.ToLower(r)
	if i := m.index(r); i >= 0 {
		return classFirstLetter + i
	}
	switch {
	case 'a' <= r && r <= 'z':
		if m.script == "windows-1252" {
			return classOther
		}
		return classASCIILetter
	case r < utf8.RuneSelf, unicode.IsSpace(r), r >= 0x2000 && r <= 0x206F, r == '«', r == '»':
		return classBoundary
	}
	return classOther
}

// index returns the position of r among m's alphabet's letters, or -1.
func (m *plausibleModel) index(r rune) int {
	i := 0
	for _, a := range m.alphabet {
		if a == r {
			return i
		}
		i++
	}
	return -1
}

// score returns the cost under m of the letter pairs s uses, each
// counted once (a text repeating a few pairs is judged by those few), in
// eighths of a bit, and how many of them end in a character that is not a
// boundary (nor, in a non-Latin script, an ASCII letter).
func (m *plausibleModel) score(s string) (cost, pairs int) {
	seen := map[[2]rune]bool{}
	m.eachPair(s, func(pair, c int, key [2]rune) {
		if !seen[key] {
			seen[key] = true
			cost += int(m.cost[pair])
			if c != classBoundary && c != classASCIILetter {
				pairs++
			}
		}
	})
	return cost, pairs
}

// textCost returns the cost under m of every letter pair of s, repeats
// included, in eighths of a bit: what compares two readings of the same
// bytes.
func (m *plausibleModel) textCost(s string) int {
	cost := 0
	m.eachPair(s, func(pair, _ int, _ [2]rune) { cost += int(m.cost[pair]) })
	return cost
}

// eachPair calls f with each pair of classes of s (a run of boundaries or
// of ASCII letters is one), the class it ends in, and what tells the pair
// apart from others: its classes, but characters for classOther, whose
// different symbols and foreign letters are different pairs of text.
func (m *plausibleModel) eachPair(s string, f func(pair, c int, key [2]rune)) {
	n := classFirstLetter + utf8.RuneCountInString(m.alphabet)
	prev, prevKey := classBoundary, rune(-classBoundary-1)
	step := func(r rune) {
		c := m.class(r)
		if (c == classBoundary || c == classASCIILetter) && c == prev {
			return
		}
		key := rune(-c - 1)
		if c == classOther {
			key = r
		}
		f(prev*n+c, c, [2]rune{prevKey, key})
		prev, prevKey = c, key
	}
	for _, r := range s {
		step(r)
	}
	step(' ') // the text ends at a boundary, as it starts
}
