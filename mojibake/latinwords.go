package mojibake

import (
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

// minLatinWords is how many words of one language, one of them changed,
// a Latin-script legacy repair needs.
const minLatinWords = 2

// minEvidenceLetters is how many letters a word needs to count as a word
// of a language: one or two accented letters spell a word of some
// language by chance ("če", "á").
const minEvidenceLetters = 3

// latinWordsPlausible reports whether fixed, seg's windows-1252 bytes
// read in a Latin-script legacy encoding, changes words into those of one
// language L. At least minChanged changed words are of L and no word of
// windows-1252's languages as seg writes them (one when the evidence
// below is worth minLatinWords+1 words: "zemì" beside four unchanged
// Czech words), and minLatinWords such words of L are there, an
// unchanged accented word (one windows-1252's languages lack: "Mrtvým
// zavíráme oèi" has one changed word and two such) counting half, and so
// each oddity the repair removes (a symbol between letters: "dr¾ave" for
// "države"). Changed words are mostly of L
// (mostOf), and at most one in three is a word of windows-1252's
// languages as seg writes it and no word of L as fixed writes it. A
// changed word of both (the 234 languages of windows-1252, pooled trigram
// by trigram, know many: Slovene "praviènih" for "pravičnih", Lithuanian
// "teisingà" for "teisingą") tells neither reading from the other: it
// counts among the changed words of L for mostOf only. A word counts only
// when every trigram with a non-ASCII letter is of the language
// (latinTrigrams) and it has minEvidenceLetters letters. Random accented
// letters seldom spell a word either way.
func latinWordsPlausible(seg, fixed string, minChanged int) bool {
	t := latinTrigrams()
	// Per language bit: changed words of it that are no windows-1252
	// word as seg writes them (only), that are (both), that are not of
	// it but are a windows-1252 word (against); unchanged words of it.
	var only, both, against, kept [32]int
	n := 0
	removed := max(0, badness(seg)-badness(fixed))
	for _, w := range wordPairs(seg, fixed) {
		m := wordMask(t, w[1])
		if utf8.RuneCountInString(w[1]) < minEvidenceLetters {
			m = 0
		}
		if w[0] == w[1] {
			if nonASCII(w[1]) > 0 && m&1 == 0 {
				addBits(&kept, m)
			}
			continue
		}
		n++
		if wordMask(t, w[0])&1 != 0 && utf8.RuneCountInString(w[0]) >= minEvidenceLetters {
			addBits(&both, m)
			addBits(&against, ^m)
		} else {
			addBits(&only, m)
		}
	}
	for bit := 1; bit < 32; bit++ {
		changed := only[bit] + both[bit]
		evidence := 2*only[bit] + kept[bit] + removed
		// Evidence worth a word more than needed stands in for the
		// second changed word minChanged may ask for.
		enough := only[bit] >= minChanged || only[bit] >= 1 && evidence >= 2*(minLatinWords+1)
		if enough && evidence >= 2*minLatinWords && mostOf(changed, n) && against[bit]*3 <= n {
			return true
		}
	}
	return false
}

// mostOf reports whether k of n changed words are enough of them to be
// of one language: three in four, or two in three from four words on,
// where chance agreement is rarer ("ivč kęc Zajgsodč": two of three).
func mostOf(k, n int) bool {
	return k*4 >= n*3 || k >= 4 && k*3 >= n*2
}

// addBits adds one to count[bit] for each bit of m but bit 0.
func addBits(count *[32]int, m uint32) {
	for bit := 1; bit < 32; bit++ {
		if m&(1<<bit) != 0 {
			count[bit]++
		}
	}
}

// wordPairs returns the words of a and b, of as many characters, as
// pairs: a word is a run of characters that are letters in a or in b
// ("cz³owiek" is "człowiek"). A word written again, in any case, is left
// out: a repeated word is no more evidence of a language than one
// ("Lunedì irmã irmã irmã" is not Romanian "irmă" three times).
func wordPairs(a, b string) [][2]string {
	var out [][2]string
	var wa, wb []rune
	seen := map[string]bool{}
	flush := func() {
		if len(wa) > 0 {
			if key := strings.ToLower(string(wa)); !seen[key] {
				seen[key] = true
				out = append(out, [2]string{string(wa), string(wb)})
			}
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
	wordTrigrams(strings.ToLower(word), func(tri string) { mask &= t[tri] })
	return mask
}

// wordTrigrams calls f with each trigram with a non-ASCII letter of
// word, a space at each edge.
func wordTrigrams(word string, f func(string)) {
	r := []rune(" " + word + " ")
	for i := 0; i+3 <= len(r); i++ {
		if r[i] >= utf8.RuneSelf || r[i+1] >= utf8.RuneSelf || r[i+2] >= utf8.RuneSelf {
			f(string(r[i : i+3]))
		}
	}
}
