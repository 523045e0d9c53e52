package whatwg

import (
	"bytes"
	"errors"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	gutf8 "unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/tables/labels"
	"github.com/webenc/webenc/whatwg/htmlindex"
	"github.com/webenc/webenc/whatwg/internal/codectest"
)

// allEncodings returns every encoding of the Standard, by name.
func allEncodings(t testing.TB) map[string]encoding.Encoding {
	t.Helper()
	m := map[string]encoding.Encoding{}
	for _, enc := range labels.Encodings() {
		e, err := htmlindex.Get(enc.Name)
		if err != nil {
			t.Fatal(err)
		}
		m[enc.Name] = e
	}
	return m
}

// transformerDecode is the Transformer path AppendDecode must equal: a
// fresh replacement-mode decoder over all of src, and whether a fresh
// fatal-mode decoder fails on src. It is not a reference of the Standard:
// the codecs' own tests check that path against the literal references,
// and TestAppendDecodeRefUTF checks AppendDecode against them directly.
func transformerDecode(t testing.TB, e encoding.Encoding, src []byte) (out []byte, hadErrors bool) {
	out, _, err := appendTransform(nil, NewDecoder(e, Replacement).Transformer, src, true)
	if err != nil {
		t.Fatalf("%v: replacement decoder failed on % X: %v", e, src, err)
	}
	_, _, err = appendTransform(nil, NewDecoder(e, Fatal).Transformer, src, true)
	if err != nil && !errors.Is(err, ErrDecode) {
		t.Fatalf("%v: fatal decoder failed on % X: %v", e, src, err)
	}
	return out, err != nil
}

// transformerEncode is the Transformer path AppendEncode must equal: a fresh
// html-mode encoder over all of src, and whether a fresh fatal-mode
// encoder fails on src.
func transformerEncode(t testing.TB, e encoding.Encoding, src []byte) (out []byte, hadUnmappables bool) {
	out, _, err := appendTransform(nil, NewEncoder(e, HTML).Transformer, src, true)
	if err != nil {
		t.Fatalf("%v: html encoder failed on %q: %v", e, src, err)
	}
	_, _, err = appendTransform(nil, NewEncoder(e, Fatal).Transformer, src, true)
	if err != nil && !errors.Is(err, ErrEncode) {
		t.Fatalf("%v: fatal encoder failed on %q: %v", e, src, err)
	}
	return out, err != nil
}

// checkDecode checks AppendDecode of src against the Transformer path and
// MaxDecodedLen, appending to dst (whose contents must be kept).
func checkDecode(t testing.TB, e encoding.Encoding, dst, src []byte) {
	t.Helper()
	want, wantErr := transformerDecode(t, e, src)
	prefix := bytes.Clone(dst)
	got, hadErrors := AppendDecode(dst, e, src)
	if !bytes.Equal(got[:len(prefix)], prefix) || !bytes.Equal(got[len(prefix):], want) || hadErrors != wantErr {
		t.Fatalf("%v: AppendDecode(%q, % X) = %q, %v; want %q, %v", e, prefix, src, got, hadErrors, append(prefix, want...), wantErr)
	}
	if max := MaxDecodedLen(e, len(src)); len(want) > max {
		t.Fatalf("%v: % X decodes to %d bytes, MaxDecodedLen(%d) = %d", e, src, len(want), len(src), max)
	}
	checkRooms(t, e, "AppendDecode", src, want, wantErr, func(dst []byte) ([]byte, bool) { return AppendDecode(dst, e, src) })
}

