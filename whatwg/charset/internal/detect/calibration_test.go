package detect

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"math"
	"os"
	"runtime"
	"testing"

	"github.com/webenc/webenc/internal/detecteval"
	"github.com/webenc/webenc/internal/specdata"
)

var update = flag.Bool("update", false, "TestCalibration: rewrite calibration.go from the leave-one-language-out answers")

// observation is one answer of Detect (no hint, UTF-8 allowed) on an
// evaluation sample: its evidence and whether it decodes the sample right.
type observation struct {
	ev   evidence
	good bool
	// weight is the observation's weight in the fit.
	weight float64
	// sbAsCJK: the sample is in a single-byte encoding and the answer is
	// a CJK one.
	sbAsCJK bool
}

// observe runs Detect on every sample.
func observe(samples []detecteval.Sample) []observation {
	obs := make([]observation, len(samples))
	for i, s := range samples {
		c, ev := detect(s.Data, "", true, nil)
		good := detecteval.Decode(detecteval.Encoding(Name(c)), s.Data) == detecteval.Decode(detecteval.Encoding(s.Enc), s.Data)
		obs[i] = observation{ev, good, 1, c >= ShiftJIS && c <= ISO2022JP && detecteval.Encoding(s.Enc) != nil && isSingleByte(s.Enc)}
	}
	return obs
}

// isSingleByte reports whether the encoding named name is one of the
// single-byte candidates.
func isSingleByte(name string) bool {
	for i := 0; i < numSingle; i++ {
		if Name(i) == name {
			return true
		}
	}
	return false
}

// fit returns the calibration table of the observations: per band of
// relative fit and kind, the isotonic regression of rightness on the level
// (isotonic) over the answers of that band; a band without answers of a
// kind takes the kind's row over all answers, and a kind without any
// observations 0.5.
func fit(obs []observation) (t table) {
	all, _ := fitKinds(obs, -1)
	for b := range t {
		rows, has := fitKinds(obs, b)
		for k := range rows {
			t[b][k] = all[k]
			if has[k] {
				t[b][k] = rows[k]
			}
		}
	}
	return t
}

// fitKinds is the isotonic fit per kind of the observations of band b (-1:
// all), capped at maxConfidence; has says which kinds had observations
// (the others are 0.5).
func fitKinds(obs []observation, b int) (rows [numKinds][numLevels]float64, has [numKinds]bool) {
	var n, right [numKinds][numLevels]float64
	for _, o := range obs {
		if b >= 0 && o.ev.band() != b {
			continue
		}
		n[o.ev.kind][o.ev.level] += o.weight
		if o.good {
			right[o.ev.kind][o.ev.level] += o.weight
		}
	}
	for k := kindNone + 1; k < numKinds; k++ {
		if rows[k], has[k] = isotonic(&n[k], &right[k]); !has[k] {
			for l := range rows[k] {
				rows[k][l] = 0.5
			}
		}
		// The table holds five decimals: a share that rounds to 1 is
		// written as the largest below it.
		for l := range rows[k] {
			rows[k][l] = min(rows[k][l], maxConfidence)
		}
	}
	return rows, has
}

// isotonic is the isotonic (non-decreasing in the level) regression of the
// share of right answers on the level, given the answers n and right ones
// per level, by pooling adjacent violators, each pool's share smoothed as
// (right+0.5)/(n+1) (so that no answer gets confidence 1); a level without
// answers takes the value of the level below (of the first level with
// answers at the bottom). ok is false when there are no answers.
func isotonic(n, right *[numLevels]float64) (row [numLevels]float64, ok bool) {
	type pool struct {
		first, last int
		n, right    float64
	}
	var pools []pool
	for l := 0; l < numLevels; l++ {
		if n[l] == 0 {
			continue
		}
		pools = append(pools, pool{l, l, n[l], right[l]})
		// Merge while the last pool's share is not above the one before
		// (equal shares too, so that the smoothing sees the whole pool).
		for len(pools) > 1 {
			a, b := pools[len(pools)-2], pools[len(pools)-1]
			if a.right/a.n < b.right/b.n {
				break
			}
			pools = append(pools[:len(pools)-2], pool{a.first, b.last, a.n + b.n, a.right + b.right})
		}
	}
	if len(pools) == 0 {
		return row, false
	}
	for _, p := range pools {
		for l := p.first; l <= p.last; l++ {
			row[l] = (p.right + 0.5) / (p.n + 1)
		}
	}
	for l := 0; l < numLevels; l++ {
		switch {
		case l < pools[0].first:
			row[l] = row[pools[0].first]
		case l > 0:
			// Levels without answers; and pools of all-right answers
			// stay above the smaller ones before them.
			row[l] = max(row[l], row[l-1])
		}
	}
	return row, true
}

