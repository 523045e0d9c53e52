package charset

import (
	"sync"
	"unicode"
	"unicode/utf16"

	"golang.org/x/text/encoding"
)

// UTF-16 without a byte order mark (Options.DetectUTF16). The Standard
// recognises UTF-16 only by its BOM; files from Windows tools often have
// none, and their bytes look binary (a NUL beside every ASCII character),
// so detection takes a second look at content the binary test rejects.
// A reading in one byte order is text when at most 1% of its code units
// are controls, unpaired surrogates, private-use or unassigned code
// points; at most a quarter have a zero low byte (the other byte order of
// ASCII); and at least 90% of its letters are Latin or of one other
// script (Han and kana together), Latin letters mostly ASCII, and Han
// ones spread over the ideographs. Of the two byte orders, the one whose
// high bytes take fewer distinct values wins when both read as text.
// docs/cli.md gives the measured rates.

// utf16Confidence is Result.Confidence for UTF-16 that DetectUTF16 found.
const utf16Confidence = 0.99

// minUTF16Units is how many code units a reading needs unless all of them
// are ASCII: fewer CJK characters are too likely to come from random bytes.
const minUTF16Units = 8

// utf16Text returns UTF-16LE or UTF-16BE when window, without a BOM, reads
// as text in that byte order, and nil otherwise. A last odd byte is
// ignored (a cut code unit).
func utf16Text(window []byte) encoding.Encoding {
	b := window[:len(window)&^1]
	le, be := readsAsUTF16(b, true), readsAsUTF16(b, false)
	if le && be {
		// The high bytes of text repeat: a script's block, or zero for
		// ASCII.
		odd, even := distinctBytes(b, 1), distinctBytes(b, 0)
		le, be = odd < even, even < odd
	}
	switch {
	case le:
		return utf16LE
	case be:
		return utf16BE
	}
	return nil
}

// distinctBytes counts the distinct values of the bytes of b at offsets
// of parity p.
func distinctBytes(b []byte, p int) int {
	var seen [256]bool
	n := 0
	for i := p; i < len(b); i += 2 {
		if !seen[b[i]] {
			seen[b[i]] = true
			n++
		}
	}
	return n
}

// readsAsUTF16 reports whether b (of even length) reads as text in UTF-16,
// little-endian if le.
func readsAsUTF16(b []byte, le bool) bool {
	units := len(b) / 2
	if units < 2 {
		return false
	}
	var t utf16Tally
	for i := 0; i < len(b); i += 2 {
		u := unit(b, i, le)
		r := rune(u)
		switch {
		case utf16.IsSurrogate(r) && u < 0xDC00 && i+2 == len(b):
			// A high surrogate cut by the window's end.
		case utf16.IsSurrogate(r) && u < 0xDC00 && isLowSurrogate(unit(b, i+2, le)):
			t.add(utf16.DecodeRune(r, rune(unit(b, i+2, le))))
			i += 2
		default:
			t.add(r) // a lone surrogate is no graphic character: bad
		}
		if u&0xFF == 0 {
			t.zeroLow++
		}
		if tooMany(t.bad, units) {
			return false
		}
	}
	if t.ascii < units && units < minUTF16Units {
		return false
	}
	// Text whose high bytes are zero (ASCII, Latin-1) read in the other
	// byte order has zero low bytes: U+6100 for "a".
	return t.zeroLow*4 <= units && t.oneWritingSystem()
}

// unit returns the code unit at b[i:i+2]; 0 past the end.
func unit(b []byte, i int, le bool) uint16 {
	if i+2 > len(b) {
		return 0
	}
	if le {
		return uint16(b[i]) | uint16(b[i+1])<<8
	}
	return uint16(b[i])<<8 | uint16(b[i+1])
}

func isLowSurrogate(u uint16) bool { return u >= 0xDC00 && u <= 0xDFFF }

// tooMany reports whether bad code units are more than 1% of total:
// text has none but where a window cuts it.
func tooMany(bad, total int) bool { return bad*100 > total }

