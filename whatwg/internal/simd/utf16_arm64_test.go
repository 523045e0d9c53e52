//go:build arm64 && !purego

package simd

import (
	"bytes"
	"strings"
	"testing"
)

// utf16Forms lists every form of the UTF-16 kernels this CPU supports, each
// completed to the full contract the way the dispatcher completes it, so
// that the tests call each form directly.
func utf16Forms() []utf16Form {
	forms := []utf16Form{
		{"generic", utf16ToUTF8Generic, utf8ToUTF16Generic},
		{"dispatch", UTF16ToUTF8, UTF8ToUTF16},
	}
	if supported(levelNEON) {
		forms = append(forms,
			utf16Form{"NEON", utf16ToUTF8NEONLoop, utf8ToUTF16NEONLoop},
			utf16Form{"NEONkernel", thenGeneric(utf16ToUTF8NEON, utf16ToUTF8Generic), thenGeneric(utf8ToUTF16NEON, utf8ToUTF16Generic)})
	}
	return forms
}

// thenGeneric returns k followed by the pure-Go form rest on what is left
// (k is called on every input, however short, so that its bounds checks
// are tested too).
func thenGeneric(k, rest utf16Kernel) utf16Kernel {
	return func(dst, src []byte, be bool) (int, int) {
		n, m := k(dst, src, be)
		n2, m2 := rest(dst[n:], src[m:], be)
		return n + n2, m + m2
	}
}

// utf8StepBases are texts each NEON step of UTF8ToUTF16 takes whole: one-
// and two-byte sequences (two; with a lead byte at the end of some 16-byte
// blocks), three-byte ones (three) and all three lengths mixed (mix; with
// sequences cut at every place by the end of some blocks), with the block
// size of the step.
var utf8StepBases = []struct {
	text  string
	block int
}{
	{"é", 16}, {"aé", 16}, {"Жa b", 16}, {"\u07ff\u0080", 16},
	{"中", 48}, {"\u0800\uffff\ud7ff\ue000", 48},
	{"한국 ", 16}, {"中文，a", 16}, {"aé中", 16}, {"\u0800\u07ffa\uffff\u0080", 16},
	{"\ud7ff \ue000é", 16}, {"中中中中中中中中中中中中中中中中a", 16},
}

// utf8StepInserts are sequences put at every position of a block: valid
// ones of every length at the limits, and truncated ones, overlongs,
// surrogates, stray continuation bytes and code points above U+10FFFF.
var utf8StepInserts = []string{
	"A", "\x00", "\u0080", "\u07ff", "\u0800", "\ud7ff", "\ue000", "\uffff", "😀",
	"\xc2", "\xdf", "\xe0\xa0", "\xef\xbf", "\xf0\x9f\x98",
	"\xc0\x80", "\xc1\xbf", "\xe0\x80\x80", "\xe0\x9f\xbf", "\xf0\x8f\xbf\xbf",
	"\xed\xa0\x80", "\xed\xbf\xbf",
	"\x80", "\xbf", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xff",
}

// TestUTF8ToUTF16NEONSteps drives the NEON kernel alone (no pure-Go form
// after it) with each step's text and a sequence inserted at, or written
// over, every position of its first blocks. The kernel must stop at a
// sequence boundary at or before the reference's stop with the
// reference's output up to there; on the step's own text it must take
// every whole step, and with an insertion every step before the one it
// is in.
func TestUTF8ToUTF16NEONSteps(t *testing.T) {
	if !supported(levelNEON) {
		t.Skip("NEON not supported: no NEON form to test") // never on arm64 (ASIMD is baseline)
	}
	for _, base := range utf8StepBases {
		text := []byte(strings.Repeat(base.text, 4*base.block))[:4*base.block]
		text = text[:len(text)-len(text)%len(base.text)]
		for _, be := range []bool{false, true} {
			_, m := checkKernelAlone(t, "utf8ToUTF16NEON", utf8ToUTF16NEON, refUTF8ToUTF16, text, be)
			if m < len(text)-base.block {
				t.Fatalf("%q x %d (be=%v): kernel took %d bytes, want at least %d", base.text, len(text)/len(base.text), be, m, len(text)-base.block)
			}
			for _, ins := range utf8StepInserts {
				for p := 0; p <= 2*base.block; p++ {
					src := append(append(append([]byte{}, text[:p]...), ins...), text[p:]...)
					if _, m := checkKernelAlone(t, "utf8ToUTF16NEON", utf8ToUTF16NEON, refUTF8ToUTF16, src, be); m < p-base.block-3 {
						t.Fatalf("%q inserted at %d into %q (be=%v): kernel took %d bytes, want at least %d", ins, p, base.text, be, m, p-base.block-3)
					}
					src = append(append([]byte{}, text...), ins...)
					copy(src[p:], ins)
					src = src[:len(text)]
					if _, m := checkKernelAlone(t, "utf8ToUTF16NEON", utf8ToUTF16NEON, refUTF8ToUTF16, src, be); m < p-base.block-3 {
						t.Fatalf("%q written at %d over %q (be=%v): kernel took %d bytes, want at least %d", ins, p, base.text, be, m, p-base.block-3)
					}
				}
			}
		}
	}
}

