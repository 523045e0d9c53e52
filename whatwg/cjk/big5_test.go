package cjk_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/internal/benchdata"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/codectest"
)

var big5Enc = cjk.Big5.(*codec.Encoding)

func big5NewDecoder(fatal bool) func() transform.Transformer {
	return func() transform.Transformer { return big5Enc.NewDecoderMode(fatal) }
}

func big5NewEncoder() transform.Transformer { return big5Enc.NewRawEncoder() }

// big5Index loads index Big5 (pointer → code point) once; ok is false when
// the Standard's data is absent.
var big5Index = sync.OnceValues(func() (map[int]rune, error) {
	dir, ok := specdata.WHATWGDir()
	if !ok {
		return nil, nil
	}
	ix, err := specdata.ReadIndex(dir, "big5")
	if err != nil {
		return nil, err
	}
	return ix.Map(), nil
})

func big5LoadIndex(tb testing.TB) map[int]rune {
	tb.Helper()
	m, err := big5Index()
	if err != nil {
		tb.Fatal(err)
	}
	if m == nil {
		tb.Skip("WHATWG data not found (set WEBENC_WHATWG)")
	}
	return m
}

// big5Bytes is the Big5 encoder's steps 5–8 for pointer p.
func big5Bytes(p int) []byte {
	leading := p/157 + 0x81
	trailing := p % 157
	offset := 0x40
	if trailing >= 0x3F {
		offset = 0x62
	}
	return []byte{byte(leading), byte(trailing + offset)}
}

// big5RefPointers computes, from the index, the index Big5 pointer of
// every code point that has one, literally as the Standard defines it:
// entries with a pointer below (0xA1 - 0x81) × 157 are excluded; the last
// pointer for U+2550, U+255E, U+2561, U+256A, U+5341 and U+5345; the first
// pointer otherwise.
func big5RefPointers(index map[int]rune) map[rune]int {
	last := map[rune]bool{0x2550: true, 0x255E: true, 0x2561: true, 0x256A: true, 0x5341: true, 0x5345: true}
	out := map[rune]int{}
	for p, r := range index {
		if p < (0xA1-0x81)*157 {
			continue
		}
		q, seen := out[r]
		if !seen || (last[r] && p > q) || (!last[r] && p < q) {
			out[r] = p
		}
	}
	return out
}

// big5TwoCodePoints is the table of the Big5 decoder's step 3.6.
var big5TwoCodePoints = map[int]string{1133: "\u00CA\u0304", 1135: "\u00CA\u030C", 1164: "\u00EA\u0304", 1166: "\u00EA\u030C"}

// big5RefDecode is the Big5 decoder written literally from the Standard
// over an I/O queue with restore. It returns the replacement-mode output
// and the fatal-mode result (output before the first error and the error),
// and the text of every error (a fatal decoder resumed after each error
// reports them all).
func big5RefDecode(index map[int]rune, in []byte) (repl string, fatal codectest.Result, errs []string) {
	var out strings.Builder
	fatalSet := false
	fail := func(off int, seq ...byte) {
		e := &codec.DecodeError{Encoding: "Big5", Offset: int64(off), Bytes: seq}
		if !fatalSet {
			fatalSet = true
			fatal = codectest.Result{Out: []byte(out.String()), Err: e}
		}
		errs = append(errs, e.Error())
		out.WriteRune(0xFFFD)
	}
	leading, leadOff := byte(0), 0
	for i := 0; ; {
		if i == len(in) {
			// Steps 1 and 2: end-of-queue.
			if leading != 0 {
				fail(leadOff, leading)
			}
			break
		}
		b := in[i]
		i++
		if leading != 0 { // step 3
			lead := leading
			leading = 0
			pointer := -1
			offset := 0x40
			if b >= 0x7F {
				offset = 0x62
			}
			if (b >= 0x40 && b <= 0x7E) || (b >= 0xA1 && b <= 0xFE) {
				pointer = (int(lead)-0x81)*157 + (int(b) - offset)
			}
			if s, ok := big5TwoCodePoints[pointer]; ok {
				out.WriteString(s)
				continue
			}
			if cp, ok := index[pointer]; ok && pointer >= 0 {
				out.WriteRune(cp)
				continue
			}
			if b < 0x80 {
				i-- // restore
				fail(i-1, lead)
			} else {
				fail(i-2, lead, b)
			}
			continue
		}
		if b < 0x80 { // step 4
			out.WriteByte(b)
			continue
		}
		if b >= 0x81 && b <= 0xFE { // step 5
			leading, leadOff = b, i-1
			continue
		}
		fail(i-1, b) // step 6
	}
	if !fatalSet {
		fatal = codectest.Result{Out: []byte(out.String())}
	}
	return out.String(), fatal, errs
}

