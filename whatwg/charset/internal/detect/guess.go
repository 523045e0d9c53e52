package detect

// The guess: priors (how common each encoding is, the top-level
// domain), the acceptance rule for CJK answers, and the choice of answer
// and runner-up whose margin is the confidence's evidence.
// docs/detection.md, "How it guesses" and "What the confidence means".

import (
	"encoding/binary"
	"math/bits"
	"strings"

	"github.com/webenc/webenc/whatwg/internal/simd"
)

// Priors, in quarter bits added to a candidate's cost. The base prior
// reflects how common each encoding is on unlabelled pages, so that sparse
// evidence (one "§" in English text) does not pick a rare encoding; a
// single character of real text outweighs it.
const tldPrior = 48 // subtracted for the encodings a top-level domain's pages use

func basePrior(name string) int64 {
	switch {
	case name == "windows-1252":
		// By far the most common legacy encoding on the web: text that
		// reads as well in another (one "ò": Italian, or Czech "ň"?) is
		// windows-1252.
		return 0
	case name == "IBM866", name == "ISO-8859-3":
		// Rare on the web (ISO-8859-3 serves only Esperanto and
		// Maltese): a stray letter of Serbian, Swedish or Portuguese
		// that reads as well as ĉ or ħ stays in its own family.
		return 32
	case name == "ISO-8859-2", name == "ISO-8859-16":
		// Central European pages were written in ISO-8859-2 nearly as
		// often as in windows-1250: one bit behind it, not two (Slovak
		// "možností" in ISO-8859-2 is windows-1250's "moľností", and
		// Slovak has both letters). ISO-8859-16 shares the prior, so
		// that the letters alone tell it from ISO-8859-2 (š and č
		// swap places).
		return 20
	case strings.HasPrefix(name, "ISO-8859-"), name == "KOI8-U":
		// Rarer than their windows- counterparts (Firefox's detector
		// never answers ISO-8859-15 or -16).
		return 24
	}
	return 16 // the other windows- encodings, KOI8-R, the CJK encodings
}

// basePriors is basePrior of each scored candidate, made once: every
// guess starts from them.
var basePriors = func() (t [ISO2022JP]int64) {
	for i := range t {
		t[i] = basePrior(Name(i))
	}
	return t
}()

// tldEncodings maps top-level domains to the encodings their unlabelled
// pages commonly use.
var tldEncodings = map[string][]string{
	"jp": {"Shift_JIS", "EUC-JP", "ISO-2022-JP"},
	"cn": {"GBK"},
	"tw": {"Big5"}, "hk": {"Big5"}, "mo": {"Big5"},
	"kr": {"EUC-KR"},
	"ru": {"windows-1251", "KOI8-R"}, "su": {"windows-1251", "KOI8-R"}, "by": {"windows-1251"},
	"kz": {"windows-1251"}, "bg": {"windows-1251"}, "rs": {"windows-1251"}, "mk": {"windows-1251"},
	"ua": {"windows-1251", "KOI8-U"},
	"gr": {"windows-1253", "ISO-8859-7"}, "cy": {"windows-1253", "ISO-8859-7"},
	"il": {"windows-1255", "ISO-8859-8"},
	"sa": {"windows-1256"}, "ae": {"windows-1256"}, "eg": {"windows-1256"}, "iq": {"windows-1256"},
	"ir": {"windows-1256"}, "jo": {"windows-1256"}, "kw": {"windows-1256"}, "qa": {"windows-1256"},
	"sy": {"windows-1256"}, "lb": {"windows-1256"}, "om": {"windows-1256"}, "ma": {"windows-1256"},
	"dz": {"windows-1256"}, "tn": {"windows-1256"}, "ly": {"windows-1256"}, "ye": {"windows-1256"},
	"bh": {"windows-1256"}, "ps": {"windows-1256"}, "sd": {"windows-1256"},
	"th": {"windows-874"},
	"tr": {"windows-1254"},
	"vn": {"windows-1258"},
	"cz": {"windows-1250", "ISO-8859-2"}, "sk": {"windows-1250", "ISO-8859-2"}, "pl": {"windows-1250", "ISO-8859-2"},
	"hu": {"windows-1250", "ISO-8859-2"}, "si": {"windows-1250", "ISO-8859-2"}, "hr": {"windows-1250", "ISO-8859-2"},
	"ro": {"windows-1250", "ISO-8859-2"}, "ba": {"windows-1250"},
	"lt": {"windows-1257", "ISO-8859-13"}, "lv": {"windows-1257", "ISO-8859-13"}, "ee": {"windows-1257", "ISO-8859-13"},
}