// checkRooms checks the append contract of f (AppendDecode or AppendEncode
// of src, whose output is want and flag) with dst's spare capacity too
// small and just large enough: every size for short outputs, a few sizes
// for longer ones. Output that fits goes into dst's array, and bytes of
// the array past the result keep their sentinel value; output that does
// not fit goes into a new array of which nothing past the result is
// written (make zeroes it).
func checkRooms(t testing.TB, e encoding.Encoding, what string, src, want []byte, flag bool, f func(dst []byte) ([]byte, bool)) {
	t.Helper()
	// The last: room for the most output of any input of src's length
	// (the append driver's one-step body path).
	sizes := []int{0, 1, 3, len(want) / 2, len(want) - 1, len(want), len(want) + 1, len(want) + 300, 4*len(src) + 64}
	if len(want) <= 16 {
		sizes = sizes[:0]
		for size := range len(want) + 3 {
			sizes = append(sizes, size)
		}
	}
	const sentinel = 0xA5
	for _, size := range sizes {
		if size < 0 {
			continue
		}
		arr := make([]byte, 2+size)
		for i := range arr {
			arr[i] = sentinel
		}
		dst := arr[:2]
		got, had := f(dst)
		if string(got[:2]) != "\xA5\xA5" || !bytes.Equal(got[2:], want) || had != flag {
			t.Fatalf("%v: %s(% X) with %d bytes of room = %q, %v; want %q, %v", e, what, src, size, got[2:], had, want, flag)
		}
		past := got[len(got):cap(got)]
		fill := byte(0)
		if len(want) <= size {
			if &got[0] != &arr[0] {
				t.Fatalf("%v: %s(% X): %d bytes of output did not stay in %d bytes of room", e, what, src, len(want), size)
			}
			fill = sentinel
		}
		for i, b := range past {
			if b != fill {
				t.Fatalf("%v: %s(% X) with %d bytes of room wrote %#x at %d bytes past its %d-byte result", e, what, src, size, b, i, len(got)-2)
			}
		}
	}
}

// checkEncode checks AppendEncode of src against the Transformer path and
// MaxEncodedLen.
func checkEncode(t testing.TB, e encoding.Encoding, dst, src []byte) {
	t.Helper()
	want, wantUnmappable := transformerEncode(t, e, src)
	prefix := bytes.Clone(dst)
	got, hadUnmappables := AppendEncode(dst, e, src)
	if !bytes.Equal(got[:len(prefix)], prefix) || !bytes.Equal(got[len(prefix):], want) || hadUnmappables != wantUnmappable {
		t.Fatalf("%v: AppendEncode(%q, %q) = %q, %v; want %q, %v", e, prefix, src, got, hadUnmappables, append(prefix, want...), wantUnmappable)
	}
	if max := MaxEncodedLen(e, len(src)); len(want) > max {
		t.Fatalf("%v: %q encodes to %d bytes, MaxEncodedLen(%d) = %d", e, src, len(want), len(src), max)
	}
	checkRooms(t, e, "AppendEncode", src, want, wantUnmappable, func(dst []byte) ([]byte, bool) { return AppendEncode(dst, e, src) })
}

// TestAppendDecodeExhaustive checks AppendDecode against the Transformer
// path on every input of up to two bytes, for every encoding, into an
// empty dst, a dst with a prefix and too little room, and one with room.
func TestAppendDecodeExhaustive(t *testing.T) {
	for name, e := range allEncodings(t) {
		t.Run(name, func(t *testing.T) {
			roomy := make([]byte, 0, 64)
			for i := 0; i < 256; i++ {
				checkDecode(t, e, nil, []byte{byte(i)})
				for j := 0; j < 256; j++ {
					src := []byte{byte(i), byte(j)}
					switch j % 3 {
					case 0:
						checkDecode(t, e, nil, src)
					case 1:
						checkDecode(t, e, []byte("ab"), src)
					default:
						checkDecode(t, e, roomy[:1], src)
					}
				}
			}
			checkDecode(t, e, nil, nil)
			// Three and four bytes over an alphabet of the bytes that
			// start, end or break sequences in some encoding.
			alphabet := []byte{0x00, 0x1B, 0x24, 0x28, 0x30, 0x40, 0x42, 0x49, 0x4A, 0x7F, 0x80, 0x81, 0x84, 0x8E, 0x8F, 0xA1, 0xC2, 0xD8, 0xDC, 0xE0, 0xED, 0xF0, 0xF4, 0xFE, 0xFF}
			for _, a := range alphabet {
				for _, b := range alphabet {
					for _, c := range alphabet {
						checkDecode(t, e, nil, []byte{a, b, c})
						if !testing.Short() && fourByteForms[name] {
							for i := 0; i < len(alphabet); i += 2 {
								checkDecode(t, e, nil, []byte{a, b, c, alphabet[i]})
							}
						}
					}
				}
			}
		})
	}
}

