package simd

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	big5tab "github.com/webenc/webenc/tables/big5"
	euckrtab "github.com/webenc/webenc/tables/euckr"
	"github.com/webenc/webenc/tables/gb18030"
)

type dbcsDecodeForm struct {
	name string
	f    func(dst, src []byte, pairs *DBCSPairs) (int, int)
}

// dbcsTab is a double-byte table as the CJK decoders hold it (the kernel
// takes its pairs, NewDBCSPairs of row, col and words), with each
// pointer's UTF-8 bytes (out) for the reference.
type dbcsTab struct {
	name     string
	row, col [256]uint16
	words    []uint32
	out      [][]byte
	leads    []byte     // bytes with a row
	trails   []byte     // bytes with a col
	pairs    *DBCSPairs // the kernel's table, from row, col and words
}

func init() {
	for _, tb := range dbcsTables {
		tb.pairs = NewDBCSPairs(&tb.row, &tb.col, tb.words)
	}
}

// newDBCSTab builds a table the way the CJK decoders do: rows and cols
// from the Standard's pointer formulas (-1 for none), outputs from the
// index's code points (0 for none; cps > 0xFFFF come from side).
func newDBCSTab(name string, row, col func(b int) int, index []uint16, side func(v uint16) []rune) *dbcsTab {
	tb := &dbcsTab{name: name, words: make([]uint32, len(index)), out: make([][]byte, len(index))}
	for b := range 256 {
		tb.row[b], tb.col[b] = 0x8000, 0x8000
		if r := row(b); r >= 0 {
			tb.row[b] = uint16(r)
			tb.leads = append(tb.leads, byte(b))
		}
		if c := col(b); c >= 0 {
			tb.col[b] = uint16(c)
			tb.trails = append(tb.trails, byte(b))
		}
	}
	for p, v := range index {
		var cps []rune
		switch {
		case v == 0:
			continue
		case v >= 0xD800 && v < 0xE000:
			cps = side(v)
		default:
			cps = []rune{rune(v)}
		}
		var o []byte
		for _, r := range cps {
			o = utf8.AppendRune(o, r)
		}
		var w [4]byte
		copy(w[:], o)
		tb.out[p], tb.words[p] = o, binary.LittleEndian.Uint32(w[:])
	}
	return tb
}

func rows(first, last, cols int) func(int) int {
	return func(b int) int {
		if b < first || b > last {
			return -1
		}
		return (b - first) * cols
	}
}

// dbcsTables: EUC-KR, Big5 (its astral code points and pairs of code
// points as four UTF-8 bytes), GBK with gb18030's digits as stops, and a
// small synthetic one with outputs of two, three and four bytes.
var dbcsTables = []*dbcsTab{
	newDBCSTab("EUC-KR", rows(0x81, 0xFE, 190), func(b int) int {
		if b >= 0x41 && b <= 0xFE {
			return b - 0x41
		}
		return -1
	}, euckrtab.Decode()[:], nil),
	newDBCSTab("Big5", rows(0x81, 0xFE, 157), func(b int) int {
		switch {
		case b >= 0x40 && b <= 0x7E:
			return b - 0x40
		case b >= 0xA1 && b <= 0xFE:
			return b - 0x62
		}
		return -1
	}, big5tab.Decode()[:], func(v uint16) []rune {
		// The side table holds the UTF-8 bytes, big-endian.
		var be [4]byte
		binary.BigEndian.PutUint32(be[:], big5tab.DecodeSide()[v-big5tab.SideMarker])
		var cps []rune
		for s := be[:]; len(s) > 0; {
			r, n := utf8.DecodeRune(s)
			cps = append(cps, r)
			s = s[n:]
		}
		return cps
	}),
	func() *dbcsTab {
		tb := newDBCSTab("GBK", rows(0x81, 0xFE, 190), func(b int) int {
			switch {
			case b >= 0x40 && b <= 0x7E:
				return b - 0x40
			case b >= 0x80 && b <= 0xFE:
				return b - 0x41
			}
			return -1
		}, gb18030.Decode()[:], nil)
		for b := '0'; b <= '9'; b++ {
			tb.col[b] = 0xC000
		}
		return tb
	}(),
	newDBCSTab("synthetic", rows(0x81, 0x83, 2), func(b int) int {
		if b == 0x41 || b == 0xA1 {
			return int(b>>7) & 1
		}
		return -1
	}, []uint16{0xE9, 0x4E00, 0, 0xD800, 0xFF61}, func(uint16) []rune { return []rune{0x1F600} }),
}

