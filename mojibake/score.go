// Scoring: the class of a character and badness, the count of oddities
// that mojibake makes and clean text rarely has (docs/mojibake.md, "How it
// decides").

package mojibake

import (
	"math"
	"sync"
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
	case uint32(r) > unicode.MaxRune:
		return clsBad
	}
	if v := classes().get(r); v != 0 {
		return class(v - 1)
	}
	return clsBad // no category
}

// classes builds, on first use, the class of every non-ASCII code point:
// package unicode's categories, the later ones winning where two hold
// (a small letter is one whatever else it is), then the exceptions.
var classes = sync.OnceValue(buildClasses)

func buildClasses() *runeTable {
	// Each class is stored plus one, so that 0 (no category: control,
	// private use, unassigned, noncharacter) reads as clsBad.
	all := make([]uint8, unicode.MaxRune+1)
	for _, c := range []struct {
		tabs []*unicode.RangeTable
		cls  class
	}{
		{[]*unicode.RangeTable{unicode.White_Space, unicode.Cf}, clsSpace},
		{[]*unicode.RangeTable{unicode.P, unicode.S, unicode.N}, clsSym},
		{[]*unicode.RangeTable{unicode.M}, clsMark},
		{[]*unicode.RangeTable{unicode.L}, clsLetter},
		{[]*unicode.RangeTable{unicode.Lu, unicode.Lt}, clsUpper},
		{[]*unicode.RangeTable{unicode.Ll}, clsLower},
	} {
		for _, t := range c.tabs {
			fill(all, t, uint8(c.cls)+1)
		}
	}
	for r := 0x80; r < 0xA0; r++ {
		all[r] = 0 // C1 controls
	}
	// The micro sign is a unit symbol, not a Greek letter; ordinal
	// indicators follow digits, not capitals; apostrophes sit inside
	// words in clean text.
	all['\u00B5'], all['\u00AA'], all['\u00BA'] = uint8(clsSym)+1, uint8(clsSym)+1, uint8(clsSym)+1
	all['\u2019'], all['\u02BC'] = uint8(clsASCII)+1, uint8(clsASCII)+1
	t := newRuneTable(all)
	return &t
}

func isLetter(c class) bool { return c == clsLower || c == clsUpper || c == clsLetter }

// badness counts the oddities of s that mojibake produces and clean text
// rarely has: controls and unassigned code points (3 each); adjacent
// characters that are an odd pair (see odd; pairs with ASCII punctuation
// or digits do not count); Ã, Â or a small Latin-1 letter before one of
// the characters windows-1252 has at 0x80–0xBF but for a no-break space
// and a soft hyphen, or another capital before one (not "’") inside a
// word ("mÅ‚ody", not "AHÅ™,"); a no-break space or soft hyphen between a capital
// and a small letter (2: "Ã\u00a0" is à); a symbol between letters; a
// mark after a non-letter — 1 each; a Latin letter beside Han, kana or
// Hangul, and a character of the rarely used blocks (see rare) — 2.
func badness(s string) int { return badnessUpTo(s, math.MaxInt) }

