package cjk_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/codectest"
)

// gbSideTable is the gb18030 encoder's step 5 table, typed from the
// Standard's text.
var gbSideTable = map[rune][2]byte{
	0xE78D: {0xA6, 0xD9}, 0xE78E: {0xA6, 0xDA}, 0xE78F: {0xA6, 0xDB}, 0xE790: {0xA6, 0xDC},
	0xE791: {0xA6, 0xDD}, 0xE792: {0xA6, 0xDE}, 0xE793: {0xA6, 0xDF}, 0xE794: {0xA6, 0xEC},
	0xE795: {0xA6, 0xED}, 0xE796: {0xA6, 0xF3}, 0xE81E: {0xFE, 0x59}, 0xE826: {0xFE, 0x61},
	0xE82B: {0xFE, 0x66}, 0xE82C: {0xFE, 0x67}, 0xE832: {0xFE, 0x6D}, 0xE843: {0xFE, 0x7E},
	0xE854: {0xFE, 0x90}, 0xE864: {0xFE, 0xA0},
}

// rangesCodePoint is the Standard's "index gb18030 ranges code point".
// "The last pointer in index gb18030 ranges that is less than or equal to
// pointer" is found by binary search: the entries are in increasing order
// of both pointer and code point (TestGB18030RangesSorted).
func (s *gbSpec) rangesCodePoint(pointer int) rune {
	if (pointer > 39419 && pointer < 189000) || pointer > 1237575 {
		return -1
	}
	if pointer == 7457 {
		return 0xE7C7
	}
	i := sort.Search(len(s.ranges), func(i int) bool { return s.ranges[i].Pointer > pointer })
	var off specdata.Entry
	if i > 0 {
		off = s.ranges[i-1]
	}
	return off.CodePoint + rune(pointer-off.Pointer)
}

// rangesPointer is the Standard's "index gb18030 ranges pointer" (the last
// code point ≤ cp by binary search, as in rangesCodePoint).
func (s *gbSpec) rangesPointer(cp rune) int {
	if cp == 0xE7C7 {
		return 7457
	}
	i := sort.Search(len(s.ranges), func(i int) bool { return s.ranges[i].CodePoint > cp })
	var off specdata.Entry
	if i > 0 {
		off = s.ranges[i-1]
	}
	return off.Pointer + int(cp-off.CodePoint)
}

// TestGB18030RangesSorted checks what rangesCodePoint and rangesPointer's
// binary searches rely on: index gb18030 ranges is in strictly increasing
// order of both pointer and code point.
func TestGB18030RangesSorted(t *testing.T) {
	r := gbLoadSpec(t).ranges
	for i := 1; i < len(r); i++ {
		if r[i].Pointer <= r[i-1].Pointer || r[i].CodePoint <= r[i-1].CodePoint {
			t.Fatalf("entry %d %+v after %+v", i, r[i], r[i-1])
		}
	}
	if len(r) < 200 {
		t.Fatalf("%d entries", len(r))
	}
}

// decoder returns a new gb18030 decoder's handler, written literally from
// the Standard.
func (s *gbSpec) decoder() codectest.Handler {
	first, second, third := 0, 0, 0 // 0 is 0x00
	return func(q *codectest.Queue, b int) codectest.Step {
		// 1. End-of-queue with first, second and third 0x00: finished.
		if b == codectest.EOQ && first == 0 && second == 0 && third == 0 {
			return codectest.Done
		}
		// 2. End-of-queue otherwise: set them to 0x00, error.
		if b == codectest.EOQ {
			first, second, third = 0, 0, 0
			return codectest.Fail
		}
		// 3. Third is not 0x00.
		if third != 0 {
			if b < 0x30 || b > 0x39 {
				q.Restore(second, third, b)
				first, second, third = 0, 0, 0
				return codectest.Fail
			}
			cp := s.rangesCodePoint((first-0x81)*(10*126*10) + (second-0x30)*(10*126) + (third-0x81)*10 + b - 0x30)
			first, second, third = 0, 0, 0
			if cp < 0 {
				return codectest.Fail
			}
			return codectest.Emit(cp)
		}
		// 4. Second is not 0x00.
		if second != 0 {
			if b >= 0x81 && b <= 0xFE {
				third = b
				return codectest.Cont
			}
			q.Restore(second, b)
			first, second = 0, 0
			return codectest.Fail
		}
		// 5. First is not 0x00.
		if first != 0 {
			if b >= 0x30 && b <= 0x39 {
				second = b
				return codectest.Cont
			}
			leading := first
			first = 0
			pointer := -1
			offset := 0x41
			if b < 0x7F {
				offset = 0x40
			}
			if (b >= 0x40 && b <= 0x7E) || (b >= 0x80 && b <= 0xFE) {
				pointer = (leading-0x81)*190 + (b - offset)
			}
			if cp, ok := s.index[pointer]; ok && pointer >= 0 {
				return codectest.Emit(cp)
			}
			if b < 0x80 {
				q.Restore(b)
			}
			return codectest.Fail
		}
		switch {
		case b < 0x80: // 6.
			return codectest.Emit(rune(b))
		case b == 0x80: // 7.
			return codectest.Emit(0x20AC)
		case b <= 0xFE: // 8.
			first = b
			return codectest.Cont
		}
		return codectest.Fail // 9.
	}
}

// decode runs the reference decoder over in (as encoding name): the
// replacement-mode result, or the fatal-mode one.
func (s *gbSpec) decode(in []byte, fatal bool, name string) codectest.Result {
	d := codectest.Decode(name, s.decoder(), in)
	if fatal {
		return d.Fatal
	}
	return codectest.Result{Out: d.Repl}
}

