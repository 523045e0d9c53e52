// Per-code-point tables: a byte for every code point in two steps (the
// page of r>>8, then r&0xFF in it, pages alike shared), so that a
// character's class or script costs two loads, not a search of package
// unicode's ranges (docs/mojibake.md, "Speed").

package mojibake

import (
	"sync"
	"unicode"
)

// runePage is the values of 256 code points.
type runePage [256]uint8

// runeTable maps every code point to a byte.
type runeTable struct {
	index [0x1100]uint16
	pages []runePage
}

// newRuneTable packs all (one byte per code point, unicode.MaxRune+1 of
// them) into a runeTable; a page like the one before it (unassigned
// planes, CJK blocks) is shared with it.
func newRuneTable(all []uint8) runeTable {
	var t runeTable
	for hi := range t.index {
		p := runePage(all[hi<<8 : hi<<8+256])
		if hi > 0 && p == t.pages[t.index[hi-1]] {
			t.index[hi] = t.index[hi-1]
			continue
		}
		t.index[hi] = uint16(len(t.pages))
		t.pages = append(t.pages, p)
	}
	return t
}

// get returns r's byte (0 beyond unicode.MaxRune).
func (t *runeTable) get(r rune) uint8 {
	if uint32(r) > unicode.MaxRune {
		return 0
	}
	return t.pages[t.index[r>>8]][r&0xFF]
}

// fill sets all[c] = v for every code point c of tab.
func fill(all []uint8, tab *unicode.RangeTable, v uint8) {
	for _, r := range tab.R16 {
		for c := int(r.Lo); c <= int(r.Hi); c += int(r.Stride) {
			all[c] = v
		}
	}
	for _, r := range tab.R32 {
		for c := int(r.Lo); c <= int(r.Hi); c += int(r.Stride) {
			all[c] = v
		}
	}
}

// The bits of the punctuation table.
const (
	punctOpen = 1 << iota // opening punctuation (Ps, Pi): "«", "“"
	punctSoft             // other punctuation or a digit sign (P, No): "»", "،", "²"
)

// punctuation builds, on first use, the punctOpen and punctSoft bits of
// every code point from package unicode's categories.
var punctuation = sync.OnceValue(func() *runeTable {
	all := make([]uint8, unicode.MaxRune+1)
	for _, tab := range []*unicode.RangeTable{unicode.P, unicode.No} {
		fill(all, tab, punctSoft)
	}
	for _, tab := range []*unicode.RangeTable{unicode.Ps, unicode.Pi} {
		fill(all, tab, punctOpen)
	}
	t := newRuneTable(all)
	return &t
})
