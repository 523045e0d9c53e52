// Package detect is the engine of whatwg/charset's content-based encoding
// detection: a streaming Detector that skips ASCII markup, eliminates the
// candidate encodings whose decoder rejects the input, and scores the rest
// by how plausible the decoded text is for the languages each encoding
// serves, with the statistics of detect/tables.
//
// # How a guess is made
//
//  1. Markup filter: the text between tags goes to the text stream; tags
//     (from '<' followed by a letter, '/', '!' or '?' up to the closing
//     '>', quotes respected) become one space there unless whitespace
//     follows (most tags stand between words), and their bytes go to the
//     tag stream; character references ("&name;", "&#N;") become a neutral
//     mark that is never scored. Only ASCII bytes are markup, so this is
//     the same for every ASCII-compatible candidate: '<', '>', '&', ';'
//     and quotes are never a trail byte of Shift_JIS, EUC-JP, GBK, Big5 or
//     EUC-KR.
//  2. Compaction: only the non-ASCII bytes and the ASCII bytes near them
//     matter (an ASCII pair decodes the same under every candidate), so the
//     rest is dropped before the candidates see either stream.
//  3. Every candidate decodes both compacted streams with the Standard's
//     decoder logic (a validity state machine per multi-byte encoding,
//     a byte → class table per single-byte encoding) and counts decoder
//     errors in both; on the text stream only, it adds up the cost (−log2
//     probability, in quarter bits) of each character class after the
//     previous one and of the character within its class, for every pair
//     of characters of which one is non-ASCII (for the single-byte
//     candidates also the pair after that, which tells whether the text
//     around a non-ASCII letter is in the model's script). Markup says
//     nothing about the language, but an encoding whose decoder rejects
//     the bytes of an attribute is wrong all the same.
//  4. ISO-2022-JP is recognised on the raw stream (escape sequences into
//     JIS X 0208 or katakana, no error), UTF-8 by decoding both streams
//     without error with at least one multi-byte sequence (in text or
//     markup: `<img alt="Grüße">` is UTF-8).
//  5. Guess: ISO-2022-JP if recognised; windows-1252 when there is no
//     non-ASCII byte in text or markup or the input is binary data (no
//     evidence, confidence 0); UTF-8
//     if allowed and valid; else the candidate with the fewest errors,
//     then the lowest cost minus its prior (a top-level-domain hint lowers
//     the cost of the encodings that domain's pages use), after a
//     single-byte family's cost of the non-ASCII characters is scored
//     under a mixture of its languages, with, for a Latin-script family,
//     the ASCII letters within 31 bytes of them (correctLanguages; the
//     filter counts those letter pairs as the text passes).
//
// Any chunking of the input gives the same answer: every stage is a state
// machine over bytes, and Guess works on a copy of the state.
//
// docs/detection.md, "How it guesses", explains each stage and names its
// file: filter.go (1, 2), decoders.go and grammars.go (3, 4), score.go
// (3), prune.go, languages.go and guess.go (5), calibrate.go (the
// confidence); binary.go is the binary-data test. This file holds the
// Detector and its streaming.
package detect

import (
	tab "github.com/webenc/webenc/whatwg/charset/internal/detect/tables"
)

// Candidate indexes: the single-byte candidates come first, in the order of
// tab.SingleBytes; then these.
const numSingle = len(tab.SingleBytes)

// Candidate indexes after the single-byte ones.
const (
	// ShiftJIS is the index of the Shift_JIS candidate.
	ShiftJIS = numSingle + iota
	// EUCJP is the index of the EUC-JP candidate.
	EUCJP
	// GBK is the index of the GBK candidate (GBK and gb18030 share the
	// Standard's decoder, so one candidate stands for both).
	GBK
	// Big5 is the index of the Big5 candidate.
	Big5
	// EUCKR is the index of the EUC-KR candidate.
	EUCKR
	// ISO2022JP is the index of the ISO-2022-JP candidate.
	ISO2022JP
	// UTF8 is the index of the UTF-8 candidate.
	UTF8
	// NumCandidates is the number of candidates.
	NumCandidates
)

// Windows1252 is the index of the windows-1252 candidate, the answer for
// input without non-ASCII bytes.
const Windows1252 = 0

// Name returns the Standard's name of candidate i.
func Name(i int) string {
	if i >= 0 && i < numSingle {
		return tab.SingleBytes[i].Name
	}
	switch i {
	case ShiftJIS:
		return "Shift_JIS"
	case EUCJP:
		return "EUC-JP"
	case GBK:
		return "GBK"
	case Big5:
		return "Big5"
	case EUCKR:
		return "EUC-KR"
	case ISO2022JP:
		return "ISO-2022-JP"
	case UTF8:
		return "UTF-8"
	}
	return ""
}

func init() {
	if tab.SingleBytes[Windows1252].Name != "windows-1252" {
		panic("detect: detect/tables lists windows-1252 elsewhere than first")
	}
	for i := range tab.Models {
		if tab.Models[i].Langs > maxLangs {
			panic("detect: detect/tables has more mixture components than maxLangs")
		}
	}
}

