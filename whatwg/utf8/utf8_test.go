package utf8

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
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/codectest"
)

func newDec(fatal bool) func() transform.Transformer {
	return func() transform.Transformer { return UTF8.(*codec.Encoding).NewDecoderMode(fatal) }
}

func newEnc() transform.Transformer { return UTF8.(*codec.Encoding).NewRawEncoder() }

const fffd = "\uFFFD"

// specCases are hand-written expectations from the Standard's UTF-8
// decoder (encoding.bs §UTF-8 decoder); want is the replacement-mode output,
// fatal the fatal-mode error's bytes and offset.
var specCases = []struct {
	name     string
	in       string
	want     string
	fatalSeq []byte // nil: no error
	fatalOff int
}{
	{"ascii", "abc\x00\x7F", "abc\x00\x7F", nil, 0},
	{"valid all lengths", "\u00E9\u20AC\U0001F600\u0080\u07FF\u0800\uFFFF\U00010000\U0010FFFF", "\u00E9\u20AC\U0001F600\u0080\u07FF\u0800\uFFFF\U00010000\U0010FFFF", nil, 0},
	// Step 3 "Otherwise": C0 and C1 are never leads (overlong 2-byte).
	{"overlong C0", "\xC0\x80", fffd + fffd, []byte{0xC0}, 0},
	{"overlong C1", "a\xC1\xBF", "a" + fffd + fffd, []byte{0xC1}, 1},
	// Step 3 E0 sets lower boundary to A0; step 4: 80–9F is out of range,
	// restored and decoded afresh (a lone continuation: error).
	{"overlong E0 80", "\xE0\x80\x80", fffd + fffd + fffd, []byte{0xE0}, 0},
	{"overlong E0 9F", "\xE0\x9F\xBF", fffd + fffd + fffd, []byte{0xE0}, 0},
	{"E0 A0 lowest", "\xE0\xA0\x80", "\u0800", nil, 0},
	// F0 sets lower boundary to 90.
	{"overlong F0 80", "\xF0\x80\x80\x80", fffd + fffd + fffd + fffd, []byte{0xF0}, 0},
	{"overlong F0 8F", "\xF0\x8F\xBF\xBF", fffd + fffd + fffd + fffd, []byte{0xF0}, 0},
	{"F0 90 lowest", "\xF0\x90\x80\x80", "\U00010000", nil, 0},
	// ED sets upper boundary to 9F: surrogates D800–DFFF are errors.
	{"surrogate ED A0", "\xED\xA0\x80", fffd + fffd + fffd, []byte{0xED}, 0},
	{"surrogate ED BF", "\xED\xBF\xBF", fffd + fffd + fffd, []byte{0xED}, 0},
	{"ED 9F highest", "\xED\x9F\xBF", "\uD7FF", nil, 0},
	{"WTF-8 pair", "\xED\xA0\xBD\xED\xB8\x80", strings.Repeat(fffd, 6), []byte{0xED}, 0},
	// F4 sets upper boundary to 8F: above U+10FFFF is an error.
	{"F4 90", "\xF4\x90\x80\x80", fffd + fffd + fffd + fffd, []byte{0xF4}, 0},
	{"F4 8F highest", "\xF4\x8F\xBF\xBF", "\U0010FFFF", nil, 0},
	// F5–FF are never leads.
	{"F5", "\xF5\x80\x80\x80", fffd + fffd + fffd + fffd, []byte{0xF5}, 0},
	{"F8 5-byte", "\xF8\x88\x80\x80\x80", strings.Repeat(fffd, 5), []byte{0xF8}, 0},
	{"FE FF", "\xFE\xFF", fffd + fffd, []byte{0xFE}, 0},
	// Lone continuation bytes: step 3 "Otherwise", one error each.
	{"lone 80", "\x80", fffd, []byte{0x80}, 0},
	{"lone BF BF", "x\xBF\xBFy", "x" + fffd + fffd + "y", []byte{0xBF}, 1},
	{"extra continuation", "\u00E9\x80", "\u00E9" + fffd, []byte{0x80}, 2},
	// Step 1: end-of-queue with bytes needed ≠ 0 is one error for the
	// whole truncated sequence.
	{"EOF C3", "ab\xC3", "ab" + fffd, []byte{0xC3}, 2},
	{"EOF E2 82", "\xE2\x82", fffd, []byte{0xE2, 0x82}, 0},
	{"EOF F0 9F 98", "z\xF0\x9F\x98", "z" + fffd, []byte{0xF0, 0x9F, 0x98}, 1},
	// Step 4 mid-stream: the truncated sequence is one error and the ASCII
	// byte that ended it is restored, not swallowed.
	{"mid C3 A", "\xC3A", fffd + "A", []byte{0xC3}, 0},
	{"mid E2 82 A", "\xE2\x82A", fffd + "A", []byte{0xE2, 0x82}, 0},
	{"mid F0 9F 98 A", "\xF0\x9F\x98A", fffd + "A", []byte{0xF0, 0x9F, 0x98}, 0},
	// Restore cases: the byte that breaks a sequence starts a new one.
	{"restore lead C3", "\xC3\xC3\xA9", fffd + "\u00E9", []byte{0xC3}, 0},
	{"restore lead E2", "\xE2\xE2\x82\xAC", fffd + "\u20AC", []byte{0xE2}, 0},
	{"restore lead F0", "\xF0\x9F\xF0\x9F\x98\x80", fffd + "\U0001F600", []byte{0xF0, 0x9F}, 0},
	{"restore ED into E2", "\xED\xE2\x82\xAC", fffd + "\u20AC", []byte{0xED}, 0},
	{"restore F4 90", "\xF4\x90", fffd + fffd, []byte{0xF4}, 0},
	{"restore bad lead", "\xE2\x82\xFF", fffd + fffd, []byte{0xE2, 0x82}, 0},
	{"U+FFFD itself", "\uFFFD", "\uFFFD", nil, 0},
}