// fourByteForms are the encodings with sequences of four bytes or more.
var fourByteForms = map[string]bool{"UTF-8": true, "gb18030": true, "ISO-2022-JP": true, "UTF-16BE": true, "UTF-16LE": true, "EUC-JP": true}

// randomLegacy returns random bytes biased towards what legacy decoders
// take: ASCII, high bytes, ISO-2022-JP escapes, UTF-16 surrogates and
// gb18030 four-byte forms.
func randomLegacy(r *rand.Rand) []byte {
	pieces := [][]byte{
		[]byte("a"), []byte("<p>"), {0x1B, '$', 'B'}, {0x1B, '(', 'B'}, {0x1B, '(', 'J'}, {0x1B, '(', 'I'}, {0x1B},
		{0xD8, 0x3D}, {0xDE, 0x00}, {0x3D, 0xD8}, {0x00, 0xDE}, {0x81, 0x30, 0x81, 0x30}, {0x84, 0x31, 0xA4, 0x37},
		{0xE3, 0x81, 0x82}, {0xF0, 0x9F, 0x98, 0x80}, {0xEF, 0xBF, 0xBD}, {0x88, 0x62}, {0x8E, 0xA1}, {0x8F, 0xA2, 0xAF},
	}
	var b []byte
	for n := r.IntN(24); n > 0; n-- {
		switch r.IntN(3) {
		case 0:
			b = append(b, pieces[r.IntN(len(pieces))]...)
		case 1:
			b = append(b, byte(0x80+r.IntN(0x80)))
		default:
			b = append(b, byte(r.IntN(256)))
		}
	}
	return b
}

// randomEncoderInput returns random UTF-8 (sometimes invalid) biased towards what
// exercises encoders: ASCII, characters of every CJK table, ISO-2022-JP's
// state changes (¥, ‾, katakana, Greek, U+000E, U+000F, U+001B), U+FFFD,
// supplementary characters and invalid bytes.
func randomEncoderInput(r *rand.Rand) []byte {
	pieces := []string{"a", "\\", "~", "¥", "‾", "ｱ", "ア", "α", "Ж", "日本", "中文", "한", "€", "\x0E", "\x0F", "\x1B", "\uFFFD", "😀", "\u0080", "\u07FF", "\uE5E5", "\u2212"}
	var b []byte
	for n := r.IntN(24); n > 0; n-- {
		switch r.IntN(4) {
		case 0, 1:
			b = append(b, pieces[r.IntN(len(pieces))]...)
		case 2:
			b = gutf8.AppendRune(b, rune(r.IntN(0x110000)))
		default:
			b = append(b, byte(0x80+r.IntN(0x80)))
		}
	}
	return b
}

func TestAppendRandom(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	for name, e := range allEncodings(t) {
		t.Run(name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(1, uint64(len(name))))
			for range n {
				checkDecode(t, e, nil, randomLegacy(r))
				checkEncode(t, e, []byte("x"), randomEncoderInput(r))
			}
		})
	}
}

// TestAppendEncodeCodePoints checks AppendEncode on every code point,
// alone and between characters that put ISO-2022-JP in each state, and on
// every input of up to two bytes.
func TestAppendEncodeCodePoints(t *testing.T) {
	// Every fifth BMP code point (the codec tests check every table
	// entry through the Transformer; this checks the append path's
	// buffer and error handling), supplementary ones sampled.
	step, supStep := rune(5), rune(61)
	if testing.Short() {
		step, supStep = 97, 997
	}
	for name, e := range allEncodings(t) {
		t.Run(name, func(t *testing.T) {
			dst := make([]byte, 0, 64)
			var buf []byte
			for c := rune(0); c < 0x110000; c += step {
				if c >= 0xD800 && c < 0xE000 {
					continue
				}
				if c >= 0x10000 {
					step = supStep
				}
				buf = gutf8.AppendRune(buf[:0], c)
				checkEncode(t, e, dst, buf)
				if name == "ISO-2022-JP" {
					for _, ctx := range []string{"日", "¥", "a"} {
						checkEncode(t, e, dst, []byte(ctx+string(c)+ctx))
					}
				}
			}
			for i := 0; i < 1<<16; i += 1 + 96*btoi(testing.Short()) {
				checkEncode(t, e, nil, []byte{byte(i >> 8), byte(i)})
			}
		})
	}
}