// TestBig5DecodeIndex decodes the bytes of every pointer of index Big5 and
// checks the index's code point (or step 3.6's two code points).
func TestBig5DecodeIndex(t *testing.T) {
	index := big5LoadIndex(t)
	dec := big5Enc.NewDecoder()
	for p, r := range index {
		got, err := dec.Bytes(big5Bytes(p))
		if err != nil || string(got) != string(r) {
			t.Errorf("pointer %d % X: got %q, %v; want %q", p, big5Bytes(p), got, err, string(r))
		}
	}
	for p, s := range big5TwoCodePoints {
		if _, ok := index[p]; ok {
			t.Errorf("pointer %d is in the index too", p)
		}
		got, err := dec.Bytes(big5Bytes(p))
		if err != nil || string(got) != s {
			t.Errorf("pointer %d: got %q, %v; want %q", p, got, err, s)
		}
	}
}

// TestBig5DecodeAllPairs decodes every byte pair starting with a possible
// leading byte (and every single byte), in both modes, against the
// reference decoder, one-shot and byte by byte with a 1-byte dst.
func TestBig5DecodeAllPairs(t *testing.T) {
	index := big5LoadIndex(t)
	check := func(in []byte) {
		repl, fatal, errs := big5RefDecode(index, in)
		big5CheckResume(t, big5NewDecoder, in, repl, errs, 1)
		for _, fm := range []bool{false, true} {
			want := codectest.Result{Out: []byte(repl)}
			if fm {
				want = fatal
			}
			tr := big5NewDecoder(fm)()
			if got := codectest.OneShot(tr, in); !got.Equal(want) {
				t.Fatalf("% X fatal=%v: got %v, want %v", in, fm, got, want)
			}
			if got := codectest.Run(tr, in, []int{1}, 1); !got.Equal(want) {
				t.Fatalf("% X fatal=%v byte by byte: got %v, want %v", in, fm, got, want)
			}
		}
	}
	for b := 0; b < 256; b++ {
		check([]byte{byte(b)})
	}
	for lead := 0x80; lead <= 0xFF; lead++ {
		for b := 0; b < 256; b++ {
			check([]byte{byte(lead), byte(b)})
		}
	}
}

// TestBig5DecodeRandom compares random byte strings rich in leading and
// trailing bytes with the reference decoder, and checks streaming.
func TestBig5DecodeRandom(t *testing.T) {
	index := big5LoadIndex(t)
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte{0x00, 0x40, 0x41, 0x7E, 0x7F, 0x80, 0x81, 0x87, 0x88, 0x62, 0xA1, 0xA3, 0xA4, 0xC8, 0xF9, 0xFE, 0xFF, 'a'}
	for n := 0; n < 3000; n++ {
		in := make([]byte, rng.IntN(12))
		for i := range in {
			if rng.IntN(3) == 0 {
				in[i] = byte(rng.IntN(256))
			} else {
				in[i] = alphabet[rng.IntN(len(alphabet))]
			}
		}
		repl, fatal, errs := big5RefDecode(index, in)
		big5CheckResume(t, big5NewDecoder, in, repl, errs, 1+rng.IntN(4))
		if got := codectest.OneShot(big5NewDecoder(false)(), in); string(got.Out) != repl || got.Err != nil {
			t.Fatalf("% X: got %v, want %q", in, got, repl)
		}
		if got := codectest.OneShot(big5NewDecoder(true)(), in); !got.Equal(fatal) {
			t.Fatalf("% X fatal: got %v, want %v", in, got, fatal)
		}
		if n%10 == 0 {
			codectest.CheckStreaming(t, big5NewDecoder(false), in)
			codectest.CheckStreaming(t, big5NewDecoder(true), in)
		}
	}
}

