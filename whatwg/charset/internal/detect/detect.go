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
package detect

import (
	"encoding/binary"
	"math"
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/webenc/webenc/internal/utf8grammar"
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

// Markup filter states.
const (
	fText = iota
	fLT   // after '<'
	fTag  // inside a tag
	fAmp  // inside a possible character reference
)

// maxRef bounds the length of a character reference the filter recognises.
const maxRef = 32

// filter is the markup filter and the compaction stage.
type filter struct {
	state  uint8
	quote  byte // the quote a tag's attribute value is in, or 0
	bang   bool // the tag started with "<!" (quotes not tracked)
	refLen uint8
	ref    [maxRef]byte
	text   compactor // the text between tags
	tag    compactor // the bytes inside tags
	// tagSpace: a tag ended and no text followed yet. A tag stands
	// between words, so it is one space, unless the text goes on with
	// whitespace ("word</a> word" is "word word", not "word  word").
	tagSpace bool
	// letters counts the ASCII letter pairs of the first text, for the
	// language correction.
	letters letterCounts
}

// maxLetterPairs bounds the pairs of letter symbols letterCounts counts:
// those around the first non-ASCII bytes of the text (beyond, the
// non-ASCII characters decide).
const maxLetterPairs = 64

// letterBefore and letterAfter are how many bytes before and after each
// non-ASCII byte of the text letterCounts looks at: the words around the
// non-ASCII letters, not the whole text (a page's inline script is
// English whatever language its text is in).
const (
	letterBefore = 31
	letterAfter  = 31
)

// letterRing is the size of letterCounts's ring (a power of two above
// letterBefore).
const letterRing = 32

// letterCounts counts the pairs of letter symbols (detect/tables's
// NumLetter: 0 for anything but an ASCII letter, 1 + its index in a..z)
// of the filtered text that end within letterBefore bytes before a
// non-ASCII byte, at it, or within letterAfter bytes after it, but a pair
// of two non-letters, up to maxLetterPairs pairs.
type letterCounts struct {
	ring  [letterRing]uint8 // the symbols of the last bytes, the last at ring[(at-1)%letterRing]
	at    uint8
	fresh uint8 // the last fresh symbols of ring end a pair not counted yet
	after uint8 // the next after bytes are counted as they come
	n     uint16
	pairs [maxLetterPairs]uint16 // the pairs counted, a*NumLetter+b
}

// letterSym is the letter symbol of each byte.
var letterSym = func() (t [256]uint8) {
	for b := 'a'; b <= 'z'; b++ {
		t[b] = uint8(b-'a') + 1
		t[b-0x20] = uint8(b-'a') + 1
	}
	return t
}()

// pair counts the pair of symbols a, b.
func (l *letterCounts) pair(a, b uint8) {
	if a|b == 0 || l.n >= maxLetterPairs {
		return
	}
	l.pairs[l.n] = uint16(a)*tab.NumLetter + uint16(b)
	l.n++
}

// push appends symbol s to the ring.
func (l *letterCounts) push(s uint8) {
	l.ring[l.at%letterRing] = s
	l.at++
}

// last returns the symbol k bytes back (0 is the last byte's).
func (l *letterCounts) last(k uint8) uint8 { return l.ring[(l.at-1-k)%letterRing] }

// addByte takes the next byte of the text.
func (l *letterCounts) addByte(b byte) {
	s := letterSym[b]
	switch {
	case b >= 0x80:
		// The fresh pairs before it, then its own.
		for k := l.fresh; k > 0; k-- {
			l.pair(l.last(k), l.last(k-1))
		}
		l.pair(l.last(0), 0)
		l.fresh, l.after = 0, letterAfter
	case l.after > 0:
		l.pair(l.last(0), s)
		l.after--
	default:
		l.fresh = min(l.fresh+1, letterBefore)
	}
	l.push(s)
}

// add takes the next bytes of the text, all ASCII.
func (l *letterCounts) add(p []byte) {
	for len(p) > 0 && l.after > 0 {
		l.addByte(p[0])
		p = p[1:]
	}
	// Only the last letterRing bytes can matter: they fill the ring, and
	// fresh stops at letterBefore.
	if len(p) > letterRing {
		p = p[len(p)-letterRing:]
	}
	for _, b := range p {
		l.addByte(b)
	}
}

// emitText passes one byte of text to the text compaction, after the
// space of a tag that ended before it unless b is whitespace.
func (f *filter) emitText(dst []byte, b byte) []byte {
	if f.tagSpace {
		f.tagSpace = false
		if !isSpace(b) {
			if f.letters.n < maxLetterPairs {
				f.letters.addByte(' ')
			}
			dst = f.text.emit(dst, ' ')
		}
	}
	if f.letters.n < maxLetterPairs {
		f.letters.addByte(b)
	}
	return f.text.emit(dst, b)
}

func isSpace(b byte) bool { return b == ' ' || b == '\n' || b == '\t' || b == '\r' || b == '\f' }

// compactor is the compaction stage of one stream.
type compactor struct {
	pending    byte // the last byte, not yet decided on
	hasPending bool
	prevHi     bool // the byte before pending was non-ASCII
	prevHi2    bool // the byte before that was non-ASCII
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
	// controls counts the control bytes of the input (isControl), total
	// its bytes, for Binary's test.
	controls, total int64
}

// decoders is the state of every candidate's decoder over one stream.
type decoders struct {
	sb [numSingle]sbState
	mbDecoders
	utf utf8State
	// The start of a stream that may begin inside a character (a chunk
	// of a file): see resync. utfSkip is how many more continuation
	// bytes UTF-8 may skip at the start (a UTF-8 continuation byte is
	// never a first byte, so there is nothing to choose).
	start   resync
	utfSkip uint8
}

// mbDecoders are the decoders of the multi-byte candidates ShiftJIS to
// EUCKR, which its methods take by index m = candidate − ShiftJIS.
type mbDecoders struct {
	sjis  sjisState
	eucjp eucjpState
	gbk   gbkState
	big5  dbcsState
	euckr dbcsState
}

// numMB is the number of multi-byte candidates in mbDecoders.
const numMB = EUCKR - ShiftJIS + 1

// feed gives b to the decoder of candidate ShiftJIS+m.
func (d *mbDecoders) feed(m int, b []byte) {
	switch m {
	case 0:
		d.sjis.feed(b)
	case 1:
		d.eucjp.feed(b)
	case 2:
		d.gbk.feed(b)
	case 3:
		d.big5.feed(b)
	default:
		d.euckr.feed(b)
	}
}

// between reports whether the decoder of candidate ShiftJIS+m is between
// characters.
func (d *mbDecoders) between(m int) bool {
	switch m {
	case 0:
		return d.sjis.lead == 0
	case 1:
		return d.eucjp.lead == 0
	case 2:
		return d.gbk.first == 0
	case 3:
		return d.big5.lead == 0
	}
	return d.euckr.lead == 0
}

// score returns the score of candidate ShiftJIS+m.
func (d *mbDecoders) score(m int) *mbScore {
	switch m {
	case 0:
		return &d.sjis.mbScore
	case 1:
		return &d.eucjp.mbScore
	case 2:
		return &d.gbk.mbScore
	case 3:
		return &d.big5.mbScore
	}
	return &d.euckr.mbScore
}

// set makes the decoder of candidate ShiftJIS+m that of from.
func (d *mbDecoders) set(m int, from *mbDecoders) {
	switch m {
	case 0:
		d.sjis = from.sjis
	case 1:
		d.eucjp = from.eucjp
	case 2:
		d.gbk = from.gbk
	case 3:
		d.big5 = from.big5
	default:
		d.euckr = from.euckr
	}
}

// resync decodes the start of a stream that may begin inside a character,
// for the multi-byte candidates: a sequence cut by the start of the window
// is no error, as one cut by its end is not. Besides a candidate's own
// decoder, which starts at the first byte, its decoder in alt[k-1] starts
// k bytes later (for k up to n, while the bytes it skips are not ASCII),
// charged truncatedCost for the cut sequence. Once all of them are between
// characters after the same byte, they decode the rest alike: the best
// (fewest errors, then least cost) is kept and the others dropped; so it is
// after resyncSpan bytes at the latest.
type resync struct {
	alt  [2]mbDecoders
	n    [numMB]uint8 // alternatives in play: alt[:n[m]]; 0 once settled
	seen [numMB]uint8 // bytes of the stream decoded so far
}

// resyncSpan bounds the bytes a candidate decodes with alternatives.
const resyncSpan = 255

// resyncSkips is, per multi-byte candidate, how many bytes of a character
// can come before the stream's first, not counting ASCII bytes (which are
// never skipped: a gb18030 four-byte sequence's second and fourth bytes
// are ASCII digits; one cut there decodes with an error or two).
var resyncSkips = [numMB]uint8{1, 2, 1, 1, 1}

// feedMB gives b to the decoder of candidate ShiftJIS+m and, while its
// start is unsettled, to its alternatives.
func (c *decoders) feedMB(m int, b []byte) {
	r := &c.start
	for r.n[m] > 0 && len(b) > 0 {
		one := b[:1]
		b = b[1:]
		j := r.seen[m]
		if one[0] < 0x80 && j < r.n[m] {
			r.n[m] = j // the alternatives that would skip an ASCII byte
		}
		c.mbDecoders.feed(m, one)
		all := c.mbDecoders.between(m)
		for k := uint8(1); k <= r.n[m]; k++ {
			a := &r.alt[k-1]
			if j >= k {
				a.feed(m, one)
			}
			all = all && a.between(m)
		}
		r.seen[m]++
		if r.seen[m] >= r.n[m] && all || r.seen[m] == resyncSpan {
			c.settle(m)
		}
	}
	if len(b) > 0 {
		c.mbDecoders.feed(m, b)
	}
}

// best returns the decoders holding the best decoder so far of candidate
// ShiftJIS+m: c's own or an alternative.
func (c *decoders) best(m int) *mbDecoders {
	best := &c.mbDecoders
	for k := range c.start.alt[:c.start.n[m]] {
		a, b := c.start.alt[k].score(m), best.score(m)
		if a.errs < b.errs || a.errs == b.errs && a.cost < b.cost {
			best = &c.start.alt[k]
		}
	}
	return best
}

// settle keeps the best decoder of candidate ShiftJIS+m as c's own.
func (c *decoders) settle(m int) {
	if b := c.best(m); b != &c.mbDecoders {
		c.mbDecoders.set(m, b)
	}
	c.start.n[m] = 0
}

// init readies the decoders; start says whether they decode the start of
// the input's text, which may begin inside a character (the stream of
// bytes inside tags begins after a '<').
func (c *decoders) init(start bool) {
	for i := range c.sb {
		c.sb[i].prev = tab.ClassSpace
	}
	c.sjis.prev = tab.ClassSpace
	c.eucjp.prev = tab.ClassSpace
	c.gbk.prev = tab.ClassSpace
	c.big5.prev = tab.ClassSpace
	c.euckr.prev = tab.ClassSpace
	c.big5.form, c.euckr.form = &big5Form, &euckrForm
	if start {
		c.start.n = resyncSkips
		for k := range c.start.alt {
			a := &c.start.alt[k]
			*a = c.mbDecoders
			for m := 0; m < numMB; m++ {
				a.score(m).cost = truncatedCost
			}
		}
		c.utfSkip = 3
	}
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
	candidate, ev := detect(content, tld, allowUTF8)
	return candidate, ev.confidence()
}

// detect is Detect with the evidence its confidence is calibrated from.
func detect(content []byte, tld string, allowUTF8 bool) (candidate int, ev evidence) {
	controls := countControls(content)
	if binaryData(controls, int64(len(content))) {
		return Windows1252, evidence{}
	}
	if allowUTF8 {
		// Valid UTF-8 is UTF-8 whatever the other candidates score; one
		// validation pass costs far less than scoring them.
		if ok, multi := wholeUTF8(content); ok {
			return UTF8, evidence{kindUTF8, utf8Level(multi)}
		}
	}
	var d Detector
	d.text.init(true)
	d.tag.init(false)
	d.controls, d.total = controls, int64(len(content))
	var space [2 * (blockSize + 2)]byte
	d.write(content, space[:0:blockSize+2], space[blockSize+2:blockSize+2])
	return d.guess(tld, allowUTF8)
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

// isControl marks the bytes text does not hold: NUL and the C0 controls
// but tab, line feed, form feed, carriage return and escape (which
// ISO-2022-JP uses).
var isControl = func() (t [256]uint8) {
	for b := 0; b < 0x20; b++ {
		switch b {
		case '\t', '\n', '\f', '\r', 0x1B:
		default:
			t[b] = 1
		}
	}
	return t
}()

// countControls returns the number of bytes of b that isControl marks. It
// looks at eight bytes at a time, and at each byte only of the words that
// hold a byte below 0x20 (text has one per line).
func countControls(b []byte) (n int64) {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	j := 0
	for ; j+8 <= len(b); j += 8 {
		w := binary.LittleEndian.Uint64(b[j:])
		// A byte below 0x20 is ASCII and borrows when 0x20 is subtracted
		// from it; the test may also flag bytes above a real hit, never
		// a word without one.
		if (w-0x20*lo)&^w&hi != 0 {
			for _, c := range b[j : j+8] {
				n += int64(isControl[c])
			}
		}
	}
	for _, c := range b[j:] {
		n += int64(isControl[c])
	}
	return n
}

// binaryData is Binary's test on counts: at least two control bytes,
// making more than 1% of the bytes. Text holds next to none (a page's
// stray control byte is one in thousands); random bytes, compressed data,
// images and executables hold about 11% or more.
func binaryData(controls, total int64) bool {
	return controls >= 2 && controls*100 > total
}

// Binary reports whether content is binary data rather than text, by the
// share of control bytes text does not hold (see Guess).
func Binary(content []byte) bool {
	return binaryData(countControls(content), int64(len(content)))
}

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
	}
}

