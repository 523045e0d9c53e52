package main

import (
	"testing"
	"unicode"
)

// TestTypicalCosts checks typicalCosts on a hand-made model: each
// component's typical cost is the mean LangCost of the non-ASCII
// characters of its languages' held-back texts, and 0 for a component
// without any.
func TestTypicalCosts(t *testing.T) {
	const e, u = numGeneric, numGeneric + 1 // the classes of é and ü
	n := numGeneric + 2
	m := &model{group: group{main: unicode.Latin}, fine: map[rune]int{'é': e, 'ü': u}, n: n}
	m.compCost = make([]uint8, 3)
	m.langCost = make([]uint8, 3*n)
	m.langCost[0*n+e], m.langCost[0*n+u] = 8, 20
	m.langCost[1*n+e], m.langCost[1*n+u] = 16, 4
	m.assign = []int{0, 1, 0}
	// Component 0: é é (text 0) and ü é (text 2): (8+8+20+8)/4 = 11.
	// Component 1: ü: 4. Component 2: no text.
	m.typicalCosts([]string{"aéb É", "xü", "üé"})
	want := []uint8{11, 4, 0}
	for k := range want {
		if m.typical[k] != want[k] {
			t.Errorf("component %d: typical cost %d, want %d", k, m.typical[k], want[k])
		}
	}
}
