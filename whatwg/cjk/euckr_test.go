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
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/internal/benchdata"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/codectest"
)

var euckrEnc = cjk.EUCKR.(*codec.Encoding)

func euckrNewDecoder(fatal bool) func() transform.Transformer {
	return func() transform.Transformer { return euckrEnc.NewDecoderMode(fatal) }
}

func euckrNewEncoder() transform.Transformer { return euckrEnc.NewRawEncoder() }

// euckrIndex loads index EUC-KR (pointer → code point) once; the map is
// nil when the Standard's data is absent.
var euckrIndex = sync.OnceValues(func() (map[int]rune, error) {
	dir, ok := specdata.WHATWGDir()
	if !ok {
		return nil, nil
	}
	ix, err := specdata.ReadIndex(dir, "euc-kr")
	if err != nil {
		return nil, err
	}
	return ix.Map(), nil
})

func euckrLoadIndex(tb testing.TB) map[int]rune {
	tb.Helper()
	m, err := euckrIndex()
	if err != nil {
		tb.Fatal(err)
	}
	if m == nil {
		tb.Skip("WHATWG data not found (set WEBENC_WHATWG)")
	}
	return m
}

// euckrBytes is the EUC-KR encoder's steps 5–7 for pointer p.
func euckrBytes(p int) []byte {
	return []byte{byte(p/190 + 0x81), byte(p%190 + 0x41)}
}

// euckrRefPointers computes the index pointer (the first pointer) in index
// EUC-KR of every code point of the index.
func euckrRefPointers(index map[int]rune) map[rune]int {
	out := map[rune]int{}
	for p, r := range index {
		if q, seen := out[r]; !seen || p < q {
			out[r] = p
		}
	}
	return out
}

