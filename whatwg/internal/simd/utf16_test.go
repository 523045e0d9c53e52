package simd

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

type utf16Kernel = func(dst, src []byte, be bool) (int, int)

// utf16Form is one form of the UTF-16 kernels.
type utf16Form struct {
	name             string
	toUTF8, fromUTF8 utf16Kernel
}

// utf16Direction is what the tests need to know of one conversion.
type utf16Direction struct {
	name   string
	kernel func(utf16Form) utf16Kernel
	ref    utf16Kernel
	// random returns n bytes of input in profile i (of profiles).
	random   func(r *rand.Rand, n, i int, be bool) []byte
	profiles int
	// unit is the size of what a stop is at, to walk past it.
	unit int
}

var utf16Directions = []utf16Direction{
	{
		name:   "UTF16ToUTF8",
		kernel: func(f utf16Form) utf16Kernel { return f.toUTF8 },
		ref:    refUTF16ToUTF8,
		random: func(r *rand.Rand, n, i int, be bool) []byte {
			return utf16PutUnits(utf16RandomUnits(r, (n+1)/2, utf16Profiles[i]), be)[:n]
		},
		profiles: len(utf16Profiles),
		unit:     2,
	},
	{
		name:   "UTF8ToUTF16",
		kernel: func(f utf16Form) utf16Kernel { return f.fromUTF8 },
		ref:    refUTF8ToUTF16,
		random: func(r *rand.Rand, n, i int, be bool) []byte {
			return utf16RandomUTF8(r, n, utf16UTF8Profiles[i])[:n]
		},
		profiles: len(utf16UTF8Profiles),
		unit:     1,
	},
}

// refUTF16ToUTF8 is UTF16ToUTF8's contract written unit by unit with the
// standard library.
func refUTF16ToUTF8(dst, src []byte, be bool) (nDst, nSrc int) {
	for nSrc+2 <= len(src) {
		u := rune(binary.LittleEndian.Uint16(src[nSrc:]))
		if be {
			u = rune(binary.BigEndian.Uint16(src[nSrc:]))
		}
		if u >= 0xD800 && u <= 0xDFFF || nDst+utf8.RuneLen(u) > len(dst) {
			break
		}
		nDst += utf8.EncodeRune(dst[nDst:], u)
		nSrc += 2
	}
	return nDst, nSrc
}

// refUTF8ToUTF16 is UTF8ToUTF16's contract written sequence by sequence
// with the standard library.
func refUTF8ToUTF16(dst, src []byte, be bool) (nDst, nSrc int) {
	for nSrc < len(src) {
		r, size := utf8.DecodeRune(src[nSrc:])
		if r == utf8.RuneError && size < 2 || r > 0xFFFF || nDst+2 > len(dst) {
			break
		}
		if be {
			binary.BigEndian.PutUint16(dst[nDst:], uint16(r))
		} else {
			binary.LittleEndian.PutUint16(dst[nDst:], uint16(r))
		}
		nDst += 2
		nSrc += size
	}
	return nDst, nSrc
}

const utf16GuardLen = 64

// utf16Guarded returns a slice of n bytes (capacity n) at offset align of a
// buffer whose other bytes are a guard pattern, and the buffer.
func utf16Guarded(n, align int) (s, buf []byte) {
	buf = make([]byte, utf16GuardLen+align+n+utf16GuardLen)
	for i := range buf {
		buf[i] = 0xA5 ^ byte(i)
	}
	lo := utf16GuardLen + align
	return buf[lo : lo+n : lo+n], buf
}

// utf16GuardIntact reports whether buf outside s still holds the guard pattern.
func utf16GuardIntact(buf []byte, lo, n int) bool {
	for i, b := range buf {
		if (i < lo || i >= lo+n) && b != 0xA5^byte(i) {
			return false
		}
	}
	return true
}

