package detect

// Every candidate's decoder over one stream (text or tags): feeding the
// compacted bytes to the live candidates, and the readings that start one
// byte later for a window cut inside a character. docs/detection.md, "How
// it guesses" (the paragraph on windows that begin inside a character).

import tab "github.com/webenc/webenc/whatwg/charset/internal/detect/tables"

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

// feed gives b to the decoder of every candidate that is not dead.
func (c *decoders) feed(b []byte, dead *[NumCandidates]bool) {
	for i := range c.sb {
		if !dead[i] {
			c.sb[i].feed(&sbReadings[i], b)
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