// feed gives b to the decoder of every candidate that is not dead.
func (c *decoders) feed(b []byte, dead *[NumCandidates]bool) {
	for i := range c.sb {
		if !dead[i] {
			c.sb[i].feed(&tab.SingleBytes[i], b)
		}
	}
	if !dead[ShiftJIS] {
		c.feedMB(0, b)
	}
	if !dead[EUCJP] {
		c.feedMB(1, b)
	}
	if !dead[GBK] {
		c.feedMB(2, b)
	}
	if !dead[Big5] {
		c.feedMB(3, b)
	}
	if !dead[EUCKR] {
		c.feedMB(4, b)
	}
	if c.utf.errs == 0 {
		u := b
		for ; c.utfSkip > 0 && len(u) > 0; c.utfSkip-- {
			if u[0] < 0x80 || u[0] > 0xBF {
				c.utfSkip = 0
				break
			}
			u = u[1:]
		}
		c.utf.feed(u)
	}
}

// scores returns the errors and costs of the scored candidates (all but
// ISO-2022-JP and UTF-8) over the stream c decoded.
func (c *decoders) scores() (errs [ISO2022JP]uint32, cost [ISO2022JP]int64) {
	for i := 0; i < numSingle; i++ {
		errs[i], cost[i] = c.sb[i].errs, int64(c.sb[i].cost)
	}
	for i, s := range c.mbScores() {
		errs[ShiftJIS+i], cost[ShiftJIS+i] = s.errs, int64(s.cost)
	}
	return errs, cost
}