// badnessUpTo is badness that stops counting once the count reaches
// limit: it returns badness(s) if that is below limit, else a count of at
// least limit (the count never goes down, so a prefix's count is a
// lower bound).
func badnessUpTo(s string, limit int) int {
	bad := 0
	prev, prev2 := asciiMasks[' '], asciiMasks[' ']
	prevNonASCII, prev2NonASCII, prevLead := false, false, false
	prev2ExtA, prevHigh, prev2Lead3, prevR := false, false, false, rune(0)
	prevMacLead := false
	ids := scriptIDs()
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf && !prevNonASCII {
			// An ASCII character after an ASCII one adds nothing, so
			// a run of them is skipped, leaving the state its last
			// two characters give.
			j := i + 1
			for j < len(s) && s[j] < utf8.RuneSelf {
				j++
			}
			if j-i >= 2 {
				prev2 = asciiMasks[s[j-2]]
			} else {
				prev2 = prev
			}
			prev, prev2NonASCII, prevR = asciiMasks[s[j-1]], false, rune(s[j-1])
			prev2Lead3, prev2ExtA, prevHigh, prevLead = false, false, false, false
			i = j
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		var m masks
		nonASCII := r >= utf8.RuneSelf
		if nonASCII {
			m = cachedProps(r)
		} else {
			m = asciiMasks[r]
		}
		switch {
		case m.cls == clsBad:
			bad += 3
		case !nonASCII && !prevNonASCII, m.cls == clsASCII, prev.cls == clsASCII:
		case odd(&prev, &m):
			bad++
		case m.cls == clsMark && !isLetter(prev.cls) && prev.cls != clsMark:
			bad++
		}
		switch {
		case (prev.nbsp || prev.cls == clsSpace && r != ' ') && prev2.cls == clsUpper && prev2NonASCII && m.cls == clsLower:
			bad += 2 // "GÃ\u00a0idhlig", "Ã\u00adnagdau": à and í
		case prev.cls == clsSym && prevNonASCII && isLetter(prev2.cls) && isLetter(m.cls):
			bad++ // a symbol inside a word: "WALINKAÃ‘APATAKI"
		}
		switch {
		case prevLead && nonASCII && m.w1252C1:
			bad++ // "âœ”", "â™«", "Ãœ": before windows-1252's 0x80–0x9F
		case prevLead && nonASCII && r != 0xA0 && r != 0xAD && r >= 0xA0 && r < 0xC0:
			bad++ // "Ã©", "á»“": before a symbol of 0xA0–0xBF
		case prev2ExtA && prevHigh && isLetter(m.cls):
			bad++ // "mÅ‚ody": a capital and such a character inside a word
		case prev2Lead3 && prevHigh && nonASCII && (m.w1252C1 || r >= 0xA0 && r < 0xC0):
			bad++ // "âœ”": a lead of three bytes and two such characters
		case prevMacLead && nonASCII && macintoshContinuation(r):
			bad++ // "√Æ", "≈æ": Latin-1's and Latin Extended-A's leads read as macintosh
		}
		if prev.c2c3 && m.nbsp {
			bad++ // "Â\u00a0", "Ã\u00a0" (odd once already): no clean text has them
		}
		prev2Lead3 = prevR >= 0xE0 && prevR <= 0xEF
		prevMacLead = r == '√' || r == 'ƒ' || r == '≈' || r == '∆'
		prevR = r
		prev2ExtA = prev.latin1Cap
		prevHigh = nonASCII && r != 0xA0 && r != 0xAD && r != '\u2019' && (m.w1252C1 || r >= 0xA0 && r < 0xC0)
		// Ã and Â lead the UTF-8 of all of Latin-1; small letters, the
		// 3- and 4-byte sequences. Other capitals before a symbol are
		// clean often enough ("NESTLÉ®", "VOCÊ…").
		prevLead = r == 0xC2 || r == 0xC3 || r >= 0xE0 && r <= 0xFF && r != 0xF7
		if nonASCII && rare(r) {
			bad += 2
		}
		if isLetter(m.cls) && isLetter(prev.cls) && (ids.cjk(m.script) && prev.script == ids.latin || ids.cjk(prev.script) && m.script == ids.latin) {
			bad++ // and one more: no word mixes Latin with Han, kana or Hangul ("Bront녔")
		}
		prev2, prev, prev2NonASCII, prevNonASCII = prev, m, prevNonASCII, nonASCII
		if bad >= limit {
			return bad
		}
	}
	return bad
}

// lazyBadness is the badness of a text counted only as far as the
// comparisons asked of it need: a mojibake token reaches the count that
// rules out a candidate after a few of its characters.
type lazyBadness struct {
	s     string
	count int  // badness(s), or a lower bound of it
	exact bool // count is badness(s)
}

// atLeast reports whether badness(l.s) >= n.
func (l *lazyBadness) atLeast(n int) bool {
	if !l.exact && l.count < n {
		l.count = badnessUpTo(l.s, n)
		l.exact = l.count < n
	}
	return l.count >= n
}

// macintoshContinuation reports whether macintosh decodes one of the
// bytes 0x80–0xBF, UTF-8's continuation bytes, as r: after "√", "ƒ", "≈"
// or "∆" (macintosh's 0xC3–0xC6) such a character is a UTF-8 sequence
// read as macintosh, as "Ã©" is one read as windows-1252.
func macintoshContinuation(r rune) bool {
	if macintosh == nil {
		return false
	}
	b, ok := macintosh.byteFor(r)
	return ok && b >= 0x80 && b < 0xC0
}

