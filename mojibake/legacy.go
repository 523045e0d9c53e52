// Legacy-encoded text read as windows-1252: the bytes back and the
// detector's choice of their encoding (docs/mojibake.md, "Legacy text
// read as windows-1252" under "What it repairs").

package mojibake

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/charset"
	cjkenc "github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/singlebyte"
	"golang.org/x/text/encoding"
)

// legacyTargets are the encodings legacy repairs decode with: those whose
// text, read as windows-1252, turns into Latin-1 letter soup. Latin-script
// encodings are left out: their text read as windows-1252 is mostly right.
var legacyTargets = map[encoding.Encoding]bool{
	singlebyte.Windows1251: true, singlebyte.KOI8R: true, singlebyte.KOI8U: true, singlebyte.IBM866: true, singlebyte.ISO8859_5: true,
	singlebyte.XMacCyrillic: true,
	singlebyte.Windows1253:  true, singlebyte.ISO8859_7: true,
	singlebyte.Windows1255: true, singlebyte.ISO8859_8: true,
	singlebyte.Windows1256: true, singlebyte.ISO8859_6: true,
	singlebyte.Windows874: true,
	cjkenc.ShiftJIS:       true, cjkenc.EUCJP: true, cjkenc.GBK: true, cjkenc.GB18030: true, cjkenc.Big5: true, cjkenc.EUCKR: true,
}

// latinTargets are the Latin-script encodings legacy repairs decode with:
// Central European, Baltic, Turkish and Romanian text read as
// windows-1252 keeps its ASCII letters and turns a few letters into
// others ("oèi" for "oči", "mia³o" for "miało").
var latinTargets = map[encoding.Encoding]bool{
	singlebyte.Windows1250: true, singlebyte.ISO8859_2: true, singlebyte.ISO8859_16: true,
	singlebyte.Windows1257: true, singlebyte.ISO8859_13: true, singlebyte.ISO8859_4: true,
	singlebyte.Windows1254: true,
}

// minLegacyConfidence is the detector confidence a legacy repair needs;
// minLatinConfidence the one a repair into a Latin-script encoding needs
// (the calibration of issue 27 tops a scored answer out below 0.95): lower
// than it was, as the word check (latinWordsPlausible), not the detector,
// is what keeps clean text of windows-1252's languages as it is.
// Both are on the scale of charset.DetectEncoding's confidence.
const (
	minLegacyConfidence = 0.5
	minLatinConfidence  = 0.8
)

// detectLegacy and detectLatin are the places the repair asks the
// detector: detectLegacy gives the encoding it names for b (UTF-8
// excluded) and its confidence.
func detectLegacy(b []byte) (encoding.Encoding, float64) {
	e, _, conf := charset.DetectEncoding(b, charset.Hint{ExcludeUTF8: true})
	return e, conf
}

// detectLatin is detectLegacy for a Latin-script repair, from the same
// run of the detector: also whether windows-1252 is still among the
// encodings b could be in. Text in windows-1252's languages that merely
// looks odd (a name, a code, letters in no language) keeps it there;
// legacy text read as windows-1252 drops it far behind.
func detectLatin(b []byte) (e encoding.Encoding, conf float64, rival1252 bool) {
	var room [8]charset.Candidate
	cands := charset.DetectCandidates(b, charset.Hint{ExcludeUTF8: true}, room[:0])
	if len(cands) == 0 {
		return nil, 0, false
	}
	for _, c := range cands {
		rival1252 = rival1252 || c.Name == "windows-1252"
	}
	return cands[0].Encoding, cands[0].Confidence, rival1252
}