// Detector accumulates the evidence of a stream. The zero value is not
// ready; use New.
type Detector struct {
	f filter
	// nonASCII counts the non-ASCII bytes of the text, tagNonASCII
	// those inside tags.
	nonASCII, tagNonASCII int64
	// text decodes the text between tags, which is scored; tag decodes
	// the bytes inside tags (attribute values, comments), of which only
	// the errors count: markup says nothing about the language, but a
	// decoder that rejects it is wrong all the same.
	text, tag decoders
	iso       isoState
	buf, tbuf []byte
	fed       int64               // compacted text bytes fed to the candidates
	dead      [NumCandidates]bool // pruned candidates
	// hist counts each non-ASCII byte b of the text at hist[b-0x80],
	// for the single-byte candidates' language correction, while one of
	// them whose family has a mixture of languages is live (noMix: none
	// is; a pruned candidate never comes back).
	hist  [128]uint32
	noMix bool
	// seen marks the non-ASCII bytes b of the tags, and of the text fed
	// while noMix, which hist does not count (bit b-0x80): with hist,
	// the bytes whose readings Guess compares (ambiguous).
	seen [2]uint64
	// controls counts the control bytes of the input (isControl), total
	// its bytes, for Binary's test.
	controls, total int64
}

// New returns an empty Detector.
func New() *Detector {
	d := &Detector{}
	d.text.init(true)
	d.tag.init(false)
	return d
}

// Detect is New, Write(content) and Guess(tld, allowUTF8) without
// allocating: the Detector and its filter buffers live on the stack, and
// valid UTF-8 is answered from one validation pass (wholeUTF8).
func Detect(content []byte, tld string, allowUTF8 bool) (candidate int, confidence float64) {
	candidate, ev := detect(content, tld, allowUTF8, nil)
	return candidate, ev.confidence()
}

// detect is Detect with the evidence its confidence is calibrated from;
// with r not nil it also ranks the alternatives there (DetectCandidates).
func detect(content []byte, tld string, allowUTF8 bool, r *ranking) (candidate int, ev evidence) {
	controls := countControls(content)
	if binaryData(controls, int64(len(content))) {
		return r.only(Windows1252, evidence{})
	}
	if allowUTF8 {
		// Valid UTF-8 is UTF-8 whatever the other candidates score; one
		// validation pass costs far less than scoring them.
		if ok, multi := wholeUTF8(content); ok {
			return r.only(UTF8, evidence{kind: kindUTF8, level: utf8Level(multi)})
		}
	}
	var d Detector
	d.text.init(true)
	d.tag.init(false)
	d.controls, d.total = controls, int64(len(content))
	var space [2 * (blockSize + 2)]byte
	d.write(content, space[:0:blockSize+2], space[blockSize+2:blockSize+2])
	return d.conclude(tld, allowUTF8, r)
}

// blockSize is how much input Write filters at a time.
const blockSize = 4096

// Write adds p to the stream. It always returns len(p), nil.
func (d *Detector) Write(p []byte) (int, error) {
	n := len(p)
	if c := min(len(p), blockSize) + 2; cap(d.buf) < c {
		// One allocation for both streams: neither outgrows its input.
		b := make([]byte, 0, 2*c)
		d.buf, d.tbuf = b[:0:c], b[c:c]
	}
	d.controls += countControls(p)
	d.total += int64(len(p))
	d.write(p, d.buf, d.tbuf)
	return n, nil
}

// write is Write with the filter's output buffers buf and tbuf, each of
// capacity at least min(len(p), blockSize)+2, without counting control
// bytes (the callers do).
func (d *Detector) write(p, buf, tbuf []byte) {
	for len(p) > 0 {
		chunk := p[:min(len(p), blockSize)]
		p = p[len(chunk):]
		d.iso.feed(chunk)
		buf, tbuf = d.f.run(buf[:0], tbuf[:0], chunk, &d.nonASCII, &d.tagNonASCII)
		d.feed(buf)
		d.feedTag(tbuf)
	}
}

// feed gives the compacted bytes b to every live candidate, pruning the
// hopeless ones at the positions of the compacted stream nextPrune gives
// (positions of the stream, so chunking does not matter).
func (d *Detector) feed(b []byte) {
	for len(b) > 0 {
		at := nextPrune(d.fed)
		seg := b[:min(int(at-d.fed), len(b))]
		b = b[len(seg):]
		if !d.noMix {
			for _, c := range seg {
				d.hist[c&0x7F] += uint32(c >> 7) // no branch: ASCII adds 0
			}
		} else {
			for _, c := range seg {
				d.seen[c>>6&1] |= uint64(c>>7) << (c & 63) // ASCII sets nothing
			}
		}
		d.text.feed(seg, &d.dead)
		d.fed += int64(len(seg))
		if d.fed == at {
			d.prune()
		}
	}
}

// feedTag gives the compacted bytes from inside tags to every live
// candidate. Pruning does not look at them (it happens at positions of the
// text stream, and where tag bytes fall relative to those depends on the
// chunking); Guess counts their errors.
func (d *Detector) feedTag(b []byte) {
	if len(b) > 0 {
		d.tag.feed(b, &d.dead)
		for _, c := range b {
			d.seen[c>>6&1] |= uint64(c>>7) << (c & 63) // ASCII sets nothing
		}
	}
}