// TestAppendDecodeRefUTF checks hadErrors and the output of UTF-8 and
// UTF-16 decoding against this package's literal reference of the
// Standard's decoders (ref_test.go), with no BOM handling.
func TestAppendDecodeRefUTF(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		name   string
		newDec func() codectest.Handler
	}{{"UTF-8", newRefUTF8}, {"UTF-16BE", newRefUTF16(true)}, {"UTF-16LE", newRefUTF16(false)}} {
		e := lookup(t, tc.name)
		for range 5000 {
			src := randomLegacy(r)
			ref := refTextDecoder{newDec: tc.newDec, ignoreBOM: true}
			want, _ := ref.decode(src, false)
			fatal := refTextDecoder{newDec: tc.newDec, ignoreBOM: true, fatal: true}
			_, wantErr := fatal.decode(src, false)
			got, hadErrors := AppendDecode(nil, e, src)
			if string(got) != want || hadErrors != wantErr {
				t.Fatalf("%s: AppendDecode(% X) = %+q, %v; reference %+q, %v", tc.name, src, got, hadErrors, want, wantErr)
			}
		}
	}
}

// The bounds are reached: literal inputs that produce exactly
// MaxDecodedLen or MaxEncodedLen bytes (but for Big5's encoder, where
// "\x0E" writes 1 byte for 1).
func TestMaxLenReached(t *testing.T) {
	decode := func(dst []byte, e encoding.Encoding, src []byte) ([]byte, bool) { return AppendDecode(dst, e, src) }
	encode := func(dst []byte, e encoding.Encoding, src []byte) ([]byte, bool) { return AppendEncode(dst, e, src) }
	for _, tc := range []struct {
		dir              string
		label, src, want string
	}{
		{"decode", "utf-8", "\xFF\x80", "\uFFFD\uFFFD"},
		{"decode", "windows-1252", "\x80\x80", "€€"},
		{"decode", "shift_jis", "\xA1\xA1", "｡｡"},
		{"decode", "gb18030", "\x80\xFF", "€\uFFFD"},
		{"decode", "iso-2022-jp", "\x1B\x1B", "\uFFFD\uFFFD"},
		{"decode", "utf-16le", "\x42\x30\x00", "あ\uFFFD"},
		{"decode", "utf-16be", "\x30\x42\xD8", "あ\uFFFD"},
		{"decode", "replacement", "a", "\uFFFD"},
		{"encode", "utf-8", "\xFF\x80", "\uFFFD\uFFFD"},
		{"encode", "windows-1252", "\xFF\x80", "&#65533;&#65533;"},
		{"encode", "iso-2022-jp", "\xFF", "&#65533;"},
		{"encode", "big5", "\x0E\x80", "\x0E&#65533;"},
		{"encode", "gb18030", "\xFF\x80", "\x84\x31\xA4\x37\x84\x31\xA4\x37"},
		{"encode", "utf-16le", "\xFF", "\xFD\xFF"},
		{"encode", "replacement", "\xFF", "\uFFFD"},
		{"encode", "x-user-defined", "\xC0", "&#65533;"},
	} {
		e := lookup(t, tc.label)
		f, bound := decode, MaxDecodedLen
		if tc.dir == "encode" {
			f, bound = encode, MaxEncodedLen
		}
		if got, _ := f(nil, e, []byte(tc.src)); string(got) != tc.want {
			t.Errorf("%s %s(%+q) = %+q, want %+q", tc.label, tc.dir, tc.src, got, tc.want)
		}
		if max := bound(e, len(tc.src)); tc.label != "big5" && max != len(tc.want) {
			t.Errorf("%s %s: bound for %d bytes = %d, want %d", tc.label, tc.dir, len(tc.src), max, len(tc.want))
		}
	}
	// ISO-2022-JP's escapes: α enters jis0208 (ESC $ B + 2 bytes), the
	// invalid byte leaves it (ESC ( B + "&#65533;"): 16 bytes for 3.
	e := lookup(t, "iso-2022-jp")
	got, _ := AppendEncode(nil, e, []byte("α\xFF"))
	if want := "\x1B$B\x26\x41\x1B(B&#65533;"; string(got) != want {
		t.Errorf("AppendEncode(α\\xFF) = %+q, want %+q", got, want)
	}
	if max := MaxEncodedLen(e, 3); len(got) > max {
		t.Errorf("MaxEncodedLen(3) = %d < %d", max, len(got))
	}
}