// TestBig5DecodeErrors pins each error path of the Big5 decoder with
// hand-written expected output.
func TestBig5DecodeErrors(t *testing.T) {
	const fffd = "\uFFFD"
	tests := []struct {
		name, in, want string
		fatal          string // the fatal-mode error
		fatalOut       string // the fatal-mode output before it
	}{
		// Step 6: 0x80 and 0xFF are neither ASCII nor leading bytes.
		{"step 6: 0x80", "a\x80b", "a" + fffd + "b", "[80] at byte offset 1", "a"},
		{"step 6: 0xFF", "\xFFb", fffd + "b", "[FF] at byte offset 0", ""},
		// Step 3.9: an ASCII trailing byte outside the ranges is restored.
		{"step 3.9: ASCII trail 0x39", "\xA4\x39z", fffd + "9z", "[A4] at byte offset 0", ""},
		{"step 3.9: ASCII trail 0x7F", "x\xA4\x7F", "x" + fffd + "\x7F", "[A4] at byte offset 1", "x"},
		// Step 3.5 gives pointer 0, which index Big5 lacks; 0x40 is ASCII
		// so step 3.9 restores it.
		{"step 3.9: pointer 0 with ASCII trail", "\x81\x40", fffd + "@", "[81] at byte offset 0", ""},
		// 0x81 is outside both trailing ranges: pointer null, non-ASCII (3.10).
		{"step 3.10: lead then lead", "\x81\x81\x40", fffd + "@", "[81 81] at byte offset 0", ""},
		// Step 3.10: a non-ASCII trailing byte is consumed with the error.
		{"step 3.10: trail 0x80", "\xA4\x80a", fffd + "a", "[A4 80] at byte offset 0", ""},
		{"step 3.10: trail 0xFF", "\xA4\xFF", fffd, "[A4 FF] at byte offset 0", ""},
		{"step 3.10: pointer 63 absent", "\x81\xA1\xA4\xA4", fffd + "中", "[81 A1] at byte offset 0", ""},
		// Step 1: end-of-queue with Big5 leading set.
		{"step 1: EOF after lead", "ab\xA4", "ab" + fffd, "[A4] at byte offset 2", "ab"},
		{"step 1: EOF after error then lead", "\x80\xA4", fffd + fffd, "[80] at byte offset 0", ""},
	}
	for _, tc := range tests {
		got := codectest.CheckStreaming(t, big5NewDecoder(false), []byte(tc.in))
		if got.Err != nil || string(got.Out) != tc.want {
			t.Errorf("%s: got %v, want %q", tc.name, got, tc.want)
		}
		got = codectest.CheckStreaming(t, big5NewDecoder(true), []byte(tc.in))
		wantErr := "webenc: Big5: invalid byte sequence " + tc.fatal
		if got.Err == nil || got.Err.Error() != wantErr || string(got.Out) != tc.fatalOut {
			t.Errorf("%s fatal: got %v, want out=%q err=%s", tc.name, got, tc.fatalOut, wantErr)
		}
		var de *codec.DecodeError
		if !errors.As(got.Err, &de) || !errors.Is(got.Err, codec.ErrDecode) {
			t.Errorf("%s: error %T is not a *DecodeError", tc.name, got.Err)
		}
		// Resumed after each error, the fatal decoder gives the
		// replacement output, at every chunk size and a 4-byte dst.
		codectest.CheckFatalResume(t, big5NewDecoder(true)(), big5NewDecoder(false)(), []byte(tc.in))
		for chunk := 1; chunk <= len(tc.in); chunk++ {
			for _, size := range []int{4, 64} {
				out, errs := big5ResumeRun(t, big5NewDecoder(true)(), []byte(tc.in), chunk, size)
				if string(out) != tc.want || len(errs) == 0 || errs[0] != wantErr {
					t.Errorf("%s: resumed with chunks of %d, dst %d: got %q, %q", tc.name, chunk, size, out, errs)
				}
			}
		}
	}
}

// TestBig5FatalResume pins the fatal-mode nSrc and state after each kind of
// error (codec.DecodeErrors: nSrc counts the bytes the Standard's decoder
// consumed for the error, not a restored byte, and Big5 leading is null
// after it), call by call, including a leading byte from an earlier call.
func TestBig5FatalResume(t *testing.T) {
	type call struct {
		src   string
		atEOF bool
		out   string
		nSrc  int
		err   string // the error's text after "invalid byte sequence ", or ""
	}
	tests := []struct {
		name  string
		calls []call
	}{
		// Step 6: the byte is consumed.
		{"step 6", []call{{"a\x80b", true, "a", 2, "[80] at byte offset 1"}, {"b", true, "b", 1, ""}}},
		// Step 3.10: both bytes are consumed.
		{"step 3.10", []call{{"a\xA4\x80b", true, "a", 3, "[A4 80] at byte offset 1"}, {"b", true, "b", 1, ""}}},
		// Step 3.9: the leading byte is consumed, the ASCII byte restored.
		{"step 3.9", []call{{"\xA4\x39z", true, "", 1, "[A4] at byte offset 0"}, {"\x39z", true, "9z", 2, ""}}},
		// The same with the leading byte from the previous call.
		{"step 3.9 split", []call{
			{"x\xA4", false, "x", 2, ""},
			{"\x39z", true, "", 0, "[A4] at byte offset 1"},
			{"\x39z", true, "9z", 2, ""},
		}},
		{"step 3.10 split", []call{
			{"\xA4", false, "", 1, ""},
			{"\xFF\xA4\xA4", true, "", 1, "[A4 FF] at byte offset 0"},
			{"\xA4\xA4", true, "中", 2, ""},
		}},
		// Step 1: end-of-queue; nothing is left to resume on.
		{"step 1", []call{{"ab\xA4", true, "ab", 3, "[A4] at byte offset 2"}, {"", true, "", 0, ""}}},
		{"step 1 split", []call{{"ab\xA4", false, "ab", 3, ""}, {"", true, "", 0, "[A4] at byte offset 2"}, {"", true, "", 0, ""}}},
	}
	for _, tc := range tests {
		d := big5NewDecoder(true)()
		for i, c := range tc.calls {
			dst := make([]byte, 16)
			nDst, nSrc, err := d.Transform(dst, []byte(c.src), c.atEOF)
			gotErr := ""
			if err != nil {
				gotErr = strings.TrimPrefix(err.Error(), "webenc: Big5: invalid byte sequence ")
			}
			if string(dst[:nDst]) != c.out || nSrc != c.nSrc || gotErr != c.err {
				t.Errorf("%s call %d: got %q, %d, %q; want %q, %d, %q", tc.name, i, dst[:nDst], nSrc, gotErr, c.out, c.nSrc, c.err)
			}
		}
	}
}

