//go:build linux

package simd

import (
	"strings"
	"syscall"
	"testing"

	tables "github.com/webenc/webenc/tables/singlebyte"
)

// guardedPage returns a page of memory followed by a page that faults on
// any access, so that a read or write past the end of a slice ending at
// the boundary crashes the test.
func guardedPage(t *testing.T) []byte {
	t.Helper()
	size := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[size:], syscall.PROT_NONE); err != nil {
		t.Skip("mprotect:", err)
	}
	return mem[:size:size]
}

// TestDecodeSBCSPageEnd runs every form with src and dst ending at a
// page that faults, at every length up to 300.
func TestDecodeSBCSPageEnd(t *testing.T) {
	srcPage, dstPage := guardedPage(t), guardedPage(t)
	for _, tb := range []*tables.Table{&tables.Windows1252, &tables.Windows1251} {
		for n := 0; n <= 300; n++ {
			src := srcPage[len(srcPage)-n:]
			for i := range src {
				src[i] = byte(i * 37) // mixed ASCII and non-ASCII
			}
			for _, dl := range []int{n, 2 * n, 3 * n} {
				dst := dstPage[len(dstPage)-dl:]
				want := make([]byte, dl)
				wn, wm := sbcsReference(want, src, &tb.Decode)
				for _, form := range sbcsDecodeForms() {
					n, m := form.f(dst, src, NewSBCSTable(&tb.Decode))
					if n != wn || m != wm || string(dst[:n]) != string(want[:wn]) {
						t.Fatalf("%s %s len %d dst %d: got (%d, %d) want (%d, %d)", form.name, tb.Name, len(src), dl, n, m, wn, wm)
					}
				}
			}
		}
	}
}

// TestEncodeSBCSPageEnd runs every encoding form with src and dst ending
// at a page that faults, at every length up to 300.
func TestEncodeSBCSPageEnd(t *testing.T) {
	srcPage, dstPage := guardedPage(t), guardedPage(t)
	text := []byte(strings.Repeat("Grüße, café crème — ", 20))
	for _, tb := range []*tables.Table{&tables.Windows1252, sbcsEncodeAll} {
		for n := 0; n <= 300; n++ {
			src := srcPage[len(srcPage)-n:]
			copy(src, text)
			for _, dl := range []int{n / 2, n} {
				dst := dstPage[len(dstPage)-dl:]
				want := make([]byte, dl)
				wn, wm := sbcsEncodeReference(want, src, tb)
				for _, form := range sbcsEncodeForms() {
					n, m := form.f(dst, src, &tb.EncodeIndex, tb.EncodePages)
					if n != wn || m != wm || string(dst[:n]) != string(want[:wn]) {
						t.Fatalf("%s %s len %d dst %d: got (%d, %d) want (%d, %d)", form.name, tb.Name, len(src), dl, n, m, wn, wm)
					}
				}
			}
		}
	}
}
