// Ranking the completions of a gap that lost bytes: what a line's whole
// characters say of its alphabet and scripts, and the rules of where a
// letter stands that break ties (docs/mojibake.md, "Lost bytes" under
// "What it repairs").

package mojibake

import (
	"math/bits"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/webenc/webenc/whatwg"
	cjkenc "github.com/webenc/webenc/whatwg/cjk"
	"golang.org/x/text/encoding"
	"golang.org/x/text/unicode/norm"
)

// lineContext is what restoreC1 knows of a line from its whole
// characters.
type lineContext struct {
	// cover holds the wrong decoders' encodings that have every non-ASCII
	// character of the line's valid sequences: a restored character one of
	// them also has fits the text's alphabet (Czech "č", not Esperanto "ĝ").
	cover     uint32
	uncovered bool // the text has letters no decoder has (ạ, Ɔ, 中)
	scripts   scriptSet
	pinyin    bool // a macron vowel: Pinyin's carons are likely
	// vietnamese: a letter only Vietnamese has (ơ ư ă đ, a circumflex
	// with a tone mark), without which ề is less likely than Yoruba ọ.
	vietnamese bool
	chars      map[rune]bool // the line's whole non-ASCII characters
	// turkic: Cyrillic letters of Turkic and Mongolic languages (ә ө ү ң
	// ғ қ ұ һ җ); mongolic: ө or ү without ә ғ қ ұ җ (Mongolian, Yakut,
	// Kyrgyz, Buryat), where э is common.
	turkic, mongolic bool
	wordTonos        bool  // the word of the gap being chosen has a Greek accented vowel
	syllablesAfter   int   // the Greek syllables of that word after the gap
	cjkPart          uint8 // the national standard that has most of the line's CJK characters (cjkParts)
	openers          []rune
	kana             bool // Japanese: Han and kana are Shift_JIS text
}

func newLineContext(b []byte) *lineContext {
	ctx := &lineContext{cover: ^uint32(0)}
	notMongolic := false
	var parts [9]int // CJK characters by national standard
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if h := table.lookup(r).high; size > 1 && h != 0 {
			ctx.cover &= h
		} else if size > 1 {
			ctx.uncovered = true
		}
		if size > 1 && unicode.In(r, unicode.Ps, unicode.Pi) && len(ctx.openers) < 8 && !slices.Contains(ctx.openers, r) {
			ctx.openers = append(ctx.openers, r)
		}
		if size > 1 {
			ctx.scripts.add(scriptID(r))
			ctx.kana = ctx.kana || unicode.In(r, unicode.Hiragana, unicode.Katakana)
			switch r {
			case 'ā', 'ē', 'ī', 'ō', 'ū':
				ctx.pinyin = true
			}
			ctx.vietnamese = ctx.vietnamese || vietnameseOnly(r)
			for p := cjkParts(r); p != 0; p &= p - 1 {
				parts[p&-p]++
			}
			switch r {
			case 'ө', 'ү', 'Ө', 'Ү':
				ctx.turkic, ctx.mongolic = true, true
			case 'ң', 'һ', 'Ң', 'Һ':
				ctx.turkic = true
			case 'ә', 'ғ', 'қ', 'ұ', 'җ', 'Ә', 'Ғ', 'Қ', 'Ұ', 'Җ':
				ctx.turkic, notMongolic = true, true
			}
			if ctx.chars == nil {
				ctx.chars = map[rune]bool{}
			}
			ctx.chars[r] = true
		}
		i += size
	}
	ctx.mongolic = ctx.mongolic && !notMongolic
	best := 0
	for bit := uint8(1); bit <= 8; bit <<= 1 {
		if parts[bit] > best {
			best, ctx.cjkPart = parts[bit], bit
		}
	}
	return ctx
}

