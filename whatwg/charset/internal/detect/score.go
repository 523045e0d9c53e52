package detect

// Single-byte scoring: the cost of each character class after the
// previous one and of the character within its class, and the candidates'
// errors and costs over text and tags. docs/detection.md, "How it
// guesses".

import tab "github.com/webenc/webenc/whatwg/charset/internal/detect/tables"

// scores returns the text's costs and the errors of text and tags.
func (d *Detector) scores() (errs [ISO2022JP]uint32, cost [ISO2022JP]int64) {
	errs, cost = d.text.scores()
	tagErrs, _ := d.tag.scores()
	for i := range errs {
		errs[i] += tagErrs[i]
	}
	return errs, cost
}

// sbState is a single-byte candidate's evidence.
type sbState struct {
	cost uint32
	errs uint32
	prev uint16 // class | case<<14 of the previous byte
	// near says whether the previous byte (bit 0) and the one before it
	// (bit 1) are non-ASCII.
	near uint8
}

// sbReading is a single-byte candidate's statistics in the form feed
// reads them: one load per byte for its class, one for the cost of its
// case and character after the previous one's case, one for the bigram.
type sbReading struct {
	// bigram is the model's Bigram, n its number of classes.
	bigram string
	n      uint32
	// byteInfo[c] is byte c's Class entry (class | case<<14) in bits
	// 0-15, its class's row in bigram (class×N) in bits 16-30, and bit 31
	// set when the decoder rejects it.
	byteInfo [256]uint32
	// after[k][c] is the cost of byte c's case and of its character
	// within its class after a character of case k: the model's Case
	// entry plus the candidate's Cost entry.
	after [4][256]uint16
}

// sbReadings holds every single-byte candidate's sbReading, built once
// from detect/tables; only read afterwards.
var sbReadings = func() (t [numSingle]sbReading) {
	for i := range t {
		sb := &tab.SingleBytes[i]
		m := &tab.Models[sb.Model]
		r := &t[i]
		r.bigram, r.n = m.Bigram, uint32(m.N)
		for c, cl := range sb.Class {
			r.byteInfo[c] = uint32(cl) | uint32(cl&0xFF)*r.n<<16
			if cl == tab.ClassErr {
				r.byteInfo[c] |= 1 << 31
			}
			for k := range r.after {
				r.after[k][c] = uint16(m.Case[k*4+int(cl>>14)]) + uint16(sb.Cost[k][c])
			}
		}
	}
	return t
}()

// feed scores every pair of characters of which the second, the first or
// the one before the first is non-ASCII: the pair after the one that
// follows a non-ASCII character says whether the text around it is in
// the model's script (" å b" in Norwegian is plausible; a lone Arabic
// letter between Latin words is not, though the Arabic model finds
// " ه " alone plausible). A character's within-class cost depends on
// the previous one's case: right after a letter or an apostrophe (case 1
// to 3) a symbol is rarer than anywhere ("c½ur"). Every pair's cost is
// looked up and masked off when it is not scored: no branch per byte.
func (s *sbState) feed(r *sbReading, b []byte) {
	big := r.bigram
	cost, errs, near := s.cost, s.errs, uint32(s.near)
	prev := uint32(s.prev) | uint32(s.prev&0xFF)*r.n<<16
	for _, c := range b {
		v := r.byteInfo[c]
		near = (near<<1 | uint32(c>>7)) & 7
		scored := 0 - (near+7)>>3 // all ones when this byte, the one before or the one before that is non-ASCII
		pair := uint32(big[prev>>16&0x7FFF+v&0xFF]) + uint32(r.after[prev>>14&3][c])
		cost += pair & scored
		errs += v >> 31 & scored
		prev = v
	}
	s.cost, s.errs, s.prev, s.near = cost, errs, uint16(prev), uint8(near&3)
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