// encodeRune is the gb18030 encoder's handler for one code point: its
// bytes appended to dst, or ok false for an error. (Appending lets the
// fuzz targets' reference encode without an allocation per character.)
func (s *gbSpec) encodeRune(dst []byte, cp rune, isGBK bool) (out []byte, ok bool) {
	switch {
	case cp < 0x80:
		return append(dst, byte(cp)), true
	case cp == 0xE5E5:
		return dst, false
	case isGBK && cp == 0x20AC:
		return append(dst, 0x80), true
	}
	if b, ok := gbSideTable[cp]; ok {
		return append(dst, b[:]...), true
	}
	if pointer, ok := s.first[cp]; ok {
		leading := pointer/190 + 0x81
		trailing := pointer % 190
		offset := 0x41
		if trailing < 0x3F {
			offset = 0x40
		}
		return append(dst, byte(leading), byte(trailing+offset)), true
	}
	if isGBK {
		return dst, false
	}
	pointer := s.rangesPointer(cp)
	b1 := pointer / (10 * 126 * 10)
	pointer %= 10 * 126 * 10
	b2 := pointer / (10 * 126)
	pointer %= 10 * 126
	return append(dst, byte(b1+0x81), byte(b2+0x30), byte(pointer/10+0x81), byte(pointer%10+0x30)), true
}

// encoder returns the gb18030 (or GBK) encoder's handler, written
// literally from the Standard (steps 1–2 and the handler of encodeRune).
func (s *gbSpec) encoder(isGBK bool) codectest.EncHandler {
	return func(cp rune) codectest.EncStep {
		if cp == codectest.EOQ {
			return codectest.EncStep{}
		}
		var buf [4]byte
		if b, ok := s.encodeRune(buf[:0], cp, isGBK); ok {
			return codectest.EncBytes(b...)
		}
		return codectest.EncFail(cp)
	}
}

func gbDecoderFor(e encoding.Encoding, fatal bool) func() transform.Transformer {
	return func() transform.Transformer { return e.(*codec.Encoding).NewDecoderMode(fatal) }
}

func gbEncoderFor(e encoding.Encoding) func() transform.Transformer {
	return func() transform.Transformer { return e.(*codec.Encoding).NewRawEncoder() }
}

func gbReplace(s string) string { return strings.ReplaceAll(s, "?", "\uFFFD") }

// TestGB18030DecodeIndex decodes every pointer of index gb18030 as two
// bytes (decoder step 5.6: lead = pointer/190 + 0x81, trail offset 0x40
// below 0x3F, else 0x41) and compares with the index file.
func TestGB18030DecodeIndex(t *testing.T) {
	s := gbLoadSpec(t)
	for _, enc := range []encoding.Encoding{cjk.GB18030, cjk.GBK} {
		var in, want []byte
		n := 0
		for lead := 0x81; lead <= 0xFE; lead++ {
			for _, tr := range gbTrails() {
				off := 0x40
				if tr >= 0x80 {
					off = 0x41
				}
				pointer := (lead-0x81)*190 + tr - off
				cp, ok := s.index[pointer]
				if !ok {
					continue
				}
				n++
				in = append(in, byte(lead), byte(tr))
				want = utf8.AppendRune(want, cp)
			}
		}
		if n != len(s.index) {
			t.Fatalf("%d pointers reached, index has %d", n, len(s.index))
		}
		got := codectest.OneShot(gbDecoderFor(enc, true)(), in)
		if got.Err != nil || !bytes.Equal(got.Out, want) {
			t.Fatalf("%v: index gb18030 decoded wrongly: err %v", enc, got.Err)
		}
	}
}

func gbTrails() []int {
	var ts []int
	for b := 0x40; b <= 0xFE; b++ {
		if b != 0x7F {
			ts = append(ts, b)
		}
	}
	return ts
}

// TestGB18030EncodeAll encodes every scalar value with both encoders and
// compares with the literal encoder (index pointer = first pointer, side
// table, ranges pointer), then checks decode(encode(c)) == c except where
// the Standard says it cannot be: the side table's code points decode to
// what index gb18030 has at their bytes.
func TestGB18030EncodeAll(t *testing.T) {
	s := gbLoadSpec(t)
	var in, want, back []byte
	for cp := rune(0); cp <= 0x10FFFF; cp++ {
		if cp >= 0xD800 && cp <= 0xDFFF || cp == 0xE5E5 {
			continue
		}
		b, ok := s.encodeRune(nil, cp, false)
		if !ok {
			t.Fatalf("reference rejects U+%04X", cp)
		}
		in = utf8.AppendRune(in, cp)
		want = append(want, b...)
		if _, side := gbSideTable[cp]; side {
			back = utf8.AppendRune(back, s.index[(int(b[0])-0x81)*190+int(b[1])-gbOffset(b[1])])
		} else {
			back = utf8.AppendRune(back, cp)
		}
	}
	got := codectest.OneShot(gbEncoderFor(cjk.GB18030)(), in)
	if got.Err != nil || !bytes.Equal(got.Out, want) {
		gbEncodeEach(t, s, false) // reports the first code point that differs
		t.Fatalf("gb18030 encoder differs from the Standard (err %v)", got.Err)
	}
	dec := codectest.OneShot(gbDecoderFor(cjk.GB18030, true)(), got.Out)
	if dec.Err != nil || !bytes.Equal(dec.Out, back) {
		t.Fatalf("decode(encode(all)) differs: err %v", dec.Err)
	}
	gbEncodeEach(t, s, true)
}

func gbOffset(b byte) int {
	if b < 0x7F {
		return 0x40
	}
	return 0x41
}