// dbcsReference decodes as DecodeDBCS's documentation says, a character
// at a time.
func dbcsReference(dst, src []byte, tb *dbcsTab) (nDst, nSrc int) {
	for len(src)-nSrc >= 2 && len(dst)-nDst >= 8 {
		b := src[nSrc]
		if b >= 0x01 && b <= 0x7F {
			dst[nDst] = b
			nDst++
			nSrc++
			continue
		}
		p := int(tb.row[b]) + int(tb.col[src[nSrc+1]])
		if p >= len(tb.out) || tb.out[p] == nil || len(tb.out[p]) > 3 {
			// Not mapped, or four UTF-8 bytes: left to the caller.
			break
		}
		nDst += copy(dst[nDst:], tb.out[p])
		nSrc += 2
	}
	return nDst, nSrc
}

// dbcsText returns n bytes of text of tb: mostly mapped pairs and ASCII
// (runs of 1 to 40), at random.
func dbcsText(rng *rand.Rand, tb *dbcsTab, n int) []byte { return dbcsTextOf(rng, tb, n, 3) }

// dbcsTextOf returns n bytes of text of tb: mapped pairs and, with
// probability 1/ascii at each character (never when ascii is 0), a run of
// 1 to 40 ASCII bytes.
func dbcsTextOf(rng *rand.Rand, tb *dbcsTab, n, ascii int) []byte {
	var s []byte
	for len(s) < n {
		if ascii > 0 && rng.IntN(ascii) == 0 {
			for k := 1 + rng.IntN(40); k > 0; k-- {
				s = append(s, byte(0x20+rng.IntN(0x5F)))
			}
			continue
		}
		for {
			b, t := tb.leads[rng.IntN(len(tb.leads))], tb.trails[rng.IntN(len(tb.trails))]
			if p := int(tb.row[b]) + int(tb.col[t]); p < len(tb.out) && tb.out[p] != nil {
				s = append(s, b, t)
				break
			}
		}
	}
	return s[:n]
}

// dbcsOdd are bytes that stop or perturb the kernel: NUL, bytes with no
// row, a lead where a trail or ASCII stood, digits (gb18030's stops).
var dbcsOdd = []byte{0x00, 0x80, 0xFF, 0x81, 0xA1, 0xFE, 0x41, 0x30, 0x7F, 0x40}

// checkDBCS runs every form on src at offset off of a guarded buffer into
// a dst of dstLen bytes and compares each with the reference.
func checkDBCS(t testing.TB, tb *dbcsTab, src []byte, off, dstLen int) {
	t.Helper()
	buf, s := sbcsGuardedSrc(src, off)
	want := make([]byte, dstLen)
	wn, wm := dbcsReference(want, src, tb)
	for _, form := range dbcsDecodeForms() {
		d, dst := sbcsGuarded(dstLen)
		n, m := form.f(dst, s, tb.pairs)
		if n != wn || m != wm || !bytes.Equal(dst[:n], want[:wn]) {
			t.Fatalf("%s %s len %d off %d dst %d: got (%d, %d) want (%d, %d)\nsrc % x\ngot  % x\nwant % x",
				form.name, tb.name, len(src), off, dstLen, n, m, wn, wm, src, dst[:n], want[:wn])
		}
		sbcsCheckGuards(t, form.name, d, buf, off, src)
	}
}

// TestDecodeDBCS compares every form with the reference on every length
// 0–300 at every alignment, with an odd byte at every position of each
// (so on both sides of every vector boundary), and into every tight dst.
func TestDecodeDBCS(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tb := range dbcsTables {
		for n := 0; n <= 300; n++ {
			src := dbcsText(rng, tb, n)
			for off := range 32 {
				checkDBCS(t, tb, src, off, 2*n+8)
			}
			for dstLen := 0; dstLen <= 2*n+8; dstLen += 1 + n/50 {
				checkDBCS(t, tb, src, n%32, dstLen)
			}
			for k := range n {
				odd := bytes.Clone(src)
				odd[k] = dbcsOdd[rng.IntN(len(dbcsOdd))]
				checkDBCS(t, tb, odd, k%32, 2*n+8)
				if k+1 < n {
					// A lead before an ASCII trail or a stop.
					odd[k], odd[k+1] = tb.leads[rng.IntN(len(tb.leads))], dbcsOdd[rng.IntN(len(dbcsOdd))]
					checkDBCS(t, tb, odd, 0, 2*n+8)
				}
			}
		}
	}
}

