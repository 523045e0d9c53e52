// Restoring lost bytes: UTF-8 read as windows-1252 whose C1 controls (or
// soft hyphens, or no-break spaces) were dropped, completed gap by gap
// (docs/mojibake.md, "Lost bytes" and "Bytes lost as U+FFFD" under "What
// it repairs"); rank.go ranks the completions.

package mojibake

import (
	"unicode/utf8"

	"github.com/webenc/webenc/internal/utf8grammar"
)

// lostBytes are the bytes that get lost from UTF-8 read as windows-1252:
// those it decodes to C1 controls (U+0081, U+008D, U+008F, U+0090,
// U+009D), which some systems drop, and 0xAD, an invisible soft hyphen,
// in the order restoreC1 tries them so that on a tie the commoner
// character wins: 0x81 first (Á, Ł, с, ρ, ف), but 0x9D first after 0xE2
// ("”", E2 80 9D; "❤", E2 9D A4). (0xA0, a no-break space that became a
// space, is restoreC1's own case.)
var lostBytes = [2][6]byte{{0x81, 0x8D, 0x8F, 0x90, 0x9D, 0xAD}, {0x9D, 0x81, 0x8D, 0x8F, 0x90, 0xAD}}

// seqLen returns the length of the UTF-8 sequence lead byte c starts (0
// when c is no lead byte, ASCII included), from the project's one UTF-8
// grammar.
func seqLen(c byte) int {
	if c < 0x80 {
		return 0
	}
	return utf8grammar.Size(c)
}

func isCont(c byte) bool { return c&0xC0 == 0x80 }

// restoreC1 makes b valid UTF-8 by putting back the lost bytes of each
// sequence that lacks one continuation byte (or two, before another
// non-ASCII byte), choosing the bytes and their places that give a
// character of the text's alphabet and script, the least odd beside its
// neighbours, the commonest (tier), and on a tie the one the letter
// statistics fit best between its neighbours (lostFit). Each gap is chosen beside its
// neighbours' first choices and then chosen again beside their final
// ones, so that two gaps side by side are judged together.
// It returns the result, the number of bytes put back, and false when b
// has an error a lost byte does not explain.
//
// With lossy (the text held U+FFFD, which windows-1252 encodes as
// unknownByte), a sequence with an unknown byte, or whose missing last
// byte is an ASCII '?' (what other decoders write), becomes U+FFFD, and
// so does an unknown byte on its own.
func restoreC1(b []byte, lossy bool) ([]byte, int, bool) {
	ctx := newLineContext(b)
	var units []unit
	n := 0
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || size > 1 {
			units = append(units, unit{r: r, start: i, end: i + size})
			i += size
			continue
		}
		k := seqLen(b[i])
		j, unknown := 1, false
		for j < k && i+j < len(b) && (isCont(b[i+j]) || lossy && b[i+j] == unknownByte) {
			unknown = unknown || b[i+j] == unknownByte
			j++
		}
		if lossy && k > 0 && j == k-1 && i+j < len(b) && b[i+j] == '?' {
			unknown, j = true, j+1
		}
		switch {
		case lossy && b[i] == unknownByte:
			j = 1
			fallthrough
		case lossy && unknown && j == k:
			units = append(units, unit{r: utf8.RuneError, start: i, end: i + j, lost: true})
			n++
			i += j
			continue
		}
		if !shortSeq(b, i, k, j) {
			return nil, 0, false
		}
		units = append(units, unit{start: i, end: i + j, gap: true})
		n += k - j
		i += j
	}
	for pass := 0; pass < 2; pass++ {
		for u := range units {
			if units[u].gap && !ctx.choose(b, units, u, pass) {
				return nil, 0, false
			}
		}
	}
	out := make([]byte, 0, len(b)+n)
	for u := range units {
		switch x := &units[u]; {
		case x.gap:
			out = append(out, x.seq[:x.size]...)
		case x.lost:
			out = append(out, "\uFFFD"...)
		default:
			out = append(out, b[x.start:x.end]...)
		}
	}
	return out, n, true
}

// shortSeq reports whether the lead byte b[i] of a k-byte sequence and
// the j-1 continuation bytes after it lack bytes that may have been lost:
// one, or two before another non-ASCII byte (CJK "その" loses both of
// "そ"'s continuation bytes; clean "não" read as windows-1252 has "ã"
// before an ASCII letter).
func shortSeq(b []byte, i, k, j int) bool {
	switch k - j {
	case 1:
		return k > 0
	case 2:
		return i+j < len(b) && b[i+j] >= utf8.RuneSelf
	}
	return false
}

// unit is one character of restoreC1's input: a whole one (r), a byte
// lost as U+FFFD (lost), or a sequence lacking bytes (gap), whose chosen
// completion is seq[:size] (space: it took the no-break space after it).
type unit struct {
	r          rune
	start, end int
	gap, lost  bool
	seq        [utf8.UTFMax]byte
	size       int
	space      bool
}

// char returns the character u stands for (its current choice for a
// gap, a space before one is chosen).
func (u *unit) char() rune {
	switch {
	case u.gap && u.size == 0:
		return ' '
	case u.gap:
		r, _ := utf8.DecodeRune(u.seq[:u.size])
		return r
	}
	return u.r
}