// mbScores returns the scores of the multi-byte candidates, from ShiftJIS
// to EUCKR (while a candidate's start is unsettled, the best of its
// decoders so far).
func (c *decoders) mbScores() (s [numMB]*mbScore) {
	for m := range s {
		s[m] = c.best(m).score(m)
	}
	return s
}

// settleAll ends the start of the stream for every multi-byte candidate.
func (c *decoders) settleAll() {
	for m := 0; m < numMB; m++ {
		c.settle(m)
	}
}

// scores returns the text's costs and the errors of text and tags.
func (d *Detector) scores() (errs [ISO2022JP]uint32, cost [ISO2022JP]int64) {
	errs, cost = d.text.scores()
	tagErrs, _ := d.tag.scores()
	for i := range errs {
		errs[i] += tagErrs[i]
	}
	return errs, cost
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
	high := int64(-1) // the text's non-ASCII characters so far, once beyondMixture counts them
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
			(i >= numSingle || !multiLang[i] || d.beyondMixture(i, gap, &high)) {
			d.dead[i] = true
		} else if i < numSingle && multiLang[i] {
			d.noMix = false
		}
	}
}

// beyondMixture reports whether single-byte candidate i, gap past the
// pruning margin, stays past it with the most its language correction
// could take off (mixtureBound). It first tries the cheaper bound of
// maxGain per non-ASCII character (*high counts them, when it is not
// negative already).
func (d *Detector) beyondMixture(i int, gap int64, high *int64) bool {
	if *high < 0 {
		*high = 0
		for _, n := range d.hist {
			*high += int64(n)
		}
	}
	if gap > *high*int64(maxGain[tab.SingleBytes[i].Model]) {
		return true
	}
	return gap+d.mixtureBound(i) > 0
}

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
// text (at most 0): their cost under the component of the mixture that
// gives them the lowest, its weight left out, in place of the family's.
func (d *Detector) mixtureBound(i int) int64 {
	t := &tab.SingleBytes[i]
	m := &tab.Models[t.Model]
	var sums [maxLangs]int64
	var ref int64
	for j, n := range d.hist {
		if n == 0 {
			continue
		}
		c := int(uint8(t.Class[j+0x80]))
		ref += int64(n) * int64(m.RefCost[c])
		for l := 0; l < m.Langs; l++ {
			sums[l] += int64(n) * int64(m.LangCost[l*m.N+c])
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

// run filters src, appending the compacted text to dst and the compacted
// bytes from inside tags to tdst.
func (f *filter) run(dst, tdst, src []byte, nonASCII, tagNonASCII *int64) ([]byte, []byte) {
	for i := 0; i < len(src); i++ {
		b := src[i]
		switch f.state {
		case fText:
			// Fast path: a run of plain ASCII text. Only its first two
			// bytes and its last can be next to a non-ASCII byte, so
			// emitting just those leaves the compaction in the state
			// emitting them all would.
			if plain[b] {
				if j := i + plainPrefix(src[i:]); j-i >= 3 {
					dst = f.emitText(dst, src[i])
					if f.letters.n < maxLetterPairs {
						f.letters.add(src[i+1 : j])
					}
					dst = f.text.emit(dst, src[i+1])
					dst = f.text.emit(dst, src[j-1])
					i = j - 1
					continue
				}
			}
			if b >= 0x80 {
				// Fast path: a run of non-ASCII bytes, all of which
				// the compaction keeps.
				j := i + highPrefix(src[i:])
				*nonASCII += int64(j - i)
				dst = f.emitHighRun(dst, src[i:j])
				i = j - 1
				continue
			}
			switch b {
			case '<':
				f.state = fLT
				continue
			case '&':
				f.state, f.refLen = fAmp, 0
				continue
			case 0:
				b = 1 // 0 is the filter's neutral mark
			}
			dst = f.emitText(dst, b)
		case fLT:
			if isAlpha(b) || b == '/' || b == '!' || b == '?' {
				f.state, f.quote, f.bang = fTag, 0, b == '!'
				tdst = f.tag.emit(tdst, b)
				continue
			}
			dst = f.emitText(dst, '<')
			f.state = fText
			i-- // reprocess b as text
		case fTag:
			// Fast path: a run of ASCII bytes that change nothing in
			// the tag's state; as for text, its first two bytes and
			// its last are all the compaction can keep.
			if tagPlain[b] {
				if j := i + tagPlainPrefix(src[i:]); j-i >= 3 {
					tdst = f.tag.emit(tdst, src[i])
					tdst = f.tag.emit(tdst, src[i+1])
					tdst = f.tag.emit(tdst, src[j-1])
					i = j - 1
					continue
				}
			}
			// Inside a tag every byte goes to the tag stream, ending
			// with a space at '>' (so that no sequence spans two tags).
			if b >= 0x80 {
				*tagNonASCII++
			}
			if b == 0 {
				b = 1
			}
			if b == '>' && f.quote == 0 {
				tdst = f.tag.emit(tdst, ' ')
			} else {
				tdst = f.tag.emit(tdst, b)
			}
			switch {
			case f.quote != 0:
				if b == f.quote {
					f.quote = 0
				}
			case b == '>':
				f.state = fText
				f.tagSpace = true
			case (b == '"' || b == '\'') && !f.bang:
				f.quote = b
			}
		case fAmp:
			if b == ';' && f.refLen > 0 {
				f.state = fText
				dst = f.emitText(dst, 0)
				continue
			}
			if (isAlpha(b) || (b >= '0' && b <= '9') || b == '#') && f.refLen < maxRef {
				f.ref[f.refLen] = b
				f.refLen++
				continue
			}
			dst = f.flushRef(dst)
			f.state = fText
			i-- // reprocess b as text
		}
	}
	return dst, tdst
}

// flushRef emits a '&' and the bytes after it that turned out not to be a
// character reference.
func (f *filter) flushRef(dst []byte) []byte {
	dst = f.emitText(dst, '&')
	for _, c := range f.ref[:f.refLen] {
		dst = f.emitText(dst, c)
	}
	f.refLen = 0
	return dst
}

// finish emits what the filter holds at the end of the stream: the rest
// of the text to dst, of the tag stream to tdst.
func (f *filter) finish(dst, tdst []byte) ([]byte, []byte) {
	switch f.state {
	case fLT:
		dst = f.emitText(dst, '<')
	case fAmp:
		dst = f.flushRef(dst)
	}
	f.state = fText
	if f.tagSpace {
		f.tagSpace = false
		dst = f.text.emit(dst, ' ')
	}
	return f.text.finish(dst), f.tag.finish(tdst)
}

// finish emits the pending byte if it is kept.
func (f *compactor) finish(dst []byte) []byte {
	if f.hasPending && (f.pending >= 0x80 || f.prevHi || f.prevHi2) {
		dst = append(dst, f.pending)
	}
	f.hasPending = false
	return dst
}

// emit passes one filtered byte to the compaction stage: a byte is kept if
// it, the byte after it or one of the two before it is non-ASCII (two, so
// that a multi-byte candidate sees the byte that ends a sequence such as
// gb18030's 0x81 0x30 0x81 0x30 and its errors).
func (f *compactor) emit(dst []byte, b byte) []byte {
	if f.hasPending {
		p := f.pending
		if p >= 0x80 || f.prevHi || f.prevHi2 || b >= 0x80 {
			dst = append(dst, p)
		}
		f.prevHi2, f.prevHi = f.prevHi, p >= 0x80
	}
	f.pending, f.hasPending = b, true
	return dst
}

// plainPrefix returns the length of the longest prefix of b made of plain
// bytes (the text the filter passes through unchanged).
func plainPrefix(b []byte) int { return asciiRun(b, &plain, '<', '&', '&') }

// tagPlainPrefix returns the length of the longest prefix of b made of
// bytes that tagPlain marks.
func tagPlainPrefix(b []byte) int { return asciiRun(b, &tagPlain, '>', '"', '\'') }

// asciiRun returns the length of the longest prefix of b made of bytes
// that table marks: the ASCII bytes other than 0, x, y and z. It looks at
// eight bytes at a time: a word holds a byte the table does not mark if a
// byte has its high bit set, is zero, or equals x, y or z. (The zero-byte
// test can also flag bytes above a real hit, never below, so the lowest
// flagged byte is exact.)
func asciiRun(b []byte, table *[256]bool, x, y, z byte) int {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	zero := func(x uint64) uint64 { return (x - lo) &^ x & hi }
	xs, ys, zs := lo*uint64(x), lo*uint64(y), lo*uint64(z)
	j := 0
	for ; j+8 <= len(b); j += 8 {
		w := binary.LittleEndian.Uint64(b[j:])
		if m := w&hi | zero(w) | zero(w^xs) | zero(w^ys) | zero(w^zs); m != 0 {
			return j + bits.TrailingZeros64(m)>>3
		}
	}
	for j < len(b) && table[b[j]] {
		j++
	}
	return j
}

// highPrefix returns the length of the longest prefix of b made of
// non-ASCII bytes, eight at a time.
func highPrefix(b []byte) int {
	const hi = 0x8080808080808080
	j := 0
	for ; j+8 <= len(b); j += 8 {
		w := binary.LittleEndian.Uint64(b[j:])
		if m := ^w & hi; m != 0 {
			return j + bits.TrailingZeros64(m)>>3
		}
	}
	for j < len(b) && b[j] >= 0x80 {
		j++
	}
	return j
}

// emitHighRun passes the non-ASCII bytes run (not empty) to the text
// compaction, as emitText would one at a time: every byte of it is kept,
// and the last is pending.
func (f *filter) emitHighRun(dst, run []byte) []byte {
	dst = f.emitText(dst, run[0])
	if len(run) == 1 {
		return dst
	}
	c := &f.text
	prevHi := c.prevHi // the byte before run[0]'s
	dst = append(dst, run[:len(run)-1]...)
	c.pending = run[len(run)-1]
	c.prevHi2, c.prevHi = len(run) > 2 || prevHi, true
	return dst
}

// tagPlain marks the ASCII bytes that go to the tag stream unchanged and
// leave the tag's state as it is: all but '>' and the quotes.
var tagPlain = func() (t [256]bool) {
	for b := 1; b < 0x80; b++ {
		t[b] = b != '>' && b != '"' && b != '\''
	}
	return t
}()

// plain marks the ASCII bytes the filter passes through unchanged.
var plain = func() (t [256]bool) {
	for b := 1; b < 0x80; b++ {
		t[b] = b != '<' && b != '&'
	}
	return t
}()

func isAlpha(b byte) bool { return (b|0x20) >= 'a' && (b|0x20) <= 'z' }

// sbState is a single-byte candidate's evidence.
type sbState struct {
	cost uint32
	errs uint32
	prev uint16 // class | case<<14 of the previous byte
	// near says whether the previous byte (bit 0) and the one before it
	// (bit 1) are non-ASCII.
	near uint8
}

// feed scores every pair of characters of which the second, the first or
// the one before the first is non-ASCII: the pair after the one that
// follows a non-ASCII character says whether the text around it is in
// the model's script (" å b" in Norwegian is plausible; a lone Arabic
// letter between Latin words is not, though the Arabic model finds
// " ه " alone plausible). A character's within-class cost depends on
// the previous one's case: right after a letter or an apostrophe (case 1
// to 3) a symbol is rarer than anywhere ("c½ur").
func (s *sbState) feed(t *tab.SingleByte, b []byte) {
	m := &tab.Models[t.Model]
	big, cse, n := m.Bigram, m.Case, m.N
	cost, errs, prev, near := s.cost, s.errs, s.prev, s.near
	for _, c := range b {
		cl := t.Class[c]
		hi := uint8(c >> 7)
		if hi|near != 0 {
			// The case is in the top two bits: prev>>14 < 4 needs no
			// bounds check.
			cost += uint32(big[int(prev&0xFF)*n+int(cl&0xFF)]) + uint32(cse[int(prev>>14)*4+int(cl>>14)]) + uint32(t.Cost[prev>>14][c])
			if cl == tab.ClassErr {
				errs++
			}
		}
		prev, near = cl, (near<<1|hi)&3
	}
	s.cost, s.errs, s.prev, s.near = cost, errs, prev, near
}

// mbScore is the scoring part of a multi-byte candidate: characters come
// in with their class and within-class cost.
type mbScore struct {
	cost   uint32
	errs   uint32
	chars  uint32 // the multi-byte characters decoded
	prev   uint8
	prevHi bool
}

// char scores one decoded character of model m.
func (s *mbScore) char(m *tab.Model, class uint8, within uint8, hi bool) {
	if hi || s.prevHi {
		s.cost += uint32(m.Bigram[int(s.prev)*m.N+int(class)]) + uint32(within)
	}
	s.prev, s.prevHi = class, hi
}

// ascii scores an ASCII byte.
func (s *mbScore) ascii(m *tab.Model, b byte) {
	v := m.ASCII[b]
	s.char(m, uint8(v), uint8(v>>8), false)
}

// err scores a decoder error.
func (s *mbScore) err(m *tab.Model) {
	s.errs++
	s.char(m, tab.ClassErr, 0, true)
}

// pointer scores the character at pointer p of table t (an error if the
// index has none); it reports whether there was one.
func (s *mbScore) pointer(m *tab.Model, t *tab.Pointers, p int) bool {
	e := t.Index[p]
	c := t.Class[e]
	if c == tab.ClassErr {
		s.errs++
	}
	s.chars++
	s.char(m, c, t.Cost[e], true)
	return c != tab.ClassErr
}

// fourByteCost is the within-class cost of a gb18030 four-byte character:
// about 2^-20.
const fourByteCost = 80

// truncatedCost is the cost of a multi-byte sequence cut by the end of the
// stream: about 2^-16.
const truncatedCost = 64

// sjisState is the Shift_JIS decoder's state.
type sjisState struct {
	mbScore
	lead byte
}

func (s *sjisState) feed(b []byte) {
	m := &tab.Models[tab.JIS0208.Model]
	for i := 0; i < len(b); i++ {
		c := b[i]
		if s.lead != 0 {
			l := s.lead
			s.lead = 0
			if (c >= 0x40 && c <= 0x7E) || (c >= 0x80 && c <= 0xFC) {
				off, lo := 0x40, 0x81
				if c >= 0x7F {
					off = 0x41
				}
				if l >= 0xA0 {
					lo = 0xC1
				}
				if s.pointer(m, &tab.JIS0208, (int(l)-lo)*188+int(c)-off) || c >= 0x80 {
					continue
				}
			} else {
				s.err(m)
				if c >= 0x80 {
					continue
				}
			}
			// The Standard restores an ASCII trail byte.
		}
		switch {
		case c < 0x80:
			s.ascii(m, c)
		case c == 0x80:
			s.char(m, tab.ClassJunk, 0, true)
		case c >= 0xA1 && c <= 0xDF:
			s.pointer(m, &tab.JIS0208, 11280+int(c)-0xA1)
		case c <= 0x9F || (c >= 0xE0 && c <= 0xFC):
			s.lead = c
		default:
			s.err(m)
		}
	}
}

// eucjpState is the EUC-JP decoder's state.
type eucjpState struct {
	mbScore
	lead   byte
	jis212 bool
}

func (s *eucjpState) feed(b []byte) {
	m := &tab.Models[tab.JIS0208.Model]
	for i := 0; i < len(b); i++ {
		c := b[i]
		if s.lead == 0x8E && c >= 0xA1 && c <= 0xDF {
			s.lead = 0
			s.pointer(m, &tab.JIS0208, 11280+int(c)-0xA1)
			continue
		}
		if s.lead == 0x8F && c >= 0xA1 && c <= 0xFE {
			s.jis212, s.lead = true, c
			continue
		}
		if s.lead != 0 {
			l := s.lead
			s.lead = 0
			j := s.jis212
			s.jis212 = false
			if l >= 0xA1 && l <= 0xFE && c >= 0xA1 && c <= 0xFE {
				t := &tab.JIS0208
				if j {
					t = &tab.JIS0212
				}
				s.pointer(m, t, (int(l)-0xA1)*94+int(c)-0xA1)
				continue
			}
			s.err(m)
			if c >= 0x80 {
				continue
			}
		}
		switch {
		case c < 0x80:
			s.ascii(m, c)
		case c == 0x8E || c == 0x8F || (c >= 0xA1 && c <= 0xFE):
			s.lead = c
		default:
			s.err(m)
		}
	}
}

// gbkState is the gb18030 decoder's state (GBK uses the same decoder).
type gbkState struct {
	mbScore
	first, second, third byte
}

func (s *gbkState) feed(b []byte) {
	m := &tab.Models[tab.GBK.Model]
	for _, c := range b {
		s.byte(m, c)
	}
}

func (s *gbkState) byte(m *tab.Model, c byte) {
	switch {
	case s.third != 0:
		if c < 0x30 || c > 0x39 {
			second, third := s.second, s.third
			s.first, s.second, s.third = 0, 0, 0
			s.err(m)
			s.byte(m, second)
			s.byte(m, third)
			s.byte(m, c)
			return
		}
		p := (int(s.first)-0x81)*12600 + (int(s.second)-0x30)*1260 + (int(s.third)-0x81)*10 + int(c) - 0x30
		s.first, s.second, s.third = 0, 0, 0
		if (p > 39419 && p < 189000) || p > 1237575 {
			s.err(m)
			return
		}
		s.char(m, tab.ClassSymbol, fourByteCost, true)
	case s.second != 0:
		if c >= 0x81 && c <= 0xFE {
			s.third = c
			return
		}
		second := s.second
		s.first, s.second = 0, 0
		s.err(m)
		s.byte(m, second)
		s.byte(m, c)
	case s.first != 0:
		if c >= 0x30 && c <= 0x39 {
			s.second = c
			return
		}
		l := s.first
		s.first = 0
		if (c >= 0x40 && c <= 0x7E) || (c >= 0x80 && c <= 0xFE) {
			off := 0x40
			if c >= 0x7F {
				off = 0x41
			}
			if s.pointer(m, &tab.GBK, (int(l)-0x81)*190+int(c)-off) || c >= 0x80 {
				return
			}
		} else {
			s.err(m)
			if c >= 0x80 {
				return
			}
		}
		s.byte(m, c)
	case c < 0x80:
		s.ascii(m, c)
	case c == 0x80:
		s.pointer(m, &tab.GBK, 23940)
	case c == 0xFF:
		s.err(m)
	default:
		s.first = c
	}
}

// dbcsForm is the part of the Big5 and EUC-KR decoders that differs: step
// 3's pointer rule. A trail byte in [lo1, hi1] has column byte − lo1, one
// in [lo2, hi2] column byte − off2 (an empty range when lo2 > hi2); the
// pointer is (lead − 0x81) × row + column.
type dbcsForm struct {
	row                int
	lo1, hi1, lo2, hi2 byte
	off2               byte
	ptrs               *tab.Pointers
}

// big5Form: trail 0x40–0x7E (offset 0x40) or 0xA1–0xFE (offset 0x62),
// 157 columns.
var big5Form = dbcsForm{row: 157, lo1: 0x40, hi1: 0x7E, lo2: 0xA1, hi2: 0xFE, off2: 0x62, ptrs: &tab.Big5}

// euckrForm: trail 0x41–0xFE (offset 0x41), 190 columns.
var euckrForm = dbcsForm{row: 190, lo1: 0x41, hi1: 0xFE, lo2: 1, hi2: 0, ptrs: &tab.EUCKR}

// dbcsState is the state of the Big5 or EUC-KR decoder: a lead byte.
type dbcsState struct {
	mbScore
	lead byte
	form *dbcsForm
}

func (s *dbcsState) feed(b []byte) {
	f := s.form
	m := &tab.Models[f.ptrs.Model]
	for i := 0; i < len(b); i++ {
		c := b[i]
		if s.lead != 0 {
			l := s.lead
			s.lead = 0
			col := -1
			switch {
			case c >= f.lo1 && c <= f.hi1:
				col = int(c - f.lo1)
			case c >= f.lo2 && c <= f.hi2:
				col = int(c - f.off2)
			}
			if col >= 0 {
				if s.pointer(m, f.ptrs, (int(l)-0x81)*f.row+col) || c >= 0x80 {
					continue
				}
			} else {
				// An error; an ASCII byte is restored (decoded below).
				s.err(m)
				if c >= 0x80 {
					continue
				}
			}
		}
		switch {
		case c < 0x80:
			s.ascii(m, c)
		case c >= 0x81 && c <= 0xFE:
			s.lead = c
		default:
			s.err(m)
		}
	}
}

// utf8State is the UTF-8 decoder's state (validity only).
type utf8State struct {
	errs        uint32
	multi       uint32 // multi-byte sequences decoded
	needed      uint8
	lower, uppr byte
}

func (s *utf8State) feed(b []byte) {
	for i := 0; i < len(b); i++ {
		c := b[i]
		if s.needed == 0 {
			switch n := utf8grammar.Size(c); n {
			case 1:
			case 0:
				s.errs++
			default:
				s.needed = uint8(n - 1)
				s.lower, s.uppr = utf8grammar.Second(c)
			}
			continue
		}
		if c < s.lower || c > s.uppr {
			s.needed = 0
			s.errs++
			i-- // the Standard restores the byte
			continue
		}
		s.lower, s.uppr = 0x80, 0xBF
		s.needed--
		if s.needed == 0 {
			s.multi++
		}
	}
}

// ISO-2022-JP decoder states.
const (
	isoASCII = iota
	isoRoman
	isoKatakana
	isoLead
	isoTrail
	isoEscStart
	isoEscape
)

// isoState is the ISO-2022-JP decoder's state, on the raw stream.
type isoState struct {
	errs       uint32
	chars      uint32 // characters decoded in katakana or JIS X 0208 mode
	state, out uint8
	lead       byte
	outFlag    bool
}

func (s *isoState) feed(b []byte) {
	if s.errs > 0 {
		return // eliminated
	}
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch s.state {
		case isoASCII, isoRoman:
			switch {
			case c == 0x1B:
				s.state = isoEscStart
			case c < 0x80 && c != 0x0E && c != 0x0F:
				s.outFlag = false
			default:
				s.errs++
				return
			}
		case isoKatakana:
			switch {
			case c == 0x1B:
				s.state = isoEscStart
			case c >= 0x21 && c <= 0x5F:
				s.outFlag = false
				s.chars++
			default:
				s.errs++
				return
			}
		case isoLead:
			switch {
			case c == 0x1B:
				s.state = isoEscStart
			case c >= 0x21 && c <= 0x7E:
				s.outFlag, s.lead, s.state = false, c, isoTrail
			default:
				s.errs++
				return
			}
		case isoTrail:
			if c >= 0x21 && c <= 0x7E {
				s.state = isoLead
				e := tab.JIS0208.Index[(int(s.lead)-0x21)*94+int(c)-0x21]
				if tab.JIS0208.Class[e] == tab.ClassErr {
					s.errs++
					return
				}
				s.chars++
				continue
			}
			s.errs++
			return
		case isoEscStart:
			if c == 0x24 || c == 0x28 {
				s.lead, s.state = c, isoEscape
				continue
			}
			s.errs++
			return
		case isoEscape:
			next := uint8(255)
			switch {
			case s.lead == 0x28 && c == 0x42:
				next = isoASCII
			case s.lead == 0x28 && c == 0x4A:
				next = isoRoman
			case s.lead == 0x28 && c == 0x49:
				next = isoKatakana
			case s.lead == 0x24 && (c == 0x40 || c == 0x42):
				next = isoLead
			}
			if next == 255 || s.outFlag {
				s.errs++
				return
			}
			s.lead, s.state, s.out, s.outFlag = 0, next, next, true
		}
	}
}

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
	case name == "IBM866":
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

// correctLanguages replaces, in the cost of every live single-byte
// candidate whose family has a mixture of languages, the family's unigram
// cost of the text's non-ASCII characters with their cost under a mixture
// of the family's languages, each equally likely (detect/tables's
// LangCost and LangWeight; languages alike are grouped into one component
// of the mixture, weighed by their number): −log2 of the sum over the
// components of 2^−(the component's weight and the characters' cost).
// Letters of different languages side by side ("naðlystë" is Lithuanian
// read as windows-1252: Icelandic ð, Albanian ë) fit no language, and
// letters of one language that is rare in the family's text (Italian ò)
// fit that language well.
//
// For a Latin-script family each component also scores the ASCII letter
// pairs around the text's first non-ASCII bytes (letterCounts; Model.
// LetterCost), against the reference cost (LetterRef) that every other
// family gives them: Italian "in ciò una" read as windows-1250's
// "in ciň una" has a Czech letter in words no Central European language
// writes, Tahitian "fa'aō" read as windows-1252's "fa'aô" a French letter
// in Tahitian words. Among the encodings of one family the pairs change
// little, so they are scored only when candidates of more than one
// family could still win. Under a component they cost at most letterCap
// more than the reference.
func (d *Detector) correctLanguages(errs *[ISO2022JP]uint32, cost *[ISO2022JP]int64) {
	type count struct {
		b byte
		n uint32
	}
	var seen [128]count
	k := 0
	for i, n := range d.hist {
		if n > 0 {
			seen[k] = count{byte(i + 0x80), n}
			k++
		}
	}
	if k == 0 {
		return
	}
	used := seen[:k]
	// Only the candidates that could still win are corrected: as few
	// errors as the best, and not so far behind that the next pruning
	// would drop them (as pruning does, with what the correction could
	// take off their cost at most: beyondMixture).
	fewest, least := uint32(math.MaxUint32), int64(math.MaxInt64)
	for i := range errs {
		if !d.dead[i] && (errs[i] < fewest || errs[i] == fewest && cost[i] < least) {
			fewest, least = errs[i], cost[i]
		}
	}
	// The text's count of each class, for the candidate at hand.
	type classCount struct {
		c uint8
		n int64
	}
	var slot [256]uint8 // 1 + the index in byClass of a class, or 0
	var byClass [128]classCount
	var letterCost [len(tab.Models)][maxLangs]int32
	var haveLetters [len(tab.Models)]bool
	pairs := d.f.letters.pairs[:d.f.letters.n]
	if !rivalFamilies(d, errs, cost, fewest, least) {
		// The letters around the non-ASCII ones tell families apart;
		// among the encodings of one family they change little.
		pairs = nil
	}
	high := int64(-1) // the text's non-ASCII characters, once beyondMixture counts them
	var letterRef int64
	for _, x := range pairs {
		letterRef += int64(tab.LetterRef[x])
	}
	for i := 0; i < numSingle; i++ {
		t := &tab.SingleBytes[i]
		m := &tab.Models[t.Model]
		if gap := cost[i] - least - pruneMargin; d.dead[i] || m.Langs < 1 || errs[i] > fewest || gap > 0 && d.beyondMixture(i, gap, &high) {
			continue
		}
		nc := 0
		for _, u := range used {
			c := uint8(t.Class[u.b])
			if slot[c] == 0 {
				byClass[nc] = classCount{c, 0}
				nc++
				slot[c] = uint8(nc)
			}
			byClass[slot[c]-1].n += int64(u.n)
		}
		classes := byClass[:nc]
		var ref int64
		for _, u := range classes {
			ref += u.n * int64(m.RefCost[u.c])
			slot[u.c] = 0
		}
		// The ASCII letter pairs under each component, once per model
		// (the candidates of a family share them), against the
		// reference cost every family without them gives.
		var letters *[maxLangs]int32
		if m.LetterCost != "" && len(pairs) > 0 {
			mi := t.Model
			if !haveLetters[mi] {
				haveLetters[mi] = true
				letterSums(&letterCost[mi], m, pairs)
			}
			letters = &letterCost[mi]
			ref += letterRef
		}
		// The costs of the components, then −log2 of the sum of
		// 2^−cost, computed from the lowest so that the powers do not
		// underflow.
		var lc [maxLangs]int64
		best := int64(math.MaxInt64)
		for l := 0; l < m.Langs; l++ {
			row := m.LangCost[l*m.N : (l+1)*m.N]
			x := int64(m.LangWeight[l])
			for _, u := range classes {
				x += u.n * int64(row[u.c])
			}
			if letters != nil {
				x += min(int64(letters[l]), letterRef+letterCap)
			}
			lc[l] = x
			best = min(best, x)
		}
		var sum float64
		for _, x := range lc[:m.Langs] {
			if d := x - best; d < int64(len(pow2Quarter)) {
				sum += pow2Quarter[d]
			}
		}
		mix := float64(best) - 4*math.Log2(sum)
		cost[i] += int64(math.Round(mix)) - ref
	}
}

// letterSums sets sums[l] to the cost of the letter pairs under component l
// of m's mixture (detect/tables's LetterCost: a row of components per
// pair, a multiple of 8 long). It adds eight components' costs at a time,
// each to a 16-bit lane of a word: a cost is at most 255, so the lanes
// hold the sum of maxLetterPairs of them without carrying into the next.
func letterSums(sums *[maxLangs]int32, m *tab.Model, pairs []uint16) {
	const lanes = 0x00FF00FF00FF00FF // the low byte of each 16-bit lane
	stride := (m.Langs + 7) &^ 7
	var acc [maxLangs / 4]uint64 // acc[2k] components 8k, 8k+2, 8k+4, 8k+6; acc[2k+1] the odd ones
	for _, x := range pairs {
		row := m.LetterCost[int(x)*stride : int(x)*stride+stride]
		for j := 0; j+8 <= len(row); j += 8 {
			w := uint64(row[j]) | uint64(row[j+1])<<8 | uint64(row[j+2])<<16 | uint64(row[j+3])<<24 |
				uint64(row[j+4])<<32 | uint64(row[j+5])<<40 | uint64(row[j+6])<<48 | uint64(row[j+7])<<56
			acc[j/4] += w & lanes
			acc[j/4+1] += w >> 8 & lanes
		}
	}
	for l := 0; l < m.Langs; l++ {
		// Component l is in word 2(l/8) (even l) or 2(l/8)+1 (odd l),
		// lane (l%8)/2.
		w := acc[l/8*2+l%2]
		sums[l] = int32(w >> (16 * (l % 8 / 2)) & 0xFFFF)
	}
}

// The lanes of letterSums hold the sum of maxLetterPairs costs.
var _ = [1]struct{}{}[maxLetterPairs*255>>16]

// rivalFamilies reports whether the candidates that could still win
// (as few errors as fewest, cost within pruneMargin of least) belong to
// more than one model.
func rivalFamilies(d *Detector, errs *[ISO2022JP]uint32, cost *[ISO2022JP]int64, fewest uint32, least int64) bool {
	model := -1
	for i := range errs {
		if d.dead[i] || errs[i] > fewest || cost[i] > least+pruneMargin {
			continue
		}
		m := -1 - i // a multi-byte candidate is a model of its own
		if i < numSingle {
			m = tab.SingleBytes[i].Model
		}
		if model != -1 && m != model {
			return true
		}
		model = m
	}
	return false
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
	s := d.text.mbScores()[i-ShiftJIS]
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

// letterCap bounds, in quarter bits, how much more than the reference
// (the cost a family without letter statistics gives them) the letter
// pairs may cost under a component of a family's mixture: 8 bits. A
// family loses its claim on words none of its languages writes against
// the families with letter statistics that write them, but less against
// those without (Portuguese in windows-1258 fits no Vietnamese words, and
// is not GBK for that: without the cap GBK won 58 of its samples, with
// it 31).
const letterCap = 32

// maxLangs bounds the number of components of a family's mixture.
const maxLangs = 32

// pow2Quarter[d] is 2^(−d/4), the probability ratio of a cost d quarter
// bits above the best; beyond 64 bits the ratio is negligible.
var pow2Quarter = func() (t [256]float64) {
	for d := range t {
		t[d] = math.Exp2(-float64(d) / 4)
	}
	return t
}()

// utf8Level is the calibration level of UTF-8 text with multi multi-byte
// sequences.
func utf8Level(multi uint32) uint8 { return uint8(min(multi, numLevels-1)) }

// wholeUTF8 is Guess's answer for the whole of content in one piece when
// it is valid UTF-8 (the Standard's decoder, which rejects what
// unicode/utf8.Valid rejects) with a multi-byte sequence and not binary
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
	if !utf8.Valid(content) {
		return false, 0
	}
	for _, b := range content {
		// In valid UTF-8 the bytes from 0xC0 up are exactly the lead
		// bytes of the multi-byte sequences.
		if b >= 0xC0 {
			multi++
		}
	}
	return multi > 0, multi
}

// Guess returns the most likely candidate and a confidence in [0,1], as if
// the stream ended here. tld is the host's top-level domain ("" for none);
// allowUTF8 false keeps UTF-8 out of the answers. It does not change d.
// Binary data (more than 1% control bytes, see Binary) gives windows-1252
// with confidence 0, as input without non-ASCII bytes does: no evidence of
// any encoding.
func (d *Detector) Guess(tld string, allowUTF8 bool) (candidate int, confidence float64) {
	candidate, ev := d.guess(tld, allowUTF8)
	return candidate, ev.confidence()
}

// guess is Guess with the evidence its confidence is calibrated from.
func (d *Detector) guess(tld string, allowUTF8 bool) (candidate int, ev evidence) {
	c := *d // the states are values; c.buf is not written to
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

	if c.iso.errs == 0 && c.iso.chars > 0 {
		return ISO2022JP, evidence{kind: kindISO2022JP}
	}
	if c.nonASCII == 0 && c.tagNonASCII == 0 || binaryData(c.controls, c.total) {
		return Windows1252, evidence{}
	}
	// UTF-8 is decided on text and tags alike: markup in valid UTF-8 is
	// evidence of UTF-8 (an attribute, a comment).
	if multi := c.text.utf.multi + c.tag.utf.multi; allowUTF8 && c.text.utf.errs == 0 && c.tag.utf.errs == 0 && multi > 0 {
		return UTF8, evidence{kindUTF8, utf8Level(multi)}
	}

	tld = strings.ToLower(strings.TrimPrefix(tld, "."))
	favoured := tldEncodings[tld]
	type score struct {
		errs uint32
		cost int64
	}
	var sc [ISO2022JP]score
	errs, cost := c.scores()
	c.correctLanguages(&errs, &cost)
	for i := range sc {
		sc[i] = score{errs[i], cost[i] + basePrior(Name(i))}
		for _, f := range favoured {
			if f == Name(i) {
				sc[i].cost -= tldPrior
			}
		}
	}
	less := func(a, b score) bool {
		if a.errs != b.errs {
			return a.errs < b.errs
		}
		return a.cost < b.cost
	}
	c.dropImplausibleCJK(&errs)
	best := -1
	for i := 0; i < ISO2022JP; i++ {
		if c.dead[i] {
			continue
		}
		if best < 0 || less(sc[i], sc[best]) {
			best = i
		}
	}
	// The runner-up: the best candidate that does not tie exactly (an exact
	// tie almost always means the two decode the input alike), and for a
	// CJK answer not a single-byte candidate pruning would have dropped.
	w := sc[best]
	second := -1
	for i := 0; i < ISO2022JP; i++ {
		if i == best || (errs[i] == errs[best] && cost[i] == cost[best]) || c.dead[i] {
			continue
		}
		if best >= ShiftJIS && i < numSingle && cost[i] > cost[best]+pruneMargin {
			// Alive because the CJK reading was too short to prune it
			// (minCJKRefChars) or fell behind after the last pruning:
			// not a rival.
			continue
		}
		if second < 0 || less(sc[i], sc[second]) {
			second = i
		}
	}
	// The evidence: the margin over the runner-up in bits, when it has as
	// many errors; the top level when it has more or there is none.
	ev = evidence{kindClean, numLevels - 1}
	if w.errs > 0 {
		ev.kind = kindErrors
	}
	if second >= 0 && sc[second].errs == w.errs {
		ev.level = uint8(min((sc[second].cost-w.cost)/4, numLevels-2))
	}
	return best, ev
}