func fatalText(seq []byte, off int) string {
	if seq == nil {
		return "<nil>"
	}
	return (&codec.DecodeError{Encoding: "UTF-8", Offset: int64(off), Bytes: seq}).Error()
}

func TestSpecCases(t *testing.T) {
	for _, c := range specCases {
		t.Run(c.name, func(t *testing.T) {
			// The reference implementation must agree with the
			// hand-written expectation too.
			if out, e := refDecode([]byte(c.in), false); string(out) != c.want || e != "<nil>" {
				t.Errorf("reference: got %q %s, want %q", out, e, c.want)
			}
			got := codectest.CheckStreaming(t, newDec(false), []byte(c.in))
			if string(got.Out) != c.want || got.Err != nil {
				t.Errorf("replacement: got %v, want %q", got, c.want)
			}
			got = codectest.CheckStreaming(t, newDec(true), []byte(c.in))
			if e := fatalText(c.fatalSeq, c.fatalOff); fmt.Sprint(got.Err) != e {
				t.Errorf("fatal: got %v, want error %s", got, e)
			}
			if c.fatalSeq == nil && string(got.Out) != c.want {
				t.Errorf("fatal: got %q, want %q", got.Out, c.want)
			}
			var de *codec.DecodeError
			if c.fatalSeq != nil && (!errors.As(got.Err, &de) || !errors.Is(got.Err, codec.ErrDecode)) {
				t.Errorf("fatal: error %T is not a *DecodeError", got.Err)
			}
		})
	}
}

// check compares the decoders in both modes (whole and byte by byte) and
// the encoder with the reference on src.
func check(t *testing.T, dr, df, enc transform.Transformer, dst, src []byte) {
	t.Helper()
	wantR, wantF, wantErr := refDecodeBoth(src)
	for _, chunk := range []int{len(src) + 1, 1} {
		if out, e := codectest.Into(dr, dst, src, chunk); out != string(wantR) || e != "<nil>" {
			t.Fatalf("replacement % X (chunk %d): got %q %s, want %q", src, chunk, out, e, wantR)
		}
		if out, e := codectest.Into(df, dst, src, chunk); out != string(wantF) || e != wantErr {
			t.Fatalf("fatal % X (chunk %d): got %q %s, want %q %s", src, chunk, out, e, wantF, wantErr)
		}
	}
	// The encoder's maximal-subpart U+FFFD matches the decoder's errors.
	if out, e := codectest.Into(enc, dst, src, len(src)+1); out != string(wantR) || e != "<nil>" {
		t.Fatalf("encoder % X: got %q %s, want %q", src, out, e, wantR)
	}
}

