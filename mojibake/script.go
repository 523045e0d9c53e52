// Scripts and CJK character frequency: which script a character is of,
// and which national standards' common parts have a CJK character
// (docs/mojibake.md, "How it decides" and "Lost bytes" under "What it
// repairs").

package mojibake

import (
	"math/bits"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/webenc/webenc/whatwg"
	cjkenc "github.com/webenc/webenc/whatwg/cjk"
	"golang.org/x/text/encoding"
)

// scripts used by badness: letters of two different ones side by side are
// odd (Latin "Ã" beside Cyrillic, Greek "Î" beside Latin).
var scripts = []*unicode.RangeTable{
	unicode.Latin, unicode.Greek, unicode.Cyrillic, unicode.Armenian, unicode.Hebrew,
	unicode.Arabic, unicode.Thai, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul,
}

// scriptOf returns 1+the index of r's script in scripts, 0 for others.
func scriptOf(r rune) int {
	if r < utf8.RuneSelf {
		return 1 // ASCII letters are Latin
	}
	for i, t := range scripts {
		if unicode.Is(t, r) {
			return i + 1
		}
	}
	return 0
}

// sameScriptFamily treats Han and kana as one script (Japanese mixes them).
func sameScriptFamily(a, b int) bool {
	if a == b || a == 0 || b == 0 {
		return true
	}
	jp := func(x int) bool { return x >= 8 && x <= 10 }
	return jp(a) && jp(b)
}

// cjk reports whether sc (scriptOf's numbering) is Han, kana or Hangul.
func cjk(sc uint8) bool { return sc >= 8 && sc <= 11 }

// scriptRange is one range of code points of one script.
type scriptRange struct {
	lo, hi rune
	id     uint8
}

// scriptRanges lists the ranges of every script of package unicode but
// Common and Inherited, sorted, with Han, Hiragana and Katakana as one
// script (Japanese text mixes them); built on first use.
var scriptRanges = sync.OnceValue(func() []scriptRange {
	names := make([]string, 0, len(unicode.Scripts))
	for name := range unicode.Scripts {
		names = append(names, name)
	}
	sort.Strings(names)
	var out []scriptRange
	for i, name := range names {
		id := uint8(i%255 + 1)
		switch name {
		case "Common", "Inherited":
			continue
		case "Hiragana", "Katakana":
			id = uint8(sort.SearchStrings(names, "Han")%255 + 1)
		}
		t := unicode.Scripts[name]
		for _, r := range t.R16 {
			out = append(out, scriptRange{rune(r.Lo), rune(r.Hi), id})
		}
		for _, r := range t.R32 {
			out = append(out, scriptRange{rune(r.Lo), rune(r.Hi), id})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].lo < out[j].lo })
	return out
})

// scriptID returns a number for r's script, 0 for Common and Inherited
// characters (punctuation, digits, combining marks), which fit any.
func scriptID(r rune) uint8 {
	rs := scriptRanges()
	i := sort.Search(len(rs), func(i int) bool { return rs[i].hi >= r })
	if i < len(rs) && rs[i].lo <= r {
		return rs[i].id
	}
	return 0
}

// scriptSet is a set of scriptIDs.
type scriptSet [4]uint64

func (s *scriptSet) add(id uint8) {
	if id != 0 {
		s[id>>6] |= 1 << (id & 63)
	}
}

func (s *scriptSet) has(id uint8) bool { return s[id>>6]&(1<<(id&63)) != 0 }

func (s *scriptSet) empty() bool { return *s == scriptSet{} }

// commonCJK returns in how many of the national standards' first,
// commonest parts r is: GB 2312's symbols and level-1 hanzi, JIS X 0208's
// symbols, kana and level-1 kanji, KS X 1001's symbols and 2,350 Hangul
// syllables, Big5's symbols and level-1 hanzi. It is character frequency
// without a table of our own: those parts were chosen by it.
func commonCJK(r rune) int { return bits.OnesCount8(cjkParts(r)) }

// cjkParts returns the set of those first parts that have r, one bit
// each (GB 2312, JIS X 0208, KS X 1001, Big5).
func cjkParts(r rune) uint8 {
	if r < 0x2E80 || r > 0xFFFF {
		return 0
	}
	return commonCJKCounts()[r]
}

var commonCJKCounts = sync.OnceValue(func() *[0x10000]uint8 {
	counts := new([0x10000]uint8)
	for _, p := range []struct {
		bit            uint8
		e              encoding.Encoding
		leadLo, leadHi byte
		trails         [][2]byte
	}{
		{1, cjkenc.GBK, 0xA1, 0xA9, [][2]byte{{0xA1, 0xFE}}},
		{1, cjkenc.GBK, 0xB0, 0xD7, [][2]byte{{0xA1, 0xFE}}},
		{2, cjkenc.EUCJP, 0xA1, 0xA8, [][2]byte{{0xA1, 0xFE}}},
		{2, cjkenc.EUCJP, 0xB0, 0xCF, [][2]byte{{0xA1, 0xFE}}},
		{4, cjkenc.EUCKR, 0xA1, 0xAC, [][2]byte{{0xA1, 0xFE}}},
		{4, cjkenc.EUCKR, 0xB0, 0xC8, [][2]byte{{0xA1, 0xFE}}},
		{8, cjkenc.Big5, 0xA1, 0xC6, [][2]byte{{0x40, 0x7E}, {0xA1, 0xFE}}},
	} {
		// Each pair is followed by a line break, so that a pair the
		// index lacks (U+FFFD, and an ASCII trail byte again) cannot
		// shift the next one.
		var in []byte
		for l := int(p.leadLo); l <= int(p.leadHi); l++ {
			for _, t := range p.trails {
				for c := int(t[0]); c <= int(t[1]); c++ {
					in = append(in, byte(l), byte(c), '\n')
				}
			}
		}
		out, _ := whatwg.AppendDecode(nil, p.e, in)
		for _, line := range strings.Split(string(out), "\n") {
			r, size := utf8.DecodeRuneInString(line)
			if size == len(line) && r >= 0x2E80 && r <= 0xFFFF && r != utf8.RuneError {
				counts[r] |= p.bit
			}
		}
	}
	return counts
})
