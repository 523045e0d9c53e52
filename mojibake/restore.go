package mojibake

import (
	"math/bits"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/internal/utf8grammar"
	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/charset"
	cjkenc "github.com/webenc/webenc/whatwg/cjk"
)

// lostBytes are the bytes that get lost from UTF-8 read as windows-1252:
// those it decodes to C1 controls (U+0081, U+008D, U+008F, U+0090,
// U+009D), which some systems drop, and 0xAD, an invisible soft hyphen,
// in the order restoreC1 tries them so that on a tie the commoner
// character wins: 0x81 first (Á, Ł, с, ρ, ف), but 0x9D first after 0xE2
// ("”", E2 80 9D; "❤", E2 9D A4). (0xA0, a no-break space that became a
// space, is restoreC1's own case.)
var lostBytes = [2][6]byte{{0x81, 0x8D, 0x8F, 0x90, 0x9D, 0xAD}, {0x9D, 0x81, 0x8D, 0x8F, 0x90, 0xAD}}

// seqLen returns the length of the UTF-8 sequence lead byte c starts (0
// when c is no lead byte, ASCII included), from the project's one UTF-8
// grammar.
func seqLen(c byte) int {
	if c < 0x80 {
		return 0
	}
	return utf8grammar.Size(c)
}

func isCont(c byte) bool { return c&0xC0 == 0x80 }

// restoreC1 makes b valid UTF-8 by putting back the lost bytes of each
// sequence that lacks one continuation byte (or two, before another
// non-ASCII byte), choosing the bytes and their places that give a
// character of the text's alphabet and script, the least odd beside its
// neighbours, the commonest (tier). Each gap is chosen beside its
// neighbours' first choices and then chosen again beside their final
// ones, so that two gaps side by side are judged together.
// It returns the result, the number of bytes put back, and false when b
// has an error a lost byte does not explain.
//
// With lossy (the text held U+FFFD, which windows-1252 encodes as
// unknownByte), a sequence with an unknown byte, or whose missing last
// byte is an ASCII '?' (what other decoders write), becomes U+FFFD, and
// so does an unknown byte on its own.
func restoreC1(b []byte, lossy bool) ([]byte, int, bool) {
	ctx := newLineContext(b)
	var units []unit
	n := 0
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || size > 1 {
			units = append(units, unit{r: r, start: i, end: i + size})
			i += size
			continue
		}
		k := seqLen(b[i])
		j, unknown := 1, false
		for j < k && i+j < len(b) && (isCont(b[i+j]) || lossy && b[i+j] == unknownByte) {
			unknown = unknown || b[i+j] == unknownByte
			j++
		}
		if lossy && k > 0 && j == k-1 && i+j < len(b) && b[i+j] == '?' {
			unknown, j = true, j+1
		}
		switch {
		case lossy && b[i] == unknownByte:
			j = 1
			fallthrough
		case lossy && unknown && j == k:
			units = append(units, unit{r: utf8.RuneError, start: i, end: i + j, lost: true})
			n++
			i += j
			continue
		}
		if !shortSeq(b, i, k, j) {
			return nil, 0, false
		}
		units = append(units, unit{start: i, end: i + j, gap: true})
		n += k - j
		i += j
	}
	for pass := 0; pass < 2; pass++ {
		for u := range units {
			if units[u].gap && !ctx.choose(b, units, u, pass) {
				return nil, 0, false
			}
		}
	}
	out := make([]byte, 0, len(b)+n)
	for u := range units {
		switch x := &units[u]; {
		case x.gap:
			out = append(out, x.seq[:x.size]...)
		case x.lost:
			out = append(out, "\uFFFD"...)
		default:
			out = append(out, b[x.start:x.end]...)
		}
	}
	return out, n, true
}

// shortSeq reports whether the lead byte b[i] of a k-byte sequence and
// the j-1 continuation bytes after it lack bytes that may have been lost:
// one, or two before another non-ASCII byte (CJK "その" loses both of
// "そ"'s continuation bytes; clean "não" read as windows-1252 has "ã"
// before an ASCII letter).
func shortSeq(b []byte, i, k, j int) bool {
	switch k - j {
	case 1:
		return k > 0
	case 2:
		return i+j < len(b) && b[i+j] >= utf8.RuneSelf
	}
	return false
}

// unit is one character of restoreC1's input: a whole one (r), a byte
// lost as U+FFFD (lost), or a sequence lacking bytes (gap), whose chosen
// completion is seq[:size] (space: it took the no-break space after it).
type unit struct {
	r          rune
	start, end int
	gap, lost  bool
	seq        [utf8.UTFMax]byte
	size       int
	space      bool
}

// char returns the character u stands for (its current choice for a
// gap, a space before one is chosen).
func (u *unit) char() rune {
	switch {
	case u.gap && u.size == 0:
		return ' '
	case u.gap:
		r, _ := utf8.DecodeRune(u.seq[:u.size])
		return r
	}
	return u.r
}

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