// TestExhaustive compares with the reference on every input of 1 and 2
// bytes and every 3-byte input whose first byte is ≥ 0xE0 (the others are
// a 1- or 2-byte sequence followed by more input, covered by shorter
// inputs and the 3-byte ones that do start a longer sequence), plus 4-byte
// inputs built from representatives of every byte class.
func TestExhaustive(t *testing.T) {
	dr, df, enc := newDec(false)(), newDec(true)(), newEnc()
	dst := make([]byte, 64)
	src := make([]byte, 4)
	for a := range 256 {
		src[0] = byte(a)
		check(t, dr, df, enc, dst, src[:1])
		for b := range 256 {
			src[1] = byte(b)
			check(t, dr, df, enc, dst, src[:2])
			if a < 0xE0 {
				continue
			}
			for c := range 256 {
				src[2] = byte(c)
				check(t, dr, df, enc, dst, src[:3])
			}
		}
	}
	// Byte classes: ASCII, the boundaries of every continuation range
	// (80, 8F, 90, 9F, A0, BF), non-lead and lead bytes.
	classes := []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF}
	for a := 0xE0; a <= 0xFF; a++ {
		src[0] = byte(a)
		for _, b := range classes {
			for _, c := range classes {
				for _, d := range classes {
					src[1], src[2], src[3] = b, c, d
					check(t, dr, df, enc, dst, src[:4])
				}
			}
		}
	}
}

// mixed are inputs mixing valid text and every kind of error.
var mixed = []string{
	"",
	"Hello, world! This is plain ASCII text longer than sixteen bytes.",
	"caf\u00E9 \u20AC \U0001F600 \u65E5\u672C\u8A9E abc",
	"ab\xC3\xA9cd\xE2\x82\xACef\xF0\x9F\x98\x80gh\xC3",
	"\xE0\x80\xAFx\xED\xA0\x80y\xF4\x90\x80\x80z\xC0\xAF\xF5\xFF",
	"\xE2\x82A\xF0\x9F\x98B\xC3C\xF0\x9F\xF0\x9F\x98\x80\xE2\xE2\x82\xAC",
	"0123456789abcdef\u00E9\u00E90123456789abcdef\xE2\x82\xAC\x80\x80\xF0\x9F\x98",
	"\u0416\u0416\u0416\u0416\u0416\u0416\u0416\u0416\xD0\u0416",
}

func TestStreaming(t *testing.T) {
	for _, s := range mixed {
		wantR, wantF, wantErr := refDecodeBoth([]byte(s))
		got := codectest.CheckStreaming(t, newDec(false), []byte(s))
		if string(got.Out) != string(wantR) || got.Err != nil {
			t.Errorf("replacement %q: got %v, want %q", s, got, wantR)
		}
		got = codectest.CheckStreaming(t, newDec(true), []byte(s))
		if string(got.Out) != string(wantF) || fmt.Sprint(got.Err) != wantErr {
			t.Errorf("fatal %q: got %v, want %q %s", s, got, wantF, wantErr)
		}
		got = codectest.CheckStreaming(t, newEnc, []byte(s))
		if string(got.Out) != string(wantR) || got.Err != nil {
			t.Errorf("encoder %q: got %v, want %q", s, got, wantR)
		}
	}
}

// TestEncodeScalars encodes every scalar value (UTF-8 encoder steps 2–5 give
// its UTF-8 form), in context, and every surrogate code point given as
// (invalid) WTF-8: three U+FFFD, one per maximal subpart (ED, then two lone
// continuation bytes).
func TestEncodeScalars(t *testing.T) {
	enc := newEnc()
	dst := make([]byte, 64)
	var buf []byte
	for r := rune(0); r <= 0x10FFFF; r++ {
		buf = buf[:0]
		if r >= 0xD800 && r <= 0xDFFF {
			// WTF-8 form of the surrogate, written by hand.
			buf = append(buf, 'a', 0xED, byte(0x80|(r>>6)&0x3F), byte(0x80|r&0x3F), 'b')
			if out, e := codectest.Into(enc, dst, buf, len(buf)); out != "a"+fffd+fffd+fffd+"b" || e != "<nil>" {
				t.Fatalf("surrogate U+%04X: got %q %s", r, out, e)
			}
			continue
		}
		// Steps 3–5 of the UTF-8 encoder, literally.
		buf = append(buf, 'a')
		switch {
		case r < 0x80:
			buf = append(buf, byte(r))
		default:
			count, offset := 3, rune(0xF0)
			if r <= 0x7FF {
				count, offset = 1, 0xC0
			} else if r <= 0xFFFF {
				count, offset = 2, 0xE0
			}
			buf = append(buf, byte(r>>(6*count)+offset))
			for ; count > 0; count-- {
				temp := r >> (6 * (count - 1))
				buf = append(buf, byte(0x80|temp&0x3F))
			}
		}
		buf = append(buf, 'b')
		if out, e := codectest.Into(enc, dst, buf, len(buf)); out != string(buf) || e != "<nil>" {
			t.Fatalf("U+%04X: got %q %s, want %q", r, out, e, buf)
		}
		if out, e := codectest.Into(enc, dst, buf, 1); out != string(buf) || e != "<nil>" {
			t.Fatalf("U+%04X byte by byte: got %q %s, want %q", r, out, e, buf)
		}
	}
}

