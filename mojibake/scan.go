// The prefilter: the one fast scan that finds where a text may hold
// mojibake, so that clean text costs nothing more (docs/mojibake.md,
// "Speed").

package mojibake

import (
	"strings"
	"unicode/utf8"
)

// soupRun is how many windows-1252 upper-half characters in a row make a
// text worth checking for legacy-encoded text read as windows-1252: such
// runs are rare in clean Latin-script text and the rule in the others.
const soupRun = 4

// suspicious reports whether s may hold mojibake (see mojibakeEnd). Text
// without it is returned untouched, so this is the whole cost of Fix on
// nearly all text.
func suspicious(s string) bool { return mojibakeEnd(s) >= 0 }

// mojibakeEnd returns where the first evidence of mojibake in s ends (the
// index after its last character), or -1. Evidence is characters that a
// wrong decoder makes of a whole UTF-8 sequence (a lead byte and its
// continuation bytes, for the same decoder) with an odd pair among them
// (see odd: clean Russian is full of sequences IBM866 could make, small
// letters in a row), soupRun characters of windows-1252's upper half in a
// row (three occur in clean Turkish "küçük" and Czech "vyšší"), a C1
// control, or "Ã" followed by two spaces. The scan keeps nothing across an
// ASCII line feed, so a scan started after one finds what a scan started
// earlier finds after it.
func mojibakeEnd(s string) int {
	var p2, p3a, p3, p4a, p4b, p4 uint32
	h1, h2, h3, h4 := &noMasks, &noMasks, &noMasks, &noMasks
	run := 0
	for i := 0; i < len(s); {
		c := s[i]
		var r rune
		switch {
		case c < utf8.RuneSelf:
			if h1.c2c3 && c == ' ' && i+1 < len(s) && s[i+1] == ' ' {
				return i + 1 // "voilÃ  le": à whose no-break space became a space
			}
			p2, p3a, p3, p4a, p4b, p4, run = 0, 0, 0, 0, 0, 0, 0
			i++
			for i+8 <= len(s) && load64(s, i)&0x8080808080808080 == 0 {
				i += 8
			}
			for i < len(s) && s[i] < utf8.RuneSelf {
				i++
			}
			// The ASCII letter before a non-ASCII character counts:
			// "weiГџen" has Latin beside Cyrillic.
			h1, h2, h3, h4 = &asciiMasks[s[i-1]], &noMasks, &noMasks, &noMasks
			continue
		case c >= 0xC2 && c < 0xE0 && i+1 < len(s) && s[i+1]&0xC0 == 0x80:
			r = rune(c&0x1F)<<6 | rune(s[i+1]&0x3F)
			i += 2
		case !mayLead[c]:
			// A character no wrong decoder makes (CJK, Hangul, …), or
			// a byte of one: it ends any sequence.
			p2, p3a, p3, p4a, p4b, p4, run = 0, 0, 0, 0, 0, 0, 0
			h1, h2, h3, h4 = &noMasks, &noMasks, &noMasks, &noMasks
			// The bytes that would come here again are passed in one
			// loop: Hangul, CJK, most of the BMP's letters.
			i++
			for i < len(s) && skipByte[s[i]] {
				i++
			}
			continue
		case c < 0xF0 && i+2 < len(s) && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80:
			// Thai, Vietnamese, punctuation: decoded inline (an
			// overlong or surrogate form only finds other masks).
			r = rune(c&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F)
			i += 3
		default:
			var size int
			r, size = utf8.DecodeRuneInString(s[i:])
			i += size
		}
		if r < 0xA0 {
			return i // a C1 control: clean text has none
		}
		m := table.lookup(r)
		// A completed sequence counts when it has an odd pair, from the
		// character before its lead to m.
		if p2&m.cont != 0 && (odd(h2, h1) || odd(h1, m)) ||
			p3&m.cont != 0 && (odd(h3, h2) || odd(h2, h1) || odd(h1, m)) ||
			p4&m.cont != 0 && (odd(h4, h3) || odd(h3, h2) || odd(h2, h1) || odd(h1, m)) {
			return i
		}
		p3, p4b, p4 = p3a&m.cont, p4a&m.cont, p4b&m.cont
		p2, p3a, p4a = m.lead2, m.lead3, m.lead4
		h1, h2, h3, h4 = m, h1, h2, h3
		if m.high&(1<<c1) != 0 {
			if run++; run >= soupRun {
				return i
			}
		} else {
			run = 0
		}
	}
	return -1
}

// latinSignEnd returns where the first sign of Latin-script legacy text
// read as windows-1252 in s ends, or -1: a character whose latinSign
// holds where it stands, after a letter (Czech "oèi" for "oči", "egyenlõ "
// for "egyenlő "). Every such character is in U+00A0–U+00FF: two bytes led
// by 0xC2 or 0xC3 (or an overlong three, 0xE0 0x82 or 0xE0 0x83, which
// mojibakeEnd decodes too), so the pass looks at those only, passing 8
// bytes at a time that have none. It reads the characters beside a sign
// as mojibakeEnd does, and like it keeps nothing across a line feed.
func latinSignEnd(s string) int {
	for j := 0; j < len(s); j++ {
		for j+9 <= len(s) && !mayHoldLatin1(load64(s, j), load64(s, j+1)) {
			j += 8
		}
		if c := s[j]; c&0xFE != 0xC2 && c != 0xE0 {
			continue
		}
		r, size := scanChar(s, j)
		if size == 0 {
			continue
		}
		sign := table.lookup(r).latinSign
		if sign != 0 && letterBefore(s, j) && signFollowed(s, j+size, sign) {
			return nextEnd(s, j+size)
		}
	}
	return -1
}