// score ranks a restored character r between prev and after, lower is
// better. Lexicographic: of the text's alphabet, then least odd, then of
// the line's scripts, then in the most of the encodings that have the
// rest of the text, then the commonest.
func (ctx *lineContext) score(prev, r, after rune) int {
	h := table.lookup(r).high
	in := h & ctx.cover
	bad := badness(string([]rune{prev, r, after}))
	if r >= 0x3000 && r < 0x3040 || r >= 0xFF00 && r < 0xFF66 {
		bad = badness(string(r)) // CJK punctuation sits between letters
	}
	score := 4*tier(r) - 16*bits.OnesCount32(in) + 1024*bad
	switch {
	case ctx.cjkPart == 0:
		score -= commonCJK(r)
	case cjkParts(r)&ctx.cjkPart != 0:
		score -= 4 // in the commonest part of the line's national standard
	}
	if unicode.IsUpper(r) && (after == ' ' || unicode.IsLower(after) && unicode.IsLetter(prev)) && !unicode.IsUpper(prev) {
		score += 512 // a capital alone or inside a small word: "Á" is rarer than "à"
	}
	if in == 0 && (h != 0 || !ctx.uncovered) && !unicode.IsMark(r) && !(r >= 0x2010 && r < 0x2028 && unicode.IsPunct(r) || r == 0x200D) {
		// Not of the line's alphabet (a combining accent fits any:
		// windows-1258 has U+0301, which "ä́" needs too; so does general
		// punctuation and the joiner no legacy encoding has, Romanian "ce‐i").
		score += 1 << 16
	}
	switch s := scriptID(r); {
	case ctx.scripts.empty():
	case s != 0 && !ctx.scripts.has(s), s == 0 && unicode.IsLetter(r):
		score += 2560 // a script the line's whole characters do not have (or math letters)
	case s != 0:
		score -= 8 // a letter of the line's script beats a symbol: Tifinagh "ⵏ", not "❵"
	}
	if r > 0x2000 && unicode.In(r, unicode.Pe, unicode.Pf) && slices.Contains(ctx.openers, r-1) {
		score -= 6 // closes what the line opened: "「" … "」"
	}
	if (r == 'с' || r == 'я' || r == 'э') && r != ctx.cyrillicLetter(prev, after) {
		score += 8
	}
	if indic(r) && (r&0x7F == 0x4D || r&0x7F == 0x41) && r&0x7F != indicSign(r&^0x7F, prev, after) {
		score += 12
	}
	if greekTonos(r) {
		if ctx.wordTonos || ctx.syllablesAfter > 2 || unicode.IsUpper(r) && unicode.IsUpper(prev) {
			// A Greek word has one accent, on one of its last three
			// syllables, and a word of capitals none after its first letter.
			score += 8
		} else if unicode.Is(unicode.Greek, prev) {
			score -= 8 // and a word of two letters or more without one lacks it: "πολύ"
		}
	}
	if r == 'А' && cyrVowel(after) {
		score += 8 // "На": Н (D0 9D) before a vowel, not А (D0 90)
	}
	if f := unicode.SimpleFold(r); f != r && ctx.chars[f] {
		score -= 6 // the line has its other case: "Ɛ" beside "ɛ"
	}
	if r == 0x200D && prev == 0xD4D && !wordChar(after) {
		score -= 256 // a Malayalam chillu written before Unicode 5.1, not a quotation mark
	}
	if smallKana(r) {
		score += 4 // rarer than the full-size ones
	}
	switch {
	case hebrewFinal(r) && (unicode.IsLetter(after) || unicode.IsMark(after)):
		score += 1024 // a final form ends a word
	case hebrewFinal(r):
		score -= 8 // and is commoner there than א
	case r >= 0x1CD && r <= 0x1DC && !ctx.pinyin:
		score += 8 // Pinyin's ǐ only in Pinyin; ǝ elsewhere
	case vietnameseOnly(r) && !ctx.vietnamese:
		score += 8
	case r&0x7F == 0x4D && indic(r) && (unicode.IsMark(after) || !unicode.IsLetter(prev)):
		score += 1024 // a virama ends a consonant, before no vowel sign
	case r == '”' && unicode.IsLetter(prev) && unicode.IsLetter(after) && !unicode.Is(unicode.Hebrew, prev):
		score += 1024 // between letters, a hyphen (but Hebrew abbreviates with "”": צה”ל)
	}
	return score
}

// hebrewFinal reports whether r is one of Hebrew's final letter forms (ך ם ן ף ץ).
func hebrewFinal(r rune) bool {
	return r == 'ך' || r == 'ם' || r == 'ן' || r == 'ף' || r == 'ץ'
}