// big5CheckResume checks the fatal-mode contract on in against the
// reference decoder's replacement output repl and errors errs: with
// codectest.CheckFatalResume, and resumed after each error while fed in
// pieces of chunk bytes (one-shot when chunk is len(in) or more).
func big5CheckResume(tb testing.TB, newDec func(bool) func() transform.Transformer, in []byte, repl string, errs []string, chunk int) {
	tb.Helper()
	if n := codectest.CheckFatalResume(tb, newDec(true)(), newDec(false)(), in); n != len(errs) {
		tb.Fatalf("% X: %d errors, the reference has %d", in, n, len(errs))
	}
	for _, c := range []int{chunk, len(in) + 1} {
		out, got := big5ResumeRun(tb, newDec(true)(), in, c, 4*len(in)+64)
		if string(out) != repl || !slices.Equal(got, errs) {
			tb.Fatalf("% X resumed, chunks of %d: got %q %q; want %q %q", in, c, out, got, repl, errs)
		}
	}
}

// big5ResumeRun feeds src to the fatal decoder tr in pieces of chunk bytes
// with a dst of dstSize bytes, as a streaming caller would, and after each
// *codec.DecodeError writes U+FFFD and calls again on the unconsumed input
// (the contract of codec.DecodeErrors). It returns the output and the text
// of every error. The EUC-KR tests use it too.
func big5ResumeRun(tb testing.TB, tr transform.Transformer, src []byte, chunk, dstSize int) (out []byte, errs []string) {
	tb.Helper()
	tr.Reset()
	dst := make([]byte, dstSize)
	var pending []byte
	fed, feed := 0, true
	for iter := 0; ; iter++ {
		if iter > 8*len(src)+16 {
			tb.Fatalf("resume % X: no progress", src)
		}
		if feed && fed < len(src) {
			n := min(chunk, len(src)-fed)
			pending = append(pending, src[fed:fed+n]...)
			fed += n
		}
		atEOF := fed == len(src)
		nDst, nSrc, err := tr.Transform(dst, pending, atEOF)
		if nSrc < 0 || nSrc > len(pending) || nDst < 0 || nDst > len(dst) {
			tb.Fatalf("resume % X: nDst=%d nSrc=%d out of range", src, nDst, nSrc)
		}
		out = append(out, dst[:nDst]...)
		pending = pending[nSrc:]
		feed = true
		var de *codec.DecodeError
		switch {
		case err == nil:
			if len(pending) != 0 {
				tb.Fatalf("resume % X: nil error with %d bytes left", src, len(pending))
			}
			if atEOF {
				return out, errs
			}
		case err == transform.ErrShortDst:
			if nDst == 0 && nSrc == 0 && dstSize >= 4 {
				tb.Fatalf("resume % X: ErrShortDst with no progress", src)
			}
			feed = false
		case errors.As(err, &de):
			errs = append(errs, err.Error())
			out = append(out, "\uFFFD"...)
			feed = false
		default:
			tb.Fatalf("resume % X: %v", src, err)
		}
	}
}

// TestBig5DecodeValues pins a few decodings by hand (values read from
// index-big5.txt).
func TestBig5DecodeValues(t *testing.T) {
	tests := []struct{ in, want string }{
		{"\xA4\xA4\xA4\xE5", "中文"},
		{"\x87\x40", "\u43F0"},       // pointer 942, the first of the index
		{"\x87\x45", "\U00027267"},   // pointer 947: astral
		{"\xA0\xFE", "\U0002626B"},   // pointer 5023: astral, Hong Kong extension
		{"\xC8\x7C", "\U0002008A"},   // pointer 11207
		{"\x88\x62", "\u00CA\u0304"}, // step 3.6, pointer 1133
		{"\x88\x64", "\u00CA\u030C"}, // pointer 1135
		{"\x88\xA3", "\u00EA\u0304"}, // pointer 1164
		{"\x88\xA5", "\u00EA\u030C"}, // pointer 1166
		{"\xF9\xF9\xA2\xCC", "═十"},   // pointers 18991 and 5287
	}
	for _, tc := range tests {
		for _, fm := range []bool{false, true} {
			got := codectest.CheckStreaming(t, big5NewDecoder(fm), []byte(tc.in))
			if got.Err != nil || string(got.Out) != tc.want {
				t.Errorf("% X fatal=%v: got %v, want %q", tc.in, fm, got, tc.want)
			}
		}
	}
}

// TestBig5TwoCodePointsSmallDst checks that step 3.6's output is written
// whole: a dst too small for both code points gets nothing.
func TestBig5TwoCodePointsSmallDst(t *testing.T) {
	for _, in := range []string{"\x88\x62", "\x88\x64", "\x88\xA3", "\x88\xA5", "\x87\x45"} {
		for size := 0; size < 4; size++ {
			d := big5NewDecoder(false)()
			dst := make([]byte, size)
			nDst, nSrc, err := d.Transform(dst, []byte(in), true)
			if err != transform.ErrShortDst || nDst != 0 {
				t.Fatalf("% X dst %d: got %d, %d, %v; want ErrShortDst with nothing written", in, size, nDst, nSrc, err)
			}
			// Continue as a caller would, with enough room.
			dst = make([]byte, 8)
			n2, m2, err := d.Transform(dst, []byte(in)[nSrc:], true)
			if err != nil || m2 != len(in)-nSrc || n2 != 4 {
				t.Fatalf("% X dst %d then 8: got %d, %d, %v", in, size, n2, m2, err)
			}
			want, _ := big5Enc.NewDecoder().String(in)
			if string(dst[:n2]) != want || utf8.RuneCountInString(want) < 1 {
				t.Fatalf("% X: got %q, want %q", in, dst[:n2], want)
			}
		}
	}
}

