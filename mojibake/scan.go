// The prefilter: the one fast scan that finds where a text may hold
// mojibake, so that clean text costs nothing more (docs/mojibake.md,
// "Speed").

package mojibake

import (
	"math/bits"
	"strings"
	"unicode/utf8"
)

// soupRun is how many windows-1252 upper-half characters in a row make a
// text worth checking for legacy-encoded text read as windows-1252: such
// runs are rare in clean Latin-script text and the rule in the others.
const soupRun = 4

// neutralStart is evidenceAt's count of alike characters after a
// character that makes no odd pair with a letter or mark.
const neutralStart = 3

// suspicious reports whether s may hold mojibake: characters that a
// wrong decoder makes of a whole UTF-8 sequence (a lead byte and its
// continuation bytes, for the same decoder) with an odd pair among them
// (see odd: clean Russian is full of sequences IBM866 could make, small
// letters in a row), or soupRun characters of windows-1252's upper half
// in a row (three occur in clean Turkish "küçük" and Czech "vyšší"). Text without either is returned untouched, so this is the
// whole cost of Fix on nearly all text.
func suspicious(s string) bool { return evidenceAt(s, false) >= 0 }

// suspiciousAt is suspicious that also takes the signs of Latin-script
// legacy text (see latinLegacySign) and returns where the evidence ends
// (the index after its last character), or -1.
func suspiciousAt(s string) int { return evidenceAt(s, true) }

// evidenceAt returns where the evidence of mojibake in s ends, or -1;
// with latin, the signs of Latin-script legacy text count too.
func evidenceAt(s string, latin bool) int {
	// p2, p3 and p4 hold the decoders for which the characters since the
	// last lead are a sequence lacking one byte; p3a, p4a and p4b those
	// lacking more. h1…h4 are the last four characters' masks, newest
	// first, for the oddness test of a completed sequence.
	var p2, p3a, p3, p4a, p4b, p4 uint32
	h1, h2, h3, h4 := &noMasks, &noMasks, &noMasks, &noMasks
	run := 0
	// alike counts the last characters of one kind (see runKind), the
	// first of them maybe a capital, plus 3 when the character before
	// them is a neutral start (text's start, ASCII other than a letter,
	// or a character no wrong decoder makes: odd with none of them).
	// From 4 on, every pair a completed sequence could span is of them.
	alike := neutralStart
	for i := 0; i < len(s); {
		c := s[i]
		var r rune
		switch {
		case c < utf8.RuneSelf:
			if h1.c2c3 && c == ' ' && i+1 < len(s) && s[i+1] == ' ' {
				return i + 1 // "voilÃ  le": à whose no-break space became a space
			}
			if h1.latinSign&latinFollow[c] != 0 && latin && isLetter(h2.cls) {
				return i + 1 // "oèi", "vìc", "egyenlõ ": Latin legacy text
			}
			if h1.latinSign&latinAtStart != 0 && latin && !isLetter(h2.cls) && latinFollow[c]&latinMidWord != 0 {
				return i + 1 // "èlanov", "þmogus"
			}
			p2, p3a, p3, p4a, p4b, p4, run = 0, 0, 0, 0, 0, 0, 0
			i = asciiEnd(s, i+1)
			// The ASCII letter before a non-ASCII character counts:
			// "weiГџen" has Latin beside Cyrillic.
			h1, h2, h3, h4 = &asciiMasks[s[i-1]], &noMasks, &noMasks, &noMasks
			alike = 0
			if h1.cls == clsASCII {
				alike = neutralStart
			}
			continue
		case c >= 0xC2 && c < 0xE0 && i+1 < len(s) && s[i+1]&0xC0 == 0x80:
			r = rune(c&0x1F)<<6 | rune(s[i+1]&0x3F)
			i += 2
		case !mayLead[c]:
			// A character no wrong decoder makes (CJK, Hangul, …), or
			// a byte of one: it ends any sequence.
			p2, p3a, p3, p4a, p4b, p4, run = 0, 0, 0, 0, 0, 0, 0
			h1, h2, h3, h4 = &noMasks, &noMasks, &noMasks, &noMasks
			alike = neutralStart
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
		if h1.latinSign != 0 && latin && isLetter(h2.cls) && (h1.latinSign&latinMidWord != 0 && isLetter(m.cls) || h1.latinSign&latinAtEnd != 0 && !isLetter(m.cls) && m.cls != clsMark) {
			return i
		}
		switch k := m.kind; {
		case k == 0:
			alike = 0
		case h1.kind == 0, k == h1.kind && m.cls != clsUpper:
			alike++
		default:
			alike = 1
		}
		p3, p4b, p4 = p3a&m.cont, p4a&m.cont, p4b&m.cont
		p2, p3a, p4a = m.lead2, m.lead3, m.lead4
		h1, h2, h3, h4 = m, h1, h2, h3
		if m.high&(1<<c1) != 0 {
			if run++; run >= soupRun {
				return i
			}
			continue
		}
		run = 0
		if alike < 4 {
			continue
		}
		// While the next character is of the same kind and no capital,
		// no sequence can complete with an odd pair and no other
		// evidence can start, so only the state moves on.
		for k := m.kind; i+1 < len(s); {
			c := s[i]
			var r rune
			n := 2
			switch {
			case c >= 0xC2 && c < 0xE0 && s[i+1]&0xC0 == 0x80:
				r = rune(c&0x1F)<<6 | rune(s[i+1]&0x3F)
			case c >= 0xE0 && c < 0xF0 && mayLead[c] && i+2 < len(s) && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80:
				r, n = rune(c&0x0F)<<12|rune(s[i+1]&0x3F)<<6|rune(s[i+2]&0x3F), 3
			}
			m := table.lookup(r)
			if m.kind != k || m.cls == clsUpper {
				break
			}
			i += n
			p3, p4b, p4 = p3a&m.cont, p4a&m.cont, p4b&m.cont
			p2, p3a, p4a = m.lead2, m.lead3, m.lead4
			h1, h2, h3, h4 = m, h1, h2, h3
		}
	}
	return -1
}

// latinFollow says, for each ASCII character, after which latinSign it
// makes a sign of Latin-script legacy text (the character before the sign
// being a letter): after latinMidWord a letter, after latinBeforeVowel a
// vowel, after latinAtEnd anything but a letter. One load and one AND in
// the prefilter's loop, where French has "è" on every line.
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

// highBits are the top bits of 8 bytes, set in a word where a byte is
// not ASCII.
const highBits = 0x8080808080808080

// asciiEnd returns the index of the first byte of s at or after i that is
// not ASCII, or len(s): 16 bytes a step in a long run, and the end of a
// short one found in its first 8 bytes at once.
func asciiEnd(s string, i int) int {
	for i+16 <= len(s) && (load64(s, i)|load64(s, i+8))&highBits == 0 {
		i += 16
	}
	for i+8 <= len(s) {
		if w := load64(s, i) & highBits; w != 0 {
			return i + bits.TrailingZeros64(w)/8
		}
		i += 8
	}
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	return i
}

// load64 reads 8 bytes of s at i as one little-endian word (the compiler
// turns this into a single load).
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
