package mojibake

import (
	"math/bits"
	"strings"
	"unicode"
	"unicode/utf8"
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
// when c is no lead byte).
func seqLen(c byte) int {
	switch {
	case c >= 0xC2 && c <= 0xDF:
		return 2
	case c >= 0xE0 && c <= 0xEF:
		return 3
	case c >= 0xF0 && c <= 0xF4:
		return 4
	}
	return 0
}

func isCont(c byte) bool { return c&0xC0 == 0x80 }

// restoreC1 makes b valid UTF-8 by putting back one lost byte into each
// sequence that lacks exactly one continuation byte, choosing the byte
// and its place that give a character of the text's alphabet, the least
// odd beside its neighbours, the commonest (tier).
// It returns the result, the number of bytes put back, and false when b
// has an error a lost byte does not explain.
//
// With lossy (the text held U+FFFD, which windows-1252 encodes as
// unknownByte), a sequence with an unknown byte, or whose missing last
// byte is an ASCII '?' (what other decoders write), becomes U+FFFD, and
// so does an unknown byte on its own.
func restoreC1(b []byte, lossy bool) ([]byte, int, bool) {
	// cover holds the wrong decoders' encodings that have every non-ASCII
	// character of b's valid sequences: a restored character one of them
	// also has fits the text's alphabet (Czech "č", not Esperanto "ĝ").
	cover, uncovered := ^uint32(0), false
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if h := table.lookup(r).high; size > 1 && h != 0 {
			cover &= h
		} else if size > 1 {
			uncovered = true // the text has letters no decoder has (ạ, Ɔ, 中)
		}
		i += size
	}
	out := make([]byte, 0, len(b)+4)
	n := 0
	prev := rune(' ')
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || size > 1 {
			out = append(out, b[i:i+size]...)
			prev, i = r, i+size
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
			out = append(out, "\uFFFD"...)
			prev, i = utf8.RuneError, i+j
			n++
			continue
		}
		if k == 0 || j != k-1 {
			return nil, 0, false
		}
		next := rune(' ')
		if i+j < len(b) {
			next, _ = utf8.DecodeRune(b[i+j:])
		}
		var best [utf8.UTFMax]byte
		bestScore, found, space := 0, false, false
		try := func(seq [utf8.UTFMax]byte, nbsp bool) {
			r, size := utf8.DecodeRune(seq[:k])
			if size != k || !acceptable(r) || classOf(r) == clsSpace && !(nbsp && r == 0xA0) {
				return // invisible characters are never determined (but "Â " is a no-break space)
			}
			after := next
			if nbsp && r != 'à' && i+j+1 < len(b) {
				after, _ = utf8.DecodeRune(b[i+j+1:]) // the space goes
			}
			// Lexicographic: of the text's alphabet, then least odd, then
			// in the most of the encodings that have the rest of the
			// text, then the commonest.
			h := table.lookup(r).high
			in := h & cover
			score := 4*tier(r) - 16*bits.OnesCount32(in) + 1024*badness(string([]rune{prev, r, after}))
			if unicode.IsUpper(r) && (after == ' ' || unicode.IsLower(after) && unicode.IsLetter(prev)) && !unicode.IsUpper(prev) {
				score += 512 // a capital alone or inside a small word: "Á" is rarer than "à"
			}
			if in == 0 && (h != 0 || !uncovered) {
				score += 1 << 16
			}
			if !found || score < bestScore {
				best, bestScore, found, space = seq, score, true, nbsp
			}
		}
		order := lostBytes[0]
		if b[i] == 0xE2 {
			order = lostBytes[1] // punctuation and symbols: "”" first
		}
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
		if !found {
			return nil, 0, false
		}
		out = append(out, best[:k]...)
		prev, _ = utf8.DecodeRune(best[:k])
		n++
		i += j
		// The space was the no-break space, but for "à", a word of its
		// own, unless a second space follows.
		if space && (prev != 'à' || i+1 < len(b) && b[i+1] == ' ') {
			i++
		}
	}
	return out, n, true
}

// tier ranks how common a character is in text: 0 for letters from
// U+00C0 to U+07FF (not IPA or modifiers, nor Cyrillic's rarer
// U+0400–U+040F and U+0450–U+045F) and general punctuation, 1 for other
// characters up to U+07FF and the symbol blocks text uses, 2 for the rest.
func tier(r rune) int {
	switch {
	case r >= 0x2010 && r < 0x2028:
		return 0
	case r >= 0xC0 && r < 0x800 && unicode.IsLetter(r) && !(r >= 0x250 && r < 0x300) &&
		!(r >= 0x400 && r < 0x410) && !(r >= 0x450 && r < 0x460):
		return 0
	case r < 0x800, r >= 0x2100 && r < 0x27C0, r >= 0x1F300:
		return 1
	}
	return 2
}

// restoreAllowed reports whether seg, encoded as windows-1252, is mostly
// UTF-8: some complete multi-byte sequences, at least as many as the ones
// that lack one byte, and no other error. Only then are lost bytes put
// back, so that clean text with a few repaired names keeps its own
// accented letters ("NÃO" stays).
func restoreAllowed(seg string) bool {
	b, ok := decoders[c1].encode(nil, seg)
	if !ok {
		return false
	}
	lossy := strings.ContainsRune(seg, utf8.RuneError)
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
		case k == 0 || j != k-1:
			return false
		default:
			short++
		}
		i += j
	}
	return valid > 0 && valid >= short
}