// checkUTF16Kernel runs k and ref on src with a dst of dstLen bytes at
// alignment dstAlign (and src copied to alignment srcAlign), and reports
// any difference in results, output, guard bytes or src.
func checkUTF16Kernel(t testing.TB, what string, k, ref func(dst, src []byte, be bool) (int, int), src []byte, srcAlign, dstLen, dstAlign int, be bool) {
	t.Helper()
	s, sbuf := utf16Guarded(len(src), srcAlign)
	copy(s, src)
	d, dbuf := utf16Guarded(dstLen, dstAlign)
	n, m := k(d, s, be)
	want := make([]byte, dstLen)
	wn, wm := ref(want, src, be)
	switch {
	case n != wn || m != wm:
		t.Fatalf("%s(be=%v, dst %d, src % x): (%d, %d), want (%d, %d)", what, be, dstLen, src, n, m, wn, wm)
	case !bytes.Equal(d[:n], want[:wn]):
		t.Fatalf("%s(be=%v, dst %d, src % x): wrote % x, want % x", what, be, dstLen, src, d[:n], want[:wn])
	case !utf16GuardIntact(dbuf, utf16GuardLen+dstAlign, dstLen):
		t.Fatalf("%s(be=%v, dst %d, src % x): wrote outside dst", what, be, dstLen, src)
	case !utf16GuardIntact(sbuf, utf16GuardLen+srcAlign, len(src)) || !bytes.Equal(s, src):
		t.Fatalf("%s(be=%v, src % x): changed src", what, be, src)
	}
}

// utf16Needed returns the output size of ref on src with unlimited room.
func utf16Needed(ref func(dst, src []byte, be bool) (int, int), src []byte, be bool) int {
	n, _ := ref(make([]byte, 3*len(src)+8), src, be)
	return n
}

// Code units of every class, with byte-order traps (units whose low or
// high byte alone looks ASCII).
var (
	utf16Classes = [][]uint16{
		{0x0000, 0x0041, 0x007F},                         // ASCII
		{0x0080, 0x00FF, 0x03A9, 0x0410, 0x07FF},         // 2-byte UTF-8
		{0x0800, 0x4100, 0x4E2D, 0xD7FF, 0xE000, 0xFFFF}, // 3-byte UTF-8
		{0xD800, 0xDBFF},                                 // leading surrogates
		{0xDC00, 0xDFFF},                                 // trailing surrogates
	}
	utf16Units = func() (all []uint16) {
		for _, c := range utf16Classes {
			all = append(all, c...)
		}
		return all
	}()
)

// utf16PutUnits writes units in the byte order.
func utf16PutUnits(units []uint16, be bool) []byte {
	b := make([]byte, 2*len(units))
	for i, u := range units {
		if be {
			binary.BigEndian.PutUint16(b[2*i:], u)
		} else {
			binary.LittleEndian.PutUint16(b[2*i:], u)
		}
	}
	return b
}

// utf16RandomUnits returns n units drawn from the classes with the weights
// (ASCII, 2-byte, 3-byte, lead, trail).
func utf16RandomUnits(r *rand.Rand, n int, weights [5]int) []uint16 {
	total := 0
	for _, w := range weights {
		total += w
	}
	units := make([]uint16, n)
	for i := range units {
		x := r.IntN(total)
		c := 0
		for x >= weights[c] {
			x -= weights[c]
			c++
		}
		switch c {
		case 0:
			units[i] = uint16(r.IntN(0x80))
		case 1:
			units[i] = uint16(0x80 + r.IntN(0x800-0x80))
		case 2:
			units[i] = uint16(0x800 + r.IntN(0xD800-0x800))
			if r.IntN(4) == 0 {
				units[i] = uint16(0xE000 + r.IntN(0x2000))
			}
		case 3:
			units[i] = uint16(0xD800 + r.IntN(0x400))
		default:
			units[i] = uint16(0xDC00 + r.IntN(0x400))
		}
	}
	return units
}

var utf16Profiles = [][5]int{
	{1, 0, 0, 0, 0},        // ASCII
	{3, 1, 0, 0, 0},        // Latin, Cyrillic
	{1, 0, 3, 0, 0},        // CJK
	{4, 2, 2, 0, 0},        // mixed BMP
	{40, 10, 10, 1, 1},     // with a few surrogates
	{1000, 0, 0, 1, 0},     // long ASCII runs, rare surrogates
	{100, 1, 1, 0, 0},      // mostly ASCII
	{0, 1, 0, 0, 0},        // all 2-byte
	{20, 20, 20, 1, 1},     // anything
	{1, 1, 1, 1, 1},        // many surrogates
	{10, 0, 0, 0, 1},       // lone trails
	{1000, 100, 100, 0, 1}, // rare trail
}

