package detect

// Calibration: Guess's confidence is the share of right answers among the
// answers given on the same evidence in the project's evaluation samples
// (calibration.go, fitted by TestCalibration): the kind of answer and, per
// kind, a level of evidence. docs/detection.md, "What the confidence
// means".

// Kinds of answer.
const (
	kindNone      = iota // no evidence: no non-ASCII byte, or binary data
	kindISO2022JP        // ISO-2022-JP recognised (level 0)
	kindUTF8             // valid UTF-8; level: the multi-byte sequences, up to numLevels-1
	kindClean            // a scored answer without decoder errors; level: the margin
	kindErrors           // a scored answer with decoder errors; level: the margin
	kindAmbiguous        // readings the statistics cannot separate (ambiguous); level: the answer's prior share in percent
	numKinds
)

// numLevels is the number of levels of evidence per kind. For a scored
// answer the level is the margin over the runner-up in whole bits, up to
// numLevels-2, and numLevels-1 when the runner-up has more errors or there
// is none.
const numLevels = 128

// evidence is what a guess rests on.
type evidence struct {
	kind  uint8
	level uint8
}

// table is a calibration table: the confidence per kind and level of
// evidence.
type table = [numKinds][numLevels]float64

// confidence is the calibrated probability that the answer is right.
func (e evidence) confidence() float64 { return e.confidenceUnder(&calibration) }

// confidenceUnder is confidence under calibration table t.
func (e evidence) confidenceUnder(t *table) float64 {
	if e.kind == kindNone {
		return 0
	}
	c := t[e.kind][e.level]
	if e.kind == kindAmbiguous {
		// Never more than the prior's share: the bytes cannot tell.
		c = min(c, float64(e.level)/100)
	}
	return c
}