// fitOn is the fit of the held-out answers, and for each kind of answer
// they hold none of, of the fallback answers of that kind: ISO-2022-JP is
// recognised by its escape sequences, not by the statistics, so leaving a
// language out does not reach it, and no held-out text is in it.
func fitOn(held, fallback []observation) table {
	var seen [numKinds]bool
	for _, o := range held {
		seen[o.ev.kind] = true
	}
	obs := append([]observation(nil), held...)
	for _, o := range fallback {
		if !seen[o.ev.kind] {
			obs = append(obs, o)
		}
	}
	return fit(obs)
}

// maxConfidence is the largest confidence calibration.go's five decimals
// hold below 1.
const maxConfidence = 0.99999

// calibrationSource is calibration.go holding t.
func calibrationSource(t table) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by TestCalibration (go test ./whatwg/charset/internal/detect -run TestCalibration -update); DO NOT EDIT.\n\n")
	b.WriteString("package detect\n\n")
	b.WriteString(calibrationDoc)
	b.WriteString("var calibration = table{\n")
	for _, band := range t {
		b.WriteString("\t{\n")
		for _, row := range band {
			b.WriteString("\t\t{")
			for l, v := range row {
				if l > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "%.5f", v)
			}
			b.WriteString("},\n")
		}
		b.WriteString("\t},\n")
	}
	b.WriteString("}\n")
	return format.Source(b.Bytes())
}

// calibrationDoc is calibration's doc comment.
const calibrationDoc = `// calibration[band][kind][level] is the confidence of an answer of that
// band of relative fit, kind and level of evidence (see evidence): fitted on the answers on
// languages the statistics never saw, the leave-one-language-out answers
// of testdata/heldout-language.txt (bash internal/detecteval/lolo.sh
// -calibrate), with those on text from a source they never saw,
// testdata/heldout-wiki.txt (lolo.sh -source wiki), and for the kinds
// those lack (ISO-2022-JP) on internal/detecteval's second evaluation
// set.
`

// reliability is the reliability table of the observations under
// calibration table t, leaving out the answers without evidence
// (confidence 0: no non-ASCII byte, which every candidate decodes alike).
func reliability(obs []observation, t *table) detecteval.Reliability {
	var conf []float64
	var good []bool
	for _, o := range obs {
		if o.ev.kind == kindNone {
			continue
		}
		conf = append(conf, o.ev.confidenceUnder(t))
		good = append(good, o.good)
	}
	return detecteval.NewReliability(conf, good, 10, 0.99)
}

// Targets of the calibration. The held-out ones are measured on both
// populations it serves, the leave-one-language-out answers (languages the
// statistics never saw) and the answers on a source left out (languages
// they know, text from elsewhere: what a user sees), each fold under the
// calibration fitted without it (crossFitted). The own sets are text of
// languages the statistics saw, where the detector does better: the
// confidence there is conservative, and is checked only for not being
// above the accuracy.
const (
	heldOutMaxECE  = 0.01
	heldOutMinHigh = 0.995 // the share of right answers at confidence ≥ 0.99
	ownMinHigh     = 0.995
	// ownMaxOver bounds how far a reliability bin's mean confidence may
	// be above its accuracy on the own sets, in bins of at least
	// ownMinBinCount answers (a smaller bin's accuracy is noise).
	ownMaxOver     = 0.03
	ownMinBinCount = 100
	// maxSingleByteAsCJK bounds the single-byte samples of both sets
	// answered with a CJK encoding: none may be.
	maxSingleByteAsCJK = 0
)