// gbEncodeEach encodes code points one at a time, all of the BMP and a
// spread of the astral planes (all of which GBK rejects), and compares
// each with the literal encoder, errors included.
func gbEncodeEach(t *testing.T, s *gbSpec, isGBK bool) {
	enc := cjk.GB18030
	if isGBK {
		enc = cjk.GBK
	}
	tr := gbEncoderFor(enc)()
	var src [4]byte
	var dst [8]byte
	for cp := rune(0x80); cp <= 0x10FFFF; cp++ {
		if cp >= 0xD800 && cp <= 0xDFFF {
			continue
		}
		if cp > 0x10000 && cp < 0x10FFFF && cp%509 != 0 {
			continue
		}
		want, ok := s.encodeRune(nil, cp, isGBK)
		n := utf8.EncodeRune(src[:], cp)
		tr.Reset()
		nDst, nSrc, err := tr.Transform(dst[:], src[:n], true)
		if ok {
			if err != nil || nSrc != n || !bytes.Equal(dst[:nDst], want) {
				t.Fatalf("%v U+%04X: got % X, %v; want % X", enc, cp, dst[:nDst], err, want)
			}
			continue
		}
		var ee *codec.EncodeError
		if !errors.As(err, &ee) || ee.Rune != cp || ee.Size != n || ee.Offset != 0 || nDst != 0 || nSrc != 0 {
			t.Fatalf("%v U+%04X: got % X, %v; want an error", enc, cp, dst[:nDst], err)
		}
	}
}

// TestGB18030FourByte checks index gb18030 ranges at the boundaries of
// its limits and special case, with values derived by hand from the
// Standard, in both directions; then every BMP pointer (0–39419) and the
// boundaries of every range against the literal algorithm.
func TestGB18030FourByte(t *testing.T) {
	// Pointer = (b1−0x81)×12600 + (b2−0x30)×1260 + (b3−0x81)×10 + b4−0x30.
	cases := []struct {
		in   string
		want rune // -1: null (error, the four bytes consumed)
		enc  bool // the gb18030 encoder writes these bytes for want
	}{
		{"\x81\x30\x81\x30", 0x0080, true},  // pointer 0: first range, U+0080
		{"\x81\x30\x84\x35", 0x00A3, true},  // pointer 35: still the first range, U+0080+35
		{"\x81\x30\x84\x36", 0x00A5, true},  // pointer 36: range 36 → U+00A5
		{"\x81\x35\xF4\x37", 0xE7C7, true},  // pointer 7457: special case (ranges code point step 2)
		{"\x81\x35\xF4\x36", 0x1E3E, true},  // pointer 7456: range 820 → U+0452: U+0452+6636
		{"\x81\x35\xF4\x38", 0x1E40, true},  // pointer 7458: U+0452+6638
		{"\x84\x31\xA4\x37", 0xFFFD, true},  // pointer 39417: range 39394 → U+FFE6, +23
		{"\x84\x31\xA4\x39", 0xFFFF, true},  // pointer 39419: the BMP limit
		{"\x84\x31\xA5\x30", -1, false},     // pointer 39420: > 39419 and < 189000
		{"\x8F\x39\xFE\x39", -1, false},     // pointer 188999
		{"\x90\x30\x81\x30", 0x10000, true}, // pointer 189000: last range, U+10000
		{"\xE3\x32\x9A\x35", 0x10FFFF, true},
		{"\xE3\x32\x9A\x36", -1, false}, // pointer 1237576: > 1237575
		{"\xFE\x39\xFE\x39", -1, false}, // the largest pointer
	}
	for _, c := range cases {
		got := codectest.OneShot(gbDecoderFor(cjk.GB18030, false)(), []byte(c.in))
		want := "\uFFFD"
		if c.want >= 0 {
			want = string(c.want)
		}
		if string(got.Out) != want || got.Err != nil {
			t.Errorf("decode % X: got %q, want %q", c.in, got.Out, want)
		}
		fatal := codectest.OneShot(gbDecoderFor(cjk.GB18030, true)(), []byte(c.in))
		if c.want < 0 {
			wantErr := fmt.Sprintf("webenc: gb18030: invalid byte sequence [% X] at byte offset 0", c.in)
			if fatal.Err == nil || fatal.Err.Error() != wantErr {
				t.Errorf("fatal decode % X: got %v, want %s", c.in, fatal.Err, wantErr)
			}
		}
		if c.enc {
			enc := codectest.OneShot(gbEncoderFor(cjk.GB18030)(), []byte(string(c.want)))
			if string(enc.Out) != c.in || enc.Err != nil {
				t.Errorf("encode U+%04X: got % X %v, want % X", c.want, enc.Out, enc.Err, c.in)
			}
		}
	}

	s := gbLoadSpec(t)
	check := func(pointer int) {
		b := []byte{byte(pointer/12600 + 0x81), byte(pointer%12600/1260 + 0x30), byte(pointer%1260/10 + 0x81), byte(pointer%10 + 0x30)}
		want := s.decode(b, false, "gb18030")
		got := codectest.OneShot(gbDecoderFor(cjk.GB18030, false)(), b)
		if !got.Equal(want) {
			t.Fatalf("pointer %d (% X): got %v, want %v", pointer, b, got, want)
		}
	}
	for p := 0; p <= 39420; p++ {
		check(p)
	}
	for i, e := range s.ranges {
		for _, p := range []int{e.Pointer - 1, e.Pointer, e.Pointer + 1} {
			if p >= 0 {
				check(p)
			}
		}
		if i+1 == len(s.ranges) {
			for _, p := range []int{1237574, 1237575, 1237576, 1237577} {
				check(p)
			}
		}
	}
}

