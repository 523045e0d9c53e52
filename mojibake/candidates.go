// What repairScored learns of a token before it encodes it, and of its
// candidates as it scores them: a decoder that cannot have made the token
// is not tried, and a candidate that cannot win is not scored in full
// (docs/mojibake.md, "Speed").

package mojibake

import "unicode/utf8"

// tokenFacts is what one pass over a token's characters tells
// repairScored.
type tokenFacts struct {
	pairs     uint32 // decoders for which a lead character is followed by a continuation character
	encoders  uint32 // decoders that encode every character
	runeError bool   // ranging over the token yields utf8.RuneError (see hasRuneError)
}

// scanToken returns the facts of tok. ASCII characters break a pair and
// every decoder encodes them.
func scanToken(tok string) tokenFacts {
	f := tokenFacts{encoders: ^uint32(0)}
	var prevLead uint32
	for i := 0; i < len(tok); {
		if tok[i] < utf8.RuneSelf {
			prevLead = 0
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(tok[i:])
		i += size
		ms := table.lookup(r)
		f.pairs |= prevLead & ms.cont
		f.encoders &= ms.high
		f.runeError = f.runeError || r == utf8.RuneError
		prevLead = ms.lead()
	}
	return f
}

// candidateMemo remembers what repairScored learned of its last few
// candidates: wrong decoders that agree on a token's characters (most of
// the Latin ones on "Ã©") give the same text, which need not be checked
// and scored again.
type candidateMemo struct {
	n     int
	texts [4]string
	acc   [4]bool
	bad   [4]int  // badness, or a lower bound of it; -1 until counted
	exact [4]bool // bad is the badness
}

// text returns string(b), without a copy when m holds it.
func (m *candidateMemo) text(b []byte) string {
	for i := range m.n {
		if m.texts[i] == string(b) {
			return m.texts[i]
		}
	}
	return string(b)
}

// find returns the index of s in m, or -1.
func (m *candidateMemo) find(s string) int {
	for i := range m.n {
		if m.texts[i] == s {
			return i
		}
	}
	return -1
}

// acceptable is allAcceptable(s, true), remembered.
func (m *candidateMemo) acceptable(s string) bool {
	if i := m.find(s); i >= 0 {
		return m.acc[i]
	}
	acc := allAcceptable(s, true)
	if m.n < len(m.texts) {
		m.texts[m.n], m.acc[m.n], m.bad[m.n] = s, acc, -1
		m.n++
	}
	return acc
}

// badnessUpTo is badnessUpTo(s, limit), remembered: badness(s) if it is
// below limit, else a count of at least limit.
func (m *candidateMemo) badnessUpTo(s string, limit int) int {
	i := m.find(s)
	if i >= 0 && (m.exact[i] || m.bad[i] >= limit) {
		return m.bad[i]
	}
	bad := badnessUpTo(s, limit)
	if i >= 0 {
		m.bad[i], m.exact[i] = bad, bad < limit
	}
	return bad
}

// hasC1Bytes reports whether s has a C1 control (U+0080–U+009F, the bytes
// 0xC2 0x80–0x9F: 0xC2 is never a continuation byte, so ranging over s
// decodes such a pair as the control).
func hasC1Bytes(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == 0xC2 && s[i+1] >= 0x80 && s[i+1] < 0xA0 {
			return true
		}
	}
	return false
}