func TestMaxLenEdges(t *testing.T) {
	for name, e := range allEncodings(t) {
		for _, n := range []int{-1, math.MinInt, math.MaxInt, math.MaxInt / 2, math.MaxInt/3 + 1} {
			if got := MaxDecodedLen(e, n); got != -1 && (n < 0 || got < min(n, 3)) {
				t.Errorf("%s: MaxDecodedLen(%d) = %d", name, n, got)
			}
			if got := MaxEncodedLen(e, n); got != -1 && (n < 0 || got < n) {
				t.Errorf("%s: MaxEncodedLen(%d) = %d", name, n, got)
			}
		}
		if MaxDecodedLen(e, math.MaxInt) != -1 && name != "replacement" {
			t.Errorf("%s: MaxDecodedLen(MaxInt) does not report overflow", name)
		}
		if MaxEncodedLen(e, math.MaxInt) != -1 {
			t.Errorf("%s: MaxEncodedLen(MaxInt) does not report overflow", name)
		}
		if MaxDecodedLen(e, 0) != 0 || MaxEncodedLen(e, 0) != 0 {
			t.Errorf("%s: bounds for 0 bytes are not 0", name)
		}
	}
}

// TestAppendContract checks the append contract for every encoding, on
// short and long text with and without errors and unmappables: no
// allocation into a dst whose spare capacity is exactly the output, and
// from a nil dst a capacity of at most 1.5 times the output plus 64 bytes.
// (checkRooms checks that nothing is written past the result.)
func TestAppendContract(t *testing.T) {
	text := "<p>Grüße, 日本語, ελληνικά & ¥ — 😀 русский текст, עברית, ไทย</p>\n"
	for name, e := range allEncodings(t) {
		for _, in := range []string{text, strings.Repeat(text, 300), "a\xFF\x80\x1B(Z\xA1\xFE\x00\xD8z", strings.Repeat("\xFF\x1B$B\xA1a", 2000)} {
			src := []byte(in)
			legacy, _ := AppendEncode(nil, e, src)
			for _, c := range []struct {
				what string
				f    func(dst []byte) ([]byte, bool)
			}{
				{"AppendDecode", func(dst []byte) ([]byte, bool) { return AppendDecode(dst, e, legacy) }},
				{"AppendEncode", func(dst []byte) ([]byte, bool) { return AppendEncode(dst, e, src) }},
			} {
				out, _ := c.f(nil)
				if limit := len(out) + len(out)/2 + 64; cap(out) > limit {
					t.Errorf("%s: %s from nil: capacity %d for %d bytes of output, want at most %d", name, c.what, cap(out), len(out), limit)
				}
				exact := make([]byte, 0, len(out))
				if n := testing.AllocsPerRun(20, func() { c.f(exact) }); n != 0 {
					t.Errorf("%s: %s of %d bytes allocates %v times into a dst of exactly that room", name, c.what, len(out), n)
				}
				if got, _ := c.f(exact); !bytes.Equal(got, out) {
					t.Errorf("%s: %s into exact room differs from nil", name, c.what)
				}
			}
		}
	}
}

// TestAppendDecodeSparse checks AppendDecode's rooms on long inputs that
// decode to little output per byte, where ISO-2022-JP's escape sequences
// write nothing: the least output per input byte that sizes the decoder's
// steps must hold on them.
func TestAppendDecodeSparse(t *testing.T) {
	for name, e := range allEncodings(t) {
		t.Run(name, func(t *testing.T) {
			for _, piece := range []string{"\x1B(Ba", "\x1B$B!\x1B$", "\x1B$B!!\x1B(B", "\x1B(J\x1B(I\x1B$@", "\x00\xFF"} {
				checkDecode(t, e, nil, []byte(strings.Repeat(piece, 5000)))
			}
		})
	}
}

