package detect

// The language correction: a single-byte family's non-ASCII characters
// (and, for Latin scripts, the ASCII letters around them) are scored under
// a mixture of the family's languages. docs/detection.md, "How it
// guesses" and "Which languages".

import (
	"math"

	tab "github.com/webenc/webenc/whatwg/charset/internal/detect/tables"
)

// correctLanguages replaces, in the cost of every live single-byte
// candidate whose family has a mixture of languages, the family's unigram
// cost of the text's non-ASCII characters with their cost under a mixture
// of the family's languages, each equally likely (detect/tables's
// LangCost and LangWeight; languages alike are grouped into one component
// of the mixture, weighed by their number): −log2 of the sum over the
// components of 2^−(the component's weight and the characters' cost).
// Letters of different languages side by side ("naðlystë" is Lithuanian
// read as windows-1252: Icelandic ð, Albanian ë) fit no language, and
// letters of one language that is rare in the family's text (Italian ò)
// fit that language well.
//
// For a Latin-script family each component also scores the ASCII letter
// pairs around the text's first non-ASCII bytes (letterCounts; Model.
// LetterCost), against the reference cost (LetterRef) that every other
// family gives them: Italian "in ciò una" read as windows-1250's
// "in ciň una" has a Czech letter in words no Central European language
// writes, Tahitian "fa'aō" read as windows-1252's "fa'aô" a French letter
// in Tahitian words. Among the encodings of one family the pairs change
// little, so they are scored only when candidates of more than one
// family could still win. Under a component they cost at most letterCap
// more than the reference. hc lists the non-ASCII bytes d.hist counts
// (histCounts.list).
func (d *Detector) correctLanguages(errs *[ISO2022JP]uint32, cost *[ISO2022JP]int64, hc *histCounts) {
	used := hc.counts()
	if len(used) == 0 {
		return
	}
	// Only the candidates that could still win are corrected: as few
	// errors as the best, and not so far behind that the next pruning
	// would drop them (as pruning does, with what the correction could
	// take off their cost at most: beyondMixture).
	fewest, least := uint32(math.MaxUint32), int64(math.MaxInt64)
	for i := range errs {
		if !d.dead[i] && (errs[i] < fewest || errs[i] == fewest && cost[i] < least) {
			fewest, least = errs[i], cost[i]
		}
	}
	// The text's count of each class, for the candidate at hand.
	type classCount struct {
		c uint8
		n int64
	}
	var slot [256]uint8 // 1 + the index in byClass of a class, or 0
	var byClass [128]classCount
	var letterCost [len(tab.Models)][maxLangs]int32
	var haveLetters [len(tab.Models)]bool
	pairs := d.f.letters.pairs[:d.f.letters.n]
	if !rivalFamilies(d, errs, cost, fewest, least) {
		// The letters around the non-ASCII ones tell families apart;
		// among the encodings of one family they change little.
		pairs = nil
	}
	var letterRef int64
	for _, x := range pairs {
		letterRef += int64(tab.LetterRef[x])
	}
	for i := 0; i < numSingle; i++ {
		t := &tab.SingleBytes[i]
		m := &tab.Models[t.Model]
		if gap := cost[i] - least - pruneMargin; d.dead[i] || m.Langs < 1 || errs[i] > fewest || gap > 0 && d.beyondMixture(i, gap, hc) {
			continue
		}
		nc := 0
		for _, u := range used {
			c := uint8(t.Class[u.b])
			if slot[c] == 0 {
				byClass[nc] = classCount{c, 0}
				nc++
				slot[c] = uint8(nc)
			}
			byClass[slot[c]-1].n += int64(u.n)
		}
		classes := byClass[:nc]
		var ref int64
		for _, u := range classes {
			ref += u.n * int64(m.RefCost[u.c])
			slot[u.c] = 0
		}
		// The ASCII letter pairs under each component, once per model
		// (the candidates of a family share them), against the
		// reference cost every family without them gives.
		var letters *[maxLangs]int32
		if m.LetterCost != "" && len(pairs) > 0 {
			mi := t.Model
			if !haveLetters[mi] {
				haveLetters[mi] = true
				letterSums(&letterCost[mi], m, pairs)
			}
			letters = &letterCost[mi]
			ref += letterRef
		}
		// The costs of the components, then −log2 of the sum of
		// 2^−cost, computed from the lowest so that the powers do not
		// underflow.
		var lc [maxLangs]int64
		best := int64(math.MaxInt64)
		for l := 0; l < m.Langs; l++ {
			row := m.LangCost[l*m.N : (l+1)*m.N]
			x := int64(m.LangWeight[l])
			for _, u := range classes {
				x += u.n * int64(row[u.c])
			}
			if letters != nil {
				x += min(int64(letters[l]), letterRef+letterCap)
			}
			lc[l] = x
			best = min(best, x)
		}
		var sum float64
		for _, x := range lc[:m.Langs] {
			if d := x - best; d < int64(len(pow2Quarter)) {
				sum += pow2Quarter[d]
			}
		}
		mix := float64(best) - 4*math.Log2(sum)
		cost[i] += int64(math.Round(mix)) - ref
	}
}

