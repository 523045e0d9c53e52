package detect

// Pruning: a candidate far behind the best is dropped as the text
// streams in, unless its language mixture could still bring it back (the
// mixture bound), and a CJK reading prunes only after enough characters.
// docs/detection.md, "How it guesses" (pruning, the CJK rule).

import tab "github.com/webenc/webenc/whatwg/charset/internal/detect/tables"

// pruneEvery is the length of the compacted stream between two prunings,
// after the early ones at 16 and 32 bytes (most candidates fall far behind
// within a few characters of text in another script).
const pruneEvery = 64

// pruneMargin is how far behind the best candidate (in quarter bits) a
// candidate with as few errors is dropped: 60 bits, far more than any
// prior or than one unusual character costs.
const pruneMargin = 240

// minCJKRefChars is how many multi-byte characters a CJK candidate must
// have decoded before it prunes the single-byte candidates: about the
// shortest text evaluated (64 bytes), long enough for a single-byte text
// misread as CJK to show, as a rule, a decoder error or an implausible
// score first.
const minCJKRefChars = 32

// nextPrune is the position of the compacted stream at which the first
// pruning after position fed happens.
func nextPrune(fed int64) int64 {
	switch {
	case fed < 16:
		return 16
	case fed < 32:
		return 32
	}
	return (fed/pruneEvery + 1) * pruneEvery
}

// prune drops the candidates with more errors than the best, or far
// behind it.
func (d *Detector) prune() {
	var errs [ISO2022JP]uint32
	var cost [ISO2022JP]int64
	live := 0
	for i := range d.text.sb {
		if !d.dead[i] {
			errs[i], cost[i] = d.text.sb[i].errs, int64(d.text.sb[i].cost)
			live++
		}
	}
	for i, s := range d.text.mbScores() {
		if !d.dead[ShiftJIS+i] {
			errs[ShiftJIS+i], cost[ShiftJIS+i] = s.errs, int64(s.cost)
			live++
		}
	}
	if live < 2 {
		return // nothing to compare; noMix is as the last pruning left it
	}
	// The reference is the best candidate that could be an answer: an
	// implausible CJK candidate (implausibleCJK) prunes nothing, unless
	// every live candidate is one.
	best := -1
	for _, plausibleOnly := range []bool{true, false} {
		for i := 0; i < ISO2022JP; i++ {
			if d.dead[i] || plausibleOnly && d.implausibleCJK(i) {
				continue
			}
			if best < 0 || errs[i] < errs[best] || (errs[i] == errs[best] && cost[i] < cost[best]) {
				best = i
			}
		}
		if best >= 0 {
			break
		}
	}
	// A CJK reference with fewer than minCJKRefChars characters does not
	// prune the single-byte candidates: they are pruned against the best
	// of them, so that a single-byte text whose first bytes read as
	// plausible CJK still has its answer when later bytes rule CJK out.
	sbRef := best
	if best >= ShiftJIS && d.text.mbScores()[best-ShiftJIS].chars < minCJKRefChars {
		for i := 0; i < numSingle; i++ {
			if !d.dead[i] && (sbRef >= numSingle || errs[i] < errs[sbRef] || errs[i] == errs[sbRef] && cost[i] < cost[sbRef]) {
				sbRef = i
			}
		}
	}
	// A candidate whose family has a mixture of languages is dropped only
	// when the most its language correction could take off its cost
	// (mixtureBound) would not bring it within the margin either: the
	// family's own statistics find a letter rare that one of its
	// languages writes often (Romani â in windows-1252), and another
	// family's reading of it common (windows-1257's Latvian ā), so that
	// on them alone the right candidate can fall behind for good before
	// Guess corrects it.
	var used histCounts // the text's non-ASCII bytes, once beyondMixture lists them
	d.noMix = true
	for i := 0; i < ISO2022JP; i++ {
		if d.dead[i] {
			continue
		}
		ref := best
		if i < numSingle {
			ref = sbRef
		}
		if gap := cost[i] - cost[ref] - pruneMargin; errs[i] > errs[ref] || gap > 0 &&
			(i >= numSingle || !multiLang[i] || d.beyondMixture(i, gap, &used)) {
			d.dead[i] = true
		} else if i < numSingle && multiLang[i] {
			d.noMix = false
		}
	}
}

// beyondMixture reports whether single-byte candidate i, gap past the
// pruning margin, stays past it with the most its language correction
// could take off (mixtureBound). It first tries the cheaper bound of
// maxGain per non-ASCII character. used lists the text's non-ASCII bytes
// (histCounts), filled on the first call that needs them so that the
// candidates of one pruning share one pass over hist.
func (d *Detector) beyondMixture(i int, gap int64, used *histCounts) bool {
	if !used.listed {
		used.list(&d.hist)
	}
	if gap > used.total*int64(maxGain[tab.SingleBytes[i].Model]) {
		return true
	}
	return gap+mixtureBound(i, used.counts()) > 0
}

// byteCount is how often non-ASCII byte b occurs in the text.
type byteCount struct {
	b byte
	n uint32
}

// histCounts lists the bytes a Detector's hist counts (those it counts at
// least once, in byte order) and their total.
type histCounts struct {
	listed bool
	k      int
	total  int64
	seen   [128]byteCount
}

// list fills h from hist.
func (h *histCounts) list(hist *[128]uint32) {
	h.listed, h.k, h.total = true, 0, 0
	for i, n := range hist {
		if n > 0 {
			h.seen[h.k] = byteCount{byte(i + 0x80), n}
			h.k++
			h.total += int64(n)
		}
	}
}

// counts returns the bytes listed.
func (h *histCounts) counts() []byteCount { return h.seen[:h.k] }

// maxGain is, for each model with a mixture of languages, the most any
// component takes off the family's cost of one non-ASCII character: the
// largest RefCost less the lowest LangCost of a class.
var maxGain = func() (t [len(tab.Models)]uint8) {
	for k := range tab.Models {
		m := &tab.Models[k]
		for c := 0; c < m.N && m.Langs > 0; c++ {
			low := uint8(255)
			for l := 0; l < m.Langs; l++ {
				low = min(low, m.LangCost[l*m.N+c])
			}
			if m.RefCost[c] > low {
				t[k] = max(t[k], m.RefCost[c]-low)
			}
		}
	}
	return t
}()

// mixtureBound returns a lower bound of what correctLanguages adds to the
// cost of single-byte candidate i for the non-ASCII characters of the
// text, counted in used (at most 0): their cost under the component of the
// mixture that gives them the lowest, its weight left out, in place of the
// family's.
func mixtureBound(i int, used []byteCount) int64 {
	t := &tab.SingleBytes[i]
	m := &tab.Models[t.Model]
	var sums [maxLangs]int64
	var ref int64
	for _, u := range used {
		n := int64(u.n)
		c := int(uint8(t.Class[u.b]))
		ref += n * int64(m.RefCost[c])
		for l := 0; l < m.Langs; l++ {
			sums[l] += n * int64(m.LangCost[l*m.N+c])
		}
	}
	low := ref
	for _, x := range sums[:m.Langs] {
		low = min(low, x)
	}
	return low - ref
}

// multiLang marks the single-byte candidates whose family has a mixture
// of languages (detect/tables's Model.Langs > 0).
var multiLang = func() (t [numSingle]bool) {
	for i := range t {
		t[i] = tab.Models[tab.SingleBytes[i].Model].Langs > 0
	}
	return t
}()
