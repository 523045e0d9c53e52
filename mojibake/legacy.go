package mojibake

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/charset"
)

// legacyTargets are the encodings legacy repairs decode with, by the
// detector's (lowercase) names, with the Standard's: those whose text,
// read as windows-1252, turns into Latin-1 letter soup. Latin-script
// encodings are left out: their text read as windows-1252 is mostly right.
var legacyTargets = map[string]string{
	"windows-1251": "windows-1251", "koi8-r": "KOI8-R", "koi8-u": "KOI8-U", "ibm866": "IBM866", "iso-8859-5": "ISO-8859-5",
	"windows-1253": "windows-1253", "iso-8859-7": "ISO-8859-7",
	"windows-1255": "windows-1255", "iso-8859-8": "ISO-8859-8",
	"windows-1256": "windows-1256", "iso-8859-6": "ISO-8859-6",
	"windows-874": "windows-874",
	"shift_jis":   "Shift_JIS", "euc-jp": "EUC-JP", "gbk": "GBK", "gb18030": "gb18030", "big5": "Big5", "euc-kr": "EUC-KR",
}

// minLegacyConfidence is the detector confidence a legacy repair needs.
const minLegacyConfidence = 0.5

// legacy repairs seg when it is legacy-encoded text read as windows-1252:
// its windows-1252 bytes are not UTF-8, most of its letters are from
// windows-1252's upper half, the detector names a non-Latin encoding for
// the bytes with confidence, and that decoding gives letters of one
// script.
func legacy(seg string) (repair, bool) {
	b, ok := decoders[c1].encode(nil, seg)
	if !ok || utf8.Valid(b) || !soupy(seg) || !enoughLetters(seg) {
		return repair{}, false
	}
	e, name, conf := charset.DetectEncoding(b, charset.Hint{ExcludeUTF8: true})
	target, ok := legacyTargets[strings.ToLower(name)]
	if !ok || conf < minLegacyConfidence {
		return repair{}, false
	}
	out, hadErrors := whatwg.AppendDecode(nil, e, b)
	if hadErrors || !oneScript(string(out)) || !allAcceptable(string(out), false) {
		return repair{}, false
	}
	return repair{0, len(seg), string(out), []Layer{{Encoding: "windows-1252", Decoding: target}}}, true
}

// soupy reports whether most letters of the words of s that have a
// non-ASCII character are non-ASCII (ASCII words around it do not count).
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
			case unicode.IsLetter(r):
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
	var count [16]int
	total := 0
	for _, r := range s {
		if r < utf8.RuneSelf || !unicode.IsLetter(r) {
			continue
		}
		sc := scriptOf(r)
		if sc >= 9 && sc <= 10 {
			sc = 8 // kana with Han
		}
		count[sc]++
		total++
	}
	best := 0
	for sc := 2; sc < len(count); sc++ { // not Latin (1) nor unknown (0)
		best = max(best, count[sc])
	}
	return total > 0 && best*10 >= total*9
}

// enoughLetters reports whether s has at least 6 non-ASCII letters, 4 of them different: fewer
// are too little for the detector's statistics (a clean heading
// "ÀÉÎÕÜ" would be KOI8-R's "юинуэ").
func enoughLetters(s string) bool {
	n := 0
	for _, r := range s {
		if r >= utf8.RuneSelf && unicode.IsLetter(r) {
			n++
		}
	}
	return n >= 6 && distinctLetters(s) >= 4
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
