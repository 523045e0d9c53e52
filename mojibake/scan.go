package mojibake

import "unicode/utf8"

// soupRun is how many windows-1252 upper-half characters in a row make a
// text worth checking for legacy-encoded text read as windows-1252: such
// runs are rare in clean Latin-script text and the rule in the others.
const soupRun = 3

// suspicious reports whether s may hold mojibake: a character that a wrong
// decoder makes of a UTF-8 lead byte followed by one it makes of a
// continuation byte (for the same decoder) when the first is a capital
// or the two are an odd pair (see odd: clean Russian is full of pairs
// IBM866 could make, small letters in a row), or soupRun characters of
// windows-1252's upper half in a row. Text without either is returned
// untouched, so this is the whole cost of Fix on nearly all text.
func suspicious(s string) bool {
	var prevLead uint32
	var prev masks
	run := 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			prevLead, run = 0, 0
			i++
			for i+8 <= len(s) && load64(s, i)&0x8080808080808080 == 0 {
				i += 8
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		m := table.lookup(r)
		if prevLead&m.cont != 0 && (prev.cls == clsUpper || odd(prev, m)) {
			return true
		}
		prevLead, prev = m.lead, m
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

// load64 reads 8 bytes of s at i as one little-endian word (the compiler
// turns this into a single load).
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// odd reports whether two adjacent non-ASCII characters are a pair that
// badness counts: a control, a symbol beside a letter or a symbol, a
// lowercase letter before an uppercase one, letters of two scripts.
func odd(a, b masks) bool {
	switch {
	case a.cls == clsBad || b.cls == clsBad:
		return true
	case b.cls == clsSym && (isLetter(a.cls) || a.cls == clsSym), isLetter(b.cls) && a.cls == clsSym:
		return true
	case a.cls == clsLower && b.cls == clsUpper:
		return true
	case isLetter(a.cls) && isLetter(b.cls) && !sameScriptFamily(int(a.script), int(b.script)):
		return true
	case a.cls == clsUpper && b.cls == clsSpace:
		return true
	}
	return false
}