// TestCalibration checks that calibration.go holds the fit (-update
// rewrites it) of the answers the calibration is used on: the
// leave-one-language-out answers of heldOutFile (bash
// internal/detecteval/lolo.sh -calibrate) and the answers on a source
// left out of seenLanguageFile (lolo.sh -source wiki); fitOn takes the
// kinds they lack from the second evaluation set. It checks both under a
// calibration fitted without their fold (crossFitted), and that the
// committed one is not over-confident on the own evaluation sets. Run with
// -v for the reliability tables (docs/detection.md shows them) and the
// same figures for the calibration by kind and margin alone.
func TestCalibration(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	var pops []population
	for _, p := range [][2]string{{"held out by language", heldOutFile}, {"held out by source (known languages)", seenLanguageFile}} {
		lines, err := readHeldOut(p[1])
		if err != nil {
			t.Fatal(err)
		}
		pops = append(pops, population{p[0], lines})
	}
	first, second := evaluationSets(t)
	// Each set also holds the windows of its samples that begin inside a
	// character (a stream's chunks), after its own samples.
	firstMid, secondMid := observe(detecteval.MidCharacter(first)), observe(detecteval.MidCharacter(second))
	for _, m := range []struct {
		name string
		obs  []observation
	}{{"first", firstMid}, {"second", secondMid}} {
		r := reliability(m.obs, &calibration)
		t.Logf("%s set, windows beginning inside a character: %d, %.2f%% right; %d answers at confidence ≥ 0.99, %.2f%% right", m.name, len(m.obs), 100*rightShare(m.obs), r.HighCount, 100*r.High)
	}
	firstObs, secondObs := append(observe(first), firstMid...), append(observe(second), secondMid...)
	sbAsCJK := 0
	for _, o := range append(firstObs, secondObs...) {
		if o.sbAsCJK {
			sbAsCJK++
		}
	}
	t.Logf("single-byte samples answered with a CJK encoding: %d of %d samples", sbAsCJK, len(firstObs)+len(secondObs))
	if sbAsCJK > maxSingleByteAsCJK {
		t.Errorf("%d single-byte samples answered with a CJK encoding (at most %d)", sbAsCJK, maxSingleByteAsCJK)
	}
	fitted := fitOn(append(heldOutObservations(pops[0].lines, -1, 1), heldOutObservations(pops[1].lines, -1, 1)...), secondObs)
	src, err := calibrationSource(fitted)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("calibration.go", src, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Log("wrote calibration.go: run the test again to check it")
	} else if old, err := os.ReadFile("calibration.go"); runtime.GOARCH == "amd64" && (err != nil || !bytes.Equal(old, src)) {
		// Checked where it is made: another architecture may fuse the
		// language mixture's floating-point steps differently, and a
		// cost a quarter bit off can move one answer.
		t.Errorf("calibration.go is not the fit of the held-out answers (%v): go test ./whatwg/charset/internal/detect -run TestCalibration -args -update", err)
	}
	checkCrossFitted(t, pops, secondObs)
	for _, set := range []struct {
		name string
		obs  []observation
	}{
		{"first set (texts trained on, their held-back part)", firstObs},
		{"second set (texts of trained languages never trained on)", secondObs},
	} {
		r := reliability(set.obs, &fitted)
		t.Logf("%s:\n%s", set.name, r.Table())
		t.Logf("%s, share of answers at confidence ≥ 0.99: %.1f%%", set.name, 100*float64(r.HighCount)/float64(len(set.obs)))
		if r.High < ownMinHigh {
			t.Errorf("%s: %.2f%% right at confidence ≥ 0.99 (at least %.1f%%)", set.name, 100*r.High, 100*ownMinHigh)
		}
		for _, b := range r.Bins {
			if b.Count >= ownMinBinCount && b.MeanConf-b.Accuracy > ownMaxOver {
				t.Errorf("%s: over-confident in %.1f–%.1f: mean confidence %.4f, accuracy %.4f (%d answers)", set.name, b.Lo, b.Hi, b.MeanConf, b.Accuracy, b.Count)
			}
		}
	}
}

// checkCrossFitted logs the reliability of each population and of both
// under the calibration fitted without their fold, and checks the
// languages left out (pops[0]) against the held-out targets and the other
// population's answers at confidence ≥ 0.99; it logs the same under the
// calibration fitted on the languages left out alone (the fit before the
// source run joined it), for comparison.
func checkCrossFitted(t *testing.T, pops []population, second []observation) {
	t.Helper()
	each, all, foldECE := crossFitted(pops, []bool{true, true}, second)
	for i, p := range pops {
		r := each[i]
		t.Logf("%s (%d answers), each fold under the calibration fitted without it:\n%s", p.name, heldOutCount(p.lines, -1), r.Table())
		t.Logf("%s: share of answers at confidence ≥ 0.99 %.1f%%; ECE of fold 0 alone %.4f, of fold 1 alone %.4f", p.name, 100*highShare(r), foldECE[i][0], foldECE[i][1])
		if i == 0 && r.ECE > heldOutMaxECE || r.High < heldOutMinHigh {
			t.Errorf("%s: ECE %.4f (at most %.3f), %.2f%% right at confidence ≥ 0.99 (at least %.1f%%)", p.name, r.ECE, heldOutMaxECE, 100*r.High, 100*heldOutMinHigh)
		}
	}
	t.Logf("both: ECE %.4f, at confidence ≥ 0.99 %.1f%% of answers, %.2f%% right", all.ECE, 100*highShare(all), 100*all.High)
	each, all, _ = crossFitted(pops, []bool{true, false}, second)
	for i, p := range pops {
		t.Logf("fitted on the languages left out alone: %s: ECE %.4f, at confidence ≥ 0.99 %.1f%% of answers, %.2f%% right", p.name, each[i].ECE, 100*highShare(each[i]), 100*each[i].High)
	}
	t.Logf("fitted on the languages left out alone: both: ECE %.4f, at confidence ≥ 0.99 %.1f%% of answers, %.2f%% right", all.ECE, 100*highShare(all), 100*all.High)
}