// utf16Tally counts the characters of a UTF-16 reading by kind.
type utf16Tally struct {
	ascii        int // ASCII text: printable characters and whitespace
	bad          int // controls, private use, unassigned, lone surrogates
	letters      int
	asciiLetters int
	zeroLow      int // code units whose low byte is zero
	// hanBlocks counts the Han letters of each block of 256 code points
	// from U+4E00 to U+9FFF.
	hanBlocks [0xA0 - 0x4E]int
	// scripts counts the letters of each of textScripts (the last:
	// any other script).
	scripts [len(textScripts) + 1]int
}

// The classes of characters utf16Tally counts: classOf's answers.
const (
	classBad         = iota // controls, private use, unassigned, lone surrogates
	classASCII              // ASCII text but letters: digits, punctuation, whitespace
	classASCIILetter        // ASCII letters
	classNeutral            // punctuation and symbols of any script, marks, format characters
	classScript             // + i: a letter (or sign) of textScripts[i]; + len(textScripts): of another script
)

// bmpClasses is classOf for every code unit, computed on first use:
// classifying a character takes searches in Unicode's tables.
var bmpClasses = sync.OnceValue(func() *[0x10000]uint8 {
	var t [0x10000]uint8
	for r := range t {
		t[r] = classOf(rune(r))
	}
	return &t
})

// classOf returns the class of r.
func classOf(r rune) uint8 {
	switch {
	case r < 0x80:
		switch {
		case unicode.IsLetter(r):
			return classASCIILetter
		case r >= 0x20 && r < 0x7F || r >= '\t' && r <= '\r':
			return classASCII
		}
		return classBad
	case utf16.IsSurrogate(r):
		return classBad // alone: a pair is decoded before
	case isTextPunctuation(r), unicode.Is(unicode.Inherited, r), unicode.Is(unicode.Cf, r):
		return classNeutral
	case r > 0xFFFF && (unicode.IsLetter(r) || unicode.IsMark(r)):
		// Letters of the scripts beyond the BMP (random bytes seldom
		// pair surrogates): Han's extensions, or another script.
		if r >= 0x20000 && r <= 0x3FFFF {
			return classScript + han
		}
		return uint8(classScript + len(textScripts))
	case r > 0xFFFF:
		return classNeutral // emoji and symbols
	case unicode.IsGraphic(r):
		// Letters, and the digits, signs and symbols of a script, count
		// for it.
		return classScript + uint8(scriptOf(r))
	}
	return classBad // C1 controls, private use, unassigned, noncharacters
}

// add counts r.
func (t *utf16Tally) add(r rune) {
	var c uint8
	if r <= 0xFFFF {
		c = bmpClasses()[r]
	} else {
		c = classOf(r)
	}
	switch c {
	case classBad:
		t.bad++
	case classASCII:
		t.ascii++
	case classASCIILetter:
		t.ascii++
		t.asciiLetters++
		t.letters++
		t.scripts[latin]++
	case classNeutral:
	default:
		t.letters++
		t.scripts[c-classScript]++
		if r >= 0x4E00 && r <= 0x9FFF {
			t.hanBlocks[r>>8-0x4E]++
		}
	}
}

// isTextPunctuation reports whether r, in the BMP but not ASCII, is of the
// punctuation, spaces and signs that text of any script uses: Latin-1's,
// the general punctuation block, currency signs, symbols, modifier
// letters, the danda, CJK punctuation and full-width forms.
func isTextPunctuation(r rune) bool {
	switch {
	case r >= 0xA0 && r <= 0xBF, r == 0xD7, r == 0xF7:
		return true
	case r >= 0x02B0 && r <= 0x02FF, r == 0x0964, r == 0x0965:
		// Modifier letters (ʼ, ˈ) and the danda of the Indic scripts.
		return true
	case r >= 0x2000 && r <= 0x206F, r >= 0x20A0 && r <= 0x20CF:
		return true
	case r >= 0x2100 && r <= 0x27BF:
		// Letterlike symbols, arrows, mathematical and technical
		// symbols, box drawing, shapes, dingbats (✓, ★).
		return true
	case r >= 0x3000 && r <= 0x303F, r >= 0xFF00 && r <= 0xFFEF:
		return true
	}
	return false
}

