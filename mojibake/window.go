// One decision per history of a text: the legacy reading that repaired a
// window's clearly broken lines is tried on its lines that stayed broken
// alone (docs/mojibake.md, "One decision per window" and "Streaming:
// segments").

package mojibake

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/webenc/webenc/whatwg"
	"golang.org/x/text/encoding"
)

// WindowSize is how much text one decision covers, in bytes. Fix reads
// its input in windows: the segments (see MaxSegment) from a window's
// start up to and including the first that ends WindowSize bytes or more
// after it. A legacy reading that repairs lines of a window is the
// window's history: its other lines that stay broken on their own
// evidence are read the same way when that reading gives plausible text
// (a line alone may be too short to prove it). Clean lines stay as they
// are.
const WindowSize = 16 << 10

// winSeg is a segment of a window with the repairs found on its own
// evidence.
type winSeg struct {
	base int // where seg starts in the text
	seg  string
	reps []repair
}

// legacyByName maps the names of the encodings legacy repairs decode
// with to the encodings.
var legacyByName = func() map[string]encoding.Encoding {
	m := map[string]encoding.Encoding{}
	for _, set := range []map[encoding.Encoding]bool{legacyTargets, latinTargets} {
		for e := range set {
			m[fmt.Sprint(e)] = e
		}
	}
	return m
}()

// legacyOf returns the encoding r read the segment's windows-1252 bytes
// in, when r is a legacy repair, or nil.
func legacyOf(r repair) encoding.Encoding {
	if len(r.layers) != 1 || r.layers[0].Encoding != decoders[c1].name {
		return nil
	}
	return legacyByName[r.layers[0].Decoding]
}

// minWindowTrigrams is how many trigrams with a non-ASCII letter, all of
// the window's language, a line with one changed word needs when the
// word is not one of the window's own: one changed letter inside a word
// gives three, and random accented letters spell those of the language
// now and then ("xač", "ača"), so the word must show two changed letters.
const minWindowTrigrams = 4

// maxHistories is how many legacy encodings one window's history holds:
// the detector may name two of one script (windows-1250 and ISO-8859-2
// for Czech lines without the letters that tell them apart).
const maxHistories = 4

// history is a window's legacy readings, the encodings that repaired
// most letters first; the characters the readings produced; and, of the
// Latin-script lines they repaired, the trigrams (with a non-ASCII
// letter) and the languages (latinTrigrams' bits) of the words: the
// window's own words.
type history struct {
	encs     [maxHistories]encoding.Encoding
	weight   [maxHistories]int
	n        int
	chars    map[rune]bool
	trigrams map[string]bool
	langs    [32]int // per language bit, the repaired words of it
}

// windowHistory returns the legacy readings of the window's segments;
// n is 0 when no legacy repair was made.
func windowHistory(segs []winSeg) history {
	var h history
	for _, s := range segs {
		for _, r := range s.reps {
			e := legacyOf(r)
			if e == nil {
				continue
			}
			i := 0
			for i < h.n && h.encs[i] != e {
				i++
			}
			if i == maxHistories {
				continue // a fifth encoding in one window: the first four decide
			}
			if i == h.n {
				h.encs[i] = e
				h.n++
			}
			h.weight[i] += letters(r.text)
			for ; i > 0 && h.weight[i] > h.weight[i-1]; i-- {
				h.encs[i], h.encs[i-1] = h.encs[i-1], h.encs[i]
				h.weight[i], h.weight[i-1] = h.weight[i-1], h.weight[i]
			}
			h.learn(s.seg[r.start:r.end], r.text, latinTargets[e])
		}
	}
	return h
}

// learn adds what the legacy repair of seg into fixed tells of the
// window: the characters it produced and, for a Latin-script one, the
// trigrams and languages of its changed words.
func (h *history) learn(seg, fixed string, latin bool) {
	if h.chars == nil {
		h.chars, h.trigrams = map[rune]bool{}, map[string]bool{}
	}
	for _, r := range fixed {
		if r >= utf8.RuneSelf {
			h.chars[unicode.ToLower(r)] = true
		}
	}
	if !latin {
		return
	}
	eachTrigram(fixed, func(t string) { h.trigrams[t] = true })
	for _, w := range wordPairs(seg, fixed) {
		if w[0] != w[1] {
			addBits(&h.langs, wordMask(latinTrigrams(), w[1]))
		}
	}
}

// ofLanguage reports whether word is a word of the window's language: of
// a language (latinTrigrams' bit) of at least half as many of the
// window's repaired words as its commonest.
func (h *history) ofLanguage(word string) bool {
	top := 0
	for _, n := range h.langs[1:] {
		top = max(top, n)
	}
	m := wordMask(latinTrigrams(), word)
	for bit := 1; bit < 32; bit++ {
		if m&(1<<bit) != 0 && top > 0 && 2*h.langs[bit] >= top {
			return true
		}
	}
	return false
}

// newChars reports whether every character fixed has where seg has
// another is one the window's legacy readings produced, in either case:
// a line has evidence of the window's history only in the letters it uses.
// fixed is seg read in a single-byte encoding, character for character.
func (h *history) newChars(seg, fixed string) bool {
	for _, r := range fixed {
		q, size := utf8.DecodeRuneInString(seg)
		seg = seg[size:]
		if r != q && !h.chars[unicode.ToLower(r)] {
			return false
		}
	}
	return true
}

// ownWord reports whether every trigram with a non-ASCII letter of word
// is in the window's own repaired lines.
func (h *history) ownWord(word string) bool {
	own := true
	eachTrigram(word, func(t string) { own = own && h.trigrams[t] })
	return own
}