// letterSums sets sums[l] to the cost of the letter pairs under component l
// of m's mixture (detect/tables's LetterCost: a row of components per
// pair, a multiple of 8 long). It adds eight components' costs at a time,
// each to a 16-bit lane of a word: a cost is at most 255, so the lanes
// hold the sum of maxLetterPairs of them without carrying into the next.
func letterSums(sums *[maxLangs]int32, m *tab.Model, pairs []uint16) {
	const lanes = 0x00FF00FF00FF00FF // the low byte of each 16-bit lane
	stride := (m.Langs + 7) &^ 7
	var acc [maxLangs / 4]uint64 // acc[2k] components 8k, 8k+2, 8k+4, 8k+6; acc[2k+1] the odd ones
	for _, x := range pairs {
		row := m.LetterCost[int(x)*stride : int(x)*stride+stride]
		for j := 0; j+8 <= len(row); j += 8 {
			w := uint64(row[j]) | uint64(row[j+1])<<8 | uint64(row[j+2])<<16 | uint64(row[j+3])<<24 |
				uint64(row[j+4])<<32 | uint64(row[j+5])<<40 | uint64(row[j+6])<<48 | uint64(row[j+7])<<56
			acc[j/4] += w & lanes
			acc[j/4+1] += w >> 8 & lanes
		}
	}
	for l := 0; l < m.Langs; l++ {
		// Component l is in word 2(l/8) (even l) or 2(l/8)+1 (odd l),
		// lane (l%8)/2.
		w := acc[l/8*2+l%2]
		sums[l] = int32(w >> (16 * (l % 8 / 2)) & 0xFFFF)
	}
}

// The lanes of letterSums hold the sum of maxLetterPairs costs.
var _ = [1]struct{}{}[maxLetterPairs*255>>16]

// rivalFamilies reports whether the candidates that could still win
// (as few errors as fewest, cost within pruneMargin of least) belong to
// more than one model.
func rivalFamilies(d *Detector, errs *[ISO2022JP]uint32, cost *[ISO2022JP]int64, fewest uint32, least int64) bool {
	model := -1
	for i := range errs {
		if d.dead[i] || errs[i] > fewest || cost[i] > least+pruneMargin {
			continue
		}
		m := -1 - i // a multi-byte candidate is a model of its own
		if i < numSingle {
			m = tab.SingleBytes[i].Model
		}
		if model != -1 && m != model {
			return true
		}
		model = m
	}
	return false
}

// letterCap bounds, in quarter bits, how much more than the reference
// (the cost a family without letter statistics gives them) the letter
// pairs may cost under a component of a family's mixture: 8 bits. A
// family loses its claim on words none of its languages writes against
// the families with letter statistics that write them, but less against
// those without (Portuguese in windows-1258 fits no Vietnamese words, and
// is not GBK for that: without the cap GBK won 58 of its samples, with
// it 31).
const letterCap = 32

// maxLangs bounds the number of components of a family's mixture.
const maxLangs = 32

// pow2Quarter[d] is 2^(−d/4), the probability ratio of a cost d quarter
// bits above the best; beyond 64 bits the ratio is negligible.
var pow2Quarter = func() (t [256]float64) {
	for d := range t {
		t[d] = math.Exp2(-float64(d) / 4)
	}
	return t
}()