// TestGB18030TwoBytes decodes every two-byte input, and every
// lead-digit-byte and lead-digit-lead-byte input for a few leads, in both
// modes: no panic, byte-by-byte equal to one-shot, and equal to the
// literal decoder.
func TestGB18030TwoBytes(t *testing.T) {
	s := gbLoadSpec(t)
	var inputs [][]byte
	for a := 0; a < 256; a++ {
		for b := 0; b < 256; b++ {
			inputs = append(inputs, []byte{byte(a), byte(b)})
		}
	}
	for _, lead := range []byte{0x81, 0x84, 0x90, 0xE3, 0xFE} {
		for x := 0; x < 256; x++ {
			inputs = append(inputs, []byte{lead, 0x31, byte(x)}, []byte{lead, 0x30, 0x81, byte(x)}, []byte{lead, 0x32, 0x9A, byte(x), 0x41})
		}
	}
	for _, fatal := range []bool{false, true} {
		newT := gbDecoderFor(cjk.GB18030, fatal)
		tr := newT()
		for _, in := range inputs {
			want := s.decode(in, fatal, "gb18030")
			got := codectest.OneShot(tr, in)
			if !got.Equal(want) {
				t.Fatalf("fatal=%v % X: got %v, want %v", fatal, in, got, want)
			}
			if bb := codectest.Run(tr, in, []int{1}, 4); !bb.Equal(want) {
				t.Fatalf("fatal=%v % X byte by byte: got %v, want %v", fatal, in, bb, want)
			}
		}
	}
	// A fatal decoder resumed after each error goes on as the Standard's
	// decoder does after it.
	for _, in := range inputs {
		ref := codectest.Decode("gb18030", s.decoder(), in)
		codectest.CheckResume(t, gbDecoderFor(cjk.GB18030, true), gbDecoderFor(cjk.GB18030, false), in, &ref, 1)
	}
}

// TestGB18030DecodeErrors pins each error path of the gb18030 decoder with
// hand-written expectations ("?" stands for U+FFFD).
func TestGB18030DecodeErrors(t *testing.T) {
	s := gbLoadSpec(t)
	cases := []struct {
		in, want string
		fatal    string // the fatal-mode error: "[bytes] at offset"
		why      string
	}{
		{"\x81\x30\x81\x41", "?0\u4E04", "81 at 0", "step 3.1: restore « second, third, byte »; 81 41 is pointer 1 (U+4E04)"},
		{"\x81\x30\x81\xFF", "?0?", "81 at 0", "step 3.1, then 81 FF: step 5.9, 0xFF not restored"},
		{"\x81\x30\x81\x81\x30\x81\x30", "?0\u4E960?", "81 at 0", "step 3.1; 81 81 is pointer 64; 0; 81 30 at end-of-queue"},
		{"\x81\x30\x41", "?0A", "81 at 0", "step 4.2: restore « second, byte »"},
		{"\x81\x30\xFF\x30", "?0?0", "81 at 0", "step 4.2, then 0xFF is step 9"},
		{"\x81\x30\x80", "?0\u20AC", "81 at 0", "step 4.2: 0x80 is not a third byte, restored, then step 7"},
		{"\x81\x30", "?", "81 30 at 0", "step 2: end-of-queue, nothing restored"},
		{"\x81\x30\x81", "?", "81 30 81 at 0", "step 2"},
		{"\x81", "?", "81 at 0", "step 2"},
		{"A\x81", "A?", "81 at 1", "step 2"},
		{"\x81\x20", "? ", "81 at 0", "step 5.9: ASCII byte restored"},
		{"\x81\x7F", "?\x7F", "81 at 0", "step 5.6: 0x7F gives no pointer; step 5.9 restores it"},
		{"\x81<p>", "?<p>", "81 at 0", "step 5.9: ASCII after a bad lead is never swallowed"},
		{"\x81\xFF", "?", "81 FF at 0", "step 5.9: 0xFF is not ASCII: part of the error"},
		{"\x81\xFFA", "?A", "81 FF at 0", "step 5.9"},
		{"\xFF", "?", "FF at 0", "step 9"},
		{"\xFFA", "?A", "FF at 0", "step 9"},
		{"\x80", "\u20AC", "", "step 7"},
		{"\x81\x80", "\u4E90", "", "step 5.5: offset 0x41: pointer 63 (U+4E90)"},
		{"\x81\x40", "\u4E02", "", "pointer 0"},
		{"\xA3\xA0", "\u3000", "", "index note: 0xA3 0xA0 is U+3000"},
		{"\xA6\xD9", "\uFE10", "", "GB18030-2022 update: pointer 7182"},
		{"\x84\x31\xA5\x30A", "?A", "84 31 A5 30 at 0", "step 3.4: null code point, all four bytes consumed"},
		{"a\x84\x31\xA4\x39\x90\x30\x81\x30", "a\uFFFF\U00010000", "", "step 3.5"},
		{"\x81\x81\x30", "\u4E960", "", "81 81 is pointer 64 (U+4E96), then 0x30 is ASCII"},
		{"\x81\x81\x30\x81", "\u4E960?", "81 at 3", "step 2 after a pair"},
	}
	for _, c := range cases {
		ref := codectest.Decode("gb18030", s.decoder(), []byte(c.in))
		codectest.CheckResume(t, gbDecoderFor(cjk.GB18030, true), gbDecoderFor(cjk.GB18030, false), []byte(c.in), &ref, 1)
		want := gbReplace(c.want)
		got := codectest.CheckStreaming(t, gbDecoderFor(cjk.GB18030, false), []byte(c.in))
		if string(got.Out) != want || got.Err != nil {
			t.Errorf("% X (%s): got %q, want %q", c.in, c.why, got.Out, want)
		}
		fatal := codectest.CheckStreaming(t, gbDecoderFor(cjk.GBK, true), []byte(c.in))
		if c.fatal == "" {
			if fatal.Err != nil {
				t.Errorf("% X fatal: unexpected %v", c.in, fatal.Err)
			}
			continue
		}
		parts := strings.Split(c.fatal, " at ")
		bs, off := parts[0], parts[1]
		wantErr := fmt.Sprintf("webenc: GBK: invalid byte sequence [%s] at byte offset %s", bs, off)
		if fatal.Err == nil || fatal.Err.Error() != wantErr {
			t.Errorf("% X fatal (%s): got %v, want %s", c.in, c.why, fatal.Err, wantErr)
		}
		if !errors.Is(fatal.Err, codec.ErrDecode) {
			t.Errorf("% X: error does not match ErrDecode", c.in)
		}
		prefix := want[:strings.Index(want, "\uFFFD")]
		if string(fatal.Out) != prefix {
			t.Errorf("% X fatal: output %q, want %q", c.in, fatal.Out, prefix)
		}
	}
}