// maxCJKCharCost is the most a multi-byte candidate's text may cost per
// multi-byte character, in quarter bits, for it to be an answer: 20 bits,
// above 99.9% of the CJK evaluation samples (median 11, 99% 15.7), below
// nearly every single-byte text misread as CJK (a Dutch "ë" and the letter
// after it read as a rare hanzi: 21-36 bits). A text of one such
// character has cjkFewCharsSlack less room.
const (
	maxCJKCharCost   = 80
	cjkFewCharsSlack = 32
)

// implausibleCJK reports whether multi-byte candidate i (Shift_JIS to
// EUC-KR) cannot be an answer on its text stream's score: it has decoder
// errors, or its text does not score as the language (more than
// maxCJKCharCost per character, less cjkFewCharsSlack). Single-byte
// candidates are never implausible.
func (d *Detector) implausibleCJK(i int) bool {
	if i < ShiftJIS || i > EUCKR {
		return false
	}
	m := i - ShiftJIS
	s := d.text.best(m).score(m) // this candidate's only: pruning asks of each in turn
	return s.errs > 0 || int64(s.cost) > maxCJKCharCost*int64(s.chars)-cjkFewCharsSlack
}

// dropImplausibleCJK marks dead the implausible multi-byte candidates
// (implausibleCJK, or with errors in the tags), so that a single-byte text
// is never answered with a CJK encoding on a few stray pairs — as long as
// another candidate is live.
func (d *Detector) dropImplausibleCJK(errs *[ISO2022JP]uint32) {
	var drop [ISO2022JP]bool
	others := false
	for i := range errs {
		if d.dead[i] {
			continue
		}
		drop[i] = d.implausibleCJK(i) || i >= ShiftJIS && errs[i] > 0
		others = others || !drop[i]
	}
	if !others {
		return
	}
	for i, x := range drop {
		d.dead[i] = d.dead[i] || x
	}
}

// utf8Level is the calibration level of UTF-8 text with multi multi-byte
// sequences.
func utf8Level(multi uint32) uint8 { return uint8(min(multi, numLevels-1)) }

// wholeUTF8 is Guess's answer for the whole of content in one piece when
// it is valid UTF-8 (whole sequences the Standard's decoder accepts, as
// simd.ValidUTF8Prefix validates them a vector at a time) with a multi-byte sequence and not binary
// data: UTF-8, from multi multi-byte sequences. ok is false for any other
// content, whose answer needs a Detector. It is Guess's answer because
// every maximal run of non-ASCII bytes reaches one of the candidates'
// streams whole, with an ASCII byte after it (the markup filter changes
// state only at ASCII bytes, compaction drops only ASCII bytes not next to
// non-ASCII ones), so both streams are valid UTF-8 exactly when content
// is, and they hold its multi-byte sequences; and ISO-2022-JP, which Guess
// tries first, rejects every non-ASCII byte. (A sequence cut by the end of
// content is no error to Guess, which may be looking at the start of a
// stream; wholeUTF8 leaves that case to the Detector.)
func wholeUTF8(content []byte) (ok bool, multi uint32) {
	if simd.ValidUTF8Prefix(content) != len(content) {
		return false, 0
	}
	multi = countLeads(content)
	return multi > 0, multi
}

// countLeads returns the number of bytes of b from 0xC0 up (in valid UTF-8
// exactly the lead bytes of the multi-byte sequences), eight at a time: a
// byte is one when its bits 7 and 6 are set.
func countLeads(b []byte) (n uint32) {
	const hi = 0x8080808080808080
	j := 0
	for ; j+8 <= len(b); j += 8 {
		w := binary.LittleEndian.Uint64(b[j:])
		n += uint32(bits.OnesCount64(w & (w << 1) & hi))
	}
	for _, c := range b[j:] {
		if c >= 0xC0 {
			n++
		}
	}
	return n
}

// Guess returns the most likely candidate and a confidence in [0,1], as if
// the stream ended here. tld is the host's top-level domain ("" for none);
// allowUTF8 false keeps UTF-8 out of the answers. It does not change d.
// Binary data (more than 1% control bytes, see Binary) gives windows-1252
// with confidence 0, as input without non-ASCII bytes does: no evidence of
// any encoding.
func (d *Detector) Guess(tld string, allowUTF8 bool) (candidate int, confidence float64) {
	candidate, ev := d.guess(tld, allowUTF8, nil)
	return candidate, ev.confidence()
}

// score is a candidate's final score: fewer errors first, then the lower
// cost (prior included).
type score struct {
	errs uint32
	cost int64
}

func (a score) less(b score) bool {
	if a.errs != b.errs {
		return a.errs < b.errs
	}
	return a.cost < b.cost
}

