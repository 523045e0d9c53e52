package detect

// Ambiguity and ranked alternatives: readings that differ only in a
// diacritic's form (Romanian ș ț in ISO-8859-16, ş ţ in windows-1250 and
// ISO-8859-2) are one text to the statistics, so the answer among them is
// the most common encoding and its confidence at most the prior's share;
// Candidates lists the alternatives with their confidences.
// docs/detection.md, "How it guesses" and "What the confidence means".

import (
	"math"
	"math/bits"
	"unicode/utf8"

	sbtab "github.com/webenc/webenc/tables/singlebyte"
	tab "github.com/webenc/webenc/whatwg/charset/internal/detect/tables"
)

// sbRunes gives, for every single-byte candidate and byte 0x80+b, the
// character its decoder reads (utf8.RuneError for a byte it rejects).
// Built once from the Standard's indexes; only read afterwards.
var sbRunes = func() (t [numSingle][128]rune) {
	all := []func() sbtab.Table{
		sbtab.IBM866, sbtab.ISO8859_2, sbtab.ISO8859_3, sbtab.ISO8859_4, sbtab.ISO8859_5,
		sbtab.ISO8859_6, sbtab.ISO8859_7, sbtab.ISO8859_8, sbtab.ISO8859_10, sbtab.ISO8859_13,
		sbtab.ISO8859_14, sbtab.ISO8859_15, sbtab.ISO8859_16, sbtab.KOI8R, sbtab.KOI8U,
		sbtab.Windows874, sbtab.Windows1250, sbtab.Windows1251, sbtab.Windows1252,
		sbtab.Windows1253, sbtab.Windows1254, sbtab.Windows1255, sbtab.Windows1256,
		sbtab.Windows1257, sbtab.Windows1258,
	}
	for i := range t {
		found := false
		for _, f := range all {
			tb := f()
			if tb.Name() != tab.SingleBytes[i].Name {
				continue
			}
			found = true
			for b := range t[i] {
				v := tb.Decode()[0x80+b]
				u := [3]byte{byte(v), byte(v >> 8), byte(v >> 16)}
				t[i][b] = utf8.RuneError
				if n := int(v >> 24); n > 0 {
					t[i][b], _ = utf8.DecodeRune(u[:n])
				}
			}
		}
		if !found {
			panic("detect: no single-byte table for " + tab.SingleBytes[i].Name)
		}
	}
	return t
}()

// fold maps a letter to the form the statistics do not tell it from:
// Romanian's comma-below letters to their cedilla forms.
func fold(r rune) rune {
	switch r {
	case 'ș':
		return 'ş'
	case 'Ș':
		return 'Ş'
	case 'ț':
		return 'ţ'
	case 'Ț':
		return 'Ţ'
	}
	return r
}

// readAlike compares the readings of single-byte candidates i and j of the
// non-ASCII bytes in seen: alike when they are the same after fold,
// identical when they are the same.
func readAlike(i, j int, seen *[2]uint64) (alike, identical bool) {
	identical = true
	for w, bitsLeft := range seen {
		for ; bitsLeft != 0; bitsLeft &= bitsLeft - 1 {
			b := w*64 + bits.TrailingZeros64(bitsLeft)
			ri, rj := sbRunes[i][b], sbRunes[j][b]
			if ri != rj {
				identical = false
				if fold(ri) != fold(rj) {
					return false, false
				}
			}
		}
	}
	return true, identical
}

// seenBytes returns the set of the non-ASCII bytes of text and tags (bit
// b-0x80): those of seen and those hist counts (used, histCounts's list).
func (d *Detector) seenBytes(used []byteCount) [2]uint64 {
	s := d.seen
	for _, u := range used {
		b := u.b - 0x80
		s[b>>6] |= 1 << (b & 63)
	}
	return s
}

// ambiguity is the set of single-byte candidates whose readings of the text
// the statistics cannot separate from the best one's.
type ambiguity struct {
	best     int                // the answer among them: the most common encoding
	readings int                // how many different readings they make (1: no ambiguity)
	in       [numSingle]bool    // the candidates of the set
	reading  [numSingle]int     // each one's reading: the most common candidate that reads alike
	weight   [numSingle]float64 // each reading's prior weight (at its candidate)
	total    float64            // the set's prior weight
}

// member reports whether candidate i is in the set.
func (a *ambiguity) member(i int) bool { return i < numSingle && a.in[i] }

// share is reading r's share of the set's prior weight.
func (a *ambiguity) share(r int) float64 { return a.weight[r] / a.total }

// level is the calibration level of an ambiguous answer: the answer's
// share in whole percent, rounded down, at least 1.
func (a *ambiguity) level() uint8 { return uint8(max(1, math.Floor(100*a.share(a.best)))) }

// priorWeight is the probability a prior (in quarter bits) stands for.
func priorWeight(p int64) float64 { return math.Exp2(-float64(p) / 4) }