// euckrRefDecode is the EUC-KR decoder written literally from the Standard
// over an I/O queue with restore. It returns the replacement-mode output
// and the fatal-mode result (output before the first error and the error),
// and the text of every error (a fatal decoder resumed after each error
// reports them all).
func euckrRefDecode(index map[int]rune, in []byte) (repl string, fatal codectest.Result, errs []string) {
	var out strings.Builder
	fatalSet := false
	fail := func(off int, seq ...byte) {
		e := &codec.DecodeError{Encoding: "EUC-KR", Offset: int64(off), Bytes: seq}
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
			if b >= 0x41 && b <= 0xFE {
				pointer = (int(lead)-0x81)*190 + (int(b) - 0x41)
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

// TestEUCKRDecodeIndex decodes the bytes of every pointer of index EUC-KR.
func TestEUCKRDecodeIndex(t *testing.T) {
	index := euckrLoadIndex(t)
	dec := euckrEnc.NewDecoder()
	for p, r := range index {
		got, err := dec.Bytes(euckrBytes(p))
		if err != nil || string(got) != string(r) {
			t.Errorf("pointer %d % X: got %q, %v; want %q", p, euckrBytes(p), got, err, string(r))
		}
	}
}

// TestEUCKRDecodeAllPairs decodes every single byte and every byte pair
// starting with 0x80–0xFF, in both modes, against the reference decoder,
// one-shot and byte by byte with a 1-byte dst.
func TestEUCKRDecodeAllPairs(t *testing.T) {
	index := euckrLoadIndex(t)
	check := func(in []byte) {
		repl, fatal, errs := euckrRefDecode(index, in)
		big5CheckResume(t, euckrNewDecoder, in, repl, errs, 1)
		for _, fm := range []bool{false, true} {
			want := codectest.Result{Out: []byte(repl)}
			if fm {
				want = fatal
			}
			tr := euckrNewDecoder(fm)()
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

// TestEUCKRDecodeRandom compares random byte strings rich in leading and
// trailing bytes with the reference decoder, and checks streaming.
func TestEUCKRDecodeRandom(t *testing.T) {
	index := euckrLoadIndex(t)
	rng := rand.New(rand.NewPCG(5, 6))
	alphabet := []byte{0x00, 0x40, 0x41, 0x5B, 0x7F, 0x80, 0x81, 0xA1, 0xB0, 0xC6, 0xC9, 0xFE, 0xFF, 'a'}
	for n := 0; n < 3000; n++ {
		in := make([]byte, rng.IntN(12))
		for i := range in {
			if rng.IntN(3) == 0 {
				in[i] = byte(rng.IntN(256))
			} else {
				in[i] = alphabet[rng.IntN(len(alphabet))]
			}
		}
		repl, fatal, errs := euckrRefDecode(index, in)
		big5CheckResume(t, euckrNewDecoder, in, repl, errs, 1+rng.IntN(4))
		if got := codectest.OneShot(euckrNewDecoder(false)(), in); string(got.Out) != repl || got.Err != nil {
			t.Fatalf("% X: got %v, want %q", in, got, repl)
		}
		if got := codectest.OneShot(euckrNewDecoder(true)(), in); !got.Equal(fatal) {
			t.Fatalf("% X fatal: got %v, want %v", in, got, fatal)
		}
		if n%10 == 0 {
			codectest.CheckStreaming(t, euckrNewDecoder(false), in)
			codectest.CheckStreaming(t, euckrNewDecoder(true), in)
		}
	}
}

// TestEUCKRDecodeErrors pins each error path of the EUC-KR decoder with
// hand-written expected output.
func TestEUCKRDecodeErrors(t *testing.T) {
	const fffd = "\uFFFD"
	tests := []struct {
		name, in, want string
		fatal          string // the fatal-mode error
		fatalOut       string // the fatal-mode output before it
	}{
		// Step 6: 0x80 and 0xFF are neither ASCII nor leading bytes.
		{"step 6: 0x80", "a\x80b", "a" + fffd + "b", "[80] at byte offset 1", "a"},
		{"step 6: 0xFF", "\xFFb", fffd + "b", "[FF] at byte offset 0", ""},
		// Steps 3.4 and 3.7: a byte below 0x41 gives no pointer; ASCII is
		// restored.
		{"step 3.7: trail 0x40", "\xB0\x40", fffd + "@", "[B0] at byte offset 0", ""},
		{"step 3.7: trail 0x0A", "x\xB0\nz", "x" + fffd + "\nz", "[B0] at byte offset 1", "x"},
		// Pointers 26 and 62 (trails 0x5B and 0x7F) are in range but not in
		// the index; both bytes are ASCII, so restored.
		{"step 3.7: pointer 26", "\x81\x5B", fffd + "[", "[81] at byte offset 0", ""},
		{"step 3.7: pointer 62", "\x81\x7F", fffd + "\x7F", "[81] at byte offset 0", ""},
		// Step 3.8: a non-ASCII trailing byte is consumed with the error.
		{"step 3.8: pointer 63 absent", "\x81\x80a", fffd + "a", "[81 80] at byte offset 0", ""},
		{"step 3.8: trail 0xFF", "\xB0\xFF", fffd, "[B0 FF] at byte offset 0", ""},
		{"step 3.8: pointer 13776 absent", "\xC9\xA1\xB0\xA1", fffd + "가", "[C9 A1] at byte offset 0", ""},
		// Step 1: end-of-queue with EUC-KR leading set.
		{"step 1: EOF after lead", "ab\xB0", "ab" + fffd, "[B0] at byte offset 2", "ab"},
		{"step 1: EOF after error then lead", "\x80\xB0", fffd + fffd, "[80] at byte offset 0", ""},
	}
	for _, tc := range tests {
		got := codectest.CheckStreaming(t, euckrNewDecoder(false), []byte(tc.in))
		if got.Err != nil || string(got.Out) != tc.want {
			t.Errorf("%s: got %v, want %q", tc.name, got, tc.want)
		}
		got = codectest.CheckStreaming(t, euckrNewDecoder(true), []byte(tc.in))
		wantErr := "webenc: EUC-KR: invalid byte sequence " + tc.fatal
		if got.Err == nil || got.Err.Error() != wantErr || string(got.Out) != tc.fatalOut {
			t.Errorf("%s fatal: got %v, want out=%q err=%s", tc.name, got, tc.fatalOut, wantErr)
		}
		var de *codec.DecodeError
		if !errors.As(got.Err, &de) || !errors.Is(got.Err, codec.ErrDecode) {
			t.Errorf("%s: error %T is not a *DecodeError", tc.name, got.Err)
		}
		// Resumed after each error, the fatal decoder gives the
		// replacement output, at every chunk size and a 4-byte dst.
		codectest.CheckFatalResume(t, euckrNewDecoder(true)(), euckrNewDecoder(false)(), []byte(tc.in))
		for chunk := 1; chunk <= len(tc.in); chunk++ {
			for _, size := range []int{4, 64} {
				out, errs := big5ResumeRun(t, euckrNewDecoder(true)(), []byte(tc.in), chunk, size)
				if string(out) != tc.want || len(errs) == 0 || errs[0] != wantErr {
					t.Errorf("%s: resumed with chunks of %d, dst %d: got %q, %q", tc.name, chunk, size, out, errs)
				}
			}
		}
	}
}

// TestEUCKRFatalResume pins the fatal-mode nSrc and state after each kind
// of error (codec.DecodeErrors: nSrc counts the bytes the Standard's
// decoder consumed for the error, not a restored byte, and EUC-KR leading
// is null after it), call by call, including a leading byte from an
// earlier call.
func TestEUCKRFatalResume(t *testing.T) {
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
		{"step 6", []call{{"a\xFFb", true, "a", 2, "[FF] at byte offset 1"}, {"b", true, "b", 1, ""}}},
		// Step 3.8: both bytes are consumed.
		{"step 3.8", []call{{"a\xC9\xA1b", true, "a", 3, "[C9 A1] at byte offset 1"}, {"b", true, "b", 1, ""}}},
		// Step 3.7: the leading byte is consumed, the ASCII byte restored.
		{"step 3.7", []call{{"\xB0\x40z", true, "", 1, "[B0] at byte offset 0"}, {"\x40z", true, "@z", 2, ""}}},
		// The same with the leading byte from the previous call.
		{"step 3.7 split", []call{
			{"x\xB0", false, "x", 2, ""},
			{"\x5Bz", true, "", 0, "[B0] at byte offset 1"},
			{"\x5Bz", true, "[z", 2, ""},
		}},
		{"step 3.8 split", []call{
			{"\xB0", false, "", 1, ""},
			{"\xFF\xB0\xA1", true, "", 1, "[B0 FF] at byte offset 0"},
			{"\xB0\xA1", true, "가", 2, ""},
		}},
		// Step 1: end-of-queue; nothing is left to resume on.
		{"step 1", []call{{"ab\xB0", true, "ab", 3, "[B0] at byte offset 2"}, {"", true, "", 0, ""}}},
		{"step 1 split", []call{{"ab\xB0", false, "ab", 3, ""}, {"", true, "", 0, "[B0] at byte offset 2"}, {"", true, "", 0, ""}}},
	}
	for _, tc := range tests {
		d := euckrNewDecoder(true)()
		for i, c := range tc.calls {
			dst := make([]byte, 16)
			nDst, nSrc, err := d.Transform(dst, []byte(c.src), c.atEOF)
			gotErr := ""
			if err != nil {
				gotErr = strings.TrimPrefix(err.Error(), "webenc: EUC-KR: invalid byte sequence ")
			}
			if string(dst[:nDst]) != c.out || nSrc != c.nSrc || gotErr != c.err {
				t.Errorf("%s call %d: got %q, %d, %q; want %q, %d, %q", tc.name, i, dst[:nDst], nSrc, gotErr, c.out, c.nSrc, c.err)
			}
		}
	}
}

// TestEUCKRDecodeValues pins a few decodings by hand (values read from
// index-euc-kr.txt).
func TestEUCKRDecodeValues(t *testing.T) {
	tests := []struct{ in, want string }{
		{"\xB0\xA1\xC6\x52", "가\uD7A3"}, // pointers 9026 and 13127
		{"\x81\x41", "\uAC02"},          // pointer 0
		{"\x81\xFE\x82\x41", "\uAD13\uAD14"},
		{"\xA1\xA1a\xA2\xAE", "\u3000a\u00A1"}, // pointers 6176 and 6379
	}
	for _, tc := range tests {
		for _, fm := range []bool{false, true} {
			got := codectest.CheckStreaming(t, euckrNewDecoder(fm), []byte(tc.in))
			if got.Err != nil || string(got.Out) != tc.want {
				t.Errorf("% X fatal=%v: got %v, want %q", tc.in, fm, got, tc.want)
			}
		}
	}
}

// TestEUCKREncodeAll encodes every scalar value alone and checks the bytes
// of its index pointer (computed from the index), or the error, and that
// the bytes decode back.
func TestEUCKREncodeAll(t *testing.T) {
	index := euckrLoadIndex(t)
	want := euckrRefPointers(index)
	e := euckrNewEncoder()
	d := euckrNewDecoder(true)()
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
		if err != nil || !bytes.Equal(dst[:nDst], euckrBytes(p)) || nSrc != n {
			t.Fatalf("U+%04X: got % X, %v; want % X (pointer %d)", r, dst[:nDst], err, euckrBytes(p), p)
		}
		d.Reset()
		m, _, err := d.Transform(back, dst[:nDst], true)
		if err != nil || string(back[:m]) != string(r) {
			t.Fatalf("U+%04X: round trip gave %q, %v", r, back[:m], err)
		}
	}
}

// TestEUCKREncodeLong encodes every code point of index EUC-KR in one long
// input (in code point order and shuffled), so the encoder's multi-byte
// fast paths see them.
func TestEUCKREncodeLong(t *testing.T) {
	index := euckrLoadIndex(t)
	want := euckrRefPointers(index)
	var rs []rune
	for r := range want {
		rs = append(rs, r)
	}
	slices.Sort(rs)
	rng := rand.New(rand.NewPCG(7, 8))
	shuffled := slices.Clone(rs)
	rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	for _, order := range [][]rune{rs, shuffled} {
		var in, exp []byte
		for i, r := range order {
			in = utf8.AppendRune(in, r)
			exp = append(exp, euckrBytes(want[r])...)
			if i%7 == 0 {
				in = append(in, ' ')
				exp = append(exp, ' ')
			}
		}
		got := codectest.OneShot(euckrNewEncoder(), in)
		if got.Err != nil || !bytes.Equal(got.Out, exp) {
			t.Fatalf("got err %v; output equal: %v", got.Err, bytes.Equal(got.Out, exp))
		}
		if got := codectest.Run(euckrNewEncoder(), in, []int{5, 3, 11}, 7); got.Err != nil || !bytes.Equal(got.Out, exp) {
			t.Fatalf("chunked: got err %v; output equal: %v", got.Err, bytes.Equal(got.Out, exp))
		}
	}
}

// TestEUCKREncodeValues pins a few encodings by hand (pointers read from
// index-euc-kr.txt).
func TestEUCKREncodeValues(t *testing.T) {
	tests := []struct{ in, want string }{
		{"가", "\xB0\xA1"},          // pointer 9026
		{"\uD7A3", "\xC6\x52"},     // pointer 13127
		{"\uAC02", "\x81\x41"},     // pointer 0
		{"a\u3000b", "a\xA1\xA1b"}, // pointer 6176
		{"한국어 위키", "\xC7\xD1\xB1\xB9\xBE\xEE \xC0\xA7\xC5\xB0"},
		{"\u4E00\u20AC", "\xEC\xE9\xA2\xE6"}, // pointers 20498 and 6435
	}
	for _, tc := range tests {
		got := codectest.CheckStreaming(t, euckrNewEncoder, []byte(tc.in))
		if got.Err != nil || string(got.Out) != tc.want {
			t.Errorf("%+q: got %v, want % X", tc.in, got, tc.want)
		}
	}
}

// TestEUCKREncodeErrors pins the encoder's errors (step 4) with the code
// point reported, its offset and the input bytes covered.
func TestEUCKREncodeErrors(t *testing.T) {
	tests := []struct {
		in, out string
		r       rune
		off     int64
		size    int
	}{
		{"ab\U0001F600c", "ab", 0x1F600, 2, 4},
		{"가\u0100", "\xB0\xA1", 0x100, 3, 2}, // U+0100 is not in index EUC-KR
		{"가\u4E02", "\xB0\xA1", 0x4E02, 3, 3},
		{"a\xE4\xB8", "a", 0xFFFD, 1, 2},
		{"a\xFFb", "a", 0xFFFD, 1, 1},
		{"\xED\xA0\x80", "", 0xFFFD, 0, 1},
		// The same within longer text, where the encoder reads ahead.
		{"가\xED\xA0\x80가가가가", "\xB0\xA1", 0xFFFD, 3, 1},
		{"가가\xED\xA0\x80가가가가", "\xB0\xA1\xB0\xA1", 0xFFFD, 6, 1},
		{"가가\xE0\x82\xA1가가", "\xB0\xA1\xB0\xA1", 0xFFFD, 6, 1}, // overlong U+00A1
		{"가\xE0\x82\xA1가가", "\xB0\xA1", 0xFFFD, 3, 1},
		{"가가\u4E02가가", "\xB0\xA1\xB0\xA1", 0x4E02, 6, 3},
		{"가\u4E02가가", "\xB0\xA1", 0x4E02, 3, 3},
	}
	for _, tc := range tests {
		got := codectest.CheckStreaming(t, euckrNewEncoder, []byte(tc.in))
		var ee *codec.EncodeError
		if string(got.Out) != tc.out || !errors.As(got.Err, &ee) || !errors.Is(got.Err, codec.ErrEncode) ||
			ee.Rune != tc.r || ee.Offset != tc.off || ee.Size != tc.size || ee.Encoding != "EUC-KR" {
			t.Errorf("%+q: got %v; want out %q and U+%04X at %d size %d", tc.in, got, tc.out, tc.r, tc.off, tc.size)
		}
	}
	nDst, nSrc, err := euckrNewEncoder().Transform(make([]byte, 8), []byte("a\xEA\xB0"), false)
	if nDst != 1 || nSrc != 1 || err != transform.ErrShortSrc {
		t.Errorf("incomplete: got %d, %d, %v; want 1, 1, ErrShortSrc", nDst, nSrc, err)
	}
}

// TestEUCKREncodeHTML checks the html error mode through codec.Encoding.
func TestEUCKREncodeHTML(t *testing.T) {
	newT := func() transform.Transformer { tr, _ := euckrEnc.Encoder(codec.HTML); return tr }
	got := codectest.CheckStreaming(t, newT, []byte("가\U0001F600\u4E02\xFFx"))
	if want := "\xB0\xA1&#128512;&#19970;&#65533;x"; got.Err != nil || string(got.Out) != want {
		t.Errorf("got %v, want %q", got, want)
	}
}

// TestEUCKRInterop drives the codec through x/text's APIs.
func TestEUCKRInterop(t *testing.T) {
	r := transform.NewReader(strings.NewReader("\xB0\xA1\x80!"), cjk.EUCKR.NewDecoder())
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(r); err != nil || buf.String() != "가\uFFFD!" {
		t.Errorf("NewReader: got %q, %v", buf.String(), err)
	}
	buf.Reset()
	w := transform.NewWriter(&buf, cjk.EUCKR.NewEncoder())
	if _, err := w.Write([]byte("가 가")); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil || buf.String() != "\xB0\xA1 \xB0\xA1" {
		t.Errorf("NewWriter: got % X, %v", buf.Bytes(), err)
	}
	if s, err := cjk.EUCKR.NewDecoder().String("\xB0\xA1"); s != "가" || err != nil {
		t.Errorf("Decoder.String: %q, %v", s, err)
	}
	if s, err := encoding.HTMLEscapeUnsupported(cjk.EUCKR.NewEncoder()).String("가😀"); s != "\xB0\xA1&#128512;" || err != nil {
		t.Errorf("HTMLEscapeUnsupported: %q, %v", s, err)
	}
	if s, err := encoding.ReplaceUnsupported(cjk.EUCKR.NewEncoder()).String("가😀"); s != "\xB0\xA1\x1A" || err != nil {
		t.Errorf("ReplaceUnsupported: %q, %v", s, err)
	}
	if _, err := cjk.EUCKR.NewEncoder().String("가😀"); !errors.Is(err, codec.ErrEncode) {
		t.Errorf("Encoder.String: %v, want an EncodeError", err)
	}
	if fmt.Sprint(cjk.EUCKR) != "EUC-KR" {
		t.Errorf("name %q", fmt.Sprint(cjk.EUCKR))
	}
}

func FuzzEUCKRDecode(f *testing.F) {
	for _, s := range []string{"", "a", "\xB0\xA1\xC6\x52", "\x81\x5B\x81\x80", "\xB0\x80\xFF\xB0", "\xC9"} {
		f.Add([]byte(s), uint8(1))
	}
	f.Fuzz(func(t *testing.T, in []byte, split uint8) {
		for _, fm := range []bool{false, true} {
			one := codectest.OneShot(euckrNewDecoder(fm)(), in)
			if !utf8.Valid(one.Out) {
				t.Fatalf("invalid UTF-8 out: %q", one.Out)
			}
			if !fm && one.Err != nil {
				t.Fatalf("replacement mode error: %v", one.Err)
			}
			chunks := []int{int(split%8) + 1, int(split/8) + 1}
			if got := codectest.Run(euckrNewDecoder(fm)(), in, chunks, int(split%5)+1); !got.Equal(one) {
				t.Fatalf("chunks %v: got %v, want %v", chunks, got, one)
			}
			if index, _ := euckrIndex(); index != nil {
				repl, fatal, _ := euckrRefDecode(index, in)
				want := codectest.Result{Out: []byte(repl)}
				if fm {
					want = fatal
				}
				if !one.Equal(want) {
					t.Fatalf("fatal=%v: got %v, want %v", fm, one, want)
				}
			}
		}
		if index, _ := euckrIndex(); index != nil {
			repl, _, errs := euckrRefDecode(index, in)
			big5CheckResume(t, euckrNewDecoder, in, repl, errs, int(split%8)+1)
		}
	})
}

func FuzzEUCKREncode(f *testing.F) {
	for _, s := range []string{"", "a", "가", "한국어 위키백과", "\u4E02", "😀", "\xEA\xB0", "a\xFFb"} {
		f.Add(s, uint8(1))
	}
	f.Fuzz(func(t *testing.T, in string, split uint8) {
		one := codectest.OneShot(euckrNewEncoder(), []byte(in))
		chunks := []int{int(split%8) + 1, int(split/8) + 1}
		if got := codectest.Run(euckrNewEncoder(), []byte(in), chunks, int(split%5)+1); !got.Equal(one) {
			t.Fatalf("chunks %v: got %v, want %v", chunks, got, one)
		}
		// What was encoded decodes back to the input it came from.
		back, err := euckrEnc.NewDecoder().Bytes(one.Out)
		if err != nil || !strings.HasPrefix(in, string(back)) {
			t.Fatalf("decode(encode(%q)) = %q, %v", in, back, err)
		}
		if one.Err == nil && string(back) != in {
			t.Fatalf("decode(encode(%q)) = %q", in, back)
		}
		htmlT, _ := euckrEnc.Encoder(codec.HTML)
		if h := codectest.OneShot(htmlT, []byte(in)); h.Err != nil {
			t.Fatalf("html mode: %v", h.Err)
		}
	})
}

func ExampleEUCKR() {
	s, _ := cjk.EUCKR.NewDecoder().String("\xC7\xD1\xB1\xB9\xBE\xEE \x80")
	fmt.Println(s)
	b, err := cjk.EUCKR.NewEncoder().String("가")
	fmt.Printf("% X %v\n", b, err)
	// Output:
	// 한국어 �
	// B0 A1 <nil>
}

func BenchmarkEUCKRDecode(b *testing.B) {
	for _, s := range benchdata.Load(b, cjk.EUCKR) {
		b.Run("enc=EUC-KR/lang="+s.Lang+"/impl=webenc", func(b *testing.B) {
			benchdata.Transform(b, cjk.EUCKR.NewDecoder(), s.Decode, len(s.Decode))
		})
		b.Run("enc=EUC-KR/lang="+s.Lang+"/impl=xtext", func(b *testing.B) {
			benchdata.Transform(b, korean.EUCKR.NewDecoder(), s.Decode, len(s.Decode))
		})
	}
}

func BenchmarkEUCKREncode(b *testing.B) {
	for _, s := range benchdata.Load(b, cjk.EUCKR) {
		b.Run("enc=EUC-KR/lang="+s.Lang+"/impl=webenc", func(b *testing.B) {
			benchdata.Transform(b, cjk.EUCKR.NewEncoder(), s.Encode, len(s.Encode))
		})
		b.Run("enc=EUC-KR/lang="+s.Lang+"/impl=xtext", func(b *testing.B) {
			benchdata.Transform(b, korean.EUCKR.NewEncoder(), s.Encode, len(s.Encode))
		})
	}
}

// TestEUCKREncodeMix runs dbcsEncodeMix with Hangul, hanja, punctuation,
// ASCII (spaces between words, which the hot loop handles inline), code
// points with no pointer, and invalid UTF-8 (overlong forms, surrogates,
// truncated and stray bytes), whose U+FFFD is an error.
func TestEUCKREncodeMix(t *testing.T) {
	index := euckrLoadIndex(t)
	ptrs := euckrRefPointers(index)
	good := []string{
		"가", "한", "국", "어", "\uD7A3", "\uAC02", "\u4E00", "\u3000", "\u201C", // encodable three-byte
		" ", " ", "a", ".", "\n", "abcdefghij", // ASCII
		"\u00A1", "\u0391", // two-byte, encodable
	}
	bad := []string{
		"\u4E02", "\u0100", "\U0001F600", "\uFFFF", "\u1100", // no pointer
		"\xE0\x80\x80", "\xE0\x9F\xBF", "\xE0\x82\xA1", "\xED\xA0\x80", "\xED\xBF\xBF", // overlong, surrogates
		"\xEA\xB0", "\xEA", "\x80", "\xFF", "\xC1\xBF", "\xF0\x9F\x98", // truncated, stray
	}
	dbcsEncodeMix(t, euckrNewEncoder, good, bad, 12, func(in []byte) codectest.Result {
		return dbcsRefEncode("EUC-KR", in, func(r rune) ([]byte, bool) {
			p, ok := ptrs[r]
			if !ok {
				return nil, false
			}
			return euckrBytes(p), true
		})
	})
}