// dbcsStarts returns the offsets at which the characters of text (from
// dbcsText: ASCII bytes and pairs) start.
func dbcsStarts(text []byte) []int {
	var starts []int
	for i := 0; i < len(text); i++ {
		starts = append(starts, i)
		if text[i] >= 0x80 {
			i++
		}
	}
	return starts
}

// TestDecodeDBCSEveryPair compares every form with the reference on every
// (leading, trailing) byte pair with a leading byte of 80 or more, each
// inside mapped text at a position that varies with the pair (0 to 69, so
// on both sides of the 32-byte block boundaries) with 128 or more bytes
// after it, so that the kernel reaches it in its block loops; once as it
// is and once with a NUL three bytes after it (which sends the block to
// the character-at-a-time loop).
func TestDecodeDBCSEveryPair(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, tb := range dbcsTables {
		text := dbcsText(rng, tb, 400)
		starts := dbcsStarts(text)
		want := make([]byte, 1024)
		got := make([]byte, 1024)
		for b := 0x80; b <= 0xFF; b++ {
			for tr := range 256 {
				k := starts[(b*256+tr)%70]
				for _, nul := range []bool{false, true} {
					src := append(append(bytes.Clone(text[:k]), byte(b), byte(tr)), text[k:k+200]...)
					if nul {
						src[k+5] = 0
					}
					wn, wm := dbcsReference(want, src, tb)
					for _, form := range dbcsDecodeForms() {
						n, m := form.f(got, src, tb.pairs)
						if n != wn || m != wm || !bytes.Equal(got[:n], want[:wn]) {
							t.Fatalf("%s %s pair %02x %02x at %d (NUL after: %v): got (%d, %d) want (%d, %d)",
								form.name, tb.name, b, tr, k, nul, n, m, wn, wm)
						}
					}
				}
			}
		}
	}
}

// TestDecodeDBCSFenced runs every form on inputs and outputs flush against
// pages that fault on access: a read or write one byte outside the slices
// crashes the test. Even lengths are pairs alone, odd ones text.
func TestDecodeDBCSFenced(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	mem := fenced(t, 2)
	out := fenced(t, 2)
	for _, tb := range dbcsTables {
		for n := 0; n <= 200; n++ {
			// Pairs alone put leads at the end of every block.
			text := dbcsTextOf(rng, tb, n, 3*(n%2))
			for _, atStart := range []bool{true, false} {
				src := atEdge(mem, n, atStart)
				copy(src, text)
				for _, dstLen := range []int{0, 7, 8, n, 2*n + 8} {
					dst := atEdge(out, dstLen, !atStart)
					want := make([]byte, dstLen)
					wn, wm := dbcsReference(want, src, tb)
					for _, form := range dbcsDecodeForms() {
						n, m := form.f(dst, src, tb.pairs)
						if n != wn || m != wm || !bytes.Equal(dst[:n], want[:wn]) {
							t.Fatalf("%s %s len %d dst %d: got (%d, %d) want (%d, %d)", form.name, tb.name, len(src), dstLen, n, m, wn, wm)
						}
					}
				}
			}
		}
	}
}

// FuzzDecodeDBCS compares every form with the reference on any input,
// with table k and dst length dstLen.
func FuzzDecodeDBCS(f *testing.F) {
	rng := rand.New(rand.NewPCG(5, 6))
	for k, tb := range dbcsTables {
		f.Add(dbcsText(rng, tb, 200), uint8(k), uint16(500))
	}
	f.Add([]byte("\xb0\xa1 \xb0\x41\x00\x80\xff"), uint8(0), uint16(30))
	f.Fuzz(func(t *testing.T, src []byte, k uint8, dstLen uint16) {
		fuzzDecodeDBCSBody(t, src, k, dstLen)
	})
}

func fuzzDecodeDBCSBody(t testing.TB, src []byte, k uint8, dstLen uint16) {
	tb := dbcsTables[int(k)%len(dbcsTables)]
	checkDBCS(t, tb, src, int(k)%32, int(dstLen)%(2*len(src)+9))
}