// tier ranks how common a character is in text: 0 for letters from
// U+00C0 to U+07FF (not IPA or modifiers, nor Cyrillic's rarer
// U+0400–U+040F and U+0450–U+045F) and general punctuation, 1 for other
// characters up to U+07FF and the symbol blocks text uses, 2 for the rest.
func tier(r rune) int {
	switch {
	case r >= 0x2010 && r < 0x2028, r >= 0x300 && r <= 0x30C:
		return 0 // punctuation; the commonest combining accents
	case indic(r) && (r&0x7F == 0x4D || unicode.IsLetter(r) && r&0x7F >= 0x05 && r&0x7F < 0x3A && r&0x7F != 0x0D):
		return 0 // Indic letters (not candra E nor the additions after 0x57) and the virama, commoner than vowel signs
	case commonCJK(r) > 0:
		return 0
	case r >= 0xC0 && r < 0x800 && unicode.IsLetter(r) && !(r >= 0x250 && r < 0x300) &&
		!(r >= 0x400 && r < 0x410) && !(r >= 0x450 && r < 0x460):
		return 0
	case r < 0x800, r >= 0x2100 && r < 0x27C0, r >= 0x1F300:
		return 1
	}
	return 2
}

// smallKana reports whether r is a small hiragana or katakana (ぁ ぃ … ッ ャ).
func smallKana(r rune) bool {
	switch r {
	case 'ぁ', 'ぃ', 'ぅ', 'ぇ', 'ぉ', 'っ', 'ゃ', 'ゅ', 'ょ', 'ゎ', 'ゕ', 'ゖ',
		'ァ', 'ィ', 'ゥ', 'ェ', 'ォ', 'ッ', 'ャ', 'ュ', 'ョ', 'ヮ', 'ヵ', 'ヶ':
		return true
	}
	return false
}

// breakTie chooses among equally good completions of the gap units[u]
// that are letters of a script with a legacy encoding by the detector's
// language statistics: the one whose word, in that encoding, it is the
// surest of (Russian "хотя", not "хотс").
func (ctx *lineContext) breakTie(g *unit, units []unit, u int, ties [][utf8.UTFMax]byte, k int) {
	r0, _ := utf8.DecodeRune(ties[0][:k])
	e := ctx.legacyOf(r0)
	if e == nil {
		return
	}
	a, z := u, u+1
	for a > 0 && u-a < tieWindow && wordChar(units[a-1].char()) {
		a--
	}
	for z < len(units) && z-u <= tieWindow && wordChar(units[z].char()) {
		z++
	}
	var word []rune
	for _, x := range units[a:z] {
		word = append(word, x.char())
	}
	best := -1.0
	for _, seq := range ties {
		r, _ := utf8.DecodeRune(seq[:k])
		if !unicode.IsLetter(r) && !unicode.IsMark(r) || ctx.legacyOf(r) != e {
			return
		}
		word[u-a] = r
		b, unmappable := whatwg.AppendEncode(nil, e, []byte(string(word)))
		if unmappable {
			continue
		}
		de, conf := detectLegacy(b)
		if de != e {
			conf = 0
		}
		if conf > best {
			best, g.seq = conf, seq
		}
	}
}

// tieWindow is how many characters on either side of a tie breakTie
// shows the detector (CJK text has no spaces between words).
const tieWindow = 3

// wordChar reports whether r is part of a word (a letter or a mark).
func wordChar(r rune) bool { return unicode.IsLetter(r) || unicode.IsMark(r) }

// legacyOf returns the legacy encoding of r's script the detector has
// statistics for, or nil.
func (ctx *lineContext) legacyOf(r rune) encoding.Encoding {
	switch {
	case r < 0x370:
		return nil
	case unicode.Is(unicode.Hangul, r):
		return cjkenc.EUCKR
	case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) && ctx.kana:
		return cjkenc.ShiftJIS
	case unicode.Is(unicode.Han, r):
		return cjkenc.GBK
	}
	return nil
}

// vietnameseOnly reports whether r is a letter of Vietnamese that other
// languages do not use: ơ ư ă đ and the vowels with a circumflex or breve
// and a tone mark (ấ, ề, ở, …), not the dotted ones Yoruba and others
// share (ạ ẹ ị ọ ụ).
func vietnameseOnly(r rune) bool {
	switch r {
	case 'ơ', 'Ơ', 'ư', 'Ư', 'ă', 'Ă', 'đ', 'Đ':
		return true
	}
	return r >= 0x1EA4 && r <= 0x1EB7 || r >= 0x1EBE && r <= 0x1EC7 || r >= 0x1ED0 && r <= 0x1EE3 || r >= 0x1EE8 && r <= 0x1EF1
}

