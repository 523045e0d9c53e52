package gen

import "testing"

func TestPageTableLookup(t *testing.T) {
	values := map[rune]uint16{0x41: 7, 0x4E00: 0x1234, 0x4E3F: 9, 0xFFE5: 3}
	pt, err := BuildPageTable(values, 0x10000)
	if err != nil {
		t.Fatal(err)
	}
	for r := rune(0); r < 0x10000; r++ {
		got := pt.Pages[int(pt.Index[r>>PageBits])<<PageBits|int(r)&(1<<PageBits-1)]
		if got != values[r] {
			t.Fatalf("U+%04X: got %d, want %d", r, got, values[r])
		}
	}
	if _, err := BuildPageTable(map[rune]uint16{0x10000: 1}, 0x10000); err == nil {
		t.Error("a code point beyond the limit was accepted")
	}
}
