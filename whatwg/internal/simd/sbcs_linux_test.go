//go:build linux

package simd

import (
	"strings"
	"testing"

	tables "github.com/webenc/webenc/tables/singlebyte"
)

// TestDecodeSBCSPageEnd runs every form with src and dst ending at a
// page that faults, at every length up to 300.
func TestDecodeSBCSPageEnd(t *testing.T) {
	srcPage, dstPage := fenced(t, 1), fenced(t, 1)
	for _, tb := range []*sbcsTab{tab(tables.Windows1252()), tab(tables.Windows1251())} {
		for n := 0; n <= 300; n++ {
			src := srcPage[len(srcPage)-n:]
			for i := range src {
				src[i] = byte(i * 37) // mixed ASCII and non-ASCII
			}
			for _, dl := range []int{n, 2 * n, 3 * n} {
				dst := dstPage[len(dstPage)-dl:]
				want := make([]byte, dl)
				wn, wm := sbcsReference(want, src, tb.Decode)
				for _, form := range sbcsDecodeForms() {
					n, m := form.f(dst, src, NewSBCSTable(tb.Decode))
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
	srcPage, dstPage := fenced(t, 1), fenced(t, 1)
	text := []byte(strings.Repeat("Grüße, café crème — ", 20))
	for _, tb := range []*sbcsTab{tab(tables.Windows1252()), sbcsEncodeAll} {
		for n := 0; n <= 300; n++ {
			src := srcPage[len(srcPage)-n:]
			copy(src, text)
			for _, dl := range []int{n / 2, n} {
				dst := dstPage[len(dstPage)-dl:]
				want := make([]byte, dl)
				wn, wm := sbcsEncodeReference(want, src, tb)
				for _, form := range sbcsEncodeForms() {
					n, m := form.f(dst, src, tb.EncodeIndex, tb.EncodePages)
					if n != wn || m != wm || string(dst[:n]) != string(want[:wn]) {
						t.Fatalf("%s %s len %d dst %d: got (%d, %d) want (%d, %d)", form.name, tb.Name, len(src), dl, n, m, wn, wm)
					}
				}
			}
		}
	}
}