// legacy repairs seg when it is legacy-encoded text read as windows-1252:
// its windows-1252 bytes are not UTF-8, most of its letters are from
// windows-1252's upper half, the detector names a non-Latin encoding for
// the bytes with confidence, and that decoding gives letters of one
// script. b is seg encoded as windows-1252 (nil when it cannot be).
func legacy(seg string, b []byte) (repair, bool) {
	if b == nil || utf8.Valid(b) {
		return repair{}, false
	}
	// Bytes windows-1252 leaves undefined came from another encoding:
	// a line of them needs no letters of windows-1252's (x-mac-cyrillic's
	// and IBM866's capitals read as "Š€’Ž ‚‡…").
	undefined := hasUndefined1252(seg)
	if !soupy(seg) || !enoughLetters(seg) && !undefined {
		return latinLegacy(seg, b)
	}
	if !undefined && !hasSmallLetter(seg) && nonASCIILetters(seg) < 16 {
		// A few capitals alone are a clean heading as often ("ÀÉÎÕÜ
		// ÅÆØ" is not KOI8-R's "юинуэ ефь"); more are KOI8's small
		// letters.
		return repair{}, false
	}
	e, conf := detectLegacy(b)
	if !legacyTargets[e] || conf < minLegacyConfidence {
		return repair{}, false
	}
	out, hadErrors := whatwg.AppendDecode(nil, e, b)
	e, fixed, ok := cheapestReading(b, e, string(out), !hadErrors && readsAsScript(string(out)))
	if !ok || !plausible(seg, fixed) {
		return repair{}, false
	}
	return legacyRepair(seg, fixed, e), true
}

// hasUndefined1252 reports whether s has one of the C1 controls that
// windows-1252 decodes its five undefined bytes to.
func hasUndefined1252(s string) bool {
	for _, r := range s {
		switch r {
		case 0x81, 0x8D, 0x8F, 0x90, 0x9D:
			return true
		}
	}
	return false
}

// fewRepairs reports whether reps, the word repairs of seg, leave most of
// its words with non-ASCII characters alone: then a legacy repair of the
// whole line, if one passes its checks, explains the line better than a
// few words read as UTF-8 by chance (IBM866's "â®«ìª®" is three valid
// UTF-8 sequences).
func fewRepairs(seg string, reps []repair) bool {
	if len(reps) == 0 {
		return true
	}
	covered, all := 0, 0
	for a, e := word(seg, 0); a < len(seg); a, e = word(seg, e) {
		if nonASCII(seg[a:e]) == 0 {
			continue
		}
		all++
		for _, r := range reps {
			if r.start < e && a < r.end {
				covered++
				break
			}
		}
	}
	return 2*covered < all
}

// readsAsScript reports whether s, a legacy reading, is text of one
// non-Latin script with no character a repair may not produce.
func readsAsScript(s string) bool {
	return oneScript(s) && allAcceptable(s, false)
}

// cheapestReading returns the single-byte legacy encoding, and its
// reading of b, that reads best among those of the script of fixed (e's
// reading of b; ok tells whether that reading is text of one script):
// whose letter pairs cost least per letter under the script's model, with
// a point of badness (a capital inside a word, a symbol before letters)
// costing badnessBits, and that has as many letters (a reading that makes
// symbols of letters is cheaper only because it says less: per letter, as
// a punctuation mark joins the space before it and costs no pair of its
// own). It reports false when no reading is text of one script.
// The detector tells the script from the bytes' statistics, but not
// always which of its encodings: x-mac-cyrillic's small letters are
// windows-1251's, and only the capitals and a few letters tell them apart.
// Nor, when the letters are all of one case, always the script: the
// statistics are of mixed text, and one encoding's capitals sit where
// another's small letters do (KOI8-R's "оийоулемийг" for windows-1253's
// "ΟΙΚΟΥΜΕΝΙΚΗ"); then every script's readings of one case compete, each
// under its own model.
func cheapestReading(b []byte, e encoding.Encoding, fixed string, ok bool) (encoding.Encoding, string, bool) {
	m := modelFor(fixed)
	if m == nil {
		return e, fixed, ok
	}
	best, n := readingCost(m, fixed), letters(fixed)
	bestLetters := n
	anyScript := ok && oneCase(fixed)
	for _, d := range decoders {
		if d.e == e || !legacyTargets[d.e] {
			continue
		}
		out, hadErrors := whatwg.AppendDecode(nil, d.e, b)
		s := string(out)
		if s == fixed {
			continue // the same reading costs the same: it cannot win
		}
		k := letters(s)
		if hadErrors || !readsAsScript(s) || k < n {
			continue
		}
		dm := modelFor(s)
		if dm != m && (!anyScript || dm == nil || !oneCase(s)) {
			continue
		}
		// Cost per letter: a reading with a letter more ("Всеки"
		// for "‚секи") pays for one pair more.
		if cost := readingCost(dm, s); !ok || cost*bestLetters < best*k {
			best, bestLetters, e, fixed, ok = cost, k, d.e, s, true
		}
	}
	return e, fixed, ok
}

