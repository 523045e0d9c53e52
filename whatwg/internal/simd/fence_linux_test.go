//go:build linux

package simd

import (
	"syscall"
	"testing"
)

// fenced returns pages pages of memory between two pages that fault on any
// access, so that a kernel reading or writing one byte outside a slice
// placed flush against either end of it crashes the test.
func fenced(t *testing.T, pages int) []byte {
	t.Helper()
	size := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, (pages+2)*size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[:size], syscall.PROT_NONE); err != nil {
		t.Skip("mprotect:", err)
	}
	if err := syscall.Mprotect(mem[(pages+1)*size:], syscall.PROT_NONE); err != nil {
		t.Skip("mprotect:", err)
	}
	return mem[size : (pages+1)*size : (pages+1)*size]
}

// atEdge returns n bytes of mem that start at its start (atStart) or end
// at its end, with no spare capacity.
func atEdge(mem []byte, n int, atStart bool) []byte {
	if atStart {
		return mem[:n:n]
	}
	return mem[len(mem)-n:]
}