// TestBig5EncodeAll encodes every scalar value alone and checks the bytes
// of its index Big5 pointer (computed from the index with the Standard's
// rule), or the error, and that the bytes decode back.
func TestBig5EncodeAll(t *testing.T) {
	index := big5LoadIndex(t)
	want := big5RefPointers(index)
	e := big5NewEncoder()
	d := big5NewDecoder(true)()
	var src [4]byte
	dst := make([]byte, 8)
	back := make([]byte, 8)
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		n := utf8.EncodeRune(src[:], r)
		e.Reset()
		nDst, nSrc, err := e.Transform(dst, src[:n], true)
		if r < 0x80 { // step 2
			if err != nil || nDst != 1 || dst[0] != byte(r) || nSrc != 1 {
				t.Fatalf("U+%04X: got % X, %v", r, dst[:nDst], err)
			}
			continue
		}
		p, ok := want[r]
		if !ok { // step 4
			var ee *codec.EncodeError
			if !errors.As(err, &ee) || ee.Rune != r || ee.Size != n || ee.Offset != 0 || nDst != 0 || nSrc != 0 {
				t.Fatalf("U+%04X: got % X, %d, %v; want an EncodeError", r, dst[:nDst], nSrc, err)
			}
			continue
		}
		if err != nil || !bytes.Equal(dst[:nDst], big5Bytes(p)) || nSrc != n {
			t.Fatalf("U+%04X: got % X, %v; want % X (pointer %d)", r, dst[:nDst], err, big5Bytes(p), p)
		}
		d.Reset()
		m, _, err := d.Transform(back, dst[:nDst], true)
		if err != nil || string(back[:m]) != string(r) {
			t.Fatalf("U+%04X: round trip gave %q, %v", r, back[:m], err)
		}
	}
}

// TestBig5EncodeLong encodes every code point that has an index Big5
// pointer in one long input (in code point order and shuffled), so the
// encoder's multi-byte fast paths see them.
func TestBig5EncodeLong(t *testing.T) {
	index := big5LoadIndex(t)
	want := big5RefPointers(index)
	var rs []rune
	for r := range want {
		rs = append(rs, r)
	}
	slices.Sort(rs)
	rng := rand.New(rand.NewPCG(3, 4))
	shuffled := slices.Clone(rs)
	rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	for _, order := range [][]rune{rs, shuffled} {
		var in, exp []byte
		for i, r := range order {
			in = utf8.AppendRune(in, r)
			exp = append(exp, big5Bytes(want[r])...)
			if i%7 == 0 {
				in = append(in, 'a')
				exp = append(exp, 'a')
			}
		}
		got := codectest.OneShot(big5NewEncoder(), in)
		if got.Err != nil || !bytes.Equal(got.Out, exp) {
			t.Fatalf("got err %v; output equal: %v", got.Err, bytes.Equal(got.Out, exp))
		}
		if got := codectest.Run(big5NewEncoder(), in, []int{5, 3, 11}, 7); got.Err != nil || !bytes.Equal(got.Out, exp) {
			t.Fatalf("chunked: got err %v; output equal: %v", got.Err, bytes.Equal(got.Out, exp))
		}
	}
}

// TestBig5EncodeValues pins the index Big5 pointer rules by hand (pointers
// read from index-big5.txt).
func TestBig5EncodeValues(t *testing.T) {
	tests := []struct{ in, want string }{
		{"中文", "\xA4\xA4\xA4\xE5"},
		{"\u2550", "\xF9\xF9"}, // last pointer 18991, not 5247
		{"\u255E", "\xF9\xE9"}, // last pointer 18975, not 5248
		{"\u2561", "\xF9\xEB"}, // last pointer 18977, not 5250
		{"\u256A", "\xF9\xEA"}, // last pointer 18976, not 5249
		{"\u5341", "\xA4\x51"}, // last pointer 5512, not 5287
		{"\u5345", "\xA4\xCA"}, // last pointer 5599, not 5289
		{"\u256D", "\xA2\x7E"}, // first pointer 5243, not 18992
		{"\u5344", "\xA2\xCD"}, // first pointer 5288, not 19096
		{"\u3003", "\xA1\xB2"}, // first pointer 5104, not 10957
		{"\u20AC", "\xA3\xE1"}, // pointer 5465
		{"\U0002008A", "\xC8\x7C"},
		{"a\u3000b", "a\xA1\x40b"}, // pointer 5024, the first not excluded
	}
	for _, tc := range tests {
		got := codectest.CheckStreaming(t, big5NewEncoder, []byte(tc.in))
		if got.Err != nil || string(got.Out) != tc.want {
			t.Errorf("%+q: got %v, want % X", tc.in, got, tc.want)
		}
	}
}