// TestAppendForeign checks the append functions with x/text encodings,
// which go through their Transformers.
func TestAppendForeign(t *testing.T) {
	got, hadErrors := AppendDecode([]byte("<"), charmap.Windows1252, []byte("caf\xE9"))
	if string(got) != "<café" || hadErrors {
		t.Errorf("AppendDecode(x/text windows-1252) = %q, %v", got, hadErrors)
	}
	got, hadErrors = AppendDecode(nil, unicode.UTF8, []byte("a\xFFb"))
	if string(got) != "a\uFFFDb" || !hadErrors {
		t.Errorf("AppendDecode(x/text UTF-8) = %q, %v", got, hadErrors)
	}
	got, hadUnmappables := AppendEncode(nil, charmap.Windows1252, []byte("café"))
	if string(got) != "caf\xE9" || hadUnmappables {
		t.Errorf("AppendEncode(x/text windows-1252) = %q, %v", got, hadUnmappables)
	}
	got, hadUnmappables = AppendEncode(nil, charmap.Windows1252, []byte("a日"))
	if string(got) != "a&#26085;" || !hadUnmappables {
		t.Errorf("AppendEncode(x/text windows-1252, 日) = %q, %v", got, hadUnmappables)
	}
	// A nil encoding is UTF-8.
	got, hadErrors = AppendDecode(nil, nil, []byte("\xEF\xBB\xBFa\xC3"))
	if string(got) != "\uFEFFa\uFFFD" || !hadErrors {
		t.Errorf("AppendDecode(nil encoding) = %+q, %v", got, hadErrors)
	}
}

// TestNewDecoderReuse checks the Decoder of an Encoding's NewDecoder used
// for several inputs: streams started before the previous one ended,
// Reset mid-stream, and concurrent use of one encoding.
func TestNewDecoderReuse(t *testing.T) {
	e := lookup(t, "iso-2022-jp")
	src := []byte("\x1B$B$3$s$K$A$O\x1B(Bok")
	want, _ := transformerDecode(t, e, src)
	d := e.NewDecoder()
	for range 3 {
		if got, err := d.Bytes(src); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("Bytes = %q, %v; want %q", got, err, want)
		}
	}
	// A stream cut in the middle, then Reset: the next stream is fresh.
	dst := make([]byte, 64)
	d.Reset()
	if _, _, err := d.Transform(dst, src[:5], false); err != nil {
		t.Fatal(err)
	}
	d.Reset()
	if got, err := d.String("ok"); err != nil || got != "ok" {
		t.Fatalf("after Reset: %q, %v", got, err)
	}
	// Tiny dst and every split, through the reader.
	out, err := transform.NewReader(bytes.NewReader(src), e.NewDecoder()).Read(make([]byte, 256))
	if err != nil || out != len(want) {
		t.Fatalf("reader: %d, %v", out, err)
	}
	done := make(chan bool)
	for range 4 {
		go func() {
			d := e.NewDecoder()
			ok := true
			for range 200 {
				got, err := d.Bytes(src)
				ok = ok && err == nil && bytes.Equal(got, want)
				got2, _ := AppendDecode(nil, e, src)
				ok = ok && bytes.Equal(got2, want)
			}
			done <- ok
		}()
	}
	for range 4 {
		if !<-done {
			t.Error("concurrent decoding gave a wrong result")
		}
	}
}

// FuzzAppend checks, for the encoding which selects (every encoding for
// the seeds), that AppendDecode and AppendEncode equal the Transformer
// path, report errors as the fatal modes do and stay within MaxDecodedLen
// and MaxEncodedLen. One encoding per execution keeps an execution within
// the fuzz budget (issue 9); the fuzzer varies which with the input.
func FuzzAppend(f *testing.F) {
	encs := allEncodingsSorted(f)
	for _, s := range []string{"\x1B$B\x26\x41\xFF\x81\x30\x81\x30\xD8\x3D", "α\xFFa¥\\‾~ｱ\x0E", "\x88\x62\x88\x64\xFE\xFE\xA1"} {
		for i := range encs {
			f.Add([]byte(s), uint8(i))
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, which uint8) { fuzzAppendBody(t, encs, src, which) })
}

// allEncodingsSorted returns every encoding of the Standard, in the order
// of their names.
func allEncodingsSorted(t testing.TB) []encoding.Encoding {
	m := allEncodings(t)
	var encs []encoding.Encoding
	for _, name := range slices.Sorted(maps.Keys(m)) {
		encs = append(encs, m[name])
	}
	return encs
}