// gbRandomInput draws bytes weighted towards gb18030's interesting ones.
func gbRandomInput(r *rand.Rand, n int) []byte {
	pick := []byte{0x81, 0x84, 0x90, 0xE3, 0xFE, 0x30, 0x31, 0x39, 0x32, 0x9A, 0x35, 0x80, 0xFF, 0x41, 0x7F, 0x20, 0xA1, 0xA4}
	b := make([]byte, n)
	for i := range b {
		if r.Intn(4) == 0 {
			b[i] = byte(r.Intn(256))
		} else {
			b[i] = pick[r.Intn(len(pick))]
		}
	}
	return b
}

// TestGB18030Streaming checks the decoders and encoders at every split
// point, byte by byte and with tiny dst, on mixed inputs with errors, in
// both modes, against the literal decoder.
func TestGB18030Streaming(t *testing.T) {
	s := gbLoadSpec(t)
	r := rand.New(rand.NewSource(1))
	inputs := [][]byte{
		[]byte("<p>\xc4\xe3\xba\xc3\x81\x30\x81\x41x\x84\x31\xa4\x39\x81\x30\xff\x30\x81\x7f\x80\x90\x30\x81\x30\x81\x30"),
		[]byte("\x81\x30\x81\x81\x30\x81\x30\x81\x30\x81\x81\x30\x81"),
		[]byte("\x81\x30\x81\x30\x81\x30\x81\x81\x81\x30\x81\x41\x81"),
		[]byte("\xE3\x32\x9A\x36\xE3\x32\x9A\x35\x81\x35\xF4\x37\xFE\x39\xFE"),
	}
	for i := 0; i < 150; i++ {
		inputs = append(inputs, gbRandomInput(r, 1+r.Intn(14)))
	}
	for _, in := range inputs {
		for _, fatal := range []bool{false, true} {
			got := codectest.CheckStreaming(t, gbDecoderFor(cjk.GB18030, fatal), in)
			if want := s.decode(in, fatal, "gb18030"); !got.Equal(want) {
				t.Fatalf("fatal=%v % X: got %v, want %v", fatal, in, got, want)
			}
		}
		// A fatal decoder resumed after each error behaves as the
		// Standard's decoder does after it.
		codectest.CheckFatalResume(t, gbDecoderFor(cjk.GBK, true)(), gbDecoderFor(cjk.GBK, false)(), in)
		gbResumeByteWise(t, in)
		ref := codectest.Decode("gb18030", s.decoder(), in)
		codectest.CheckResume(t, gbDecoderFor(cjk.GB18030, true), gbDecoderFor(cjk.GB18030, false), in, &ref, 1)
	}
	encInputs := []string{
		"a€b\u3000c\uE5E5d😀\uE78D\u00A5", "中文\xffx\xe4\xb8", "\U0010FFFF\u0080\uE7C7", "€",
	}
	for _, in := range encInputs {
		for _, e := range []encoding.Encoding{cjk.GB18030, cjk.GBK} {
			got := codectest.CheckStreaming(t, gbEncoderFor(e), []byte(in))
			want := gbRefEncode(s, in, e == cjk.GBK)
			if !got.Equal(want) {
				t.Fatalf("%v %q: got %v, want %v", e, in, got, want)
			}
			hr := codectest.CheckStreaming(t, func() transform.Transformer {
				h, _ := e.(*codec.Encoding).Encoder(codec.HTML)
				return h
			}, []byte(in))
			if hr.Err != nil {
				t.Fatalf("%v html %q: %v", e, in, hr.Err)
			}
		}
	}
}

// gbResumeByteWise feeds in byte by byte to a fatal decoder, resuming
// after each error with a U+FFFD in its place: the result must be the
// replacement-mode output, including when the Standard restores bytes that
// came in earlier calls.
func gbResumeByteWise(t *testing.T, in []byte) {
	t.Helper()
	want := codectest.OneShot(gbDecoderFor(cjk.GB18030, false)(), in)
	r := codectest.Resume(t, gbDecoderFor(cjk.GB18030, true)(), in, 1, 4*len(in)+64)
	if string(r.Out) != string(want.Out) {
		t.Fatalf("fatal, resumed byte by byte, % X: got %+q, want %+q", in, r.Out, want.Out)
	}
}

// gbRefEncode encodes a UTF-8 string with the literal encoder (invalid
// UTF-8 counts as U+FFFD per maximal subpart) and stops at the first error.
func gbRefEncode(s *gbSpec, in string, isGBK bool) codectest.Result {
	name := "gb18030"
	if isGBK {
		name = "GBK"
	}
	return codectest.EncodeFatal(name, s.encoder(isGBK), []byte(in))
}