func TestEncoderShortSrc(t *testing.T) {
	dst := make([]byte, 16)
	for _, s := range []string{"a\xC3", "a\xE2\x82", "a\xF0\x9F\x98", "a\xF0"} {
		n, m, err := newEnc().Transform(dst, []byte(s), false)
		if n != 1 || m != 1 || err != transform.ErrShortSrc {
			t.Errorf("%q: got %d %d %v, want 1 1 ErrShortSrc", s, n, m, err)
		}
	}
	// A sequence already known to be invalid is not incomplete.
	n, m, err := newEnc().Transform(dst, []byte("a\xE0\x80"), false)
	if string(dst[:n]) != "a"+fffd+fffd || m != 3 || err != nil {
		t.Errorf("E0 80: got %q %d %v", dst[:n], m, err)
	}
}

func TestDecoderNoShortSrc(t *testing.T) {
	dst := make([]byte, 16)
	d := newDec(false)()
	n, m, err := d.Transform(dst, []byte("a\xF0\x9F"), false)
	if n != 1 || m != 3 || err != nil {
		t.Fatalf("got %d %d %v, want 1 3 nil", n, m, err)
	}
	n, m, err = d.Transform(dst, []byte("\x98\x80"), true)
	if string(dst[:n]) != "\U0001F600" || m != 2 || err != nil {
		t.Fatalf("got %q %d %v", dst[:n], m, err)
	}
}

func TestShortDst(t *testing.T) {
	// A 3-byte sequence with 2 bytes of room: ErrShortDst, nothing lost.
	d := newDec(false)()
	dst := make([]byte, 2)
	n, m, err := d.Transform(dst, []byte("\u20AC"), true)
	if err != transform.ErrShortDst || n != 0 {
		t.Fatalf("got %d %d %v", n, m, err)
	}
	dst = make([]byte, 3)
	n2, m2, err := d.Transform(dst, []byte("\u20AC")[m:], true)
	if err != nil || string(dst[:n2]) != "\u20AC" || m+m2 != 3 {
		t.Fatalf("got %q %d %v", dst[:n2], m2, err)
	}
}

// TestFatalOffsetAcrossCalls checks that an error whose sequence began in an
// earlier call reports the stream offset of its first byte.
func TestFatalOffsetAcrossCalls(t *testing.T) {
	d := newDec(true)()
	dst := make([]byte, 16)
	if _, _, err := d.Transform(dst, []byte("abc\xF0\x9F"), false); err != nil {
		t.Fatal(err)
	}
	_, _, err := d.Transform(dst, []byte("\x98A"), true)
	var de *codec.DecodeError
	if !errors.As(err, &de) || de.Offset != 3 || !bytes.Equal(de.Bytes, []byte{0xF0, 0x9F, 0x98}) {
		t.Fatalf("got %v", err)
	}
}

func TestAllocs(t *testing.T) {
	withErrors := []byte(strings.Repeat("abc\u00E9\u20AC\U0001F600\xE2\x82A", 100))
	valid := []byte(strings.Repeat("abc\u00E9\u20AC\U0001F600", 100))
	dst := make([]byte, 4*len(withErrors))
	// A fatal-mode error allocates its *DecodeError; nothing else does.
	for _, c := range []struct {
		tr  transform.Transformer
		src []byte
	}{{newDec(false)(), withErrors}, {newDec(true)(), valid}, {newEnc(), withErrors}} {
		if n := testing.AllocsPerRun(20, func() {
			c.tr.Reset()
			c.tr.Transform(dst, c.src, true)
		}); n != 0 {
			t.Errorf("%T: %v allocs per run", c.tr, n)
		}
	}
}

