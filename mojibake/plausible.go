package mojibake

import (
	"unicode"
	"unicode/utf8"
)

// plausibleModel is the letter-pair statistics of the languages one
// script's legacy encodings are used for (plausible_table.go, written by
// internal/plausiblegen from tuned UDHR texts).
type plausibleModel struct {
	script   string
	alphabet string // the script's case-folded letters and marks, each a class, in code point order
	limit    int    // the highest score of real text (eighths of a bit per letter pair)
	rare     int    // the most rare pairs (rareCost or more) a text of real text has
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
// text of its script's languages: the cost of the letter pairs it uses
// (each once) per pair, under the model of the language it reads best as, is within the range
// real text of those languages scores, it has no more rare pairs than
// a window of that text has, and its whole cost is minGainBits
// below that of seg as text of windows-1252's languages. Letters in no
// language (random letters, letters of two scripts in one word) score
// above the range in every reading. Han (with kana) and Hangul have no
// model: text of theirs is judged by the detector alone; text with
// letters of no script at all is not plausible.
func plausible(seg, fixed string) bool {
	group := modelsFor(fixed)
	if group == nil {
		return hasCJK(fixed)
	}
	cost, pairs, rare := group[0].score(fixed)
	for i := 1; i < len(group); i++ {
		if c, _, r := group[i].score(fixed); c < cost {
			cost, rare = c, r
		}
	}
	if pairs == 0 {
		return false
	}
	if group[0].script == "Latin" {
		if cost > group[0].limit*pairs || rare > group[0].rare {
			return false
		}
	} else if mixesLatin(fixed) || !mostlyNonASCII(fixed) {
		return false
	}
	before, _, _ := plausibleModels[0].score(seg) // the windows-1252 model
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

// modelsFor returns the models of the script (scriptID) most non-ASCII
// letters of s are in (one per language, or one for the script), nil
// when it has none.
func modelsFor(s string) []plausibleModel {
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
	for i := 1; i < len(plausibleModels); {
		j := i + 1
		for j < len(plausibleModels) && plausibleModels[j].script == plausibleModels[i].script {
			j++
		}
		if plausibleModels[i].scriptID() == top {
			return plausibleModels[i:j]
		}
		i = j
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
		if m.script == "Latin" || m.script == "windows-1252" {
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
func (m *plausibleModel) score(s string) (cost, pairs, rare int) {
	n := classFirstLetter + utf8.RuneCountInString(m.alphabet)
	seen := map[int]bool{}
	prev := classBoundary
	for _, r := range s + " " {
		c := m.class(r)
		if (c == classBoundary || c == classASCIILetter) && c == prev {
			continue
		}
		if pair := prev*n + c; !seen[pair] {
			seen[pair] = true
			cost += int(m.cost[pair])
			if c != classBoundary && c != classASCIILetter {
				pairs++
			}
			if m.cost[pair] >= rareCost {
				rare++
			}
		}
		prev = c
	}
	return cost, pairs, rare
}

// rareCost is the cost (eighths of a bit) from which a letter pair is rare:
// 12 bits.
const rareCost = 96
