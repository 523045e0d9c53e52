//go:build linux

package simd

import (
	"syscall"
	"testing"
)

// TestNoReadsOutsidePages puts inputs flush against inaccessible pages, at
// both ends, so that any form reading a byte before or after its slice
// faults.
func TestNoReadsOutsidePages(t *testing.T) {
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 4*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
		t.Skip("mprotect:", err)
	}
	if err := syscall.Mprotect(mem[3*page:], syscall.PROT_NONE); err != nil {
		t.Skip("mprotect:", err)
	}
	usable := mem[page : 3*page]
	dst := make([]byte, 2*page)
	prefix, copies := allForms()
	text := repeatTo(sampleText, 400)
	for n := 0; n <= 400; n++ {
		for _, content := range [][]byte{repeatTo([]byte("abc"), n), text[:n]} {
			// Flush against the start, then against the end.
			for _, src := range [][]byte{usable[:n:n], usable[len(usable)-n:]} {
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
