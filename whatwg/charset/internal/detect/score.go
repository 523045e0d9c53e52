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