// fuzzAppendBody is FuzzAppend's body (also run by BenchmarkFuzzBodies).
func fuzzAppendBody(t testing.TB, encs []encoding.Encoding, src []byte, which uint8) {
	e := encs[int(which)%len(encs)]
	checkDecode(t, e, nil, src)
	checkEncode(t, e, nil, src)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestNewDecoderStreaming checks every encoding's NewDecoder against the
// decoder of NewDecoder(e, Replacement):
// one shot, split at every point, byte by byte and with dst of 1 to 4
// bytes, and through x/text's Bytes and String.
func TestNewDecoderStreaming(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for name, e := range allEncodings(t) {
		inputs := [][]byte{nil, []byte("abc"), bytes.Repeat([]byte{0x80}, 16), bytes.Repeat([]byte{0xFF}, 100), bytes.Repeat([]byte{0xA4, 0xA2}, 130)}
		for range 30 {
			inputs = append(inputs, randomLegacy(r))
		}
		for _, src := range inputs {
			want, _ := transformerDecode(t, e, src)
			got := codectest.CheckStreaming(t, func() transform.Transformer { return e.NewDecoder() }, src)
			if got.Err != nil || !bytes.Equal(got.Out, want) {
				t.Fatalf("%s: NewDecoder on % X: %v; want %q", name, src, got, want)
			}
			d := e.NewDecoder()
			for range 2 {
				if b, err := d.Bytes(src); err != nil || !bytes.Equal(b, want) {
					t.Fatalf("%s: Bytes(% X) = %q, %v; want %q", name, src, b, err, want)
				}
				if s, err := d.String(string(src)); err != nil || s != string(want) {
					t.Fatalf("%s: String(% X) = %q, %v; want %q", name, src, s, err, want)
				}
			}
		}
	}
}

// TestNewDecoderHeldBack checks NewDecoder's decoder resumed after
// ErrShortDst whatever dst sizes the later calls bring, and Reset after
// an input cut short.
func TestNewDecoderHeldBack(t *testing.T) {
	for name, e := range allEncodings(t) {
		for n := 1; n <= 16; n++ {
			src := bytes.Repeat([]byte{0xA4, 0xA2}, 8)[:n]
			want, _ := transformerDecode(t, e, src)
			for size := 1; size <= 4; size++ {
				d := e.NewDecoder()
				var got []byte
				buf := make([]byte, size)
				rest := src
				for range 200 {
					nDst, nSrc, err := d.Transform(buf, rest, true)
					got = append(got, buf[:nDst]...)
					rest = rest[nSrc:]
					if err == nil {
						break
					}
					if err != transform.ErrShortDst {
						t.Fatalf("%s: % X dst %d: %v", name, src, size, err)
					}
					if nDst == 0 {
						buf = make([]byte, len(buf)+1) // a character does not fit
					}
				}
				if !bytes.Equal(got, want) || len(rest) > 0 {
					t.Fatalf("%s: % X dst %d: got %q (rest % X); want %q", name, src, size, got, rest, want)
				}
				// Held back, then Reset: the next input starts afresh.
				if _, _, err := d.Transform(make([]byte, 4), src, true); err == nil && len(want) > 4 {
					t.Fatalf("%s: % X into 4 bytes: no ErrShortDst", name, src)
				}
				d.Reset()
				ok, _ := transformerDecode(t, e, []byte("ok"))
				if s, err := d.String("ok"); err != nil || s != string(ok) {
					t.Fatalf("%s: after Reset: %q, %v; want %q", name, s, err, ok)
				}
			}
		}
	}
}

// TestNewDecoderAllocations checks that every encoding's NewDecoder costs
// one allocation, the Decoder and its decoder together, and its Transform
// none.
func TestNewDecoderAllocations(t *testing.T) {
	for name, e := range allEncodings(t) {
		if n := testing.AllocsPerRun(20, func() { e.NewDecoder() }); n != 1 {
			t.Errorf("%s: NewDecoder allocates %v times, want 1", name, n)
		}
		d := e.NewDecoder()
		dst, src := make([]byte, 64), []byte("abc\xA4\xA2")
		if n := testing.AllocsPerRun(20, func() { d.Reset(); d.Transform(dst, src, true) }); n != 0 {
			t.Errorf("%s: Transform allocates %v times, want 0", name, n)
		}
	}
}