// mayHoldLatin1 reports whether one of the 8 bytes of w (each followed by
// the byte at the same place in next) may start a character of
// U+0080–U+00FF: 0xC2, 0xC3, or 0xE0 before 0x82 or 0x83. It may say yes
// wrongly, never no.
func mayHoldLatin1(w, next uint64) bool {
	const ones = 0x0101010101010101
	lead2 := zeroBytes(w&^ones ^ 0xC2*ones)
	overlong := zeroBytes(w^0xE0*ones) & zeroBytes(next&^ones^0x82*ones)
	return lead2|overlong != 0
}

// zeroBytes returns a word with the high bit set in each byte of x that
// is zero, and maybe in others above one that is (the borrow of the
// subtraction), never none when one is.
func zeroBytes(x uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	return (x - ones) &^ x & highs
}

// letterBefore reports whether the character before s[j] (a lead byte) is
// a letter as mojibakeEnd sees it: an ASCII letter, or a character it
// decodes whose masks say letter (a byte it passes over is none).
func letterBefore(s string, j int) bool {
	if j == 0 {
		return false
	}
	if c := s[j-1]; c < utf8.RuneSelf {
		return isLetter(asciiMasks[c].cls)
	}
	k := j - 1
	for k > 0 && k > j-utf8.UTFMax && isCont(s[k]) {
		k--
	}
	if s[k] < utf8.RuneSelf || isCont(s[k]) {
		return false // stray continuation bytes, passed over
	}
	r, size := scanChar(s, k)
	return k+size == j && isLetter(table.lookup(r).cls)
}

// signFollowed reports whether the character at s[k], after a character
// whose latinSign is sign, makes it a sign of Latin-script legacy text:
// see latinFollow for ASCII; after latinMidWord a letter, after
// latinAtEnd anything but a letter or a mark; a character mojibakeEnd
// passes over, or the end of s, makes none.
func signFollowed(s string, k int, sign uint8) bool {
	if k == len(s) {
		return false
	}
	if c := s[k]; c < utf8.RuneSelf {
		return latinFollow[c]&sign != 0
	}
	r, size := scanChar(s, k)
	if size == 0 {
		return false
	}
	m := table.lookup(r)
	return sign == latinMidWord && isLetter(m.cls) || sign == latinAtEnd && !isLetter(m.cls) && m.cls != clsMark
}

// nextEnd returns the index after the character at s[k] as mojibakeEnd
// reads it (k < len(s), and s[k] not a byte it passes over).
func nextEnd(s string, k int) int {
	if s[k] < utf8.RuneSelf {
		return k + 1
	}
	_, size := scanChar(s, k)
	return k + size
}

// scanChar decodes the character at s[i], not ASCII, as mojibakeEnd does,
// and returns it with its size; size is 0 for a byte mojibakeEnd passes
// over without decoding (a character no wrong decoder makes, or a byte
// that starts no character).
func scanChar(s string, i int) (r rune, size int) {
	c := s[i]
	switch {
	case c >= 0xC2 && c < 0xE0 && i+1 < len(s) && s[i+1]&0xC0 == 0x80:
		return rune(c&0x1F)<<6 | rune(s[i+1]&0x3F), 2
	case !mayLead[c]:
		return 0, 0
	case c < 0xF0 && i+2 < len(s) && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80:
		return rune(c&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F), 3
	}
	return utf8.DecodeRuneInString(s[i:])
}

// latinFollow says, for each ASCII character, after which latinSign it
// makes a sign of Latin-script legacy text (the character before the sign
// being a letter): after latinMidWord a letter, after latinBeforeVowel a
// vowel, after latinAtEnd anything but a letter. One load and one AND,
// where French has "è" on every line.
var latinFollow = func() (t [128]uint8) {
	for c := range t {
		switch {
		case strings.IndexByte("aeiouAEIOU", byte(c)) >= 0:
			t[c] = latinMidWord | latinBeforeVowel
		case isLetter(classOf(rune(c))):
			t[c] = latinMidWord
		default:
			t[c] = latinAtEnd
		}
	}
	return t
}()

// mayLead marks the lead bytes of 3- and 4-byte sequences of code points
// some wrong decoder makes (Thai, U+1Exx, punctuation and symbols, the
// private-use and ligature code points): other characters of 3 or 4
// bytes need no decoding.
var mayLead = func() (t [256]bool) {
	for hi := range table.pages {
		if table.pages[hi] != nil && hi >= 0x08 {
			var b [utf8.UTFMax]byte
			utf8.EncodeRune(b[:], rune(hi)<<8)
			t[b[0]] = true
		}
	}
	return t
}()

// skipByte marks the bytes the prefilter passes without looking back or
// ahead: continuation bytes, and leads mayLead does not mark (but the
// leads of 2-byte sequences, which some wrong decoder always makes).
var skipByte = func() (t [256]bool) {
	for c := 0x80; c < 0x100; c++ {
		t[c] = !mayLead[c] && (c < 0xC2 || c >= 0xE0)
	}
	return t
}()

// load64 reads 8 bytes of s at i as one little-endian word (the compiler
// turns this into a single load).
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
