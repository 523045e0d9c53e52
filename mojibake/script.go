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

// sameScriptFamily reports whether letters of scripts a and b (scriptID's
// numbers) may stand side by side: the same script, or one that fits any
// (0).
func sameScriptFamily(a, b uint8) bool { return a == b || a == 0 || b == 0 }

// cjk reports whether sc (a scriptID) is Han (with kana) or Hangul.
func (t *scriptTable) cjk(sc uint8) bool { return sc == t.han || sc == t.hangul }

// isLatin reports whether sc (a scriptID) is Latin.
func isLatin(sc uint8) bool { return sc == scriptIDs().latin }

// scriptTable maps every code point to its scriptID.
type scriptTable struct {
	runeTable
	latin, han, hangul uint8
}

// scriptIDs builds, on first use, the table of every script of package
// unicode but Common and Inherited (numbered by name), with Han,
// Hiragana and Katakana as one script (Japanese text mixes them).
var scriptIDs = sync.OnceValue(func() *scriptTable {
	names := make([]string, 0, len(unicode.Scripts))
	for name := range unicode.Scripts {
		names = append(names, name)
	}
	sort.Strings(names)
	id := func(name string) uint8 { return uint8(sort.SearchStrings(names, name)%255 + 1) }
	all := make([]uint8, unicode.MaxRune+1)
	for _, name := range names {
		n := id(name)
		switch name {
		case "Common", "Inherited":
			continue
		case "Hiragana", "Katakana":
			n = id("Han")
		}
		fill(all, unicode.Scripts[name], n)
	}
	return &scriptTable{runeTable: newRuneTable(all), latin: id("Latin"), han: id("Han"), hangul: id("Hangul")}
})

// scriptID returns a number for r's script, 0 for Common and Inherited
// characters (punctuation, digits, combining marks), which fit any.
func scriptID(r rune) uint8 { return scriptIDs().get(r) }

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
