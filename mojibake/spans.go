package mojibake

// Repairs of parts of a segment that fails as a whole: runs of a word,
// UTF-8 sequences inside a word, and short words that borrow their
// evidence from the line.

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// repairKnown repairs the word seg[a:e] into one non-ASCII character by
// the evidence of its line: one broken character has one oddity, fewer
// than a word alone needs, but a line that has that character (in either
// case) elsewhere tells what it was ("kwlakwla É” le atin mɔ ɔ").
func repairKnown(seg string, a, e int) (string, []Layer, bool) {
	fixed, layers, ok := repairOnce(seg[a:e], false, 1, true)
	if !ok || nonASCII(fixed) != 1 || strings.IndexFunc(fixed, rare) >= 0 {
		return "", nil, false
	}
	i := strings.IndexFunc(fixed, func(r rune) bool { return r >= utf8.RuneSelf })
	r, _ := utf8.DecodeRuneInString(fixed[i:])
	same := func(c rune) bool { return c == r || unicode.ToLower(c) == unicode.ToLower(r) }
	if !strings.ContainsFunc(seg[:a], same) && !strings.ContainsFunc(seg[e:], same) {
		return "", nil, false
	}
	return fixed, layers, true
}

// besideRepairs adds to reps (sorted) the repairs of words left broken
// beside repaired ones: a short broken word inside a broken span ("Ðµ"
// for "е", "É”" for "ɔ") has one oddity, fewer than a word alone needs;
// the nearest word with non-ASCII characters before or after it, repaired
// through the same layers, is the evidence it lacks.
func besideRepairs(seg string, reps []repair) []repair {
	if len(reps) == 0 {
		return reps
	}
	var out []repair
	for a, e := word(seg, 0); a < len(seg); a, e = word(seg, e) {
		tok := seg[a:e]
		if repairedAt(reps, a, e) >= 0 || !suspicious(tok) {
			continue
		}
		fixed, layers, ok := repairOnce(tok, false, 1, true)
		if ok && strings.IndexFunc(fixed, rare) < 0 && neighbourRepaired(seg, reps, a, e, layers) {
			out = append(out, repair{a, e, fixed, layers})
		}
	}
	return addRepairs(reps, out)
}

// repairedAt returns the index of a repair of reps that overlaps
// seg[a:e], or -1.
func repairedAt(reps []repair, a, e int) int {
	for i, r := range reps {
		if r.start < e && r.end > a {
			return i
		}
	}
	return -1
}

// neighbourRepaired reports whether the nearest word with a non-ASCII
// character before seg[a:e] or the one after it was repaired through
// the same wrong decodings as layers.
func neighbourRepaired(seg string, reps []repair, a, e int, layers []Layer) bool {
	same := func(i int) bool {
		if i < 0 || len(reps[i].layers) != len(layers) {
			return false
		}
		for l, x := range reps[i].layers {
			if x.Encoding != layers[l].Encoding || x.Decoding != layers[l].Decoding {
				return false
			}
		}
		return true
	}
	var before [2]int // the last word with non-ASCII before a
	found := false
	for wa, we := word(seg, 0); wa < a; wa, we = word(seg, we) {
		if nonASCII(seg[wa:we]) > 0 {
			before, found = [2]int{wa, we}, true
		}
	}
	if found && same(repairedAt(reps, before[0], before[1])) {
		return true
	}
	for wa, we := word(seg, e); wa < len(seg); wa, we = word(seg, we) {
		if nonASCII(seg[wa:we]) > 0 {
			return same(repairedAt(reps, wa, we))
		}
	}
	return false
}

// repairRuns returns the repairs of the runs of tok (at base in its
// segment) made of characters windows-1252 has, when tok has other
// characters too.
func repairRuns(tok string, base int) []repair {
	w := decoders[c1]
	var out []repair
	start, split := 0, false
	for i := 0; i <= len(tok); {
		size := 0 // at the end of tok, which ends a run too
		if i < len(tok) {
			var r rune
			if r, size = utf8.DecodeRuneInString(tok[i:]); w.has(r) {
				i += size
				continue
			}
			split = true
		}
		if run := tok[start:i]; split && run != "" && suspicious(run) {
			if fixed, layers, ok := repairToken(run, false, minGain); ok {
				out = append(out, repair{base + start, base + start + len(run), fixed, layers})
			} else if fixed, layers, ok := repairInWord(tok, start, run); ok {
				out = append(out, repair{base + start, base + start + len(run), fixed, layers})
			}
		}
		if size == 0 {
			break
		}
		i += size
		start = i
	}
	return out
}

// repairSequences repairs, character by character, the UTF-8 sequences
// read as windows-1252 inside tok, a word whose clean characters
// windows-1252 also has ("KiämmÃ¡n", "protecçÃ£o": the word as a whole
// is not UTF-8 once encoded, nor split by a character windows-1252
// lacks). The word must become at least minGain less odd, of acceptable
// characters, none of them rare.
func repairSequences(tok string) (string, bool) {
	w := decoders[c1]
	var b strings.Builder     // written only from the first sequence on: no allocation for a word without one
	changed, done := false, 0 // tok[:done] is in b
	for i := 0; i < len(tok); {
		r, size := sequenceAt(w, tok[i:])
		if r < 0 {
			i += size
			continue
		}
		b.WriteString(tok[done:i])
		if !acceptable(r) || rare(r) {
			return "", false
		}
		b.WriteRune(r)
		changed = true
		i += size
		done = i
	}
	if !changed {
		return "", false
	}
	b.WriteString(tok[done:])
	fixed := b.String()
	if badness(fixed) > badness(tok)-minGain {
		return "", false
	}
	return fixed, true
}

// sequenceAt returns the character that the first characters of s are,
// read by w as a UTF-8 sequence of 2 to 4 bytes, and their size in s; the
// character is -1 (size that of the first character) when they are none.
func sequenceAt(w *wrongDecoder, s string) (r rune, size int) {
	r, first := utf8.DecodeRuneInString(s)
	if r < utf8.RuneSelf {
		return -1, first
	}
	lead, ok := w.byteFor(r)
	var n int
	switch {
	case !ok:
		return -1, first
	case lead >= 0xC2 && lead <= 0xDF:
		n = 2
	case lead >= 0xE0 && lead <= 0xEF:
		n = 3
	case lead >= 0xF0 && lead <= 0xF4:
		n = 4
	default:
		return -1, first
	}
	var buf [4]byte
	buf[0] = lead
	size = first
	for k := 1; k < n; k++ {
		c, sz := utf8.DecodeRuneInString(s[size:])
		b, ok := w.byteFor(c)
		if c < utf8.RuneSelf || !ok || b < 0x80 || b > 0xBF {
			return -1, first
		}
		buf[k] = b
		size += sz
	}
	if !utf8.Valid(buf[:n]) {
		return -1, first
	}
	r, _ = utf8.DecodeRune(buf[:n])
	return r, size
}

// repairInWord repairs run, the part of tok at i, by the evidence of the
// whole word: one broken character beside clean letters of another
// script ("ҟалоиÑ‚") has one oddity alone and two in its word, which the
// repair must take away.
func repairInWord(tok string, i int, run string) (string, []Layer, bool) {
	fixed, layers, ok := repairOnce(run, false, 1, true)
	if !ok || strings.IndexFunc(fixed, rare) >= 0 {
		return "", nil, false
	}
	if badness(tok[:i]+fixed+tok[i+len(run):]) > badness(tok)-minGain {
		return "", nil, false
	}
	return fixed, layers, true
}
