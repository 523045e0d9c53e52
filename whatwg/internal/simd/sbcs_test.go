package simd

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	tables "github.com/webenc/webenc/tables/singlebyte"
)

type sbcsDecodeForm struct {
	name string
	f    func(dst, src []byte, t *SBCSTable) (int, int)
}

// sbcsTables are the tables the kernel tests run over: Latin with 2- and
// 3-byte forms, Cyrillic, two with unmapped bytes, Thai (3-byte forms)
// and x-user-defined.
// sbcsTab is a single-byte table as these tests use it: a generated
// table's data (tab) or a synthetic one.
type sbcsTab struct {
	Name        string
	Decode      *[256]uint32
	EncodeIndex *[1024]uint8
	EncodePages []byte
}

// tab returns the data of a generated table.
func tab(t tables.Table) *sbcsTab {
	return &sbcsTab{t.Name(), t.Decode(), t.EncodeIndex(), t.EncodePages()}
}

var sbcsTables = []*sbcsTab{
	tab(tables.Windows1252()), tab(tables.Windows1251()), tab(tables.Windows1253()),
	tab(tables.ISO8859_3()), tab(tables.Windows874()), tab(tables.XUserDefined()),
}

// sbcsReference decodes byte by byte, as the Standard's single-byte
// decoder does, stopping at an unmapped byte or a form that does not fit.
func sbcsReference(dst, src []byte, t *[256]uint32) (nDst, nSrc int) {
	for ; nSrc < len(src); nSrc++ {
		e := t[src[nSrc]]
		n := int(e >> 24)
		if e == 0 || nDst+n > len(dst) {
			break
		}
		for i := 0; i < n; i++ {
			dst[nDst+i] = byte(e >> (8 * i))
		}
		nDst += n
	}
	return nDst, nSrc
}

// sbcsKernelTables holds the kernel form of each of sbcsTables, made once.
var sbcsKernelTables = func() map[*sbcsTab]*SBCSTable {
	m := map[*sbcsTab]*SBCSTable{}
	for _, tb := range sbcsTables {
		m[tb] = NewSBCSTable(tb.Decode)
	}
	return m
}()

const sbcsGuard = 0xA5

// checkSBCSDecode runs every form on src (placed at offset off of a
// guarded buffer) into a dst of dstLen bytes surrounded by guard bytes and
// compares each with the reference.
func checkSBCSDecode(t testing.TB, tb *sbcsTab, src []byte, off, dstLen int) {
	t.Helper()
	buf, s := sbcsGuardedSrc(src, off)
	want := make([]byte, dstLen)
	wn, wm := sbcsReference(want, src, tb.Decode)
	kt := sbcsKernelTables[tb]
	if kt == nil {
		kt = NewSBCSTable(tb.Decode)
	}
	for _, form := range sbcsDecodeForms() {
		d, dst := sbcsGuarded(dstLen)
		n, m := form.f(dst, s, kt)
		if n != wn || m != wm || !bytes.Equal(dst[:n], want[:wn]) {
			t.Fatalf("%s %s len %d off %d dst %d: got (%d, %d) want (%d, %d)\nsrc % x\ngot  % x\nwant % x",
				form.name, tb.Name, len(src), off, dstLen, n, m, wn, wm, src, dst[:n], want[:wn])
		}
		sbcsCheckGuards(t, form.name, d, buf, off, src)
	}
}

// sbcsGuardedSrc returns a copy s of src at offset off of buf, followed
// by 64 guard bytes.
func sbcsGuardedSrc(src []byte, off int) (buf, s []byte) {
	buf = bytes.Repeat([]byte{sbcsGuard}, off+len(src)+64)
	s = buf[off : off+len(src) : off+len(src)]
	copy(s, src)
	return buf, s
}

// sbcsGuarded returns a dst of n bytes inside a buffer d with 64 guard
// bytes on either side.
func sbcsGuarded(n int) (d, dst []byte) {
	d = bytes.Repeat([]byte{sbcsGuard}, n+128)
	return d, d[64 : 64+n : 64+n]
}

// sbcsCheckGuards fails t if a form wrote to the guard bytes around dst
// (d from sbcsGuarded) or to src (at off in buf, guard bytes after it).
func sbcsCheckGuards(t testing.TB, form string, d, buf []byte, off int, src []byte) {
	t.Helper()
	n := len(d) - 128
	for i := range 64 {
		if d[i] != sbcsGuard || d[64+n+i] != sbcsGuard {
			t.Fatalf("%s: len %d dst %d: wrote outside dst", form, len(src), n)
		}
	}
	if !bytes.Equal(buf[off:off+len(src)], src) || !bytes.Equal(buf[off+len(src):], bytes.Repeat([]byte{sbcsGuard}, 64)) {
		t.Fatalf("%s: wrote to src", form)
	}
}

// sbcsMix returns n random bytes, each non-ASCII with probability p/256.
func sbcsMix(r *rand.Rand, n, p int) []byte {
	b := make([]byte, n)
	for i := range b {
		if r.IntN(256) < p {
			b[i] = byte(0x80 + r.IntN(128))
		} else {
			b[i] = byte(r.IntN(128))
		}
	}
	return b
}

