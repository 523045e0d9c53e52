package detecteval

import (
	"fmt"
	"strings"
)

// Bin is one bin of a reliability table: the answers whose confidence is
// in [Lo, Hi) (the last bin includes 1).
type Bin struct {
	Lo, Hi   float64
	Count    int
	MeanConf float64 // the mean confidence of its answers
	Accuracy float64 // the share of them that are right
}

// Reliability is a reliability table of answers with confidences conf, of
// which good says which are right, in bins equal bins over [0,1]; ECE is
// the expected calibration error, the mean over the answers of the gap
// between their bin's accuracy and mean confidence. High is the share
// of right answers among those given with confidence at least HighAt,
// HighCount their number.
type Reliability struct {
	Bins      []Bin
	ECE       float64
	HighAt    float64
	High      float64
	HighCount int
}

// NewReliability builds the reliability table of the answers.
func NewReliability(conf []float64, good []bool, bins int, highAt float64) Reliability {
	r := Reliability{Bins: make([]Bin, bins), HighAt: highAt}
	right := make([]int, bins)
	highRight := 0
	for i, c := range conf {
		k := min(int(c*float64(bins)), bins-1)
		r.Bins[k].Count++
		r.Bins[k].MeanConf += c
		if good[i] {
			right[k]++
		}
		if c >= highAt {
			r.HighCount++
			if good[i] {
				highRight++
			}
		}
	}
	for k := range r.Bins {
		b := &r.Bins[k]
		b.Lo, b.Hi = float64(k)/float64(bins), float64(k+1)/float64(bins)
		if b.Count == 0 {
			continue
		}
		b.MeanConf /= float64(b.Count)
		b.Accuracy = float64(right[k]) / float64(b.Count)
		gap := b.Accuracy - b.MeanConf
		r.ECE += max(gap, -gap) * float64(b.Count) / float64(len(conf))
	}
	if r.HighCount > 0 {
		r.High = float64(highRight) / float64(r.HighCount)
	}
	return r
}

// Table formats r as a Markdown table, with the ECE and the accuracy at
// high confidence after it.
func (r Reliability) Table() string {
	var b strings.Builder
	b.WriteString("| confidence | answers | mean confidence | accuracy |\n|---|---:|---:|---:|\n")
	for _, x := range r.Bins {
		if x.Count == 0 {
			fmt.Fprintf(&b, "| %.1f–%.1f | 0 | | |\n", x.Lo, x.Hi)
			continue
		}
		fmt.Fprintf(&b, "| %.1f–%.1f | %d | %.4f | %.4f |\n", x.Lo, x.Hi, x.Count, x.MeanConf, x.Accuracy)
	}
	fmt.Fprintf(&b, "\nECE %.4f; confidence ≥ %.2f: %d answers, %.2f%% right\n", r.ECE, r.HighAt, r.HighCount, 100*r.High)
	return b.String()
}
