package detect

import (
	"math"

	tab "github.com/webenc/webenc/whatwg/charset/internal/detect/tables"
)

// The relative fit of an answer, recorded by lolo.sh's observations for
// analysis (docs/detection.md, "The relative fit"); the calibration does
// not use it, so the detector does not compute it.

// fitNeutral is the relative fit of an answer whose characters cost what
// its best language's typically cost; maxFit the highest fit.
const (
	fitNeutral = 32
	maxFit     = 64
)

// relativeFit is the relative fit of single-byte candidate i's reading of
// the text's non-ASCII bytes (hc): their mean cost per character under
// the component of its family's mixture that costs them least, less that
// component's typical cost on text the statistics were not built from
// (detect/tables's LangTypical), in quarter bits, as fitNeutral + that
// difference clamped to [1, maxFit]. 0 (no measure) for a family without
// a mixture; maxFit when the best component has no corpus text (no
// typical cost: its language is known from a dictionary's or CLDR's words
// only).
func relativeFit(i int, hc *histCounts) uint8 {
	t := &tab.SingleBytes[i]
	m := &tab.Models[t.Model]
	if m.Langs < 1 || len(m.LangTypical) < m.Langs || hc.total == 0 {
		return 0
	}
	best, bestSum := -1, int64(math.MaxInt64)
	for l := 0; l < m.Langs; l++ {
		row := m.LangCost[l*m.N : (l+1)*m.N]
		var sum int64
		for _, u := range hc.counts() {
			sum += int64(u.n) * int64(row[t.Class[u.b]&0xFF])
		}
		if sum < bestSum {
			best, bestSum = l, sum
		}
	}
	typical := int64(m.LangTypical[best])
	if typical == 0 {
		return maxFit
	}
	diff := (bestSum - typical*hc.total) / hc.total
	return uint8(fitNeutral + max(1-fitNeutral, min(diff, maxFit-fitNeutral)))
}

// answerFit is the relative fit of answer c on data, 0 for an answer that
// is not a single-byte candidate: the text's non-ASCII bytes as the
// Detector counts them once the stream ends (conclude).
func answerFit(data []byte, c int) uint8 {
	if c >= numSingle {
		return 0
	}
	d := New()
	d.Write(data)
	var tail [maxRef + 4]byte
	var ttail [4]byte
	b, _ := d.f.finish(tail[:0], ttail[:0])
	d.feed(b)
	var hc histCounts
	hc.list(&d.hist)
	return relativeFit(c, &hc)
}