// ambiguous finds the single-byte candidates whose readings of the
// non-ASCII bytes of text and tags fold alike with best's, and the most
// common of them (the least prior).
func (d *Detector) ambiguous(best int, sc [ISO2022JP]score, prior [ISO2022JP]int64, seen *[2]uint64) ambiguity {
	a := ambiguity{best: best, readings: 1}
	a.in[best] = true
	others := false
	for i := 0; i < numSingle; i++ {
		// Pruned candidates too: pruning on the family's statistics may
		// have dropped a reading they hold rarer only because the
		// training text has the other form (Romanian ș in ISO-8859-16).
		// A byte one of them rejects reads differently (U+FFFD).
		if i != best {
			if alike, _ := readAlike(best, i, seen); alike {
				a.in[i] = true
				others = true
			}
		}
	}
	if !others {
		return a
	}
	// Each reading is named by its most common candidate (the least
	// prior, then the lowest index).
	for i := 0; i < numSingle; i++ {
		if !a.in[i] {
			continue
		}
		r := i
		for j := 0; j < numSingle; j++ {
			if a.in[j] && (prior[j] < prior[r] || prior[j] == prior[r] && j < r) {
				if _, same := readAlike(i, j, seen); same {
					r = j
				}
			}
		}
		a.reading[i] = r
		w := priorWeight(prior[i])
		a.weight[r] += w
		a.total += w
	}
	a.readings = 0
	for i := 0; i < numSingle; i++ {
		if a.in[i] && a.reading[i] == i {
			a.readings++
			if prior[i] < prior[a.best] || prior[i] == prior[a.best] && sc[i].less(sc[a.best]) {
				a.best = i
			}
		}
	}
	if a.readings == 1 {
		// Every candidate of the set reads the text exactly as best
		// does: nothing is ambiguous, and the answer stays.
		a = ambiguity{best: best, readings: 1}
		a.in[best] = true
		return a
	}
	a.best = a.reading[a.best]
	return a
}

// Ranked is one candidate of Candidates with its confidence.
type Ranked struct {
	Candidate  int
	Confidence float64
}

// ranking is the ranked candidates of a guess, most likely first.
type ranking struct {
	n    int
	list [NumCandidates]Ranked
}

// only makes the ranking the answer c alone, and returns c and ev (for
// guess's answers that rest on no scores).
func (r *ranking) only(c int, ev evidence) (int, evidence) {
	if r != nil {
		r.n = 1
		r.list[0] = Ranked{c, ev.confidence()}
	}
	return c, ev
}

// rank ranks the candidates of a scored guess: the answer with its
// confidence; the other readings of an ambiguous answer, by their share of
// the prior; then the candidates with as many errors within pruneMargin of
// the answer's score, each reading of the text once, sharing what is left
// of 1 in proportion to 2^-(bits behind the answer).
func (r *ranking) rank(d *Detector, best int, ev evidence, sc [ISO2022JP]score, amb *ambiguity, seen *[2]uint64) {
	c := ev.confidence()
	r.n = 1
	r.list[0] = Ranked{best, c}
	sum := c
	if amb.readings > 1 {
		scale := c / amb.share(best)
		for i := 0; i < numSingle; i++ {
			if amb.in[i] && amb.reading[i] == i && i != best {
				r.list[r.n] = Ranked{i, scale * amb.share(i)}
				sum += r.list[r.n].Confidence
				r.n++
			}
		}
	}
	first := r.n
	var wsum float64
	var w [NumCandidates]float64
	for i := 0; i < ISO2022JP; i++ {
		if d.dead[i] || amb.member(i) || i == best || sc[i].errs != sc[best].errs || sc[i].cost > sc[best].cost+pruneMargin {
			continue
		}
		if r.readsAsListed(i, seen) {
			continue
		}
		r.list[r.n] = Ranked{Candidate: i}
		w[r.n] = math.Exp2(-float64(sc[i].cost-sc[best].cost) / 4)
		wsum += w[r.n]
		r.n++
	}
	rest := max(0, 1-sum)
	for k := first; k < r.n; k++ {
		r.list[k].Confidence = rest * w[k] / wsum
	}
	// Most likely first (insertion sort: a few entries).
	for k := 1; k < r.n; k++ {
		for j := k; j > 1 && r.list[j].Confidence > r.list[j-1].Confidence; j-- {
			r.list[j], r.list[j-1] = r.list[j-1], r.list[j]
		}
	}
}

// readsAsListed reports whether single-byte candidate i reads the text
// exactly as a single-byte candidate already in r does (it adds nothing).
func (r *ranking) readsAsListed(i int, seen *[2]uint64) bool {
	if i >= numSingle {
		return false
	}
	for _, x := range r.list[:r.n] {
		if x.Candidate < numSingle {
			if _, same := readAlike(i, x.Candidate, seen); same {
				return true
			}
		}
	}
	return false
}

// Candidates appends to dst the candidates the stream could be in, most
// likely first, with their confidences (Guess's answer and confidence
// first; the confidences sum to at most 1), and returns the extended
// slice. It does not change d.
func (d *Detector) Candidates(tld string, allowUTF8 bool, dst []Ranked) []Ranked {
	var r ranking
	d.guess(tld, allowUTF8, &r)
	return append(dst, r.list[:r.n]...)
}

// DetectCandidates is Candidates for content in one piece, as Detect
// answers it, without allocating beyond dst.
func DetectCandidates(content []byte, tld string, allowUTF8 bool, dst []Ranked) []Ranked {
	var r ranking
	detect(content, tld, allowUTF8, &r)
	return append(dst, r.list[:r.n]...)
}
