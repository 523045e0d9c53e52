package utf16

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/codectest"
)

func enc(be bool) *codec.Encoding {
	if be {
		return BE.(*codec.Encoding)
	}
	return LE.(*codec.Encoding)
}

func newDec(be, fatal bool) func() transform.Transformer {
	return func() transform.Transformer { return enc(be).NewDecoderMode(fatal) }
}

func newEnc(be bool) func() transform.Transformer {
	return func() transform.Transformer { return enc(be).NewRawEncoder() }
}

const fffd = "\uFFFD"

// le writes code units little-endian; swap turns LE test input into BE.
func le(units ...uint16) string {
	var b []byte
	for _, u := range units {
		b = append(b, byte(u), byte(u>>8))
	}
	return string(b)
}

func swap(s string) string {
	b := []byte(s)
	for i := 0; i+1 < len(b); i += 2 {
		b[i], b[i+1] = b[i+1], b[i]
	}
	return string(b)
}

// specCases are hand-written expectations from the Standard's shared UTF-16
// decoder (encoding.bs), given as UTF-16LE; the BE form swaps every pair of
// bytes (an odd last byte stays). fatalSeq is in LE order.
var specCases = []struct {
	name     string
	in       string
	want     string
	fatalSeq []byte
	fatalOff int
}{
	// Step 9: a non-surrogate unit is its code point.
	{"bmp", le('a', 0xE9, 0x20AC, 0xFFFF, 0, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000), "a\u00E9\u20AC\uFFFF\x00\x7F\u0080\u07FF\u0800\uD7FF\uE000", nil, 0},
	// No BOM handling in the decoder: U+FEFF is a code point like any.
	{"BOM kept", le(0xFEFF, 'A'), "\uFEFFA", nil, 0},
	// Step 7 then 6.3: a surrogate pair is one scalar value.
	{"pair", le(0xD83D, 0xDE00), "\U0001F600", nil, 0},
	{"pair bounds", le(0xD800, 0xDC00, 0xDBFF, 0xDFFF), "\U00010000\U0010FFFF", nil, 0},
	// Step 6.4–6.7: a leading surrogate then a non-trailing unit: error,
	// the unit is restored and decoded afresh.
	{"lead then ASCII", le(0xD83D, 'A'), fffd + "A", []byte{0x3D, 0xD8}, 0},
	{"lead then lead pair", le(0xD83D, 0xD83D, 0xDE00), fffd + "\U0001F600", []byte{0x3D, 0xD8}, 0},
	{"lead lead lead", le('x', 0xD800, 0xD800, 0xD800), "x" + fffd + fffd + fffd, []byte{0x00, 0xD8}, 2},
	// Step 8: a lone trailing surrogate is an error.
	{"lone trail", le(0xDE00), fffd, []byte{0x00, 0xDE}, 0},
	{"lone trail then ASCII", le('a', 0xDFFF, 'b'), "a" + fffd + "b", []byte{0xFF, 0xDF}, 2},
	{"trail lead", le(0xDC00, 0xD800), fffd + fffd, []byte{0x00, 0xDC}, 0},
	// Step 1: end-of-queue with a leading byte or surrogate is one error.
	{"odd byte", le('A') + "B", "A" + fffd, []byte{'B'}, 2},
	{"lead at EOF", le('A', 0xD83D), "A" + fffd, []byte{0x3D, 0xD8}, 2},
	{"lead and odd byte at EOF", le(0xD83D) + "\x00", fffd, []byte{0x3D, 0xD8, 0x00}, 0},
	{"one byte", "\x41", fffd, []byte{0x41}, 0},
}

func fatalText(name string, seq []byte, off int) string {
	if seq == nil {
		return "<nil>"
	}
	return (&codec.DecodeError{Encoding: name, Offset: int64(off), Bytes: seq}).Error()
}