// TestUTF16ToUTF8Classes: every unit class at every position of runs of
// every class, across vector boundaries, with dst ample and exact.
func TestUTF16ToUTF8Classes(t *testing.T) {
	for _, f := range utf16Forms() {
		for _, be := range []bool{false, true} {
			for _, base := range []uint16{0x0041, 0x00FF, 0x03A9, 0x4100, 0x4E2D} {
				for _, v := range utf16Units {
					for _, l := range []int{40, 136} {
						units := make([]uint16, l)
						for i := range units {
							units[i] = base
						}
						for p := range l {
							units[p] = v
							src := utf16PutUnits(units, be)
							need := utf16Needed(refUTF16ToUTF8, src, be)
							checkUTF16Kernel(t, f.name, f.toUTF8, refUTF16ToUTF8, src, p%32, need+64, 0, be)
							checkUTF16Kernel(t, f.name, f.toUTF8, refUTF16ToUTF8, src, 0, need, p%32, be)
							units[p] = base
						}
					}
				}
			}
		}
	}
}

// UTF-8 sequences of every class: valid 1-, 2- and 3-byte ones at the
// limits, 4-byte ones, and invalid or truncated ones.
var utf16UTF8Seqs = []string{
	"A", "\x00", "\x7f",
	"\u0080", "é", "\u07ff",
	"\u0800", "中", "\ud7ff", "\ue000", "\uffff", "\ufffd",
	"😀", "\U0010ffff",
	"\x80", "\xbf", "\xc0\x80", "\xc1\xbf", "\xc2", "\xc3\x41", "\xc3\xc3",
	"\xe0\x80\x80", "\xe0\x9f\xbf", "\xed\xa0\x80", "\xed\xbf\xbf", "\xe1\x80", "\xe1\x80\x41", "\xe4\xb8\xc3",
	"\xf0\x9f\x98", "\xf4\x90\x80\x80", "\xf5", "\xff", "\xfe",
}

// utf16RandomUTF8 returns about n bytes of text in the profile (weights of
// ASCII, 2-byte, 3-byte, 4-byte and invalid sequences).
func utf16RandomUTF8(r *rand.Rand, n int, weights [5]int) []byte {
	units := utf16RandomUnits(r, n, [5]int{weights[0], weights[1], weights[2], 0, 0})
	var b []byte
	for len(b) < n {
		i := r.IntN(weights[0] + weights[1] + weights[2] + weights[3] + weights[4])
		switch {
		case i < weights[0]+weights[1]+weights[2]:
			b = utf8.AppendRune(b, rune(units[len(b)%len(units)]))
		case i < weights[0]+weights[1]+weights[2]+weights[3]:
			b = utf8.AppendRune(b, rune(0x10000+r.IntN(0x100000)))
		default:
			b = append(b, utf16UTF8Seqs[14+r.IntN(len(utf16UTF8Seqs)-14)]...)
		}
	}
	return b
}

var utf16UTF8Profiles = [][5]int{
	{1, 0, 0, 0, 0},
	{3, 1, 0, 0, 0},
	{1, 0, 3, 0, 0},
	{4, 2, 2, 0, 0},
	{40, 10, 10, 1, 1},
	{1000, 0, 0, 0, 1},
	{100, 1, 1, 1, 0},
	{0, 1, 0, 0, 0},
	{0, 0, 1, 0, 0},
	{1, 1, 1, 1, 1},
}

// TestUTF8ToUTF16Classes: every sequence class at every byte offset of
// runs of ASCII, 2-byte and 3-byte text (inside their sequences too).
func TestUTF8ToUTF16Classes(t *testing.T) {
	bases := []string{"a", "é", "中", "aé中", "\x00"}
	for _, f := range utf16Forms() {
		for _, be := range []bool{false, true} {
			for _, base := range bases {
				for _, l := range []int{70, 140} {
					text := bytes.Repeat([]byte(base), l)[:l]
					for _, seq := range utf16UTF8Seqs {
						for p := 0; p <= l; p++ {
							src := append(append(append([]byte{}, text[:p]...), seq...), text[p:]...)
							need := utf16Needed(refUTF8ToUTF16, src, be)
							checkUTF16Kernel(t, f.name, f.fromUTF8, refUTF8ToUTF16, src, p%32, need+64, 0, be)
							checkUTF16Kernel(t, f.name, f.fromUTF8, refUTF8ToUTF16, src, 0, need, p%32, be)
						}
					}
				}
			}
		}
	}
}

