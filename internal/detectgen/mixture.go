package main

import (
	"math"
	"unicode"
)

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

// typicalCosts sets, for a family with a mixture, each component's
// typical cost of a non-ASCII character: the mean of its LangCost over the
// non-ASCII characters of the held-back part of its languages' corpus
// texts (heldBack, in the order of m.langs), text the statistics were not
// built from. The detector compares an answer's cost under its best
// component with it (the relative fit): a language the tables know reads
// near its typical cost, an unknown one read in another family's encoding
// well above. 0 for a component without held-back text (dictionaries and
// CLDR words only).
func (m *model) typicalCosts(heldBack []string) {
	comps := len(m.compCost)
	if comps == 0 {
		return
	}
	sum := make([]float64, comps)
	count := make([]float64, comps)
	for i, t := range heldBack {
		k := m.assign[i]
		for _, r := range t {
			if r < 0x80 {
				continue
			}
			sum[k] += float64(m.langCost[k*m.n+m.classOf(r)])
			count[k]++
		}
	}
	m.typical = make([]uint8, comps)
	for k := range sum {
		if count[k] > 0 {
			m.typical[k] = uint8(max(1, min(254, math.Round(sum[k]/count[k]))))
		}
	}
}
