package simd

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	tables "github.com/webenc/webenc/tables/singlebyte"
)

type sbcsEncodeForm struct {
	name string
	f    func(dst, src []byte, index *[1024]uint8, pages []byte) (int, int)
}

// sbcsEncodeReference encodes code point by code point with package
// unicode/utf8's decoder, stopping where EncodeSBCS must: at a sequence
// that is not ASCII, two or three bytes of valid UTF-8 with a byte in the
// table, or when dst is full.
func sbcsEncodeReference(dst, src []byte, tb *sbcsTab) (nDst, nSrc int) {
	for nSrc < len(src) && nDst < len(dst) {
		r, size := utf8.DecodeRune(src[nSrc:])
		if size == 1 && r < 0x80 {
			dst[nDst] = byte(r)
		} else {
			if size != 2 && size != 3 {
				break
			}
			b := tb.EncodePages[int(tb.EncodeIndex[r>>6])<<6|int(r&63)]
			if b == 0 {
				break
			}
			dst[nDst] = b
		}
		nDst++
		nSrc += size
	}
	return nDst, nSrc
}

// checkSBCSEncode runs every form on src (at offset off of a guarded
// buffer) into a guarded dst of dstLen bytes and compares each with the
// reference.
func checkSBCSEncode(t testing.TB, tb *sbcsTab, src []byte, off, dstLen int) {
	t.Helper()
	buf, s := sbcsGuardedSrc(src, off)
	want := make([]byte, dstLen)
	wn, wm := sbcsEncodeReference(want, src, tb)
	for _, form := range sbcsEncodeForms() {
		d, dst := sbcsGuarded(dstLen)
		n, m := form.f(dst, s, tb.EncodeIndex, tb.EncodePages)
		if n != wn || m != wm || !bytes.Equal(dst[:n], want[:wn]) {
			t.Fatalf("%s %s len %d off %d dst %d: got (%d, %d) want (%d, %d)\nsrc %q\ngot  % x\nwant % x",
				form.name, tb.Name, len(src), off, dstLen, n, m, wn, wm, src, dst[:n], want[:wn])
		}
		sbcsCheckGuards(t, form.name, d, buf, off, src)
	}
}

// sbcsRepertoire returns the UTF-8 forms of the table's non-ASCII code
// points, from its decode side.
func sbcsRepertoire(tb *sbcsTab) [][]byte {
	var out [][]byte
	for b := 0x80; b < 0x100; b++ {
		if e := tb.Decode[b]; e != 0 {
			out = append(out, []byte{byte(e), byte(e >> 8), byte(e >> 16)}[:e>>24])
		}
	}
	return out
}

// sbcsText returns UTF-8 of about n bytes: ASCII words and, with
// probability p/256 per piece, something else: mostly code points of the
// table, sometimes ones it lacks, 4-byte sequences, overlongs,
// surrogates, stray or truncated bytes.
func sbcsText(r *rand.Rand, tb *sbcsTab, n, p int) []byte {
	rep := sbcsRepertoire(tb)
	odd := [][]byte{[]byte("€"), []byte("ā"), []byte("中"), []byte("😀"), {0xC0, 0xAF}, {0xE0, 0x80, 0xAF},
		{0xED, 0xA0, 0x80}, {0xED, 0xBF, 0xBF}, {0xE0, 0x91, 0x91}, {0xE0, 0x9F, 0xBF}, {0xE0, 0xA0, 0x80},
		{0xC1, 0xBF}, {0xE0, 0x80}, {0x80}, {0xFF}, {0xE2, 0x82}, {0xC3}, {0xF0, 0x9F}, []byte("\uFFFD")}
	var b []byte
	for len(b) < n {
		switch {
		case r.IntN(256) >= p:
			b = append(b, "abcdefghijklmnopqrstuvwxyz ,.<>"[r.IntN(31)])
		case r.IntN(16) != 0:
			b = append(b, rep[r.IntN(len(rep))]...)
		default:
			b = append(b, odd[r.IntN(len(odd))]...)
		}
	}
	return b[:n]
}

// sbcsEncodeAll is a synthetic table in which every code point has a
// byte, so that only the UTF-8 checks (overlongs, surrogates, lead bytes)
// make a form stop.
var sbcsEncodeAll = &sbcsTab{
	Name:        "every code point",
	Decode:      tab(tables.Windows1252()).Decode,
	EncodeIndex: new([1024]uint8),
	EncodePages: bytes.Repeat([]byte{'X'}, 64),
}

