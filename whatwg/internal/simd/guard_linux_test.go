//go:build linux

package simd

import "testing"

// TestNoReadsOutsidePages puts inputs flush against inaccessible pages, at
// both ends, so that any form reading a byte before or after its slice
// faults.
func TestNoReadsOutsidePages(t *testing.T) {
	usable := fenced(t, 2)
	dst := make([]byte, len(usable))
	prefix, copies := allForms()
	text := repeatTo(sampleText, 400)
	for n := 0; n <= 400; n++ {
		for _, content := range [][]byte{repeatTo([]byte("abc"), n), text[:n]} {
			// Flush against the start, then against the end.
			for _, src := range [][]byte{atEdge(usable, n, true), atEdge(usable, n, false)} {
				copy(src, content)
				for _, f := range prefix {
					if n >= f.minLen {
						if got, want := f.f(src), ref(f.kind, src); got != want {
							t.Fatalf("%s: %d, want %d", f.name, got, want)
						}
					}
				}
				for _, f := range copies {
					if n >= f.minLen {
						if got, want := f.f(dst[:n], src), ref(f.kind, src); got != want {
							t.Fatalf("%s: %d, want %d", f.name, got, want)
						}
					}
				}
			}
		}
	}
}