// eachTrigram calls f with each trigram with a non-ASCII letter of the
// words of s, case-folded, a space at each edge.
func eachTrigram(s string, f func(string)) {
	for w := range strings.FieldsFuncSeq(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
		wordTrigrams(w, f)
	}
}

// decideWindow returns the segments of the window of text at start with
// their repairs, given those its segments got on their own evidence
// (repaired, in order): with a history (windowHistory), every segment
// that its own evidence left broken (see leftBroken) is read in the first
// of the history's encodings that gives plausible text (reading);
// without one, repaired as it is.
func decideWindow(text string, start int, repaired []winSeg) []winSeg {
	h := windowHistory(repaired)
	if h.n == 0 {
		return repaired
	}
	var all []winSeg
	for base := start; base < len(text) && base-start < WindowSize; {
		s := winSeg{base: base, seg: text[base : base+segmentEnd(text[base:])]}
		if len(repaired) > 0 && repaired[0].base == base {
			s, repaired = repaired[0], repaired[1:]
		}
		if limit, strict, ok := h.leftBroken(s.seg, s.reps); ok {
			// seg's windows-1252 bytes, once for every encoding tried.
			if b, ok := decoders[c1].encode(nil, s.seg); ok && !utf8.Valid(b) {
				for _, e := range h.encs[:h.n] {
					if r, ok := h.reading(s.seg, b, e, limit, strict); ok {
						s.reps = []repair{r}
						break
					}
				}
			}
		}
		all = append(all, s)
		base += len(s.seg)
	}
	return all
}

// leftBroken reports whether reps, the repairs of seg on its own
// evidence, leave it for the window's history to explain: no repair, a
// legacy reading in an encoding other than the history's first, or
// repairs that leave evidence for the prefilter or oddities (a few
// characters read as UTF-8 by chance: GBK's "ºÃµÄ" for "好的" has "Ãµ").
// A reading must then be no odder than the line (limit), or, beside
// repairs of its own (strict), less odd than they leave it.
func (h *history) leftBroken(seg string, reps []repair) (limit int, strict, ok bool) {
	if len(reps) == 0 {
		return badness(seg), false, true
	}
	for _, r := range reps {
		if e := legacyOf(r); e != nil {
			return badness(seg), false, e != h.encs[0]
		}
	}
	fixed := apply(seg, reps)
	bad := badness(fixed)
	return bad, true, bad > 0 || suspiciousAt(fixed) >= 0
}

// reading returns the repair of seg read as e, the window's history: b,
// seg's windows-1252 bytes (not UTF-8), decodes as e without errors into
// acceptable characters, within leftBroken's limit of badness, that are
// plausible text of e's script (history.plausible).
func (h *history) reading(seg string, b []byte, e encoding.Encoding, limit int, strict bool) (repair, bool) {
	out, hadErrors := whatwg.AppendDecode(nil, e, b)
	fixed := string(out)
	if hadErrors || fixed == seg || !allAcceptable(fixed, false) || !lessOdd(fixed, limit, strict) {
		return repair{}, false
	}
	if !h.plausible(seg, fixed, latinTargets[e]) {
		return repair{}, false
	}
	return legacyRepair(seg, fixed, e), true
}

// lessOdd reports whether s has a badness under limit, or equal to it
// when not strict.
func lessOdd(s string, limit int, strict bool) bool {
	bad := badness(s)
	return bad < limit || bad == limit && !strict
}

// plausible reports whether fixed, seg read in the window's legacy
// encoding, is text of that encoding's script, with the window's other
// lines as the evidence that the line's own letters need not give:
// Latin-script text whose changed words are mostly words of one legacy
// language (history.words); text of another script whose letter pairs cost
// less under its script's model than seg's under windows-1252's, with no
// word mixing ASCII and other letters and most letters in words of three
// or more (plausible without its margin); Han, kana or Hangul that the
// reading gives alone.
func (h *history) plausible(seg, fixed string, latin bool) bool {
	if latin {
		return allLatin(fixed) && h.newChars(seg, fixed) && h.words(seg, fixed)
	}
	if !readsAsScript(fixed) {
		return false
	}
	m := modelFor(fixed)
	if m == nil {
		return hasCJK(fixed)
	}
	if !h.newChars(seg, fixed) {
		return false
	}
	cost, pairs := m.score(fixed)
	if pairs == 0 || mixesLatin(fixed) || !mostlyNonASCII(fixed) || !inLongerWords(fixed) {
		return false
	}
	before, _ := plausibleModels[0].score(seg)
	return cost < before
}

// words reports whether most (mostOf) of the words fixed changes in seg
// are words: of a Latin legacy language (the window's lines have told
// which script and encoding, so any of them) or of the window's own
// repaired lines (ownWord); and whether at most one in three, as seg
// writes them, are words of windows-1252's languages that are not the
// window's own (such a word counts against the reading even when its
// changed form has the legacy language's trigrams: "crème" is not
// "crčme"). It is latinWordsPlausible without its count of words and its
// single language, which the window's repaired lines have given.
func (h *history) words(seg, fixed string) bool {
	t := latinTrigrams()
	n, good, owned, against := 0, 0, 0, 0
	evidence := 0 // the trigrams with a non-ASCII letter of the good words
	for _, w := range wordPairs(seg, fixed) {
		if w[0] == w[1] {
			continue
		}
		n++
		if utf8.RuneCountInString(w[1]) < minEvidenceLetters {
			continue
		}
		own := h.ownWord(w[1])
		switch {
		case own:
			good++
			owned++
		case wordMask(t, w[0])&1 != 0:
			against++
		case h.ofLanguage(w[1]):
			good++
			eachTrigram(w[1], func(string) { evidence++ })
		}
	}
	return (good >= minLatinWords || owned > 0 || evidence >= minWindowTrigrams) && mostOf(good, n) && against*3 <= n
}