// oneCase reports whether s has cased non-ASCII letters and its cased
// letters are all capitals or all small letters. A caseless script's
// reading (Hebrew, Arabic, Thai) is not: case cannot have misled the
// detector there.
func oneCase(s string) bool {
	upper, lower, cased := false, false, false
	for _, r := range s {
		upper = upper || unicode.IsUpper(r)
		lower = lower || unicode.IsLower(r)
		cased = cased || r >= utf8.RuneSelf && (unicode.IsUpper(r) || unicode.IsLower(r))
	}
	return cased && !(upper && lower)
}

// badnessBits is what a point of badness costs in a reading's cost.
const badnessBits = 8

// readingCost is the cost of s, a reading of legacy bytes, under m, in
// eighths of a bit: an opening quotation mark that nothing closes costs
// as a point of badness (windows-1251's "‚секи" for x-mac-cyrillic's
// "Всеки": the mark is a capital of the other encoding).
func readingCost(m *plausibleModel, s string) int {
	return m.textCost(s) + (badness(s)+unclosedQuotes(s))*badnessBits*8
}

// unclosedQuotes counts the opening quotation marks of s („ ‚ « ‹) that
// outnumber its closing ones (“ ” ‘ ’ » ›).
func unclosedQuotes(s string) int {
	open, closing := 0, 0
	for _, r := range s {
		switch r {
		case '„', '‚', '«', '‹':
			open++
		case '“', '”', '‘', '’', '»', '›':
			closing++
		}
	}
	return max(0, open-closing)
}

// legacyRepair is the repair of seg into fixed, its windows-1252 bytes
// decoded as e.
func legacyRepair(seg, fixed string, e encoding.Encoding) repair {
	return repair{0, len(seg), fixed, []Layer{{Encoding: "windows-1252", Decoding: fmt.Sprint(e)}}}
}

// latinLegacy repairs seg when it is Latin-script legacy text read as
// windows-1252: the detector names a Latin-script encoding other than
// windows-1252 for its bytes b with confidence, the line has
// minLatinLetters letters or more, and that decoding is no odder, gives
// Latin letters only, and changes words into those of one language
// (latinWordsPlausible; two changed ones when the detector still lists
// windows-1252).
func latinLegacy(seg string, b []byte) (repair, bool) {
	e, conf, rival1252 := detectLatin(b)
	if !latinTargets[e] || conf < minLatinConfidence {
		return repair{}, false
	}
	// A copy: the decoder keeps b for all escape analysis can tell, and
	// the caller's b is on its stack.
	out, hadErrors := whatwg.AppendDecode(nil, e, slices.Clone(b))
	fixed := string(out)
	if hadErrors || !allAcceptable(fixed, false) || letters(seg) < minLatinLetters || badness(fixed) > badness(seg) || !allLatin(fixed) {
		return repair{}, false
	}
	// Windows-1252 still a candidate: the words must say more, two
	// changed words of the language.
	minChanged := 1
	if rival1252 {
		minChanged = minLatinWords
	}
	if !latinWordsPlausible(seg, fixed, minChanged) {
		return repair{}, false
	}
	return legacyRepair(seg, fixed, e), true
}

// latinReadable reports whether one of the Latin-script targets reads
// seg's windows-1252 bytes as other text without controls or undefined
// bytes: the check before asking the detector, which costs far more.
// seg must be encodable as windows-1252.
func latinReadable(seg string) bool {
	w := decoders[c1]
	for _, d := range decoders {
		if !latinTargets[d.e] {
			continue
		}
		changed, ok := false, true
		for _, r := range seg {
			if r < utf8.RuneSelf {
				continue
			}
			b, _ := w.byteFor(r)
			if b < 0x80 {
				ok = false // U+FFFD, a lost byte
				break
			}
			q := d.high[b-0x80]
			if q < 0xA0 || q == utf8.RuneError {
				ok = false
				break
			}
			changed = changed || q != r
		}
		if ok && changed {
			return true
		}
	}
	return false
}

