package mojibake

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// latinTrigrams returns the mask of languages of each word trigram with a
// non-ASCII letter (latinwords_table.go, written by internal/plausiblegen
// from tuned UDHR texts and hunspell dictionaries): bit 0 for
// windows-1252's languages, bit i for latinLanguages' i-th.
var latinTrigrams = sync.OnceValue(func() map[string]uint32 {
	m := map[string]uint32{}
	for s := latinTrigramData; s != ""; {
		n := 0
		for range 3 {
			_, size := utf8.DecodeRuneInString(s[n:])
			n += size
		}
		m[s[:n]] = uint32(s[n]) | uint32(s[n+1])<<8 | uint32(s[n+2])<<16 | uint32(s[n+3])<<24
		s = s[n+4:]
	}
	return m
})

// minLatinWords is how many changed words of one language a Latin-script
// legacy repair needs.
const minLatinWords = 2

// latinWordsPlausible reports whether fixed, seg's windows-1252 bytes
// read in a Latin-script legacy encoding, changes words into those of one
// language: of the words it changes, at least minLatinWords and three in
// four have only trigrams (with a non-ASCII letter) of one Latin legacy
// language, and at most one in four as seg writes it has only trigrams of
// windows-1252's languages. Random accented letters seldom spell a word
// either way.
func latinWordsPlausible(seg, fixed string) bool {
	t := latinTrigrams()
	var count [32]int // per language bit, the changed words of it
	n, as1252 := 0, 0
	for _, w := range changedWords(seg, fixed) {
		n++
		if wordMask(t, w[0])&1 != 0 {
			as1252++
		}
		m := wordMask(t, w[1])
		for bit := 1; bit < 32; bit++ {
			if m&(1<<bit) != 0 {
				count[bit]++
			}
		}
	}
	best := slices.Max(count[1:])
	return best >= minLatinWords && best*4 >= n*3 && as1252*4 <= n
}

// changedWords returns the words a and b, of as many characters, spell
// differently, as pairs: a word is a run of characters that are letters
// in a or in b ("cz³owiek" is "człowiek").
func changedWords(a, b string) [][2]string {
	var out [][2]string
	var wa, wb []rune
	flush := func() {
		if string(wa) != string(wb) {
			out = append(out, [2]string{string(wa), string(wb)})
		}
		wa, wb = wa[:0], wb[:0]
	}
	for _, ra := range a {
		rb, size := utf8.DecodeRuneInString(b)
		b = b[size:]
		if unicode.IsLetter(ra) || unicode.IsLetter(rb) {
			wa, wb = append(wa, ra), append(wb, rb)
			continue
		}
		flush()
	}
	flush()
	return out
}

// wordMask returns the languages (latinTrigrams' bits) whose words have
// every trigram of word with a non-ASCII letter; all when it has none.
func wordMask(t map[string]uint32, word string) uint32 {
	mask := ^uint32(0)
	r := []rune(" " + strings.ToLower(word) + " ")
	for i := 0; i+3 <= len(r); i++ {
		if r[i] >= utf8.RuneSelf || r[i+1] >= utf8.RuneSelf || r[i+2] >= utf8.RuneSelf {
			mask &= t[string(r[i:i+3])]
		}
	}
	return mask
}
