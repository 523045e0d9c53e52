//go:build linux

package simd

import (
	"math/rand/v2"
	"syscall"
	"testing"
)

// utf16FencedPage returns a page of memory between two pages that may not be
// read or written.
func utf16FencedPage(t *testing.T) []byte {
	t.Helper()
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 3*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	if err := syscall.Mprotect(mem[2*page:], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	return mem[page : 2*page : 2*page]
}

// utf16Fenced returns n bytes of page that start at its start (atStart) or end
// at its end, so that any access past the slice faults.
func utf16Fenced(page []byte, n int, atStart bool) []byte {
	if atStart {
		return page[:n:n]
	}
	return page[len(page)-n:]
}

// TestUTF16PageFences runs every form with src and dst against protected
// pages, at both ends, for every length 0–300: reading or writing one byte
// outside the slices crashes the test.
func TestUTF16PageFences(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	srcPage, dstPage := utf16FencedPage(t), utf16FencedPage(t)
	for _, atStart := range []bool{false, true} {
		for n := 0; n <= 300; n++ {
			for _, d := range utf16Directions {
				be := n&2 != 0
				input := d.random(r, n, n%4, be)
				for _, f := range utf16Forms() {
					src := utf16Fenced(srcPage, n, atStart)
					copy(src, input)
					need := utf16Needed(d.ref, src, be)
					for _, dl := range []int{need, need + 1, need + 63} {
						d.kernel(f)(utf16Fenced(dstPage, dl, !atStart), src, be)
					}
				}
			}
		}
	}
}
