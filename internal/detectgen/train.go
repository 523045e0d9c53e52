package main

import (
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/webenc/webenc/internal/detecteval"
)

// maxFine bounds the number of letters with their own class.
const maxFine = 72

// minFineCount is how often the training text must have a letter for it
// to get its own class.
const minFineCount = 3

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
	// typical is each component's typical cost of a non-ASCII character
	// on held-back text (typicalCosts).
	typical []uint8
}

// fold is the letter whose class r takes: its lowercase.
func fold(r rune) rune { return unicode.ToLower(r) }

// classOf is r's class: its folded letter's own class, else its generic one.
func (m *model) classOf(r rune) int {
	if c, ok := m.fine[fold(r)]; ok {
		return c
	}
	return genericClass(r, m.main)
}

// quant is the cost of bits in quarter bits, capped at 254 (255 means
// impossible).
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

// train builds group g's model from its training text: its fine
// classes (the letters of alphabet among them), the smoothed class
// bigram and the case statistic.
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

// trained is every group's model and what the tables say of its training.
type trained struct {
	models   []*model
	dictIDs  [][]string     // the dictionaries and CLDR words each group trains on
	index    map[string]int // a group's index by its name
	asciiRef []uint8        // the cost of each pair of letter symbols under letterRef
}

// trainGroups trains the model of every group on its texts (groupTexts):
// the class statistics, the mixture of languages and, for the Latin-script
// families, the costs of the ASCII letter pairs.
func trainGroups(groups []group, langs []detecteval.Language, heldOut map[string]bool, dictDir, cldrDir string) (*trained, error) {
	models := make([]*model, len(groups))
	dictIDs := make([][]string, len(groups)) // the dictionaries each group trains on
	gi := map[string]int{}
	latin := map[int][]string{} // the training texts of the Latin-script families
	letterCounts := make([]float64, numLetter*numLetter)
	for i, g := range groups {
		texts, ids, alphabet, err := groupTexts(g, langs, heldOut, dictDir, cldrDir)
		if err != nil {
			return nil, err
		}
		var text strings.Builder
		for _, t := range texts {
			text.WriteString(t)
			text.WriteByte('\n')
		}
		dictIDs[i] = ids
		models[i] = train(g, text.String(), alphabet)
		if !g.cjk {
			models[i].languageCosts(texts)
			held, err := heldBackTexts(g)
			if err != nil {
				return nil, err
			}
			models[i].typicalCosts(held)
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
	return &trained{models: models, dictIDs: dictIDs, index: gi, asciiRef: asciiRef}, nil
}
