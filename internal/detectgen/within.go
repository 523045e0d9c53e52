package main

import "math"

// sbWithin is the cost of r given its class under an alphabetic group: 0
// for a letter with its own class, else −log2 of its share of its generic
// class in the training text, smoothed over the m.size characters the
// class stands for (a character the text lacks costs about
// log2(10 × class count)). With afterLetter, the cost of a symbol r right
// after a cased letter or an apostrophe: its share of the symbols that
// follow one, backing off to its share anywhere (an acute accent stands
// for an apostrophe between letters in some texts, "l´homme"; a fraction
// sign never does: French "cœur" and "l'œuvre" read as windows-1252's
// "c½ur" and "l'½uvre").
func (m *model) sbWithin(r rune, afterLetter bool) uint8 {
	c := m.classOf(r)
	if c >= numGeneric || c == cNeutral || c == cJunk || c == cErr {
		return 0
	}
	const alpha = 0.1
	p := (float64(m.counts[r]) + alpha) / (float64(m.class[c]) + alpha*m.size(c))
	if afterLetter && c == cSymbol {
		// (Only for the symbols: a letter's share of its class is
		// much the same after a letter as anywhere, and ASCII
		// punctuation after a letter, "word<", is the page's own.)
		p = (float64(m.countsAfter[r]) + withinAfterSmoothing*p) / (float64(m.classAfter[c]) + withinAfterSmoothing)
	}
	return quant(-math.Log2(p))
}

// withinAfterSmoothing is the weight (in characters) of a symbol's share
// of its class anywhere in its share right after a cased letter or an
// apostrophe.
const withinAfterSmoothing = 2

// size is the number of characters a generic class stands for in an
// alphabetic group's within-class costs (sbWithin).
func (m *model) size(c int) float64 {
	switch c {
	case cPunct:
		return 16
	case cDigit:
		return 10
	case cAlpha:
		n := 26
		for r := range m.fine {
			if r >= 'a' && r <= 'z' {
				n--
			}
		}
		return float64(max(n, 1))
	case cLatin:
		return 64
	case cScript, cMark:
		return 16
	case cLetter:
		return 128
	case cSymbol:
		return 64
	case cDraw:
		return 128
	}
	return 1
}

// cjkSize is the number of characters a class stands for in a CJK group's
// within-class costs.
func cjkSize(c int) float64 {
	switch c {
	case cIdeo:
		return 20000
	case cHangul:
		return 11172
	case cHira:
		return 90
	case cKata:
		return 96
	case cHWKata:
		return 63
	case cCJKSym:
		return 200
	case cAlpha:
		return 52
	case cPunct:
		return 32
	case cDigit:
		return 10
	case cSpace:
		return 4
	case cLatin, cScript:
		return 200
	case cLetter:
		return 1000
	case cMark:
		return 50
	case cSymbol:
		return 500
	case cDraw:
		return 128
	}
	return 1
}

// withinCost is the cost of r given its class under a CJK group.
func (m *model) withinCost(r rune) (class int, cost uint8) {
	c := m.classOf(r)
	if c == cJunk || c == cNeutral {
		return c, 0
	}
	total := float64(m.class[c])
	size := cjkSize(c)
	if total == 0 {
		return c, quant(math.Log2(size))
	}
	u := math.Max(float64(m.single[c]), 1) / (total + 1)
	if k := m.counts[r]; k > 0 {
		return c, quant(-math.Log2((1 - u) * float64(k) / total))
	}
	unseen := math.Max(size-float64(m.seen[c]), 1)
	return c, quant(-math.Log2(u / unseen))
}