// minLatinLetters is how many letters a line needs for a Latin-script
// legacy repair: fewer give the detector too little to go by ("Èùw" is no
// Czech "Čůw", "çxùùxù" no "çxůůxů").
const minLatinLetters = 16

// letters counts the letters of s.
func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// allLatin reports whether every letter of s is Latin.
func allLatin(s string) bool {
	for _, r := range s {
		if r >= utf8.RuneSelf && unicode.IsLetter(r) && !isLatin(scriptID(r)) {
			return false
		}
	}
	return true
}

// hasSmallLetter reports whether s has a non-ASCII small letter.
func hasSmallLetter(s string) bool {
	for _, r := range s {
		if r >= utf8.RuneSelf && unicode.IsLower(r) {
			return true
		}
	}
	return false
}

// soupy reports whether, in the words of s that have a non-ASCII
// character, non-ASCII characters other than spaces outnumber ASCII
// letters (ASCII words around them do not count). Not letters alone:
// Big5 and GBK text read as windows-1252 is mostly symbols ("¥ô¦ó¤H"),
// between ASCII letters its trail bytes make.
func soupy(s string) bool {
	ascii, other := 0, 0
	for _, w := range strings.Fields(s) {
		a, o := 0, 0
		for _, r := range w {
			switch {
			case r < utf8.RuneSelf:
				if 'a' <= r|0x20 && r|0x20 <= 'z' {
					a++
				}
			case !unicode.IsSpace(r):
				o++
			}
		}
		if o > 0 {
			ascii, other = ascii+a, other+o
		}
	}
	return other > ascii
}

// oneScript reports whether at least 90% of the non-ASCII letters of s
// are of one non-Latin script (Han and kana count as one).
func oneScript(s string) bool {
	var count [256]int
	total := 0
	for _, r := range s {
		if r < utf8.RuneSelf || !unicode.IsLetter(r) {
			continue
		}
		count[scriptID(r)]++
		total++
	}
	best := 0
	for sc := 1; sc < len(count); sc++ { // not unknown (0) nor Latin
		if !isLatin(uint8(sc)) {
			best = max(best, count[sc])
		}
	}
	return total > 0 && best*10 >= total*9
}

// enoughLetters reports whether s has at least 6 non-ASCII letters, 4 of them different: fewer
// are too little for the detector's statistics (a clean heading
// "ÀÉÎÕÜ" would be KOI8-R's "юинуэ").
func enoughLetters(s string) bool {
	return nonASCIILetters(s)+innerSpaces(s) >= 6 && distinctLetters(s) >= 4
}

// innerSpaces counts the no-break spaces and soft hyphens of s that
// follow a non-ASCII character other than a space: IBM866's "а" and "н",
// the commonest letters of its languages, are those bytes, while text
// puts a no-break space between words.
func innerSpaces(s string) int {
	n := 0
	prev := rune(' ')
	for _, r := range s {
		if (r == 0xA0 || r == 0xAD) && prev >= utf8.RuneSelf && !unicode.IsSpace(prev) {
			n++
		}
		prev = r
	}
	return n
}

// nonASCIILetters counts the non-ASCII letters of s.
func nonASCIILetters(s string) int {
	n := 0
	for _, r := range s {
		if r >= utf8.RuneSelf && unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// distinctLetters counts the different non-ASCII letters of s, up to 4:
// a run of one repeated letter ("çççççç") is no text.
func distinctLetters(s string) int {
	var seen []rune
	for _, r := range s {
		if r >= utf8.RuneSelf && unicode.IsLetter(r) && !slices.Contains(seen, r) {
			if seen = append(seen, r); len(seen) == 4 {
				break
			}
		}
	}
	return len(seen)
}
