package mojibake

import "unicode/utf8"

// soupRun is how many windows-1252 upper-half characters in a row make a
// text worth checking for legacy-encoded text read as windows-1252: such
// runs are rare in clean Latin-script text and the rule in the others.
const soupRun = 4

// suspicious reports whether s may hold mojibake: characters that a
// wrong decoder makes of a whole UTF-8 sequence (a lead byte and its
// continuation bytes, for the same decoder) with an odd pair among them
// (see odd: clean Russian is full of sequences IBM866 could make, small
// letters in a row), or soupRun characters of windows-1252's upper half
// in a row (three occur in clean Turkish "küçük" and Czech "vyšší"). Text without either is returned untouched, so this is the
// whole cost of Fix on nearly all text.
func suspicious(s string) bool {
	// p2, p3 and p4 hold the decoders for which the characters since the
	// last lead are a sequence lacking one byte; p3a, p4a and p4b those
	// lacking more.
	var p2, p3a, p3, p4a, p4b, p4 uint32
	var prev masks
	prevOdd := false
	run := 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			p2, p3a, p3, p4a, p4b, p4, prevOdd, run = 0, 0, 0, 0, 0, 0, false, 0
			i++
			for i+8 <= len(s) && load64(s, i)&0x8080808080808080 == 0 {
				i += 8
			}
			for i < len(s) && s[i] < utf8.RuneSelf {
				i++
			}
			// The ASCII letter before a non-ASCII character counts:
			// "weiГџen" has Latin beside Cyrillic.
			prev = masks{cls: classOf(rune(s[i-1])), script: 1}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		m := table.lookup(r)
		o := prev.cls != clsASCII && odd(prev, m)
		if (p2|p3|p4)&m.cont != 0 && (o || prevOdd) {
			return true
		}
		p2, p3a, p3, p4a, p4b, p4 = m.lead2, m.lead3, p3a&m.cont, m.lead4, p4a&m.cont, p4b&m.cont
		prev, prevOdd = m, o
		if m.high&(1<<c1) != 0 {
			if run++; run >= soupRun {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// odd reports whether two adjacent non-ASCII characters are a pair
// mojibake makes and clean text rarely has: a control; a capital followed
// by anything but a cased letter of its script ("Ã©", "Ã\u00a0", "Ãº"); a
// letter followed by a symbol ("â€"), or by punctuation only after a
// capital; a symbol or non-opening punctuation followed by a letter;
// two symbols; a small letter followed by a capital; letters of two
// scripts. Clean "и»", "«В", "η·", "м²" are not odd.
func odd(a, b masks) bool {
	switch {
	case a.cls == clsBad || b.cls == clsBad:
		return true
	case a.latin1Cap && b.w1252Letter:
		return true // "Ãœ": Ü read as windows-1252
	case a.cls == clsUpper:
		return !(isLetter(b.cls) && b.cls != clsLetter && sameScriptFamily(int(a.script), int(b.script)))
	case b.cls == clsSym && isLetter(a.cls):
		return !b.soft
	case isLetter(b.cls) && a.cls == clsSym:
		return !a.open
	case a.cls == clsSym && b.cls == clsSym:
		return true
	case a.cls == clsLower && b.cls == clsUpper:
		return true
	case isLetter(a.cls) && isLetter(b.cls) && !sameScriptFamily(int(a.script), int(b.script)):
		return true
	}
	return false
}

// load64 reads 8 bytes of s at i as one little-endian word (the compiler
// turns this into a single load).
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