// choose picks the completion of the gap units[u]; false when none gives
// an acceptable character.
func (ctx *lineContext) choose(b []byte, units []unit, u int, pass int) bool {
	g := &units[u]
	i, j := g.start, g.end-g.start
	k := seqLen(b[i])
	prev, next := rune(' '), rune(' ')
	if u > 0 {
		prev = units[u-1].char()
	}
	if u+1 < len(units) {
		next = units[u+1].char()
	}
	ctx.wordTonos = false
	for a := u - 1; a >= 0 && wordChar(units[a].char()); a-- {
		ctx.wordTonos = ctx.wordTonos || greekTonos(units[a].char())
	}
	for z := u + 1; z < len(units) && wordChar(units[z].char()); z++ {
		ctx.wordTonos = ctx.wordTonos || greekTonos(units[z].char())
	}
	bestScore, found := 0, false
	var ties [][utf8.UTFMax]byte // the completions as good as the best
	try := func(seq [utf8.UTFMax]byte, nbsp bool) {
		r, size := utf8.DecodeRune(seq[:k])
		if size != k || !acceptable(r) || classOf(r) == clsSpace && !(nbsp && r == 0xA0) && !(r == 0x200D && joins(prev, next)) {
			return // invisible characters are never determined (but "Â " is a no-break space)
		}
		after := next
		if nbsp && r != 'à' && u+2 < len(units) {
			after = units[u+2].char() // the space goes
		}
		score := ctx.score(prev, r, after)
		switch {
		case found && score == bestScore && !nbsp:
			ties = append(ties, seq)
		case !found || score < bestScore:
			ties = append(ties[:0], seq)
			g.seq, g.size, g.space, bestScore, found = seq, k, nbsp, score, true
		}
	}
	order := lostBytes[0]
	if b[i] == 0xE2 {
		order = lostBytes[1] // punctuation and symbols: "”" first
	}
	present := b[i+1 : i+j]
	if k-j == 2 {
		// Two lost bytes: the one continuation byte (if any) in each place.
		for p := k - 1; p >= 1; p-- {
			if len(present) == 0 && p != k-1 {
				break
			}
			for _, f := range order[:len(order)-1] {
				for _, h := range order[:len(order)-1] {
					var seq [utf8.UTFMax]byte
					seq[0] = b[i]
					fill := []byte{f, h}
					for s := 1; s < k; s++ {
						if s == p && len(present) > 0 {
							seq[s] = present[0]
						} else {
							seq[s], fill = fill[0], fill[1:]
						}
					}
					try(seq, false)
				}
			}
		}
	} else {
		for p := k - 1; p >= 1; p-- {
			for _, f := range order[:len(order)-1] {
				var seq [utf8.UTFMax]byte
				copy(seq[:p], b[i:i+p])
				seq[p] = f
				copy(seq[p+1:k], b[i+p:i+j])
				try(seq, false)
			}
		}
		// A 2-byte sequence before a space may instead have lost a
		// no-break space (0xA0) that became the space: "Å veices" is
		// Šveices, "jusqu'Ã nos" jusqu'à nos, "namedÂ „" named\u00a0„. It
		// loses ties with the C1 bytes and wins them with a soft hyphen.
		if k == 2 && i+j < len(b) && b[i+j] == ' ' {
			try([utf8.UTFMax]byte{b[i], 0xA0}, true)
		}
		for p := k - 1; p >= 1; p-- {
			var seq [utf8.UTFMax]byte
			copy(seq[:p], b[i:i+p])
			seq[p] = order[len(order)-1] // 0xAD
			copy(seq[p+1:k], b[i+p:i+j])
			try(seq, false)
		}
	}
	if !found {
		return false
	}
	if len(ties) > 1 {
		ctx.breakTie(g, units, u, ties, k)
	}
	// The space was the no-break space, but for "à", a word of its own,
	// unless a second space follows.
	if g.space {
		r := g.char()
		if r == 'à' && !(g.end+1 < len(b) && b[g.end+1] == ' ') {
			g.space = false
		}
	}
	if g.space && pass == 1 && u+1 < len(units) && !units[u+1].gap && units[u+1].r == ' ' {
		units[u+1].end = units[u+1].start // the space is gone
	}
	return true
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
	if in == 0 && (h != 0 || !ctx.uncovered) && !unicode.IsMark(r) {
		// Not of the line's alphabet (a combining accent fits any:
		// windows-1258 has U+0301, which "ä́" needs too).
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
		if ctx.wordTonos {
			score += 8 // a Greek word has one accent
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
	case r == '”' && unicode.IsLetter(prev) && unicode.IsLetter(after):
		score += 1024 // between letters, a hyphen
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

// restoreAllowed reports whether seg, encoded as windows-1252, is mostly
// UTF-8: some complete multi-byte sequences, at least as many as the ones
// that lack one byte, and no other error. Only then are lost bytes put
// back, so that clean text with a few repaired names keeps its own
// accented letters ("NÃO" stays).
func restoreAllowed(seg string) bool {
	b, ok := decoders[c1].encode(nil, seg)
	if !ok {
		return false
	}
	lossy := strings.ContainsRune(seg, utf8.RuneError)
	valid, short := 0, 0
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || size > 1 {
			if size > 1 {
				valid++
			}
			i += size
			continue
		}
		k, j := seqLen(b[i]), 1
		for j < k && i+j < len(b) && (isCont(b[i+j]) || lossy && b[i+j] == unknownByte) {
			j++
		}
		switch {
		case lossy && k > 0 && j == k:
			valid++ // a sequence with an unknown byte
		case !shortSeq(b, i, k, j):
			return false
		default:
			short++
		}
		i += j
	}
	return valid > 0 && 3*valid >= short
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
		de, _, conf := charset.DetectEncoding(b, charset.Hint{ExcludeUTF8: true})
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
// Sinhala), not Latin.
func joins(a, b rune) bool {
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

// greekTonos reports whether r is a Greek vowel with an accent (tonos).
func greekTonos(r rune) bool {
	return strings.ContainsRune("άέήίόύώΐΰΆΈΉΊΌΎΏ", r)
}
