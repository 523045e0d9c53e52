// The letter statistics of restoreC1: how well a character that may have
// lost a byte fits between its neighbours, from the counts of such
// characters and of the pairs they form in tuned UDHR texts
// (lost_table.go, written by internal/plausiblegen).

package mojibake

import (
	"slices"
	"unicode"
	"unicode/utf8"
)

// lostBackoff is what an unseen pair costs against the character's own
// count, in eighths of a bit: about how much rarer a pair with a given
// neighbour is than the character alone.
const lostBackoff = 64

// lostClass is r's class in the statistics: a letter, a mark or a
// character that may lose a byte is its own class, anything else a
// boundary (0). internal/plausiblegen counts with the same classes.
func lostClass(r rune) rune {
	if unicode.IsLetter(r) || unicode.IsMark(r) || r >= 0x80 && losesByte(r) {
		return r
	}
	return 0
}

// losesByte reports whether r's UTF-8 form has a byte of lostBytes.
func losesByte(r rune) bool {
	var b [4]byte
	n := utf8.EncodeRune(b[:], r)
	for _, c := range b[1:n] {
		if slices.Contains(lostBytes[0][:], c) {
			return true
		}
	}
	return false
}

// lostFit returns how well r fits between prev and after, in eighths of
// a bit, higher is better: log2 of n(prev,r)·n(r,after)/n(r), an unseen
// pair backed off to the character's count.
func lostFit(prev, r, after rune) int {
	r, prev, after = lostClass(r), lostClass(prev), lostClass(after)
	one := lostCount(r)
	return lostPair(prev, r, one) + lostPair(r, after, one) - one
}

// lostCount returns log2(1+n(r)) in eighths, 0 for an unseen character.
func lostCount(r rune) int {
	if i, ok := slices.BinarySearch(lostChars, r); ok {
		return int(lostCounts[i])
	}
	return 0
}

// lostPair returns log2(1+n(a,b)) in eighths, or one (the lost
// character's count) less the backoff when the pair is unseen.
func lostPair(a, b rune, one int) int {
	if i, ok := slices.BinarySearch(lostPairs, uint64(a)<<21|uint64(b)); ok {
		return int(lostPairCounts[i])
	}
	return one - lostBackoff
}