// restoreAllowed reports whether b, a segment encoded as windows-1252
// (lossy: the segment has U+FFFD), is mostly UTF-8: some complete
// multi-byte sequences, at least as many as the ones that lack one byte,
// and no other error. Only then are lost bytes put back, so that clean
// text with a few repaired names keeps its own accented letters ("NÃO"
// stays).
func restoreAllowed(b []byte, lossy bool) bool {
	valid, short := 0, 0
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || size > 1 {
			if size > 1 {
				valid++
			}
			i += size
			continue
		}
		k, j := seqLen(b[i]), 1
		for j < k && i+j < len(b) && (isCont(b[i+j]) || lossy && b[i+j] == unknownByte) {
			j++
		}
		switch {
		case lossy && k > 0 && j == k:
			valid++ // a sequence with an unknown byte
		case !shortSeq(b, i, k, j):
			return false
		default:
			short++
		}
		i += j
	}
	return valid > 0 && 3*valid >= short
}

// choose picks the completion of the gap units[u]; false when none gives
// an acceptable character.
func (ctx *lineContext) choose(b []byte, units []unit, u int, pass int) bool {
	g := &units[u]
	i, j := g.start, g.end-g.start
	k := seqLen(b[i])
	prev, next := rune(' '), rune(' ')
	if u > 0 {
		prev = units[u-1].char()
	}
	if u+1 < len(units) {
		next = units[u+1].char()
	}
	ctx.wordTonos = false
	for a := u - 1; a >= 0 && wordChar(units[a].char()); a-- {
		ctx.wordTonos = ctx.wordTonos || greekAccented(units[a].char())
	}
	var rest []rune // the word after the gap
	for z := u + 1; z < len(units) && wordChar(units[z].char()); z++ {
		ctx.wordTonos = ctx.wordTonos || greekAccented(units[z].char())
		rest = append(rest, units[z].char())
	}
	ctx.syllablesAfter = greekSyllables(rest)
	bestScore, bestFit, found := 0, 0, false
	var ties [][utf8.UTFMax]byte // the completions as good as the best
	try := func(seq [utf8.UTFMax]byte, nbsp bool) {
		r, size := utf8.DecodeRune(seq[:k])
		if size != k || !acceptable(r) || classOf(r) == clsSpace && !(nbsp && r == 0xA0) && !(r == 0x200D && joins(prev, next)) {
			return // invisible characters are never determined (but "Â " is a no-break space)
		}
		after := next
		if nbsp && r != 'à' && u+2 < len(units) {
			after = units[u+2].char() // the space goes
		}
		score, fit := ctx.score(prev, r, after), lostFit(prev, r, after)
		switch {
		case found && score == bestScore && fit == bestFit && !nbsp:
			ties = append(ties, seq)
		case !found || score < bestScore || score == bestScore && fit > bestFit:
			ties = append(ties[:0], seq)
			g.seq, g.size, g.space, bestScore, bestFit, found = seq, k, nbsp, score, fit, true
		}
	}
	order := lostBytes[0]
	if b[i] == 0xE2 {
		order = lostBytes[1] // punctuation and symbols: "”" first
	}
	present := b[i+1 : i+j]
	if k-j == 2 {
		// Two lost bytes: the one continuation byte (if any) in each place.
		for p := k - 1; p >= 1; p-- {
			if len(present) == 0 && p != k-1 {
				break
			}
			for _, f := range order[:len(order)-1] {
				for _, h := range order[:len(order)-1] {
					var seq [utf8.UTFMax]byte
					seq[0] = b[i]
					fill := []byte{f, h}
					for s := 1; s < k; s++ {
						if s == p && len(present) > 0 {
							seq[s] = present[0]
						} else {
							seq[s], fill = fill[0], fill[1:]
						}
					}
					try(seq, false)
				}
			}
		}
	} else {
		for p := k - 1; p >= 1; p-- {
			for _, f := range order[:len(order)-1] {
				var seq [utf8.UTFMax]byte
				copy(seq[:p], b[i:i+p])
				seq[p] = f
				copy(seq[p+1:k], b[i+p:i+j])
				try(seq, false)
			}
		}
		// A 2-byte sequence before a space may instead have lost a
		// no-break space (0xA0) that became the space: "Å veices" is
		// Šveices, "jusqu'Ã nos" jusqu'à nos, "namedÂ „" named\u00a0„. It
		// loses ties with the C1 bytes and wins them with a soft hyphen.
		if k == 2 && i+j < len(b) && b[i+j] == ' ' {
			try([utf8.UTFMax]byte{b[i], 0xA0}, true)
		}
		for p := k - 1; p >= 1; p-- {
			var seq [utf8.UTFMax]byte
			copy(seq[:p], b[i:i+p])
			seq[p] = order[len(order)-1] // 0xAD
			copy(seq[p+1:k], b[i+p:i+j])
			try(seq, false)
		}
	}
	if !found {
		return false
	}
	if len(ties) > 1 {
		ctx.breakTie(g, units, u, ties, k)
	}
	// The space was the no-break space, but for "à", a word of its own,
	// unless a second space follows.
	if g.space {
		r := g.char()
		if r == 'à' && !(g.end+1 < len(b) && b[g.end+1] == ' ') {
			g.space = false
		}
	}
	if g.space && pass == 1 && u+1 < len(units) && !units[u+1].gap && units[u+1].r == ' ' {
		units[u+1].end = units[u+1].start // the space is gone
	}
	return true
}
