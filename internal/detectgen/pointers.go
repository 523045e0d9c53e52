package main

import (
	"bytes"
	"fmt"
	"sort"
	"unicode/utf8"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/whatwg/cjk"
)

// pointerTable is the within-class data of one double-byte pointer space.
type pointerTable struct {
	name, comment string
	model         int
	cls, cost     []int // per pointer; cls -1 for errors
}

// decodeOne decodes b with e and returns its first rune, or ok=false when
// the decoder reports an error or b is not exactly one character.
func decodeOne(e encoding.Encoding, b []byte) (rune, bool) {
	s, err := e.NewDecoder().Bytes(b)
	if err != nil || len(s) == 0 || bytes.ContainsRune(s, utf8.RuneError) {
		return 0, false
	}
	r, _ := utf8.DecodeRune(s)
	return r, true
}

// buildPointers classifies each of the n pointers of a pointer space
// (bytesOf gives a pointer's bytes in enc) under model m, index mi.
func buildPointers(name, comment string, mi int, m *model, n int, enc encoding.Encoding, bytesOf func(p int) []byte) *pointerTable {
	t := &pointerTable{name: name, comment: comment, model: mi, cls: make([]int, n), cost: make([]int, n)}
	for p := 0; p < n; p++ {
		r, ok := decodeOne(enc, bytesOf(p))
		if !ok {
			t.cls[p], t.cost[p] = cErr, 0
			continue
		}
		c, k := m.withinCost(r)
		t.cls[p], t.cost[p] = c, int(k)
	}
	return t
}

// paletteBytes is the order in which palette indexes are given out: the
// most used entries get printable bytes, so the table's string literal
// stays short.
func paletteBytes() []byte {
	var b []byte
	for c := 0x20; c < 0x7F; c++ {
		if c != '"' && c != '\\' {
			b = append(b, byte(c))
		}
	}
	for c := 0; c < 256; c++ {
		if c < 0x20 || c >= 0x7F || c == '"' || c == '\\' {
			b = append(b, byte(c))
		}
	}
	return b
}

// write writes t as a Pointers variable: a palette of at most 256
// (class, cost) entries, coarsening the costs until they fit.
func (t *pointerTable) write(w *bytes.Buffer) error {
	for step := 1; ; step++ {
		type entry struct{ cls, cost int }
		use := map[entry]int{}
		ent := make([]entry, len(t.cls))
		for p := range t.cls {
			e := entry{t.cls[p], t.cost[p]}
			if step > 1 && e.cost < 255 {
				e.cost = min(254, (e.cost+step/2)/step*step)
			}
			ent[p] = e
			use[e]++
		}
		if len(use) > 256 {
			continue
		}
		list := make([]entry, 0, len(use))
		for e := range use {
			list = append(list, e)
		}
		sort.Slice(list, func(i, j int) bool {
			a, b := list[i], list[j]
			if use[a] != use[b] {
				return use[a] > use[b]
			}
			if a.cls != b.cls {
				return a.cls < b.cls
			}
			return a.cost < b.cost
		})
		order := paletteBytes()
		var cls, cost [256]byte
		idx := map[entry]byte{}
		for i, e := range list {
			idx[e] = order[i]
			cls[order[i]] = byte(e.cls)
			cost[order[i]] = byte(e.cost)
		}
		index := make([]byte, len(ent))
		for p, e := range ent {
			index[p] = idx[e]
		}
		fmt.Fprintf(w, "// %s %s\nvar %s = Pointers{\n\tModel: %d,\n", t.name, t.comment, t.name, t.model)
		fmt.Fprintf(w, "\tClass: %s,\n\tCost: %s,\n\tIndex: %s,\n}\n\n", lit(cls[:]), lit(cost[:]), litLines(index))
		return nil
	}
}

// cjkPointerTables builds the within-class data of the double-byte pointer
// spaces, each under its CJK group's model (index gives a group's index
// by name).
func cjkPointerTables(models []*model, gi map[string]int) []*pointerTable {
	ja, cn, tw, ko := models[gi["ja"]], models[gi["zh_cn"]], models[gi["zh_tw"]], models[gi["ko"]]
	tables := []*pointerTable{
		// Shift_JIS pointers 0..11279, then the halfwidth katakana 0xA1..0xDF.
		buildPointers("JIS0208", "is indexed by Shift_JIS pointer (0..11279; EUC-JP's JIS X 0208 pointers are the same), then 11280+b-0xA1 for a halfwidth katakana byte b.", gi["ja"], ja, 11280+63, cjk.ShiftJIS, func(p int) []byte {
			if p >= 11280 {
				return []byte{byte(p - 11280 + 0xA1)}
			}
			l, t := p/188, p%188
			lo, to := 0x81, 0x40
			if l >= 0x1F {
				lo = 0xC1
			}
			if t >= 0x3F {
				to = 0x41
			}
			return []byte{byte(l + lo), byte(t + to)}
		}),
		buildPointers("JIS0212", "is indexed by EUC-JP's JIS X 0212 pointer ((lead−0xA1)×94+trail−0xA1 after 0x8F).", gi["ja"], ja, 94*94, cjk.EUCJP, func(p int) []byte {
			return []byte{0x8F, byte(p/94 + 0xA1), byte(p%94 + 0xA1)}
		}),
		buildPointers("GBK", "is indexed by gb18030 two-byte pointer (0..23939), then 23940 for the byte 0x80.", gi["zh_cn"], cn, 23941, cjk.GBK, func(p int) []byte {
			if p == 23940 {
				return []byte{0x80}
			}
			t := p % 190
			if t >= 0x3F {
				t++
			}
			return []byte{byte(p/190 + 0x81), byte(t + 0x40)}
		}),
		buildPointers("Big5", "is indexed by Big5 pointer (0..19781).", gi["zh_tw"], tw, 126*157, cjk.Big5, func(p int) []byte {
			t := p % 157
			if t < 0x3F {
				t += 0x40
			} else {
				t += 0x62
			}
			return []byte{byte(p/157 + 0x81), byte(t)}
		}),
		buildPointers("EUCKR", "is indexed by EUC-KR pointer (0..23939).", gi["ko"], ko, 126*190, cjk.EUCKR, func(p int) []byte {
			return []byte{byte(p/190 + 0x81), byte(p%190 + 0x41)}
		}),
	}
	return tables
}