// TestXText checks the codecs through x/text's APIs.
func TestXText(t *testing.T) {
	in := "caf\u00E9 \xE2\x82 \U0001F600\xFF"
	want := "caf\u00E9 " + fffd + " \U0001F600" + fffd
	if s, err := UTF8.NewDecoder().String(in); s != want || err != nil {
		t.Errorf("Decoder.String: %q %v", s, err)
	}
	if b, err := UTF8.NewDecoder().Bytes([]byte(in)); string(b) != want || err != nil {
		t.Errorf("Decoder.Bytes: %q %v", b, err)
	}
	r := transform.NewReader(iotestOneByte(strings.NewReader(in)), UTF8.NewDecoder())
	if b, err := io.ReadAll(r); string(b) != want || err != nil {
		t.Errorf("NewReader: %q %v", b, err)
	}
	var buf bytes.Buffer
	w := transform.NewWriter(&buf, UTF8.NewEncoder())
	for i := range len(in) {
		w.Write([]byte{in[i]})
	}
	if err := w.Close(); buf.String() != want || err != nil {
		t.Errorf("NewWriter: %q %v", buf.String(), err)
	}
	if s, err := encoding.HTMLEscapeUnsupported(UTF8.NewEncoder()).String(in); s != want || err != nil {
		t.Errorf("HTMLEscapeUnsupported: %q %v", s, err)
	}
	if s := fmt.Sprint(UTF8); s != "UTF-8" {
		t.Errorf("String() = %q", s)
	}
	// The Standard's decoder and x/text's agree on valid input.
	valid := "\u00E9\u20AC\U0001F600 plain \u65E5\u672C"
	if s, _ := UTF8.NewDecoder().String(valid); s != valid {
		t.Errorf("valid: %q", s)
	}
}

type oneByteReader struct{ r io.Reader }

func (o oneByteReader) Read(p []byte) (int, error) {
	if len(p) > 1 {
		p = p[:1]
	}
	return o.r.Read(p)
}

func iotestOneByte(r io.Reader) io.Reader { return oneByteReader{r} }