// TestBig5EncodeErrors pins the encoder's errors (step 4) with the code
// point reported, its offset and the input bytes covered.
func TestBig5EncodeErrors(t *testing.T) {
	tests := []struct {
		in, out string
		r       rune
		off     int64
		size    int
	}{
		{"ab\U0001F600c", "ab", 0x1F600, 2, 4},
		{"\u4E2D\u00CA", "\xA4\xA4", 0xCA, 3, 2}, // U+00CA: only pointer 1137, below 5024
		{"\u43F0", "", 0x43F0, 0, 3},             // only pointer 942, excluded
		{"\U0002626B", "", 0x2626B, 0, 4},        // only pointer 5023, excluded
		{"a\xE4\xB8", "a", 0xFFFD, 1, 2},         // invalid UTF-8: U+FFFD, maximal subpart
		{"a\xFFb", "a", 0xFFFD, 1, 1},
		{"\xED\xA0\x80", "", 0xFFFD, 0, 1}, // a surrogate's encoding is invalid
		// The same within longer text, where the encoder reads ahead.
		{"中\xED\xA0\x80中文中文", "\xA4\xA4", 0xFFFD, 3, 1},
		{"中文\xED\xA0\x80中文中文", "\xA4\xA4\xA4\xE5", 0xFFFD, 6, 1},
		{"中文\xE0\x82\xA7中文中文", "\xA4\xA4\xA4\xE5", 0xFFFD, 6, 1}, // overlong U+00A7
		{"中\xE0\x82\xA7中文中文", "\xA4\xA4", 0xFFFD, 3, 1},
		{"中\xE4\xB8中文中文", "\xA4\xA4", 0xFFFD, 3, 2},
		{"中文\u00CA中文中文", "\xA4\xA4\xA4\xE5", 0xCA, 6, 2},
		{"中文\u43F0中文中文", "\xA4\xA4\xA4\xE5", 0x43F0, 6, 3},
		{"中\u43F0中文中文", "\xA4\xA4", 0x43F0, 3, 3},
	}
	for _, tc := range tests {
		got := codectest.CheckStreaming(t, big5NewEncoder, []byte(tc.in))
		var ee *codec.EncodeError
		if string(got.Out) != tc.out || !errors.As(got.Err, &ee) || !errors.Is(got.Err, codec.ErrEncode) ||
			ee.Rune != tc.r || ee.Offset != tc.off || ee.Size != tc.size || ee.Encoding != "Big5" {
			t.Errorf("%+q: got %v; want out %q and U+%04X at %d size %d", tc.in, got, tc.out, tc.r, tc.off, tc.size)
		}
	}
	// An incomplete sequence before the end is not an error yet.
	nDst, nSrc, err := big5NewEncoder().Transform(make([]byte, 8), []byte("a\xE4\xB8"), false)
	if nDst != 1 || nSrc != 1 || err != transform.ErrShortSrc {
		t.Errorf("incomplete: got %d, %d, %v; want 1, 1, ErrShortSrc", nDst, nSrc, err)
	}
}

// TestBig5EncodeHTML checks the html error mode through codec.Encoding.
func TestBig5EncodeHTML(t *testing.T) {
	newT := func() transform.Transformer { tr, _ := big5Enc.Encoder(codec.HTML); return tr }
	got := codectest.CheckStreaming(t, newT, []byte("中\U0001F600\u00CA\xFFx"))
	if want := "\xA4\xA4&#128512;&#202;&#65533;x"; got.Err != nil || string(got.Out) != want {
		t.Errorf("got %v, want %q", got, want)
	}
}

// TestBig5Interop drives the codec through x/text's APIs.
func TestBig5Interop(t *testing.T) {
	r := transform.NewReader(strings.NewReader("\xA4\xA4\xA4\xE5\x80!"), cjk.Big5.NewDecoder())
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(r); err != nil || buf.String() != "中文\uFFFD!" {
		t.Errorf("NewReader: got %q, %v", buf.String(), err)
	}
	buf.Reset()
	w := transform.NewWriter(&buf, cjk.Big5.NewEncoder())
	if _, err := w.Write([]byte("中文 €")); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil || buf.String() != "\xA4\xA4\xA4\xE5 \xA3\xE1" {
		t.Errorf("NewWriter: got % X, %v", buf.Bytes(), err)
	}
	if s, err := cjk.Big5.NewDecoder().String("\xA4\xA4"); s != "中" || err != nil {
		t.Errorf("Decoder.String: %q, %v", s, err)
	}
	if s, err := encoding.HTMLEscapeUnsupported(cjk.Big5.NewEncoder()).String("中😀"); s != "\xA4\xA4&#128512;" || err != nil {
		t.Errorf("HTMLEscapeUnsupported: %q, %v", s, err)
	}
	if s, err := encoding.ReplaceUnsupported(cjk.Big5.NewEncoder()).String("中😀"); s != "\xA4\xA4\x1A" || err != nil {
		t.Errorf("ReplaceUnsupported: %q, %v", s, err)
	}
	if _, err := cjk.Big5.NewEncoder().String("中😀"); !errors.Is(err, codec.ErrEncode) {
		t.Errorf("Encoder.String: %v, want an EncodeError", err)
	}
	if fmt.Sprint(cjk.Big5) != "Big5" {
		t.Errorf("name %q", fmt.Sprint(cjk.Big5))
	}
}