// TestGB18030EncoderSpecial pins the encoder's special steps with values
// from the Standard's text.
func TestGB18030EncoderSpecial(t *testing.T) {
	type tc struct {
		in   string
		want string // encoded bytes; "" with errRune set means an error first
		err  rune   // reported code point, 0 for none
	}
	both := []tc{
		{"\uE5E5", "", 0xE5E5},    // step 3: U+E5E5 is an error (0xA3 0xA0 decodes to U+3000)
		{"a\uE5E5", "a", 0xE5E5},  // step 3
		{"\u3000", "\xA1\xA1", 0}, // step 6: the first pointer (6176), not 6555 (0xA3 0xA0)
		{"\u1E3F", "\xA8\xBC", 0}, // index gb18030 pointer 7533
		{"\uFE10", "\xA6\xD9", 0}, // cjk.GB18030-2022: pointer 7182
		{"\u00A4", "\xA1\xE8", 0}, // index pointer 39
		{"\xff", "", 0xFFFD},      // placeholder, replaced per encoding below
		{"\u4E02\u4E04", "\x81\x40\x81\x41", 0},
	}
	for cp, b := range gbSideTable {
		// Step 5: the side table, in both encoders.
		both = append(both, tc{string(cp), string(b[:]), 0})
	}
	for _, e := range []encoding.Encoding{cjk.GB18030, cjk.GBK} {
		isGBK := e == cjk.GBK
		cases := append([]tc(nil), both...)
		if isGBK {
			cases[6] = tc{"\xff", "", 0xFFFD}              // U+FFFD needs four bytes: step 8
			cases = append(cases, tc{"\u20AC", "\x80", 0}, // step 4
				tc{"\u0080", "", 0x80},   // step 8
				tc{"\uE7C7", "", 0xE7C7}, // step 8
				tc{"x😀", "x", 0x1F600},   // step 8
				tc{"\uE76C", "", 0xE76C}, // in no table: step 8
			)
		} else {
			cases[6] = tc{"\xff", "\x84\x31\xA4\x37", 0}       // U+FFFD: pointer 39417
			cases = append(cases, tc{"\u20AC", "\xA2\xE3", 0}, // index pointer 6432
				tc{"\u0080", "\x81\x30\x81\x30", 0}, // ranges pointer 0
				tc{"\uE7C7", "\x81\x35\xF4\x37", 0}, // ranges pointer step 1: 7457
				// U+1F600: pointer 189000 + 0xF600 = 251976 = 19×12600 + 9×1260 + 123×10 + 6.
				tc{"\U0001F600", "\x94\x39\xFC\x36", 0},
				// U+E76C is in no table: ranges entry 33469 → U+E76C;
				// 33469 = 2×12600 + 6×1260 + 70×10 + 9.
				tc{"\uE76C", "\x83\x36\xC7\x39", 0},
				tc{"\uE7C8", "\x83\x36\xC8\x30", 0}, // ranges entry 33470 → U+E7C8
			)
		}
		for _, c := range cases {
			got := codectest.OneShot(gbEncoderFor(e)(), []byte(c.in))
			if string(got.Out) != c.want {
				t.Errorf("%v %+q: got % X, want % X", e, c.in, got.Out, c.want)
			}
			var ee *codec.EncodeError
			if c.err == 0 {
				if got.Err != nil {
					t.Errorf("%v %+q: unexpected %v", e, c.in, got.Err)
				}
			} else if !errors.As(got.Err, &ee) || ee.Rune != c.err || ee.Offset != int64(len(c.want)) || !errors.Is(got.Err, codec.ErrEncode) {
				t.Errorf("%v %+q: got error %v, want one for U+%04X", e, c.in, got.Err, c.err)
			}
		}
	}
}