// TestRandom compares with the reference on random inputs drawn from a
// byte mix rich in leads, boundaries and ASCII, at random splits.
func TestRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte{0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xC3, 0xDF, 0xE0, 0xE2, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF}
	for range 3000 {
		src := make([]byte, rng.IntN(24))
		for i := range src {
			src[i] = alphabet[rng.IntN(len(alphabet))]
		}
		wantR, wantF, wantErr := refDecodeBoth(src)
		chunks := []int{1 + rng.IntN(5), 1 + rng.IntN(5)}
		if got := codectest.Run(newDec(false)(), src, chunks, 1+rng.IntN(6)); string(got.Out) != string(wantR) || got.Err != nil {
			t.Fatalf("replacement % X: got %v, want %q", src, got, wantR)
		}
		if got := codectest.Run(newDec(true)(), src, chunks, 1+rng.IntN(6)); string(got.Out) != string(wantF) || fmt.Sprint(got.Err) != wantErr {
			t.Fatalf("fatal % X: got %v, want %q %s", src, got, wantF, wantErr)
		}
		if got := codectest.Run(newEnc(), src, chunks, 1+rng.IntN(6)); string(got.Out) != string(wantR) || got.Err != nil {
			t.Fatalf("encoder % X: got %v, want %q", src, got, wantR)
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range mixed {
		f.Add([]byte(s), uint8(3), uint8(5))
	}
	for _, c := range specCases {
		f.Add([]byte(c.in), uint8(1), uint8(1))
	}
	f.Fuzz(func(t *testing.T, src []byte, split, dstSize uint8) { fuzzDecodeBody(t, src, split, dstSize) })
}

// fuzzDecodeBody is FuzzDecode's body (also run by BenchmarkFuzzBodies).
func fuzzDecodeBody(t testing.TB, src []byte, split, dstSize uint8) {
	wantR, wantF, wantErr := refDecodeBoth(src)
	chunks := []int{int(split%16) + 1}
	size := int(dstSize%32) + 1
	got := codectest.Run(newDec(false)(), src, chunks, size)
	if !utf8.Valid(got.Out) || string(got.Out) != string(wantR) || got.Err != nil {
		t.Fatalf("replacement % X: got %v, want %q", src, got, wantR)
	}
	if one := codectest.OneShot(newDec(false)(), src); !one.Equal(got) {
		t.Fatalf("replacement % X: one-shot %v, split %v", src, one, got)
	}
	got = codectest.Run(newDec(true)(), src, chunks, size)
	if !utf8.Valid(got.Out) || string(got.Out) != string(wantF) || fmt.Sprint(got.Err) != wantErr {
		t.Fatalf("fatal % X: got %v, want %q %s", src, got, wantF, wantErr)
	}
}

func FuzzEncode(f *testing.F) {
	for _, s := range mixed {
		f.Add([]byte(s), uint8(3), uint8(5))
	}
	f.Fuzz(func(t *testing.T, src []byte, split, dstSize uint8) { fuzzEncodeBody(t, src, split, dstSize) })
}

// fuzzEncodeBody is FuzzEncode's body (also run by BenchmarkFuzzBodies).
func fuzzEncodeBody(t testing.TB, src []byte, split, dstSize uint8) {
	got := codectest.Run(newEnc(), src, []int{int(split%16) + 1}, int(dstSize%32)+1)
	if got.Err != nil || !utf8.Valid(got.Out) {
		t.Fatalf("% X: %v", src, got)
	}
	if one := codectest.OneShot(newEnc(), src); !one.Equal(got) {
		t.Fatalf("% X: one-shot %v, split %v", src, one, got)
	}
	if utf8.Valid(src) && string(got.Out) != string(src) {
		t.Fatalf("valid % X changed: %q", src, got.Out)
	}
	// decode(encode(x)) == x for every output of the encoder.
	if back := codectest.OneShot(newDec(true)(), got.Out); back.Err != nil || !bytes.Equal(back.Out, got.Out) {
		t.Fatalf("% X: decode(encode) = %v", src, back)
	}
}

// units are valid and invalid pieces from which TestRandomUnits builds long
// inputs, so that the eight-byte-window fast path sees every kind of
// sequence at every alignment.
var units = []string{
	"a", " ", "<p>", "0123456789abcdef",
	"\u0080", "\u07FF", "\u0416", "\u00E9",
	"\u0800", "\uD7FF", "\uE000", "\uFFFF", "\u4E2D", "\u0E01",
	"\U00010000", "\U0010FFFF", "\U0001F600",
	"\x80", "\xBF", "\xC0", "\xC1", "\xF5", "\xFF", "\xF8",
	"\xE4\xB8", "\xF0\x9F\x98", "\xC3", "\xE0", "\xED", "\xF4",
	"\xED\xA0\x80", "\xED\xBF\xBF", "\xE0\x9F\xBF", "\xE0\x80\x80", "\xF0\x8F\xBF\xBF", "\xF4\x90\x80\x80", "\xC1\xBF",
}

func TestRandomUnits(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	dst := make([]byte, 1024)
	dr, df, enc := newDec(false)(), newDec(true)(), newEnc()
	for range 20000 {
		var src []byte
		valid := rng.IntN(2) == 0 // half the inputs are valid but for one error
		for range rng.IntN(40) {
			u := units[rng.IntN(len(units))]
			if valid && !utf8.ValidString(u) {
				continue
			}
			src = append(src, u...)
		}
		if valid && len(src) > 0 {
			k := rng.IntN(len(src))
			src = append(src[:k], append([]byte(units[17+rng.IntN(len(units)-17)]), src[k:]...)...)
		}
		check(t, dr, df, enc, dst, src)
	}
}

// TestWindowAlignment puts every 2-byte input and every 3-byte input with
// a lead from E0 to EF (third byte from a set of classes) at every offset
// of a stretch of valid text, for the eight-byte-window fast path.
func TestWindowAlignment(t *testing.T) {
	dst := make([]byte, 256)
	dr, df, enc := newDec(false)(), newDec(true)(), newEnc()
	thirds := []byte{0x00, 0x41, 0x80, 0x9F, 0xA0, 0xBF, 0xC3, 0xE0, 0xED, 0xF0}
	fills := []string{"abcdefghijklmnop", "\u0416\u0416\u0416\u0416\u0416\u0416\u0416\u0416", "\u4E2D\u4E2D\u4E2D\u4E2D\u4E2D\u4E2D"}
	var src []byte
	for a := 0xC0; a <= 0xEF; a++ {
		for b := range 256 {
			for _, c := range thirds {
				seq := []byte{byte(a), byte(b), c}
				if a < 0xE0 {
					seq = seq[:2]
					if c != 0 {
						continue
					}
				}
				for _, fill := range fills {
					for off := range 9 {
						src = append(append(append(src[:0], fill[:off]...), seq...), fill...)
						check(t, dr, df, enc, dst, src)
					}
				}
			}
		}
	}
}