func TestSpecCases(t *testing.T) {
	for _, c := range specCases {
		for _, be := range []bool{false, true} {
			in, seq := c.in, c.fatalSeq
			if be {
				in = swap(in)
				if len(seq) >= 2 {
					seq = []byte(swap(string(seq[:2])) + string(seq[2:]))
				}
			}
			t.Run(fmt.Sprintf("%s/be=%v", c.name, be), func(t *testing.T) {
				if out, e := refDecode([]byte(in), be, false); string(out) != c.want || e != "<nil>" {
					t.Errorf("reference: got %q %s, want %q", out, e, c.want)
				}
				got := codectest.CheckStreaming(t, newDec(be, false), []byte(in))
				if string(got.Out) != c.want || got.Err != nil {
					t.Errorf("replacement: got %v, want %q", got, c.want)
				}
				got = codectest.CheckStreaming(t, newDec(be, true), []byte(in))
				if e := fatalText(enc(be).Name, seq, c.fatalOff); fmt.Sprint(got.Err) != e {
					t.Errorf("fatal: got %v, want error %s", got, e)
				}
				if seq == nil && string(got.Out) != c.want {
					t.Errorf("fatal: got %q, want %q", got.Out, c.want)
				}
				if seq != nil && !errors.Is(got.Err, codec.ErrDecode) {
					t.Errorf("fatal: error %T is not a DecodeError", got.Err)
				}
			})
		}
	}
}

type decoders struct{ r, f [2]transform.Transformer }

func newDecoders() *decoders {
	var d decoders
	for i, be := range []bool{false, true} {
		d.r[i], d.f[i] = newDec(be, false)(), newDec(be, true)()
	}
	return &d
}

// check compares both decoders in both modes, whole and byte by byte, with
// the reference on src.
func (d *decoders) check(t *testing.T, dst, src []byte) {
	t.Helper()
	for i, be := range []bool{false, true} {
		wantR, wantF, wantErr := refDecodeBoth(src, be)
		for _, chunk := range []int{len(src) + 1, 1} {
			if out, e := codectest.Into(d.r[i], dst, src, chunk); out != string(wantR) || e != "<nil>" {
				t.Fatalf("replacement be=%v % X (chunk %d): got %q %s, want %q", be, src, chunk, out, e, wantR)
			}
			if out, e := codectest.Into(d.f[i], dst, src, chunk); out != string(wantF) || e != wantErr {
				t.Fatalf("fatal be=%v % X (chunk %d): got %q %s, want %q %s", be, src, chunk, out, e, wantF, wantErr)
			}
		}
	}
}

// TestExhaustive compares with the reference on every input of 1 and 2
// bytes, and on every code unit followed by a unit of every class (ASCII,
// BMP, leading and trailing surrogate bounds) or by an odd byte.
func TestExhaustive(t *testing.T) {
	d := newDecoders()
	dst := make([]byte, 64)
	src := make([]byte, 8)
	for a := range 256 {
		src[0] = byte(a)
		d.check(t, dst, src[:1])
		for b := range 256 {
			src[1] = byte(b)
			d.check(t, dst, src[:2])
		}
	}
	next := []uint16{0x0041, 0x00E9, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000}
	for u := range 0x10000 {
		// Every unit is tried before each class of unit: the two bytes
		// of u then of v, in both byte orders (check runs LE and BE on
		// the same bytes, so u's bytes are read in both orders).
		src[0], src[1] = byte(u), byte(u>>8)
		if u&0xF800 != 0xD800 && u&0xFF != 0x41 {
			// Non-surrogates (in this byte order) only need one
			// follower; surrogates need them all.
			src[2], src[3] = 0x00, 0xDC
			d.check(t, dst, src[:4])
			continue
		}
		for _, v := range next {
			src[2], src[3] = byte(v), byte(v>>8)
			d.check(t, dst, src[:4])
			src[2], src[3] = byte(v>>8), byte(v)
			d.check(t, dst, src[:4])
		}
		src[2] = 0x41
		d.check(t, dst, src[:3])
	}
}