// sbcsEncodeTables are the real tables and the synthetic one.
var sbcsEncodeTables = append(sbcsTables[:len(sbcsTables):len(sbcsTables)], sbcsEncodeAll)

func TestEncodeSBCSLengths(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, tb := range sbcsEncodeTables {
		for _, p := range []int{0, 4, 64, 256} {
			for n := 0; n <= 300; n++ {
				src := sbcsText(r, tb, n, p)
				for off := 0; off < 32; off++ {
					checkSBCSEncode(t, tb, src, off, n+8)
				}
			}
		}
	}
}

func TestEncodeSBCSShortDst(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, tb := range sbcsEncodeTables {
		for _, p := range []int{0, 16, 128, 256} {
			for _, n := range []int{1, 7, 33, 64, 65, 100, 200, 300} {
				src := sbcsText(r, tb, n, p)
				for dl := 0; dl <= n+2; dl++ {
					checkSBCSEncode(t, tb, src, n%5, dl)
				}
			}
		}
	}
}

// TestEncodeSBCSEveryByte puts every byte value, and every non-ASCII
// code point of the table, at every position of ASCII text long enough
// for several vectors.
func TestEncodeSBCSEveryByte(t *testing.T) {
	for _, tb := range sbcsEncodeTables {
		base := bytes.Repeat([]byte("abcdefghijklmnopqrstuvwxyz0123456789"), 6)[:160]
		pieces := sbcsRepertoire(tb)
		for b := 0; b < 256; b++ {
			pieces = append(pieces, []byte{byte(b)})
		}
		pieces = append(pieces, []byte("😀"), []byte{0xE0, 0xA0, 0x80}, []byte{0xED, 0x9F, 0xBF}, []byte{0xEE, 0x80, 0x80},
			[]byte{0xE0, 0x91, 0x91}, []byte{0xE0, 0x9F, 0xBF}, []byte{0xED, 0xA0, 0x80}, []byte{0xE0, 0x80},
			[]byte{0xC2, 0x80}, []byte{0xDF, 0xBF}, []byte{0xEF, 0xBF, 0xBF})
		for pos := 0; pos < len(base); pos++ {
			for _, piece := range pieces {
				src := append(append(bytes.Clone(base[:pos]), piece...), base[pos:]...)
				checkSBCSEncode(t, tb, src, 0, len(src))
			}
		}
	}
}

func TestEncodeSBCSLong(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, tb := range sbcsEncodeTables {
		for _, p := range []int{1, 3, 30, 200} {
			src := sbcsText(r, tb, 1<<16+r.IntN(100), p)
			checkSBCSEncode(t, tb, src, r.IntN(32), len(src))
			checkSBCSEncode(t, tb, src, r.IntN(32), len(src)/2)
		}
	}
}

// TestEncodeSBCSPagesInBounds: every page number of every tested table's
// index lies within its pages, so no form ever stops for that reason.
func TestEncodeSBCSPagesInBounds(t *testing.T) {
	for _, tb := range sbcsTables {
		for _, p := range tb.EncodeIndex {
			if int(p)<<6+64 > len(tb.EncodePages) {
				t.Fatalf("%s: page %d outside pages", tb.Name, p)
			}
		}
	}
}

func FuzzEncodeSBCS(f *testing.F) {
	f.Add([]byte("plain ASCII text that is long enough for a vector or two, and more! café €"), uint8(0), uint16(300))
	f.Add(bytes.Repeat([]byte("Ελληνικά \xed\xa0\x80 😀"), 10), uint8(2), uint16(100))
	f.Fuzz(func(t *testing.T, src []byte, table uint8, dstLen uint16) { fuzzEncodeSBCSBody(t, src, table, dstLen) })
}

// fuzzEncodeSBCSBody is FuzzEncodeSBCS's body (also run by
// BenchmarkFuzzBodies).
func fuzzEncodeSBCSBody(t testing.TB, src []byte, table uint8, dstLen uint16) {
	tb := sbcsEncodeTables[int(table)%len(sbcsEncodeTables)]
	checkSBCSEncode(t, tb, src, int(dstLen%32), int(dstLen)%(len(src)+8))
}