// oneWritingSystem reports whether at least 90% of the letters (and
// symbols) are Latin or of one other script, the most common one after
// Latin, counting Han and kana as one (and the scripts textScripts does
// not list as one). (Korean is written in Hangul today:
// Hanja beside it count against it, as they do in random bytes, which
// read as Hangul and Han.)
func (t *utf16Tally) oneWritingSystem() bool {
	top := latin + 1
	for s := top; s < len(t.scripts); s++ {
		if t.scripts[s] > t.scripts[top] {
			top = s
		}
	}
	// Latin text is mostly ASCII letters in every language: beyond twice
	// as many, other Latin letters count against (code such as Python's
	// bytecode reads as Latin Extended: "d\x01" is U+0164, Ť).
	latinText := min(t.scripts[latin], 3*t.asciiLetters)
	together := latinText + t.scripts[top]
	if top == han || top == hiragana || top == katakana {
		together = latinText + t.scripts[han] + t.scripts[hiragana] + t.scripts[katakana]
	}
	return together*10 >= t.letters*9 && t.hanSpread()
}

// hanSpread reports whether the Han letters, if there are enough of them
// to tell, are spread over the ideographs as text's are: no block of 256
// holds half of them. A binary record whose bytes repeat one value every
// other byte reads as Han letters of one block.
func (t *utf16Tally) hanSpread() bool {
	n := 0
	for _, k := range t.hanBlocks {
		n += k
	}
	if n < 16 {
		return true
	}
	for _, k := range t.hanBlocks {
		if 2*k > n {
			return false
		}
	}
	return true
}

// textScripts are the scripts whose letters count as one writing system
// each; a letter of any other script counts against coherence.
var textScripts = [...]*unicode.RangeTable{
	latin: unicode.Latin, han: unicode.Han, hiragana: unicode.Hiragana,
	katakana: unicode.Katakana, hangul: unicode.Hangul,
	unicode.Cyrillic, unicode.Greek, unicode.Arabic, unicode.Hebrew,
	unicode.Thai, unicode.Devanagari, unicode.Bengali, unicode.Tamil,
	unicode.Telugu, unicode.Kannada, unicode.Malayalam, unicode.Gujarati,
	unicode.Gurmukhi, unicode.Oriya, unicode.Sinhala, unicode.Armenian,
	unicode.Georgian, unicode.Ethiopic, unicode.Khmer, unicode.Lao,
	unicode.Myanmar, unicode.Tibetan, unicode.Syriac, unicode.Thaana,
	unicode.Mongolian, unicode.Bopomofo,
}

// The scripts oneWritingSystem treats specially, by index in textScripts.
const (
	latin = iota
	han
	hiragana
	katakana
	hangul
)

// scriptOf returns the index in textScripts of r's script, or
// len(textScripts) for another one.
func scriptOf(r rune) int {
	switch {
	case r >= 0x4E00 && r <= 0x9FFF:
		return han // the common block first: most CJK text is in it
	case r >= 0xAC00 && r <= 0xD7A3:
		return hangul
	case r >= 0x3400 && r <= 0x4DBF, r >= 0xF900 && r <= 0xFAFF:
		// Rare ideographs: text hardly uses them, random code units
		// often are.
		return len(textScripts)
	}
	for i, tab := range textScripts {
		if unicode.Is(tab, r) {
			return i
		}
	}
	return len(textScripts)
}

// utf16Fallback is the end of fallback with DetectUTF16 for a window the
// binary test rejected (r): UTF-16 Detected when it reads as text.
func (opts Options) utf16Fallback(r Result, window []byte) Result {
	e := utf16Text(window)
	if e == nil {
		return r
	}
	r = result(e, Detected)
	r.Confidence = utf16Confidence
	return r
}