func FuzzBig5Decode(f *testing.F) {
	for _, s := range []string{"", "a", "\xA4\xA4\xA4\xE5", "\x88\x62\x81\x40", "\xA4\x80\xFF\x87\x45", "\xA4"} {
		f.Add([]byte(s), uint8(1))
	}
	f.Fuzz(func(t *testing.T, in []byte, split uint8) {
		for _, fm := range []bool{false, true} {
			one := codectest.OneShot(big5NewDecoder(fm)(), in)
			if !utf8.Valid(one.Out) {
				t.Fatalf("invalid UTF-8 out: %q", one.Out)
			}
			if !fm && one.Err != nil {
				t.Fatalf("replacement mode error: %v", one.Err)
			}
			chunks := []int{int(split%8) + 1, int(split/8) + 1}
			if got := codectest.Run(big5NewDecoder(fm)(), in, chunks, int(split%5)+1); !got.Equal(one) {
				t.Fatalf("chunks %v: got %v, want %v", chunks, got, one)
			}
			if index, _ := big5Index(); index != nil {
				repl, fatal, _ := big5RefDecode(index, in)
				want := codectest.Result{Out: []byte(repl)}
				if fm {
					want = fatal
				}
				if !one.Equal(want) {
					t.Fatalf("fatal=%v: got %v, want %v", fm, one, want)
				}
			}
		}
		if index, _ := big5Index(); index != nil {
			repl, _, errs := big5RefDecode(index, in)
			big5CheckResume(t, big5NewDecoder, in, repl, errs, int(split%8)+1)
		}
	})
}

func FuzzBig5Encode(f *testing.F) {
	for _, s := range []string{"", "a", "中文", "═十卅", "\U0002008A", "😀", "\xE4\xB8", "a\xFFb"} {
		f.Add(s, uint8(1))
	}
	f.Fuzz(func(t *testing.T, in string, split uint8) {
		one := codectest.OneShot(big5NewEncoder(), []byte(in))
		chunks := []int{int(split%8) + 1, int(split/8) + 1}
		if got := codectest.Run(big5NewEncoder(), []byte(in), chunks, int(split%5)+1); !got.Equal(one) {
			t.Fatalf("chunks %v: got %v, want %v", chunks, got, one)
		}
		// What was encoded decodes back to the input it came from.
		back, err := big5Enc.NewDecoder().Bytes(one.Out)
		if err != nil || !strings.HasPrefix(in, string(back)) {
			t.Fatalf("decode(encode(%q)) = %q, %v", in, back, err)
		}
		if one.Err == nil && string(back) != in {
			t.Fatalf("decode(encode(%q)) = %q", in, back)
		}
		htmlT, _ := big5Enc.Encoder(codec.HTML)
		if h := codectest.OneShot(htmlT, []byte(in)); h.Err != nil {
			t.Fatalf("html mode: %v", h.Err)
		}
	})
}

func ExampleBig5() {
	s, _ := cjk.Big5.NewDecoder().String("\xA4\xA4\xA4\xE5 Big5 \x88\x62")
	fmt.Println(s)
	b, err := cjk.Big5.NewEncoder().String("中文")
	fmt.Printf("% X %v\n", b, err)
	_, err = cjk.Big5.NewEncoder().String("😀")
	fmt.Println(err)
	// Output:
	// 中文 Big5 Ê̄
	// A4 A4 A4 E5 <nil>
	// webenc: Big5: cannot encode U+1F600 at byte offset 0
}

func BenchmarkBig5Decode(b *testing.B) {
	for _, s := range benchdata.Load(b, cjk.Big5) {
		b.Run("enc=Big5/lang="+s.Lang+"/impl=webenc", func(b *testing.B) {
			benchdata.Transform(b, cjk.Big5.NewDecoder(), s.Decode, len(s.Decode))
		})
		b.Run("enc=Big5/lang="+s.Lang+"/impl=xtext", func(b *testing.B) {
			benchdata.Transform(b, traditionalchinese.Big5.NewDecoder(), s.Decode, len(s.Decode))
		})
	}
}

func BenchmarkBig5Encode(b *testing.B) {
	for _, s := range benchdata.Load(b, cjk.Big5) {
		b.Run("enc=Big5/lang="+s.Lang+"/impl=webenc", func(b *testing.B) {
			benchdata.Transform(b, cjk.Big5.NewEncoder(), s.Encode, len(s.Encode))
		})
		b.Run("enc=Big5/lang="+s.Lang+"/impl=xtext", func(b *testing.B) {
			benchdata.Transform(b, traditionalchinese.Big5.NewEncoder(), s.Encode, len(s.Encode))
		})
	}
}

