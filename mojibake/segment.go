// Segmentation: where a segment (a line, or a piece of a long line) and a
// word end, and how repairs are spliced back into a segment
// (docs/mojibake.md, "Streaming: segments").

package mojibake

import (
	"strings"
	"unicode/utf8"
)

// segmentEnd returns the length of the first segment of s (see
// MaxSegment). It looks at no more than MaxSegment+1 bytes of s.
func segmentEnd(s string) int {
	lim := min(len(s), MaxSegment)
	if i := strings.IndexByte(s[:lim], '\n'); i >= 0 {
		return i + 1
	}
	if len(s) <= MaxSegment {
		return len(s)
	}
	for i := lim - 1; i > 0; i-- {
		if isSpace(s[i]) {
			return i + 1
		}
	}
	i := lim
	for i > lim-utf8.UTFMax && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}

// word returns the bounds of the first word (a run of bytes that are not
// isSpace) of s at or after i; start is len(s) when there is none.
func word(s string, i int) (start, end int) {
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	end = i
	for end < len(s) && !isSpace(s[end]) {
		end++
	}
	return i, end
}

// isSpace reports whether c separates tokens.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// apply returns s with reps (in order, not overlapping) applied.
func apply(s string, reps []repair) string {
	var b strings.Builder
	b.Grow(len(s))
	done := 0
	for _, r := range reps {
		b.WriteString(s[done:r.start])
		b.WriteString(r.text)
		done = r.end
	}
	b.WriteString(s[done:])
	return b.String()
}

// changed returns the repair of seg into fixed, covering what changed
// rather than the segment's clean ends.
func changed(seg, fixed string, layers []Layer) repair {
	a, z := 0, 0
	for a < len(seg) && a < len(fixed) && seg[a] == fixed[a] {
		a++
	}
	for z < len(seg)-a && z < len(fixed)-a && seg[len(seg)-1-z] == fixed[len(fixed)-1-z] {
		z++
	}
	for a > 0 && !utf8.RuneStart(seg[a]) {
		a--
	}
	for z > 0 && !utf8.RuneStart(seg[len(seg)-z]) {
		z--
	}
	return repair{a, len(seg) - z, fixed[a : len(fixed)-z], layers}
}