// TestGB18030Interop uses the encodings through x/text's API.
func TestGB18030Interop(t *testing.T) {
	s, err := cjk.GB18030.NewDecoder().String("\xc4\xe3\xba\xc3\x81\x30")
	if err != nil || s != "你好\uFFFD" {
		t.Errorf("Decoder.String: %q %v", s, err)
	}
	b, err := cjk.GBK.NewDecoder().Bytes([]byte("\x80\x84\x31\xA4\x39"))
	if err != nil || string(b) != "€\uFFFF" {
		t.Errorf("Decoder.Bytes: %q %v", b, err)
	}
	rd := transform.NewReader(strings.NewReader(strings.Repeat("\xc4\xe3\x81\x30\x81\x41", 3000)), cjk.GB18030.NewDecoder())
	all, err := io.ReadAll(rd)
	if want := strings.Repeat("你\uFFFD0\u4E04", 3000); err != nil || string(all) != want {
		t.Errorf("transform.NewReader: %d bytes, %v", len(all), err)
	}
	var buf bytes.Buffer
	w := transform.NewWriter(&buf, cjk.GB18030.NewEncoder())
	for _, piece := range []string{"你", "好\xe4", "\xb8\xad😀"} {
		if _, err := w.Write([]byte(piece)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil || buf.String() != "\xc4\xe3\xba\xc3\xd6\xd0\x94\x39\xFC\x36" {
		t.Errorf("transform.NewWriter: % X %v", buf.Bytes(), err)
	}
	out, err := encoding.HTMLEscapeUnsupported(cjk.GBK.NewEncoder()).String("a😀\uE5E5€")
	if err != nil || out != "a&#128512;&#58853;\x80" {
		t.Errorf("HTMLEscapeUnsupported: %q %v", out, err)
	}
	out, err = encoding.ReplaceUnsupported(cjk.GB18030.NewEncoder()).String("a\uE5E5b")
	if err != nil || out != "a\x1Ab" {
		t.Errorf("ReplaceUnsupported: %q %v", out, err)
	}
	if cjk.GB18030.(fmt.Stringer).String() != "gb18030" || cjk.GBK.(fmt.Stringer).String() != "GBK" {
		t.Error("names")
	}
}

// FuzzGB18030Decode: no panic, valid UTF-8, any split equals one-shot,
// and the literal decoder agrees when the data is present.
func FuzzGB18030Decode(f *testing.F) {
	for _, s := range []string{"\x81\x30\x81\x41", "\xc4\xe3\x81", "\x84\x31\xa4\x39\x81\x30\xff"} {
		f.Add([]byte(s), uint8(3), false)
	}
	body := gbFuzzDecodeBody(f)
	f.Fuzz(func(t *testing.T, in []byte, split uint8, fatal bool) { body(t, in, split, fatal) })
}

// gbFuzzDecodeBody returns FuzzGB18030Decode's body (also run by
// BenchmarkFuzzBodies), against the reference when the data is present.
func gbFuzzDecodeBody(tb testing.TB) func(t testing.TB, in []byte, split uint8, fatal bool) {
	var spec *gbSpec
	if hasIndexData(tb) {
		spec = gbLoadSpec(tb)
	}
	return func(t testing.TB, in []byte, split uint8, fatal bool) {
		newT := gbDecoderFor(cjk.GB18030, fatal)
		one := codectest.OneShot(newT(), in)
		if !utf8.Valid(one.Out) {
			t.Fatalf("invalid UTF-8 from % X", in)
		}
		if got := codectest.Run(newT(), in, []int{int(split%8) + 1}, 1+int(split%5)); !got.Equal(one) {
			t.Fatalf("chunked % X: %v vs %v", in, got, one)
		}
		// A fatal decoder resumed after each error goes on as the
		// Standard's decoder does after it.
		if spec == nil {
			codectest.CheckFatalResume(t, gbDecoderFor(cjk.GB18030, true)(), gbDecoderFor(cjk.GB18030, false)(), in)
			return
		}
		ref := codectest.Decode("gb18030", spec.decoder(), in)
		want := codectest.Result{Out: ref.Repl}
		if fatal {
			want = ref.Fatal
		}
		if !one.Equal(want) {
			t.Fatalf("% X: got %v, want %v", in, one, want)
		}
		codectest.CheckResume(t, gbDecoderFor(cjk.GB18030, true), gbDecoderFor(cjk.GB18030, false), in, &ref, int(split%8)+1)
	}
}

func gbFuzzEncode(f *testing.F, e encoding.Encoding) {
	for _, s := range []string{"a€\u3000", "😀\uE5E5", "\uE78D\xff"} {
		f.Add(s, uint8(2))
	}
	body := gbFuzzEncodeBody(f, e)
	f.Fuzz(func(t *testing.T, in string, split uint8) { body(t, in, split) })
}

// gbFuzzEncodeBody returns gbFuzzEncode's body (also run by
// BenchmarkFuzzBodies), against the reference when the data is present.
func gbFuzzEncodeBody(tb testing.TB, e encoding.Encoding) func(t testing.TB, in string, split uint8) {
	var spec *gbSpec
	if hasIndexData(tb) {
		spec = gbLoadSpec(tb)
	}
	return func(t testing.TB, in string, split uint8) {
		newT := gbEncoderFor(e)
		one := codectest.OneShot(newT(), []byte(in))
		if spec != nil {
			if want := gbRefEncode(spec, in, e == cjk.GBK); !one.Equal(want) {
				t.Fatalf("%+q: got %v, want %v", in, one, want)
			}
		}
		if got := codectest.Run(newT(), []byte(in), []int{int(split%6) + 1}, 1+int(split%5)); !got.Equal(one) {
			t.Fatalf("chunked %+q: %v vs %v", in, got, one)
		}
		// decode(encode(x)) == x for valid UTF-8 up to the first error,
		// except the side table's code points (encoder-only entries).
		valid := strings.ToValidUTF8(in, "\uFFFD")
		html, err := encoding.HTMLEscapeUnsupported(e.NewEncoder()).String(valid)
		if err != nil {
			t.Fatalf("html %+q: %v", in, err)
		}
		back, err := e.NewDecoder().String(html)
		if err != nil {
			t.Fatal(err)
		}
		var want strings.Builder
		four := gbFourByteTest()
		for _, r := range valid {
			if _, side := gbSideTable[r]; side || r == 0xE5E5 || (e == cjk.GBK && r != 0x20AC && four(r)) {
				return // not round-trippable by the Standard's design; skip
			}
			want.WriteRune(r)
		}
		if back != want.String() {
			t.Fatalf("round trip %+q: got %+q", valid, back)
		}
	}
}

// gbFourByteTest returns a function that reports whether the gb18030
// encoder writes r as four bytes, with one encoder and no allocation per
// call (the fuzz target calls it for every code point of its input).
func gbFourByteTest() func(r rune) bool {
	tr := gbEncoderFor(cjk.GB18030)()
	var src, dst [8]byte
	return func(r rune) bool {
		tr.Reset()
		n, _, _ := tr.Transform(dst[:], utf8.AppendRune(src[:0], r), true)
		return n == 4
	}
}

// FuzzGB18030Encode fuzzes the gb18030 encoder.
func FuzzGB18030Encode(f *testing.F) { gbFuzzEncode(f, cjk.GB18030) }

// FuzzGBKEncode fuzzes the GBK encoder.
func FuzzGBKEncode(f *testing.F) { gbFuzzEncode(f, cjk.GBK) }

// TestGB18030OneCall checks that one Transform call with a dst large
// enough and atEOF set converts everything: no spurious ErrShortDst or
// ErrShortSrc whatever the mix of ASCII, two- and four-byte input.
func TestGB18030OneCall(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	// Each piece and what decode(encode(piece)) gives: U+E78D is in the
	// encoder's side table (0xA6 0xD9), which decodes to U+FE10.
	pieces := [][2]string{{"a", "a"}, {"ab", "ab"}, {"abcdefghij", "abcdefghij"}, {"中", "中"}, {"文字", "文字"},
		{"，", "，"}, {"€", "€"}, {"😀", "😀"}, {"\u00A4", "\u00A4"}, {"\uFFFF", "\uFFFF"}, {"\u0800", "\u0800"},
		{"\uE78D", "\uFE10"}}
	for i := 0; i < 300; i++ {
		var in, want strings.Builder
		for n := r.Intn(12); n >= 0; n-- {
			p := pieces[r.Intn(len(pieces))]
			in.WriteString(p[0])
			want.WriteString(p[1])
		}
		for _, e := range []encoding.Encoding{cjk.GB18030, cjk.GBK} {
			src := []byte(in.String())
			dst := make([]byte, 4*len(src)+16)
			nDst, nSrc, err := gbEncoderFor(e)().Transform(dst, src, true)
			if e == cjk.GBK && errors.Is(err, codec.ErrEncode) {
				continue // 😀, U+0800 and U+FFFF need four bytes
			}
			if err != nil || nSrc != len(src) {
				t.Fatalf("%v encode %+q: %v, consumed %d of %d", e, src, err, nSrc, len(src))
			}
			out := make([]byte, 4*nDst+16)
			n, m, err := gbDecoderFor(e, true)().Transform(out, dst[:nDst], true)
			if err != nil || m != nDst {
				t.Fatalf("%v decode % X: %v, consumed %d of %d", e, dst[:nDst], err, m, nDst)
			}
			if string(out[:n]) != want.String() {
				t.Fatalf("%v: decode(encode(%+q)) = %+q", e, src, out[:n])
			}
		}
	}
}

// TestGB18030EncodeMixed encodes random mixes of ASCII, CJK, € (GBK's
// step 4), U+E5E5, four-byte code points and invalid UTF-8 (overlongs,
// including overlong forms of U+00E9 and U+00A4, which the index has;
// surrogates; truncated sequences: U+FFFD per maximal subpart) with both
// encoders, one-shot and at every split, against the literal encoder.
func TestGB18030EncodeMixed(t *testing.T) {
	s := gbLoadSpec(t)
	r := rand.New(rand.NewSource(3))
	pieces := []string{"a", "abc", "abcdefghi", "中", "文字", "中文字体", "€", "\u00E9", "\uE5E5", "\uE78D", "\u3000",
		"😀", "\uFFFD", "\xE0\x80\x80", "\xE0\x9F\xBF", "\xE0\x83\xA9", "\xE0\x82\xA4", "\xED\xA0\x80", "\xE4\xB8", "\xFF", "\xC0\xAF", "\u0800", "\u0FFF",
		"\xE0\x82\xB7", "\u00B7", "\u4E00", "\u9FA5", "\uFF0C", "\uFFE5", "\uD7FF", "\uFFFF", "\u3002\u4E2D\u6587\uFF0C"}
	for i := 0; i < 400; i++ {
		var sb strings.Builder
		for n := r.Intn(10); n >= 0; n-- {
			sb.WriteString(pieces[r.Intn(len(pieces))])
		}
		in := sb.String()
		for _, e := range []encoding.Encoding{cjk.GB18030, cjk.GBK} {
			want := gbRefEncode(s, in, e == cjk.GBK)
			var got codectest.Result
			if i%10 == 0 {
				got = codectest.CheckStreaming(t, gbEncoderFor(e), []byte(in))
			} else {
				got = codectest.OneShot(gbEncoderFor(e)(), []byte(in))
			}
			if !got.Equal(want) {
				t.Fatalf("%v %+q: got %v, want %v", e, in, got, want)
			}
		}
	}
}

// TestGB18030FatalResume pins what a fatal decoder consumes at each error
// (the contract of codec.DecodeErrors): bytes the Standard restores are
// not consumed.
func TestGB18030FatalResume(t *testing.T) {
	for _, e := range []encoding.Encoding{cjk.GB18030, cjk.GBK} {
		cjkCheckResumeCases(t, gbDecoderFor(e, true), gbDecoderFor(e, false), []cjkResumeCase{
			{"step 3.1: « second, third, byte » restored", "\x81\x30\x81\x41", "\uFFFD0\u4E04", []int{1}},
			{"step 4.2: « second, byte » restored", "\x81\x30\x41", "\uFFFD0A", []int{1}},
			{"step 3.4: four bytes consumed", "\x84\x31\xA5\x30A", "\uFFFDA", []int{4}},
			{"step 5.9: ASCII byte restored", "\x81\x20", "\uFFFD ", []int{1}},
			{"step 5.9: 0xFF consumed", "\x81\xFFA", "\uFFFDA", []int{2}},
			{"step 9: 0xFF", "\xFF\xFF", "\uFFFD\uFFFD", []int{1, 2}},
			{"steps 1-2: end-of-queue, nothing restored", "a\x81\x30\x81", "a\uFFFD", []int{4}},
			{"steps 3.1 and 4.2", "\x81\x30\x81\x41\x81\x30\x41", "\uFFFD0\u4E04\uFFFD0A", []int{1, 5}},
		})
	}
}

// TestGB18030EncodeThreeByte encodes every byte sequence E0–EF 80–BF
// 80–BF (every three-byte UTF-8 sequence, overlong forms and surrogates
// included) in each place of the encoder's fast path, with both
// encoders, against the literal encoder: as the first and the second of
// two sequences read together, alone before ASCII, and in the last bytes of
// the input. The fast path's table has no entry for overlong forms (which
// are invalid UTF-8, so U+FFFD, even where the code point they spell is
// encodable, e.g. E0 82 B7 for U+00B7), surrogates and U+20AC (GBK writes
// 0x80 for it, encoder step 4).
func TestGB18030EncodeThreeByte(t *testing.T) {
	s := gbLoadSpec(t)
	for _, e := range []encoding.Encoding{cjk.GB18030, cjk.GBK} {
		tr := gbEncoderFor(e)()
		dst := make([]byte, 64)
		for c := 0xE00000; c <= 0xEFFFFF; c++ {
			c0, c1, c2 := byte(c>>16), byte(c>>8), byte(c)
			if c1&0xC0 != 0x80 || c2&0xC0 != 0x80 {
				continue
			}
			seq := string([]byte{c0, c1, c2})
			for _, in := range []string{seq + "中abcdefgh", "中" + seq + "abcdefgh", seq + "abcdefgh", "ab" + seq} {
				want := gbRefEncode(s, in, e == cjk.GBK)
				tr.Reset()
				nDst, _, err := tr.Transform(dst, []byte(in), true)
				if got := (codectest.Result{Out: dst[:nDst], Err: err}); !got.Equal(want) {
					t.Fatalf("%v %+q: got %v, want %v", e, in, got, want)
				}
			}
		}
	}
}