// refUTF8Next is the Standard's UTF-8 decoder (with the end of the input
// as end-of-queue) for one scalar value at the start of in: the code point,
// or U+FFFD for an invalid sequence covering its maximal subpart, and the
// number of bytes read.
func refUTF8Next(in []byte) (rune, int) {
	needed, seen, cp := 0, 0, rune(0)
	lower, upper := byte(0x80), byte(0xBF)
	for i, b := range in {
		if needed == 0 {
			switch {
			case b <= 0x7F:
				return rune(b), 1
			case b >= 0xC2 && b <= 0xDF:
				needed, cp = 1, rune(b&0x1F)
			case b >= 0xE0 && b <= 0xEF:
				if b == 0xE0 {
					lower = 0xA0
				}
				if b == 0xED {
					upper = 0x9F
				}
				needed, cp = 2, rune(b&0xF)
			case b >= 0xF0 && b <= 0xF4:
				if b == 0xF0 {
					lower = 0x90
				}
				if b == 0xF4 {
					upper = 0x8F
				}
				needed, cp = 3, rune(b&0x7)
			default:
				return 0xFFFD, 1
			}
			continue
		}
		if b < lower || b > upper {
			return 0xFFFD, i // the byte is restored
		}
		lower, upper = 0x80, 0xBF
		cp = cp<<6 | rune(b&0x3F)
		seen++
		if seen == needed {
			return cp, i + 1
		}
	}
	return 0xFFFD, len(in) // end-of-queue inside a sequence
}

// dbcsRefEncode encodes in as the Standard's Big5 or EUC-KR encoder does,
// with lookup giving the two bytes of a non-ASCII code point's pointer:
// the output up to the first error and the error.
func dbcsRefEncode(name string, in []byte, lookup func(rune) ([]byte, bool)) codectest.Result {
	var out []byte
	for i := 0; i < len(in); {
		r, n := refUTF8Next(in[i:])
		if r < 0x80 {
			out = append(out, byte(r))
		} else if b, ok := lookup(r); ok {
			out = append(out, b...)
		} else {
			return codectest.Result{Out: out, Err: &codec.EncodeError{Encoding: name, Rune: r, Offset: int64(i), Size: n}}
		}
		i += n
	}
	return codectest.Result{Out: out}
}

// dbcsEncodeMix checks the encoder made by newEnc on random mixes of the
// pieces (valid characters, invalid UTF-8, unencodable characters) against
// the reference, one-shot, in random chunks with every dst size from 1 to
// 12 (so the hot loop's eight-byte window meets every alignment, the end
// of src and a nearly full dst), and with CheckStreaming now and then.
// A piece is drawn from bad (errors) one time in sixteen, so that most
// inputs run long in the hot loop before their first error.
func dbcsEncodeMix(t *testing.T, newEnc func() transform.Transformer, good, bad []string, seed uint64, ref func([]byte) codectest.Result) {
	rng := rand.New(rand.NewPCG(seed, 99))
	for n := 0; n < 2500; n++ {
		var in []byte
		for k := rng.IntN(32); k > 0; k-- {
			if rng.IntN(16) == 0 {
				in = append(in, bad[rng.IntN(len(bad))]...)
			} else {
				in = append(in, good[rng.IntN(len(good))]...)
			}
		}
		want := ref(in)
		if got := codectest.OneShot(newEnc(), in); !got.Equal(want) {
			t.Fatalf("%q: got %v, want %v", in, got, want)
		}
		chunks := []int{1 + rng.IntN(12), 1 + rng.IntN(12)}
		for size := 1; size <= 12; size++ {
			if got := codectest.Run(newEnc(), in, chunks, size); !got.Equal(want) {
				t.Fatalf("%q chunks %v dst %d: got %v, want %v", in, chunks, size, got, want)
			}
		}
		if n%50 == 0 {
			codectest.CheckStreaming(t, newEnc, in)
		}
	}
}

// TestBig5EncodeMix runs dbcsEncodeMix with hanzi, full-width punctuation,
// ASCII, code points with no pointer, and invalid UTF-8 (overlong forms,
// surrogates, truncated and stray bytes), whose U+FFFD is an error.
func TestBig5EncodeMix(t *testing.T) {
	index := big5LoadIndex(t)
	ptrs := big5RefPointers(index)
	good := []string{
		"中", "文", "，", "。", "維", "基", "\u5341", "\u2550", // encodable three-byte
		"a", " ", "\n", "ab", "abcdefghij", // ASCII
		"\u00A7", "\u00B0", "\U0002008A", // two- and four-byte, encodable
	}
	bad := []string{
		"\u43F0", "\u00CA", "\U0001F600", "\u3400", "\uFFFF", // no pointer
		"\xE0\x80\x80", "\xE0\x9F\xBF", "\xE0\x82\xA7", "\xED\xA0\x80", "\xED\xBF\xBF", // overlong, surrogates
		"\xE4\xB8", "\xE4", "\x80", "\xFF", "\xC0\xAF", "\xF0\x9F\x98", // truncated, stray
	}
	dbcsEncodeMix(t, big5NewEncoder, good, bad, 11, func(in []byte) codectest.Result {
		return dbcsRefEncode("Big5", in, func(r rune) ([]byte, bool) {
			p, ok := ptrs[r]
			if !ok {
				return nil, false
			}
			return big5Bytes(p), true
		})
	})
}