// checkKernelAlone runs the kernel k alone on src with ample dst and
// checks its stop and output against ref.
func checkKernelAlone(t *testing.T, name string, k, ref utf16Kernel, src []byte, be bool) (n, m int) {
	t.Helper()
	s, sbuf := utf16Guarded(len(src), 0)
	copy(s, src)
	d, dbuf := utf16Guarded(2*len(src)+32, 0)
	n, m = k(d, s, be)
	want := make([]byte, 2*len(src)+32)
	_, stop := ref(want, src, be)
	wn, wm := ref(want, src[:m], be)
	switch {
	case m > stop || wm != m || wn != n:
		t.Fatalf("%s(be=%v, % x) = (%d, %d); the reference stops at %d and takes (%d, %d) of src[:%d]", name, be, src, n, m, stop, wn, wm, m)
	case !bytes.Equal(d[:n], want[:wn]):
		t.Fatalf("%s(be=%v, % x) wrote % x, want % x", name, be, src, d[:n], want[:wn])
	case !utf16GuardIntact(dbuf, utf16GuardLen, len(d)) || !utf16GuardIntact(sbuf, utf16GuardLen, len(src)) || !bytes.Equal(s, src):
		t.Fatalf("%s(be=%v, % x) wrote outside dst or into src", name, be, src)
	}
	return n, m
}

// utf16StepBases are unit patterns each NEON step of UTF16ToUTF8 takes
// whole: ASCII, units below U+0800 with ASCII, three-byte units alone, and
// all three classes mixed (Korean with spaces, CJK beside punctuation).
var utf16StepBases = [][]uint16{
	{0x0061},
	{0x00E9, 0x0020, 0x0416, 0x07FF, 0x0080},
	{0x4E2D, 0x0800, 0xFFFF, 0xD7FF, 0xE000},
	{0xD55C, 0x0020, 0xAD6D, 0x002E, 0x03A9, 0x4E2D, 0x3001, 0x0041},
}

// TestUTF16ToUTF8NEONSteps drives the NEON kernel alone with each step's
// units and a unit of every class (surrogates too) inserted at, or
// written over, every position of its first steps. The kernel must stop
// at or before the reference's stop with the reference's output up to
// there; on the step's own units it must take every whole step (at most
// 16 units), and with an insertion every step before the one it is in.
func TestUTF16ToUTF8NEONSteps(t *testing.T) {
	if !supported(levelNEON) {
		t.Skip("NEON not supported: no NEON form to test") // never on arm64 (ASIMD is baseline)
	}
	const step = 32 // bytes of the longest step
	for _, base := range utf16StepBases {
		units := make([]uint16, 64)
		for i := range units {
			units[i] = base[i%len(base)]
		}
		for _, be := range []bool{false, true} {
			text := utf16PutUnits(units, be)
			if _, m := checkKernelAlone(t, "utf16ToUTF8NEON", utf16ToUTF8NEON, refUTF16ToUTF8, text, be); m < len(text)-step {
				t.Fatalf("%04x (be=%v): kernel took %d bytes, want at least %d", base, be, m, len(text)-step)
			}
			for _, v := range utf16Units {
				ins := utf16PutUnits([]uint16{v}, be)
				for p := 0; p <= 2*step; p += 2 {
					src := append(append(append([]byte{}, text[:p]...), ins...), text[p:]...)
					if _, m := checkKernelAlone(t, "utf16ToUTF8NEON", utf16ToUTF8NEON, refUTF16ToUTF8, src, be); m < p-step {
						t.Fatalf("%04x inserted at %d into %04x (be=%v): kernel took %d bytes, want at least %d", v, p, base, be, m, p-step)
					}
					src = append([]byte{}, text...)
					copy(src[p:], ins)
					if _, m := checkKernelAlone(t, "utf16ToUTF8NEON", utf16ToUTF8NEON, refUTF16ToUTF8, src, be); m < p-step {
						t.Fatalf("%04x written at %d over %04x (be=%v): kernel took %d bytes, want at least %d", v, p, base, be, m, p-step)
					}
				}
			}
		}
	}
}