// TestDecodeSBCSLengths: every length 0–300 at every alignment of a
// vector, for several mixes of ASCII and non-ASCII, into a dst with room
// to spare.
func TestDecodeSBCSLengths(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, tb := range sbcsTables {
		for _, p := range []int{0, 4, 64, 256} {
			for n := 0; n <= 300; n++ {
				src := sbcsMix(r, n, p)
				for off := 0; off < 32; off++ {
					checkSBCSDecode(t, tb, src, off, 3*n+8)
				}
			}
		}
	}
}

// TestDecodeSBCSShortDst: dst shorter than the output, by every amount.
func TestDecodeSBCSShortDst(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, tb := range sbcsTables {
		for _, p := range []int{0, 16, 128, 256} {
			for _, n := range []int{1, 7, 16, 23, 24, 33, 40, 63, 64, 65, 100, 200, 300} {
				src := sbcsMix(r, n, p)
				for dl := 0; dl <= 3*n+4; dl++ {
					checkSBCSDecode(t, tb, src, n%7, dl)
				}
			}
		}
	}
}

// TestDecodeSBCSEveryShortInput: every input of one and two bytes, and
// every byte at every position of 8 to 17 bytes of ASCII (the byte
// loop's word step and what follows it), into every short dst, with a
// table that has unmapped bytes and 3-byte forms (windows-1252: 0x81,
// the euro sign) and one with Thai's 3-byte forms (windows-874).
func TestDecodeSBCSEveryShortInput(t *testing.T) {
	for _, tb := range []*sbcsTab{sbcsTables[0], sbcsTables[4]} {
		for a := range 256 {
			for dl := 0; dl <= 4; dl++ {
				checkSBCSDecode(t, tb, []byte{byte(a)}, 0, dl)
			}
			for b := range 256 {
				for dl := 0; dl <= 7; dl++ {
					checkSBCSDecode(t, tb, []byte{byte(a), byte(b)}, 0, dl)
				}
			}
		}
		for n := 8; n <= 17; n++ {
			base := []byte("abcdefghijklmnopq")[:n]
			for pos := range n {
				for b := range 256 {
					src := bytes.Clone(base)
					src[pos] = byte(b)
					for _, dl := range []int{pos, pos + 1, pos + 2, pos + 3, n - 1, n, n + 1, n + 2, 3 * n} {
						checkSBCSDecode(t, tb, src, 0, dl)
					}
				}
			}
		}
	}
}

// TestDecodeSBCSEveryByte puts every byte value at every position of
// ASCII text long enough for several vectors, and next to another
// non-ASCII byte.
func TestDecodeSBCSEveryByte(t *testing.T) {
	for _, tb := range sbcsTables {
		for _, n := range []int{150, 200} {
			base := bytes.Repeat([]byte("abcdefghijklmnopqrstuvwxyz0123456789"), 6)[:n]
			for pos := 0; pos < n; pos++ {
				for b := 0; b < 256; b++ {
					src := bytes.Clone(base)
					src[pos] = byte(b)
					if pos+1 < n && n == 200 {
						src[pos+1] = 0xE9
					}
					checkSBCSDecode(t, tb, src, 0, 3*n)
				}
			}
		}
	}
}

// TestDecodeSBCSLong compares the forms on long random inputs with every
// table of the package.
func TestDecodeSBCSLong(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, tb := range sbcsTables {
		for _, p := range []int{1, 3, 30, 200} {
			src := sbcsMix(r, 1<<16+r.IntN(100), p)
			checkSBCSDecode(t, tb, src, r.IntN(32), 3*len(src))
			checkSBCSDecode(t, tb, src, r.IntN(32), len(src)+len(src)/8)
		}
	}
}

// FuzzDecodeSBCS compares every form with the reference on arbitrary
// input, table and dst size.
func FuzzDecodeSBCS(f *testing.F) {
	f.Add([]byte("plain ASCII text that is long enough for a vector or two, and more!"), uint8(0), uint16(300))
	f.Add(bytes.Repeat([]byte("caf\xe9 \x81\x90"), 30), uint8(2), uint16(100))
	f.Fuzz(func(t *testing.T, src []byte, table uint8, dstLen uint16) { fuzzDecodeSBCSBody(t, src, table, dstLen) })
}

// fuzzDecodeSBCSBody is FuzzDecodeSBCS's body (also run by
// BenchmarkFuzzBodies).
func fuzzDecodeSBCSBody(t testing.TB, src []byte, table uint8, dstLen uint16) {
	tb := sbcsTables[int(table)%len(sbcsTables)]
	checkSBCSDecode(t, tb, src, int(dstLen%32), int(dstLen)%(3*len(src)+8))
}

func ExampleDecodeSBCS() {
	dst := make([]byte, 16)
	n, m := DecodeSBCS(dst, []byte("caf\xe9\xa5!"), NewSBCSTable(tab(tables.ISO8859_3()).Decode)) // 0xA5 is unmapped
	fmt.Printf("%q %d\n", dst[:n], m)
	// Output: "café" 4
}