// TestUTF16KernelLengths: every length 0–300 (odd ones too) at every
// alignment, with dst of the needed size, larger and shorter.
func TestUTF16KernelLengths(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, d := range utf16Directions {
		for _, f := range utf16Forms() {
			for n := 0; n <= 300; n++ {
				for align := range 64 {
					be := align&1 != 0
					src := d.random(r, n, (n+align)%d.profiles, be)
					need := utf16Needed(d.ref, src, be)
					for _, dl := range []int{need, need + 64, need - 1, r.IntN(need + 1)} {
						if dl >= 0 {
							checkUTF16Kernel(t, d.name+"/"+f.name, d.kernel(f), d.ref, src, align, dl, (align*7)%64, be)
						}
					}
				}
			}
		}
	}
}

// TestUTF16KernelShortDst: every dst size on mixed inputs.
func TestUTF16KernelShortDst(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, d := range utf16Directions {
		for _, f := range utf16Forms() {
			for i := range d.profiles {
				for _, be := range []bool{false, true} {
					src := d.random(r, 300, i, be)
					need := utf16Needed(d.ref, src, be)
					for dl := 0; dl <= need+1; dl++ {
						checkUTF16Kernel(t, d.name+"/"+f.name, d.kernel(f), d.ref, src, dl%64, dl, 0, be)
					}
				}
			}
		}
	}
}

// TestUTF16KernelLong: long random inputs, walked from stop to stop.
func TestUTF16KernelLong(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, d := range utf16Directions {
		for _, f := range utf16Forms() {
			k := d.kernel(f)
			for i := range d.profiles {
				for _, be := range []bool{false, true} {
					src := d.random(r, 1<<17, i, be)
					dst := make([]byte, 3*len(src))
					want := make([]byte, 3*len(src))
					for pos := 0; pos < len(src); {
						n, m := k(dst, src[pos:], be)
						wn, wm := d.ref(want, src[pos:], be)
						if n != wn || m != wm || !bytes.Equal(dst[:n], want[:wn]) {
							t.Fatalf("%s/%s be=%v at %d: (%d, %d), want (%d, %d)", d.name, f.name, be, pos, n, m, wn, wm)
						}
						pos += m + d.unit // past what it stopped at
					}
				}
			}
		}
	}
}

// fuzzUTF16Kernel compares every form of d with the reference.
func fuzzUTF16Kernel(f *testing.F, d utf16Direction) {
	r := rand.New(rand.NewPCG(1, 1))
	for i := range d.profiles {
		f.Add(d.random(r, 200, i, i&1 != 0), uint16(300), i&1 != 0)
	}
	body := fuzzUTF16KernelBody(d)
	f.Fuzz(func(t *testing.T, src []byte, dstLen uint16, be bool) { body(t, src, dstLen, be) })
}

// fuzzUTF16KernelBody returns fuzzUTF16Kernel's body (also run by
// BenchmarkFuzzBodies).
func fuzzUTF16KernelBody(d utf16Direction) func(t testing.TB, src []byte, dstLen uint16, be bool) {
	forms := utf16Forms()
	return func(t testing.TB, src []byte, dstLen uint16, be bool) {
		dl := int(dstLen) % (3*len(src) + 2)
		for _, form := range forms {
			checkUTF16Kernel(t, d.name+"/"+form.name, d.kernel(form), d.ref, src, int(dstLen)%64, dl, 0, be)
		}
	}
}

// FuzzUTF16ToUTF8 compares every form with the reference.
func FuzzUTF16ToUTF8(f *testing.F) { fuzzUTF16Kernel(f, utf16Directions[0]) }

// FuzzUTF8ToUTF16 compares every form with the reference.
func FuzzUTF8ToUTF16(f *testing.F) { fuzzUTF16Kernel(f, utf16Directions[1]) }