// mixed are inputs mixing valid text and every kind of error (LE; the
// tests also run their BE swaps).
var mixed = []string{
	"",
	le([]uint16{'H', 'e', 'l', 'l', 'o', ',', ' ', 'w', 'o', 'r', 'l', 'd', '!', ' ', 'A', 'S', 'C', 'I', 'I'}...),
	le('c', 'a', 'f', 0xE9, ' ', 0x20AC, ' ', 0xD83D, 0xDE00, ' ', 0x65E5, 0x672C, 'a', 'b', 'c', 'd', 'e'),
	le(0xD83D, 'A', 0xDE00, 'B', 0xD83D, 0xD83D, 0xDE00, 'C', 0xDBFF, 0xDFFF, 0xD800),
	le('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 0x416, 0x416, 0xD800, 0xDC00, 0x4E2D) + "z",
	le(0xDC00, 0xDC00, 'x', 0xD800) + "\x00",
}

func TestStreaming(t *testing.T) {
	for _, s := range mixed {
		for _, be := range []bool{false, true} {
			in := s
			if be {
				in = swap(s)
			}
			wantR, wantF, wantErr := refDecodeBoth([]byte(in), be)
			got := codectest.CheckStreaming(t, newDec(be, false), []byte(in))
			if string(got.Out) != string(wantR) || got.Err != nil {
				t.Errorf("replacement be=%v %q: got %v, want %q", be, in, got, wantR)
			}
			got = codectest.CheckStreaming(t, newDec(be, true), []byte(in))
			if string(got.Out) != string(wantF) || fmt.Sprint(got.Err) != wantErr {
				t.Errorf("fatal be=%v %q: got %v, want %q %s", be, in, got, wantF, wantErr)
			}
		}
	}
	// The encoders, on UTF-8 with errors.
	for _, s := range []string{"", "plain ASCII text, long enough for words", "caf\u00E9 \U0001F600 \u65E5 \xE2\x82 \xED\xA0\x80 \xFF x", "\xF0\x9F\x98"} {
		for _, be := range []bool{false, true} {
			got := codectest.CheckStreaming(t, newEnc(be), []byte(s))
			want := utf16Of(sanitize(s), be)
			if string(got.Out) != want || got.Err != nil {
				t.Errorf("encoder be=%v %q: got %v, want %q", be, s, got, want)
			}
		}
	}
}

// sanitize replaces invalid UTF-8 by U+FFFD as the Standard's UTF-8
// decoder does (one per maximal subpart), written literally from its steps
// (encoding.bs, "UTF-8 decoder"); restoring a byte is not advancing past it.
func sanitize(s string) string {
	var out []byte
	var codePoint rune
	bytesSeen, bytesNeeded := 0, 0
	lower, upper := byte(0x80), byte(0xBF)
	for i := 0; ; i++ {
		if i == len(s) {
			if bytesNeeded != 0 {
				out = utf8.AppendRune(out, 0xFFFD)
			}
			return string(out)
		}
		b := s[i]
		if bytesNeeded == 0 {
			switch {
			case b <= 0x7F:
				out = append(out, b)
			case b >= 0xC2 && b <= 0xDF:
				bytesNeeded, codePoint = 1, rune(b&0x1F)
			case b >= 0xE0 && b <= 0xEF:
				if b == 0xE0 {
					lower = 0xA0
				}
				if b == 0xED {
					upper = 0x9F
				}
				bytesNeeded, codePoint = 2, rune(b&0xF)
			case b >= 0xF0 && b <= 0xF4:
				if b == 0xF0 {
					lower = 0x90
				}
				if b == 0xF4 {
					upper = 0x8F
				}
				bytesNeeded, codePoint = 3, rune(b&0x7)
			default:
				out = utf8.AppendRune(out, 0xFFFD)
			}
			continue
		}
		if b < lower || b > upper {
			codePoint, bytesNeeded, bytesSeen = 0, 0, 0
			lower, upper = 0x80, 0xBF
			i-- // restore
			out = utf8.AppendRune(out, 0xFFFD)
			continue
		}
		lower, upper = 0x80, 0xBF
		codePoint = codePoint<<6 | rune(b&0x3F)
		bytesSeen++
		if bytesSeen != bytesNeeded {
			continue
		}
		out = utf8.AppendRune(out, codePoint)
		codePoint, bytesNeeded, bytesSeen = 0, 0, 0
	}
}

// utf16Of encodes valid UTF-8 as UTF-16, literally from the definition of
// UTF-16 (a supplementary code point is a pair: 0xD800 + the top ten bits
// of c − 0x10000, 0xDC00 + the low ten).
func utf16Of(s string, be bool) string {
	var units []uint16
	for _, r := range s {
		if r >= 0x10000 {
			c := r - 0x10000
			units = append(units, uint16(0xD800+c>>10), uint16(0xDC00+c&0x3FF))
		} else {
			units = append(units, uint16(r))
		}
	}
	if be {
		return swap(le(units...))
	}
	return le(units...)
}

// TestEncodeScalars encodes every scalar value in context, and every
// surrogate code point given as WTF-8 (invalid UTF-8: three U+FFFD).
func TestEncodeScalars(t *testing.T) {
	dst := make([]byte, 64)
	for _, be := range []bool{false, true} {
		e := newEnc(be)()
		d := newDec(be, true)()
		fffdUnits := utf16Of(fffd, be)
		for r := rune(0); r <= 0x10FFFF; r++ {
			if r >= 0xD800 && r <= 0xDFFF {
				wtf8 := []byte{'a', 0xED, byte(0x80 | (r>>6)&0x3F), byte(0x80 | r&0x3F)}
				want := utf16Of("a", be) + strings.Repeat(fffdUnits, 3)
				if out, err := codectest.Into(e, dst, wtf8, len(wtf8)); out != want || err != "<nil>" {
					t.Fatalf("be=%v surrogate U+%04X: got % X %s", be, r, out, err)
				}
				continue
			}
			s := "a" + string(r)
			want := utf16Of(s, be)
			if out, err := codectest.Into(e, dst, []byte(s), len(s)); out != want || err != "<nil>" {
				t.Fatalf("be=%v U+%04X: got % X %s, want % X", be, r, out, err, want)
			}
			// The decoder takes it back.
			if out, err := codectest.Into(d, dst, []byte(want), 1); out != s || err != "<nil>" {
				t.Fatalf("be=%v U+%04X back: got %q %s", be, r, out, err)
			}
		}
	}
}

func TestEncoderShortSrc(t *testing.T) {
	dst := make([]byte, 16)
	for _, s := range []string{"a\xC3", "a\xE2\x82", "a\xF0\x9F\x98", "a\xF0"} {
		n, m, err := newEnc(false)().Transform(dst, []byte(s), false)
		if n != 2 || m != 1 || err != transform.ErrShortSrc {
			t.Errorf("%q: got %d %d %v, want 2 1 ErrShortSrc", s, n, m, err)
		}
	}
}

// TestSplitPairs splits surrogate pairs, lone surrogates and odd bytes
// across two calls at every byte, with every small dst.
func TestSplitPairs(t *testing.T) {
	in := le('a', 0xD83D, 0xDE00, 0xD800, 'b', 0xDC00, 0xDBFF, 0xDFFF) + "c"
	for _, be := range []bool{false, true} {
		s := in
		if be {
			s = swap(in)
		}
		want := "a\U0001F600" + fffd + "b" + fffd + "\U0010FFFF" + fffd
		for split := 0; split <= len(s); split++ {
			for dsz := 1; dsz <= 6; dsz++ {
				got := codectest.Run(newDec(be, false)(), []byte(s), []int{split, len(s)}, dsz)
				if string(got.Out) != want || got.Err != nil {
					t.Fatalf("be=%v split %d dst %d: got %v, want %q", be, split, dsz, got, want)
				}
			}
		}
	}
}

func TestFatalOffsetAcrossCalls(t *testing.T) {
	d := newDec(false, true)()
	dst := make([]byte, 16)
	if _, _, err := d.Transform(dst, []byte(le('a', 'b')+"\x3D"), false); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.Transform(dst, []byte("\xD8\x41"), false); err != nil {
		t.Fatal(err)
	}
	n, _, err := d.Transform(dst, []byte("\x00"), true)
	var de *codec.DecodeError
	if !errors.As(err, &de) || de.Offset != 4 || !bytes.Equal(de.Bytes, []byte{0x3D, 0xD8}) || n != 0 {
		t.Fatalf("got %d %v", n, err)
	}
}

func TestAllocs(t *testing.T) {
	valid := []byte(strings.Repeat(le('a', 'b', 0xE9, 0x20AC, 0xD83D, 0xDE00, 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'), 50))
	withErrors := append([]byte(le(0xD800, 'x', 0xDC00)), valid...)
	utf8in := []byte(strings.Repeat("abcdefghij\u00E9\u20AC\U0001F600\xFF", 50))
	dst := make([]byte, 4*len(withErrors)+4*len(utf8in))
	for _, be := range []bool{false, true} {
		for _, c := range []struct {
			tr  transform.Transformer
			src []byte
		}{{newDec(be, false)(), withErrors}, {newDec(be, true)(), valid}, {newEnc(be)(), utf8in}} {
			if n := testing.AllocsPerRun(20, func() {
				c.tr.Reset()
				c.tr.Transform(dst, c.src, true)
			}); n != 0 {
				t.Errorf("%T: %v allocs per run", c.tr, n)
			}
		}
	}
}

// TestXText checks the codecs through x/text's APIs, and against x/text's
// own UTF-16 codecs on valid input.
func TestXText(t *testing.T) {
	text := "caf\u00E9 \U0001F600 \u65E5\u672C plain ASCII text"
	for _, be := range []bool{false, true} {
		e := enc(be)
		order := unicode.LittleEndian
		if be {
			order = unicode.BigEndian
		}
		x := unicode.UTF16(order, unicode.IgnoreBOM)
		u16, err := x.NewEncoder().String(text)
		if err != nil {
			t.Fatal(err)
		}
		if s, err := e.NewEncoder().String(text); s != u16 || err != nil {
			t.Errorf("be=%v Encoder.String: % X %v, x/text % X", be, s, err, u16)
		}
		if s, err := e.NewDecoder().String(u16); s != text || err != nil {
			t.Errorf("be=%v Decoder.String: %q %v", be, s, err)
		}
		if b, err := e.NewDecoder().Bytes([]byte(u16 + u16[:3])); string(b) != text+text[:1]+fffd || err != nil {
			t.Errorf("be=%v Decoder.Bytes: %q %v", be, b, err)
		}
		r := transform.NewReader(oneByteReader{strings.NewReader(u16)}, e.NewDecoder())
		if b, err := io.ReadAll(r); string(b) != text || err != nil {
			t.Errorf("be=%v NewReader: %q %v", be, b, err)
		}
		var buf bytes.Buffer
		w := transform.NewWriter(&buf, e.NewEncoder())
		for i := range len(text) {
			w.Write([]byte{text[i]})
		}
		if err := w.Close(); buf.String() != u16 || err != nil {
			t.Errorf("be=%v NewWriter: % X %v", be, buf.String(), err)
		}
		if s, err := encoding.HTMLEscapeUnsupported(e.NewEncoder()).String(text); s != u16 || err != nil {
			t.Errorf("be=%v HTMLEscapeUnsupported: % X %v", be, s, err)
		}
		if fmt.Sprint(e) != e.Name {
			t.Errorf("String() = %q", fmt.Sprint(e))
		}
	}
}

type oneByteReader struct{ r io.Reader }

func (o oneByteReader) Read(p []byte) (int, error) {
	if len(p) > 1 {
		p = p[:1]
	}
	return o.r.Read(p)
}

// TestRandom compares with the reference on random unit sequences rich in
// surrogates and ASCII, at random splits and dst sizes.
func TestRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	pool := []uint16{'a', 'b', ' ', 0xE9, 0x416, 0x4E2D, 0xFFFF, 0xD800, 0xD83D, 0xDBFF, 0xDC00, 0xDE00, 0xDFFF}
	d := newDecoders()
	dst := make([]byte, 512)
	for range 20000 {
		var units []uint16
		for range rng.IntN(40) {
			units = append(units, pool[rng.IntN(len(pool))])
		}
		src := []byte(le(units...))
		if rng.IntN(4) == 0 {
			src = append(src, 0x41)
		}
		d.check(t, dst, src)
		be := rng.IntN(2) == 0
		wantF, wantErr := refDecode(src, be, true)
		if got := codectest.Run(newDec(be, true)(), src, []int{1 + rng.IntN(7)}, 1+rng.IntN(6)); string(got.Out) != string(wantF) || fmt.Sprint(got.Err) != wantErr {
			t.Fatalf("fatal be=%v % X: got %v, want %q %s", be, src, got, wantF, wantErr)
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range mixed {
		f.Add([]byte(s), uint8(3), uint8(5), false)
	}
	for _, c := range specCases {
		f.Add([]byte(c.in), uint8(1), uint8(1), true)
	}
	f.Fuzz(func(t *testing.T, src []byte, split, dstSize uint8, be bool) {
		fuzzDecodeBody(t, src, split, dstSize, be)
	})
}

// fuzzDecodeBody is FuzzDecode's body (also run by BenchmarkFuzzBodies).
func fuzzDecodeBody(t testing.TB, src []byte, split, dstSize uint8, be bool) {
	chunks := []int{int(split%16) + 1}
	size := int(dstSize%32) + 1
	ref := refDecoded(src, be)
	for _, fatal := range []bool{false, true} {
		want, wantErr := ref.Mode(fatal)
		got := codectest.Run(newDec(be, fatal)(), src, chunks, size)
		if !utf8.Valid(got.Out) || string(got.Out) != string(want) || fmt.Sprint(got.Err) != wantErr {
			t.Fatalf("be=%v fatal=%v % X: got %v, want %q %s", be, fatal, src, got, want, wantErr)
		}
		if one := codectest.OneShot(newDec(be, fatal)(), src); !one.Equal(got) {
			t.Fatalf("be=%v fatal=%v % X: one-shot %v, split %v", be, fatal, src, one, got)
		}
	}
}

func FuzzEncode(f *testing.F) {
	f.Add([]byte("caf\u00E9 \U0001F600 \xE2\x82 \xFF"), uint8(3), uint8(5), false)
	f.Add([]byte("plain ASCII text, long enough"), uint8(7), uint8(1), true)
	f.Fuzz(func(t *testing.T, src []byte, split, dstSize uint8, be bool) {
		fuzzEncodeBody(t, src, split, dstSize, be)
	})
}

// fuzzEncodeBody is FuzzEncode's body (also run by BenchmarkFuzzBodies).
func fuzzEncodeBody(t testing.TB, src []byte, split, dstSize uint8, be bool) {
	got := codectest.Run(newEnc(be)(), src, []int{int(split%16) + 1}, int(dstSize%32)+1)
	if got.Err != nil || len(got.Out)%2 != 0 {
		t.Fatalf("% X: %v", src, got)
	}
	if one := codectest.OneShot(newEnc(be)(), src); !one.Equal(got) {
		t.Fatalf("% X: one-shot %v, split %v", src, one, got)
	}
	if want := utf16Of(sanitize(string(src)), be); string(got.Out) != want {
		t.Fatalf("% X: got % X, want % X", src, got.Out, want)
	}
	// decode(encode(x)) == x once x is valid UTF-8.
	back := codectest.OneShot(newDec(be, true)(), got.Out)
	if back.Err != nil || string(back.Out) != sanitize(string(src)) {
		t.Fatalf("% X: decode(encode) = %v", src, back)
	}
}

// TestEncodeRandom runs the encoders on long random mixes of valid and
// invalid UTF-8, for the eight-byte fast path at every alignment.
func TestEncodeRandom(t *testing.T) {
	pieces := []string{"a", " ", "0123456789", "\u00E9", "\u0416", "\u07FF", "\u0800", "\u4E2D", "\uFFFF", "\uD7FF", "\uE000",
		"\U0001F600", "\U00010000", "\U0010FFFF", "\xC0\x80", "\xC1", "\x80", "\xE0\x9F\xBF", "\xED\xA0\x80", "\xE2\x82", "\xF0\x9F\x98", "\xF5", "\xFF"}
	rng := rand.New(rand.NewPCG(7, 8))
	dst := make([]byte, 1024)
	encs := [2]transform.Transformer{newEnc(false)(), newEnc(true)()}
	for range 20000 {
		var src []byte
		for range rng.IntN(30) {
			src = append(src, pieces[rng.IntN(len(pieces))]...)
		}
		for i, be := range []bool{false, true} {
			want := utf16Of(sanitize(string(src)), be)
			for _, chunk := range []int{len(src) + 1, 1 + rng.IntN(9)} {
				if out, err := codectest.Into(encs[i], dst, src, chunk); out != want || err != "<nil>" {
					t.Fatalf("be=%v %q (chunk %d): got % X %s, want % X", be, src, chunk, out, err, want)
				}
			}
		}
	}
}