// rare reports whether r is from a block or range that few texts use, so
// that a repair producing it needs more evidence: IPA and modifier
// letters and Latin Extended-B (but for the letters African, Romanian,
// Vietnamese, Azerbaijani and Pinyin writing uses), archaic Greek and
// Cyrillic, the phonetic extensions, long s.
func rare(r rune) bool {
	switch {
	case r == 0x17F:
		return true
	case r >= 0x180 && r < 0x250:
		switch r {
		case 0x181, 0x186, 0x189, 0x18A, 0x18E, 0x18F, 0x190, 0x192, 0x193, 0x194, 0x196, 0x197, 0x198, 0x199,
			0x19D, 0x1A0, 0x1A1, 0x1AF, 0x1B0, 0x1B1, 0x1B2, 0x1B3, 0x1B4, 0x1B7, 0x1DD, 0x1E6, 0x1E7, 0x1EA, 0x1EB,
			0x1F8, 0x1F9, 0x218, 0x219, 0x21A, 0x21B:
			return false
		}
		return !(r >= 0x1CD && r <= 0x1DC) // Pinyin's ǎ ǐ ǒ ǔ ǖ ǘ ǚ ǜ
	case r >= 0x250 && r < 0x2B0:
		switch r {
		case 0x251, 0x253, 0x254, 0x256, 0x257, 0x259, 0x25B, 0x263, 0x268, 0x269, 0x26A, 0x272, 0x283, 0x289, 0x28A, 0x28B, 0x292, 0x294:
			return false
		}
		return true
	case r >= 0x2B0 && r < 0x300:
		return r != 0x2BB && r != 0x2BC && r != 0x2C8 && r != 0x2D0
	case r >= 0x370 && r < 0x386, r >= 0x3CF && r < 0x400, r >= 0x460 && r < 0x48A, r >= 0x500 && r < 0x530, r >= 0x1D00 && r < 0x1E00:
		return true
	}
	return false
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

// letterOdd reports whether s has two adjacent letters that are an odd
// pair: a small letter before a capital, or letters of two scripts.
func letterOdd(s string) bool {
	prev := asciiMasks[' ']
	for _, r := range s {
		m := asciiMasks[0]
		if r >= utf8.RuneSelf {
			m = cachedProps(r)
		} else {
			m = asciiMasks[r]
		}
		if isLetter(prev.cls) && isLetter(m.cls) && odd(&prev, &m) {
			return true
		}
		prev = m
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
func odd(a, b *masks) bool {
	if a.cls == b.cls && a.script == b.script && isLetter(a.cls) && !(a.latin1Cap && b.w1252Letter) {
		return false // letters of one kind and script: "при", "ÀÉÎ"
	}
	switch {
	case a.cls == clsBad || b.cls == clsBad:
		return true
	case a.latin1Cap && b.w1252Letter:
		return true // "Ãœ": Ü read as windows-1252
	case a.c2c3 && b.nbsp:
		return true // "Â\u00a0", "Ã\u00a0": a no-break space, à
	case a.cls == clsUpper && b.nbsp:
		return false // "SELKÄ\u00a0EDELLÄ": see badness for "GÃ\u00a0idhlig"
	case a.cls == clsUpper:
		return !(isLetter(b.cls) && b.cls != clsLetter && sameScriptFamily(a.script, b.script))
	case b.cls == clsSym && isLetter(a.cls):
		return !b.soft
	case isLetter(b.cls) && a.cls == clsSym:
		return !a.open
	case a.cls == clsSym && b.cls == clsSym:
		return true
	case a.cls == clsLower && b.cls == clsUpper:
		return true
	case isLetter(a.cls) && isLetter(b.cls) && !sameScriptFamily(a.script, b.script):
		return true
	}
	return false
}

// noMasks are the masks of a character no wrong decoder makes.
var noMasks masks

// asciiMasks are the masks of the ASCII characters as the character
// before a non-ASCII one: their class and the Latin script.
var asciiMasks = func() (t [128]masks) {
	for c := range t {
		t[c] = masks{cls: classOf(rune(c)), script: scriptIDs().latin}
	}
	return t
}()