// highShare is the share of r's answers at confidence ≥ r.HighAt.
func highShare(r detecteval.Reliability) float64 {
	n := 0
	for _, b := range r.Bins {
		n += b.Count
	}
	return float64(r.HighCount) / float64(max(n, 1))
}

// rightShare is the share of right answers among obs.
func rightShare(obs []observation) float64 {
	right := 0
	for _, o := range obs {
		if o.good {
			right++
		}
	}
	return float64(right) / float64(max(len(obs), 1))
}

// TestCalibrationRange: an answer with evidence never has confidence 0
// (which means no evidence) or 1, and confidence does not fall as the
// evidence grows.
func TestCalibrationRange(t *testing.T) {
	for _, fit := range []uint8{0, fitNeutral, maxFit} {
		checkCalibrationRange(t, fit)
	}
}

// checkCalibrationRange is TestCalibrationRange for the answers of
// relative fit fit.
func checkCalibrationRange(t *testing.T, fit uint8) {
	for k := kindNone + 1; k < numKinds; k++ {
		for l := 0; l < numLevels; l++ {
			c := evidence{kind: uint8(k), level: uint8(l), fit: fit}.confidence()
			if k == kindAmbiguous && c > float64(l)/100 {
				t.Errorf("ambiguous answer at level %d: confidence %v above the prior's share", l, c)
			}
			if k == kindAmbiguous && l == 0 {
				continue // no such level: an ambiguous answer's share is at least 1%
			}
			if c <= 0 || c >= 1 || l > 0 && c < (evidence{kind: uint8(k), level: uint8(l - 1), fit: fit}).confidence() {
				t.Errorf("fit %d kind %d level %d: confidence %v", fit, k, l, c)
			}
		}
	}
}

// evaluationSets returns the first and second evaluation sets
// (internal/detecteval) of the corpus, PerCell samples a cell.
func evaluationSets(t *testing.T) (first, second []detecteval.Sample) {
	t.Helper()
	dir := specdata.Corpus(t)
	first, err := detecteval.BuildSamples(dir, detecteval.PerCell)
	if err != nil {
		t.Fatal(err)
	}
	second, err = detecteval.BuildSecondSet(dir, detecteval.PerCell)
	if err != nil {
		t.Fatal(err)
	}
	return first, second
}

// TestFitOn checks the fit on a few answers against values worked out by
// hand: adjacent levels whose shares fall are pooled, a level without
// answers takes the level's below, the fallback answers count only for a
// kind the held-out answers lack, and a kind without any gets 0.5.
func TestFitOn(t *testing.T) {
	answers := func(kind, level uint8, n, right int) []observation {
		var obs []observation
		for i := 0; i < n; i++ {
			obs = append(obs, observation{ev: evidence{kind: kind, level: level}, good: i < right, weight: 1})
		}
		return obs
	}
	var held, fallback []observation
	held = append(held, answers(kindClean, 0, 4, 3)...) // 3 of 4
	held = append(held, answers(kindClean, 1, 2, 1)...) // 1 of 2: pooled with level 0, 4 of 6
	held = append(held, answers(kindClean, 5, 9, 9)...) // 9 of 9
	fallback = append(fallback, answers(kindClean, 0, 50, 0)...)
	fallback = append(fallback, answers(kindISO2022JP, 0, 2, 2)...)
	got := fitOn(held, fallback)
	for _, c := range []struct {
		kind, level uint8
		want        float64
	}{
		{kindClean, 0, 4.5 / 7},
		{kindClean, 1, 4.5 / 7},
		{kindClean, 4, 4.5 / 7},
		{kindClean, 5, 9.5 / 10},
		{kindClean, numLevels - 1, 9.5 / 10},
		{kindISO2022JP, 0, 2.5 / 3},
		{kindISO2022JP, numLevels - 1, 2.5 / 3},
		{kindUTF8, 7, 0.5},
	} {
		for b := range got {
			// No answer has a measured fit: every band is the fit of all.
			if g := got[b][c.kind][c.level]; math.Abs(g-c.want) > 1e-12 {
				t.Errorf("band %d kind %d level %d: %v, want %v", b, c.kind, c.level, g, c.want)
			}
		}
	}
}
