package mojibake

import (
	"fmt"
	"unicode/utf8"

	"github.com/webenc/webenc/whatwg"
)

// LegacyGate names the first check of the legacy repair path that
// refuses seg (a diagnostic for MOJIBAKE_GATES; see TestLegacyGates), or
// "passes" with the encoding the repair decodes with.
func LegacyGate(seg string) string {
	b, ok := decoders[c1].encode(nil, seg)
	if !ok {
		return "not windows-1252"
	}
	if utf8.Valid(b) {
		return "bytes are UTF-8"
	}
	e, conf := detectLegacy(b)
	name := fmt.Sprint(e)
	if !suspicious(seg) {
		if !latinReadable(seg) {
			return "prefilter(latinReadable)"
		}
		return latinGate(seg, b, name, conf)
	}
	if !soupy(seg) || !enoughLetters(seg) {
		return latinGate(seg, b, name, conf)
	}
	if !hasSmallLetter(seg) && nonASCIILetters(seg) < 16 {
		return "capitals only"
	}
	if !legacyTargets[e] {
		return "detector picks " + name
	}
	if conf < minLegacyConfidence {
		return "confidence < 0.5"
	}
	out, hadErrors := whatwg.AppendDecode(nil, e, b)
	fixed := string(out)
	switch {
	case hadErrors:
		return "decode errors"
	case !oneScript(fixed):
		return "oneScript"
	case !allAcceptable(fixed, false):
		return "allAcceptable"
	}
	if e2, f2 := cheapestReading(b, e, fixed); e2 != e {
		name += "->" + fmt.Sprint(e2)
		fixed = f2
	}
	m := modelFor(fixed)
	if m == nil {
		if hasCJK(fixed) {
			return "passes " + name
		}
		return "plausible: no model"
	}
	cost, pairs := m.score(fixed)
	before, _ := plausibleModels[0].score(seg)
	switch {
	case pairs == 0:
		return "plausible: no pairs"
	case mixesLatin(fixed):
		return "plausible: mixesLatin"
	case !mostlyNonASCII(fixed):
		return "plausible: mostlyNonASCII"
	case !inLongerWords(fixed):
		return "plausible: inLongerWords"
	case before-cost < minGainBits*8:
		return "plausible: gain"
	}
	return "passes " + name
}

func latinGate(seg string, b []byte, name string, conf float64) string {
	e, _, rival1252 := detectLatin(b)
	switch {
	case !latinTargets[e]:
		return "latin: detector picks " + name
	case conf < minLatinConfidence:
		return "latin: confidence < 0.9"
	case rival1252:
		return "latin: windows-1252 a candidate"
	}
	out, hadErrors := whatwg.AppendDecode(nil, e, b)
	fixed := string(out)
	switch {
	case hadErrors:
		return "latin: decode errors"
	case !allAcceptable(fixed, false):
		return "latin: allAcceptable"
	case letters(seg) < minLatinLetters:
		return "latin: letters"
	case badness(fixed) > badness(seg):
		return "latin: badness"
	case !allLatin(fixed):
		return "latin: allLatin"
	case !latinWordsPlausible(seg, fixed):
		return "latin: latinWordsPlausible"
	}
	return "passes " + name
}