// guess is Guess with the evidence its confidence is calibrated from; with
// r not nil it also ranks the alternatives there (Candidates).
func (d *Detector) guess(tld string, allowUTF8 bool, r *ranking) (candidate int, ev evidence) {
	c := *d // the states are values; c.buf is not written to
	return c.conclude(tld, allowUTF8, r)
}

// conclude is guess on d itself, which it changes (it feeds d the end of
// the stream): detect's Detector, used once, need not be copied.
func (d *Detector) conclude(tld string, allowUTF8 bool, r *ranking) (candidate int, ev evidence) {
	c := d
	var tail [maxRef + 4]byte
	var ttail [4]byte
	b, tb := c.f.finish(tail[:0], ttail[:0])
	c.feed(b)
	c.feedTag(tb)
	c.text.settleAll()
	// A sequence cut by the end of the stream costs as much as a rare
	// character.
	for m := 0; m < numMB; m++ {
		if !c.text.between(m) {
			c.text.score(m).cost += truncatedCost
		}
	}

	// Binary data is no text in any encoding, ISO-2022-JP's escapes
	// included: checked first, as detect does, so that one input gets
	// one answer however it arrives.
	if binaryData(c.controls, c.total) {
		return r.only(Windows1252, evidence{})
	}
	if c.iso.errs == 0 && c.iso.chars > 0 {
		return r.only(ISO2022JP, evidence{kind: kindISO2022JP})
	}
	if c.nonASCII == 0 && c.tagNonASCII == 0 {
		return r.only(Windows1252, evidence{})
	}
	// UTF-8 is decided on text and tags alike: markup in valid UTF-8 is
	// evidence of UTF-8 (an attribute, a comment).
	if multi := c.text.utf.multi + c.tag.utf.multi; allowUTF8 && c.text.utf.errs == 0 && c.tag.utf.errs == 0 && multi > 0 {
		return r.only(UTF8, evidence{kind: kindUTF8, level: utf8Level(multi)})
	}

	var sc [ISO2022JP]score
	prior := basePriors
	errs, cost := c.scores()
	var hc histCounts // the text's non-ASCII bytes, listed once for the correction and seenBytes
	hc.list(&c.hist)
	c.correctLanguages(&errs, &cost, &hc)
	var favoured []string
	if tld != "" {
		favoured = tldEncodings[strings.ToLower(strings.TrimPrefix(tld, "."))]
	}
	for i := range sc {
		for _, f := range favoured {
			if f == Name(i) {
				prior[i] -= tldPrior
			}
		}
		sc[i] = score{errs[i], cost[i] + prior[i]}
	}
	c.dropImplausibleCJK(&errs)
	best := -1
	for i := 0; i < ISO2022JP; i++ {
		if !c.dead[i] && (best < 0 || sc[i].less(sc[best])) {
			best = i
		}
	}
	// Readings the statistics cannot separate from the best's (letters
	// that differ only in a diacritic's form): the answer is the most
	// common encoding among them, and its confidence the prior's share.
	seen := c.seenBytes(hc.counts())
	amb := ambiguity{best: best}
	if best < numSingle {
		amb = c.ambiguous(best, sc, prior, &seen)
	}
	best = amb.best
	// The runner-up: the best candidate that does not tie exactly (an exact
	// tie almost always means the two decode the input alike) and reads
	// the text otherwise than the answer even after folding, and for a
	// CJK answer not a single-byte candidate pruning would have dropped.
	w := sc[best]
	second := -1
	for i := 0; i < ISO2022JP; i++ {
		if i == best || (errs[i] == errs[best] && cost[i] == cost[best]) || c.dead[i] || amb.member(i) {
			continue
		}
		if best >= ShiftJIS && i < numSingle && cost[i] > cost[best]+pruneMargin {
			// Alive because the CJK reading was too short to prune it
			// (minCJKRefChars) or fell behind after the last pruning:
			// not a rival.
			continue
		}
		if second < 0 || sc[i].less(sc[second]) {
			second = i
		}
	}
	// The evidence: the margin over the runner-up in bits, when it has as
	// many errors; the top level when it has more or there is none.
	ev = evidence{kind: kindClean, level: numLevels - 1}
	if w.errs > 0 {
		ev.kind = kindErrors
	}
	if second >= 0 && sc[second].errs == w.errs {
		ev.level = uint8(min((sc[second].cost-w.cost)/4, numLevels-2))
	}
	if amb.readings > 1 {
		ev = evidence{kind: kindAmbiguous, level: amb.level()}
	}
	if r != nil {
		r.rank(c, best, ev, sc, &amb, &seen)
	}
	return best, ev
}
