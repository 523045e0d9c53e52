package cjk

import "testing"

// TestISO2022JPPerOut checks iso2022jpPerOut: over every state the decoder
// reaches, fed one byte at a time, the longest run of bytes that write
// nothing is five ("ESC $ B ESC $", from the Standard's escape and
// leading byte states), so every six bytes write at least one.
func TestISO2022JPPerOut(t *testing.T) {
	type key struct {
		state, outState, lead, pend byte
		output, replaced            bool
	}
	keyOf := func(d *iso2022jpDecoder) key {
		return key{d.state, d.outState, d.lead, d.pend, d.output, d.Replaced}
	}
	start := iso2022jpInitial(false)
	states := map[key]iso2022jpDecoder{keyOf(&start): start}
	silent := map[key][]key{} // the bytes that write nothing, as edges
	queue := []key{keyOf(&start)}
	var buf [16]byte
	for len(queue) > 0 {
		k := queue[0]
		queue = queue[1:]
		for b := range 256 {
			d := states[k]
			n, m, err := d.Transform(buf[:], []byte{byte(b)}, false)
			if m != 1 || err != nil {
				t.Fatalf("state %+v, byte %#x: read %d, %v", k, b, m, err)
			}
			next := keyOf(&d)
			if _, ok := states[next]; !ok {
				states[next] = d
				queue = append(queue, next)
			}
			if n == 0 {
				silent[k] = append(silent[k], next)
			}
		}
	}
	// The longest path of silent bytes; a cycle would make it unbounded.
	longest := map[key]int{}
	const visiting = -1
	var walk func(k key) int
	walk = func(k key) int {
		switch l, ok := longest[k]; {
		case ok && l == visiting:
			t.Fatalf("a cycle of bytes that write nothing through state %+v", k)
		case ok:
			return l
		}
		longest[k] = visiting
		l := 0
		for _, next := range silent[k] {
			l = max(l, 1+walk(next))
		}
		longest[k] = l
		return l
	}
	most := 0
	for k := range states {
		most = max(most, walk(k))
	}
	if most != 5 || iso2022jpPerOut != most+1 {
		t.Fatalf("%d states: at most %d bytes in a row write nothing, want 5; iso2022jpPerOut = %d", len(states), most, iso2022jpPerOut)
	}
}