// cyrillicLetter returns which of с, я and э, the small Cyrillic letters
// that lose a byte (D1 81, D1 8F, D1 8D), is likeliest between prev and
// after, by where each stands in a word: я and э seldom before a vowel;
// с seldom after a consonant at a word's end, where я ends Slavic words
// (-ая, -ся) and с Turkic ones after a vowel; э before a consonant in
// Mongolian, Yakut and Kyrgyz.
func (ctx *lineContext) cyrillicLetter(prev, after rune) rune {
	pv, pc := cyrVowel(prev), unicode.IsLetter(prev) && !cyrVowel(prev)
	av, end := cyrVowel(after), !unicode.IsLetter(after)
	switch {
	case av:
		return 'с'
	case end && pc:
		if ctx.mongolic {
			return 'э'
		}
		return 'я'
	case end && pv:
		if ctx.turkic {
			return 'с'
		}
		return 'я'
	case end:
		return 'с'
	case ctx.mongolic && !pv:
		return 'э'
	}
	return 'с'
}

// cyrVowel reports whether r is a Cyrillic vowel letter.
func cyrVowel(r rune) bool {
	return strings.ContainsRune("аеёиоуыэюяіїєәөүұАЕЁИОУЫЭЮЯІЇЄӘӨҮҰ", r)
}

// joins reports whether a zero-width joiner between a and b is likely:
// both are letters or marks of a script that uses it (Indic, Arabic,
// Sinhala), not Latin; or a is a virama, which a joiner turns into a
// half form or, at a word's end, a Malayalam chillu ("ല്‍").
func joins(a, b rune) bool {
	if indic(a) && a&0x7F == 0x4D {
		return true
	}
	return a >= 0x600 && b >= 0x600 && wordChar(a) && wordChar(b) && scriptID(a) != 0 && scriptID(a) == scriptID(b)
}

// indicSign returns which of an Indic script's virama (0x4D in its block)
// and vowel sign u (0x41), both lost bytes in UTF-8, is likelier after
// prev and before after: the virama before the consonant it followed
// (a doubled consonant) and, in Tamil and Malayalam, at a word's end; the
// vowel sign at the end in the others and before another consonant in
// Tamil and Gurmukhi.
func indicSign(block, prev, after rune) rune {
	tamilLike := block == 0xB80 || block == 0xD00 || block == 0x11300
	switch {
	case after == prev:
		return 0x4D
	case !wordChar(after):
		if tamilLike {
			return 0x4D
		}
		return 0x41
	case after&^0x7F == block && unicode.IsLetter(after) && (block == 0xB80 || block == 0xA00):
		return 0x41
	}
	return 0x4D
}

// indic reports whether r is in a block laid out like ISCII (Devanagari
// to Malayalam, and Grantha): the virama at 0x4D, the vowel sign u at
// 0x41.
func indic(r rune) bool { return r >= 0x900 && r < 0xD80 || r >= 0x11300 && r < 0x11380 }

// greekAccented reports whether r is a Greek vowel with an accent: a
// tonos, or a polytonic acute, grave or circumflex ("ἐλεύθερο" has one).
func greekAccented(r rune) bool {
	if r < 0x1F00 || r > 0x1FFF {
		return greekTonos(r)
	}
	for _, m := range norm.NFD.String(string(r)) {
		if m == 0x300 || m == 0x301 || m == 0x342 {
			return true
		}
	}
	return false
}

// greekSyllables counts the syllables of Greek letters in word: its
// vowels, a diphthong (αι ει οι ου αυ ευ) once.
func greekSyllables(word []rune) int {
	n, prev := 0, rune(0)
	for _, r := range word {
		r = unicode.ToLower(r)
		diphthong := (r == 'ι' || r == 'υ') && strings.ContainsRune("αεο", prev)
		if strings.ContainsRune("αεηιουωάέήίόύώϊϋΐΰ", r) && !diphthong {
			n++
		}
		prev = r
	}
	return n
}

// greekTonos reports whether r is a Greek vowel with an accent (tonos).
func greekTonos(r rune) bool {
	return strings.ContainsRune("άέήίόύώΐΰΆΈΉΊΌΎΏ", r)
}
