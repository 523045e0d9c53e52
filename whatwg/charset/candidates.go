package charset

import (
	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/whatwg/charset/internal/detect"
)

// Candidate is one encoding the detector considered, with its confidence.
type Candidate struct {
	Encoding   encoding.Encoding
	Name       string  // the Standard's name
	Confidence float64 // in [0, 1]; the candidates' confidences sum to at most 1
}

// Candidates appends to dst the encodings the content could be in, most
// likely first (the first is Guess's answer), and returns the extended
// slice. No allocation when dst has room.
//
// The first candidate has Guess's encoding, name and confidence. When the
// answer rests on no scores (no non-ASCII byte or binary data, recognised
// ISO-2022-JP, valid UTF-8) it is the only one. Otherwise the others are
// the encodings whose decoders reject no more of the content than the
// answer's and whose text scores within 60 bits of it, each reading of the
// text once (an encoding that decodes the text exactly as a listed one
// does is left out: ISO-8859-15 after windows-1252 for French without œ or
// €). They share what the first leaves of 1, in proportion to how much
// more plausible the statistics find each. When the bytes read alike in
// several encodings but for letters that differ only in a diacritic's form
// (Romanian ș ț in ISO-8859-16, ş ţ in windows-1250 and ISO-8859-2), the
// statistics cannot tell them apart: the answer is the most common of them
// on the web, its confidence at most its share of their prior, and the
// others follow in proportion to theirs.
//
// It does not change d.
func (d *Detector) Candidates(hint Hint, dst []Candidate) []Candidate {
	var buf [detect.NumCandidates]detect.Ranked
	return appendCandidates(dst, d.d.Candidates(hint.TLD, !hint.ExcludeUTF8, buf[:0]))
}

// DetectCandidates is Candidates for content in one piece.
//
// Its first candidate is DetectEncoding's answer, as Candidates' is
// Guess's, and a Detector given all of content lists the same candidates.
func DetectCandidates(content []byte, hint Hint, dst []Candidate) []Candidate {
	var buf [detect.NumCandidates]detect.Ranked
	return appendCandidates(dst, detect.DetectCandidates(content, hint.TLD, !hint.ExcludeUTF8, buf[:0]))
}

// appendCandidates appends the engine's ranked candidates to dst.
func appendCandidates(dst []Candidate, ranked []detect.Ranked) []Candidate {
	for _, r := range ranked {
		dst = append(dst, Candidate{Encoding: detectEncodings[r.Candidate], Name: detectNames[r.Candidate], Confidence: r.Confidence})
	}
	return dst
}

// detectNames holds the names of detectEncodings, made once (htmlindex.Name
// lowercases, which allocates for a name with capitals).
var detectNames = func() (t [detect.NumCandidates]string) {
	for i, e := range detectEncodings {
		t[i] = nameOf(e)
	}
	return t
}()
