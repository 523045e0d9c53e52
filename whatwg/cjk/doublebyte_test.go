package cjk_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/internal/benchdata"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/codectest"
)

// The test harness of the double-byte codecs whose decoders differ only in
// step 3 (Big5 and EUC-KR): the reference decoder's other steps and the
// reference encoder, written on codectest's reference model; each
// encoding's test file gives its reference step 3, its pointer → bytes
// rule and its hand-written cases, and runs the checks below on them.

// dbcsSpec describes one such encoding to the harness.
type dbcsSpec struct {
	enc  *codec.Encoding
	name string // the encoding's name in errors
	// index returns the encoding's index (pointer → code point), loaded
	// once, or skips (see indexMap).
	index func(testing.TB) map[int]rune
	// step3 is the decoder's step 3 after leading is taken and the state
	// cleared, written literally from the Standard: the output for the
	// leading byte lead and the byte b, or false for the error steps.
	// It appends the output's code points to dst (so that the reference
	// allocates nothing per character).
	step3 func(dst []rune, index map[int]rune, lead, b byte) ([]rune, bool)
	// bytes is the encoder's bytes for pointer p.
	bytes func(p int) []byte
	// pointers computes, from the index, the pointer the encoder uses for
	// each code point that has one.
	pointers func(index map[int]rune) map[rune]int
}

func (c *dbcsSpec) newDecoder(fatal bool) func() transform.Transformer {
	return func() transform.Transformer { return c.enc.NewDecoderMode(fatal) }
}

func (c *dbcsSpec) newEncoder() transform.Transformer { return c.enc.NewRawEncoder() }

// loadIndex returns the index, or skips the test when the data is absent
// (fails with WEBENC_REQUIRE_DATA=1).
func (c *dbcsSpec) loadIndex(tb testing.TB) map[int]rune {
	tb.Helper()
	return c.index(tb)
}

// refDecoder is the decoder's handler, written literally from the
// Standard (steps 1–2 and 4–6, and step 3 through c.step3).
func (c *dbcsSpec) refDecoder(index map[int]rune) codectest.Handler {
	leading := 0
	var buf [2]rune // step 3's output (one buffer per decoder, not per call)
	return func(q *codectest.Queue, b int) codectest.Step {
		// 1. End-of-queue with leading not 0x00: set it to 0x00, error.
		if b == codectest.EOQ && leading != 0 {
			leading = 0
			return codectest.Fail
		}
		// 2.
		if b == codectest.EOQ {
			return codectest.Done
		}
		// 3. Leading is not 0x00.
		if leading != 0 {
			lead := leading
			leading = 0
			if cps, ok := c.step3(buf[:0], index, byte(lead), byte(b)); ok {
				return codectest.Emit(cps...)
			}
			// The error steps: an ASCII byte is restored.
			if b < 0x80 {
				q.Restore(b)
			}
			return codectest.Fail
		}
		switch {
		case b < 0x80: // 4.
			return codectest.Emit(rune(b))
		case b >= 0x81 && b <= 0xFE: // 5.
			leading = b
			return codectest.Cont
		}
		return codectest.Fail // 6.
	}
}

// decodeRef runs the reference decoder over in.
func (c *dbcsSpec) decodeRef(index map[int]rune, in []byte) codectest.Decoded {
	return codectest.Decode(c.name, c.refDecoder(index), in)
}

// testDecodeIndex decodes the bytes of every pointer of the index and
// checks the index's code point.
func (c *dbcsSpec) testDecodeIndex(t *testing.T) {
	index := c.loadIndex(t)
	dec := c.enc.NewDecoder()
	for p, r := range index {
		got, err := dec.Bytes(c.bytes(p))
		if err != nil || string(got) != string(r) {
			t.Errorf("pointer %d % X: got %q, %v; want %q", p, c.bytes(p), got, err, string(r))
		}
	}
}

// testDecodeAllPairs decodes every single byte and every byte pair
// starting with 0x80–0xFF with checkDecode.
func (c *dbcsSpec) testDecodeAllPairs(t *testing.T) {
	index := c.loadIndex(t)
	for b := 0; b < 256; b++ {
		c.checkDecode(t, index, []byte{byte(b)})
	}
	for lead := 0x80; lead <= 0xFF; lead++ {
		for b := 0; b < 256; b++ {
			c.checkDecode(t, index, []byte{byte(lead), byte(b)})
		}
	}
}

// testDecodeRandom compares random byte strings drawn mostly from
// alphabet (bytes rich in leading and trailing bytes) with the reference
// decoder, and checks streaming.
func (c *dbcsSpec) testDecodeRandom(t *testing.T, seed uint64, alphabet []byte) {
	index := c.loadIndex(t)
	rng := rand.New(rand.NewPCG(seed, seed+1))
	for n := 0; n < 3000; n++ {
		in := make([]byte, rng.IntN(12))
		for i := range in {
			if rng.IntN(3) == 0 {
				in[i] = byte(rng.IntN(256))
			} else {
				in[i] = alphabet[rng.IntN(len(alphabet))]
			}
		}
		ref := c.decodeRef(index, in)
		codectest.CheckResume(t, c.newDecoder(true), c.newDecoder(false), in, &ref, 1+rng.IntN(4), 1)
		if got := codectest.OneShot(c.newDecoder(false)(), in); string(got.Out) != string(ref.Repl) || got.Err != nil {
			t.Fatalf("% X: got %v, want %q", in, got, ref.Repl)
		}
		if got := codectest.OneShot(c.newDecoder(true)(), in); !got.Equal(ref.Fatal) {
			t.Fatalf("% X fatal: got %v, want %v", in, got, ref.Fatal)
		}
		if n%10 == 0 {
			codectest.CheckStreaming(t, c.newDecoder(false), in)
			codectest.CheckStreaming(t, c.newDecoder(true), in)
		}
	}
}

// dbcsDecodeError is a hand-written decoder error case.
type dbcsDecodeError struct {
	name, in, want string
	fatal          string // the fatal-mode error
	fatalOut       string // the fatal-mode output before it
}

// testDecodeErrors checks hand-written error cases in both modes, and the
// fatal decoder resumed after each error.
func (c *dbcsSpec) testDecodeErrors(t *testing.T, tests []dbcsDecodeError) {
	for _, tc := range tests {
		got := codectest.CheckStreaming(t, c.newDecoder(false), []byte(tc.in))
		if got.Err != nil || string(got.Out) != tc.want {
			t.Errorf("%s: got %v, want %q", tc.name, got, tc.want)
		}
		got = codectest.CheckStreaming(t, c.newDecoder(true), []byte(tc.in))
		wantErr := "webenc: " + c.name + ": invalid byte sequence " + tc.fatal
		if got.Err == nil || got.Err.Error() != wantErr || string(got.Out) != tc.fatalOut {
			t.Errorf("%s fatal: got %v, want out=%q err=%s", tc.name, got, tc.fatalOut, wantErr)
		}
		var de *codec.DecodeError
		if !errors.As(got.Err, &de) || !errors.Is(got.Err, codec.ErrDecode) {
			t.Errorf("%s: error %T is not a *DecodeError", tc.name, got.Err)
		}
		// Resumed after each error, the fatal decoder gives the
		// replacement output, at every chunk size and a 4-byte dst.
		codectest.CheckFatalResume(t, c.newDecoder(true)(), c.newDecoder(false)(), []byte(tc.in))
		for chunk := 1; chunk <= len(tc.in); chunk++ {
			for _, size := range []int{4, 64} {
				r := codectest.Resume(t, c.newDecoder(true)(), []byte(tc.in), chunk, size)
				if string(r.Out) != tc.want || len(r.Errs) == 0 || r.Errs[0].Error() != wantErr {
					t.Errorf("%s: resumed with chunks of %d, dst %d: got %q, %q", tc.name, chunk, size, r.Out, r.Errs)
				}
			}
		}
	}
}

// dbcsCall is one Transform call of a fatal decoder and what it must give.
type dbcsCall struct {
	src   string
	atEOF bool
	out   string
	nSrc  int
	err   string // the error's text after "invalid byte sequence ", or ""
}

// dbcsResumeCase is a sequence of calls on one fatal decoder.
type dbcsResumeCase struct {
	name  string
	calls []dbcsCall
}

// testFatalResume runs each case's calls on one fatal decoder and checks
// output, nSrc and error, call by call.
func (c *dbcsSpec) testFatalResume(t *testing.T, tests []dbcsResumeCase) {
	for _, tc := range tests {
		d := c.newDecoder(true)()
		for i, call := range tc.calls {
			dst := make([]byte, 16)
			nDst, nSrc, err := d.Transform(dst, []byte(call.src), call.atEOF)
			gotErr := ""
			if err != nil {
				gotErr = strings.TrimPrefix(err.Error(), "webenc: "+c.name+": invalid byte sequence ")
			}
			if string(dst[:nDst]) != call.out || nSrc != call.nSrc || gotErr != call.err {
				t.Errorf("%s call %d: got %q, %d, %q; want %q, %d, %q", tc.name, i, dst[:nDst], nSrc, gotErr, call.out, call.nSrc, call.err)
			}
		}
	}
}

// dbcsPair is a hand-written input and its expected output.
type dbcsPair struct{ in, want string }

// testDecodeValues checks hand-written decodings in both modes.
func (c *dbcsSpec) testDecodeValues(t *testing.T, tests []dbcsPair) {
	for _, tc := range tests {
		for _, fm := range []bool{false, true} {
			got := codectest.CheckStreaming(t, c.newDecoder(fm), []byte(tc.in))
			if got.Err != nil || string(got.Out) != tc.want {
				t.Errorf("% X fatal=%v: got %v, want %q", tc.in, fm, got, tc.want)
			}
		}
	}
}

// testEncodeAll encodes every scalar value alone and checks the bytes of
// its pointer (c.pointers, from the index), or the error (the encoders'
// step 4), and that the bytes decode back.
func (c *dbcsSpec) testEncodeAll(t *testing.T) {
	index := c.loadIndex(t)
	want := c.pointers(index)
	e := c.newEncoder()
	d := c.newDecoder(true)()
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
		if err != nil || !bytes.Equal(dst[:nDst], c.bytes(p)) || nSrc != n {
			t.Fatalf("U+%04X: got % X, %v; want % X (pointer %d)", r, dst[:nDst], err, c.bytes(p), p)
		}
		d.Reset()
		m, _, err := d.Transform(back, dst[:nDst], true)
		if err != nil || string(back[:m]) != string(r) {
			t.Fatalf("U+%04X: round trip gave %q, %v", r, back[:m], err)
		}
	}
}

// testEncodeLong encodes every code point that has a pointer in one long
// input (in code point order and shuffled, with the ASCII byte sep after
// every seventh), so the encoder's multi-byte fast paths see them.
func (c *dbcsSpec) testEncodeLong(t *testing.T, seed uint64, sep byte) {
	index := c.loadIndex(t)
	want := c.pointers(index)
	var rs []rune
	for r := range want {
		rs = append(rs, r)
	}
	slices.Sort(rs)
	rng := rand.New(rand.NewPCG(seed, seed+1))
	shuffled := slices.Clone(rs)
	rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	for _, order := range [][]rune{rs, shuffled} {
		var in, exp []byte
		for i, r := range order {
			in = utf8.AppendRune(in, r)
			exp = append(exp, c.bytes(want[r])...)
			if i%7 == 0 {
				in = append(in, sep)
				exp = append(exp, sep)
			}
		}
		got := codectest.OneShot(c.newEncoder(), in)
		if got.Err != nil || !bytes.Equal(got.Out, exp) {
			t.Fatalf("got err %v; output equal: %v", got.Err, bytes.Equal(got.Out, exp))
		}
		if got := codectest.Run(c.newEncoder(), in, []int{5, 3, 11}, 7); got.Err != nil || !bytes.Equal(got.Out, exp) {
			t.Fatalf("chunked: got err %v; output equal: %v", got.Err, bytes.Equal(got.Out, exp))
		}
	}
}

// testEncodeValues checks hand-written encodings.
func (c *dbcsSpec) testEncodeValues(t *testing.T, tests []dbcsPair) {
	for _, tc := range tests {
		got := codectest.CheckStreaming(t, c.newEncoder, []byte(tc.in))
		if got.Err != nil || string(got.Out) != tc.want {
			t.Errorf("%+q: got %v, want % X", tc.in, got, tc.want)
		}
	}
}

// dbcsEncodeError is a hand-written encoder error case: the output before
// it, and the code point reported, its offset and the input bytes covered.
type dbcsEncodeError struct {
	in, out string
	r       rune
	off     int64
	size    int
}

// testEncodeErrors checks hand-written encoder errors (step 4), and that
// incomplete, a valid input ending inside a UTF-8 sequence after one ASCII
// byte, is not an error before the end of the input.
func (c *dbcsSpec) testEncodeErrors(t *testing.T, tests []dbcsEncodeError, incomplete string) {
	for _, tc := range tests {
		got := codectest.CheckStreaming(t, c.newEncoder, []byte(tc.in))
		var ee *codec.EncodeError
		if string(got.Out) != tc.out || !errors.As(got.Err, &ee) || !errors.Is(got.Err, codec.ErrEncode) ||
			ee.Rune != tc.r || ee.Offset != tc.off || ee.Size != tc.size || ee.Encoding != c.name {
			t.Errorf("%+q: got %v; want out %q and U+%04X at %d size %d", tc.in, got, tc.out, tc.r, tc.off, tc.size)
		}
	}
	nDst, nSrc, err := c.newEncoder().Transform(make([]byte, 8), []byte(incomplete), false)
	if nDst != 1 || nSrc != 1 || err != transform.ErrShortSrc {
		t.Errorf("incomplete: got %d, %d, %v; want 1, 1, ErrShortSrc", nDst, nSrc, err)
	}
}

// testEncodeHTML checks the html error mode through codec.Encoding.
func (c *dbcsSpec) testEncodeHTML(t *testing.T, in, want string) {
	newT := func() transform.Transformer { tr, _ := c.enc.Encoder(codec.HTML); return tr }
	got := codectest.CheckStreaming(t, newT, []byte(in))
	if got.Err != nil || string(got.Out) != want {
		t.Errorf("got %v, want %q", got, want)
	}
}

// dbcsInterop holds the values of testInterop.
type dbcsInterop struct {
	readIn, readWant   string // through transform.NewReader
	writeIn, writeWant string // through transform.NewWriter
	strIn, strWant     string // Decoder.String
	// unsupported is a character that has bytes and an unencodable one,
	// escaped and replaced by x/text's wrappers.
	unsupported, escaped, replaced string
}

// testInterop drives the codec through x/text's APIs.
func (c *dbcsSpec) testInterop(t *testing.T, v dbcsInterop) {
	e := encoding.Encoding(c.enc)
	r := transform.NewReader(strings.NewReader(v.readIn), e.NewDecoder())
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(r); err != nil || buf.String() != v.readWant {
		t.Errorf("NewReader: got %q, %v", buf.String(), err)
	}
	buf.Reset()
	w := transform.NewWriter(&buf, e.NewEncoder())
	if _, err := w.Write([]byte(v.writeIn)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil || buf.String() != v.writeWant {
		t.Errorf("NewWriter: got % X, %v", buf.Bytes(), err)
	}
	if s, err := e.NewDecoder().String(v.strIn); s != v.strWant || err != nil {
		t.Errorf("Decoder.String: %q, %v", s, err)
	}
	if s, err := encoding.HTMLEscapeUnsupported(e.NewEncoder()).String(v.unsupported); s != v.escaped || err != nil {
		t.Errorf("HTMLEscapeUnsupported: %q, %v", s, err)
	}
	if s, err := encoding.ReplaceUnsupported(e.NewEncoder()).String(v.unsupported); s != v.replaced || err != nil {
		t.Errorf("ReplaceUnsupported: %q, %v", s, err)
	}
	if _, err := e.NewEncoder().String(v.unsupported); !errors.Is(err, codec.ErrEncode) {
		t.Errorf("Encoder.String: %v, want an EncodeError", err)
	}
	if fmt.Sprint(e) != c.name {
		t.Errorf("name %q", fmt.Sprint(e))
	}
}

// fuzzDecode runs the decoder fuzz target: valid UTF-8 out, no error in
// replacement mode, random split == one-shot, the reference decoder's
// result, and the fatal-mode resume contract.
func (c *dbcsSpec) fuzzDecode(f *testing.F, seeds []string) {
	for _, s := range seeds {
		f.Add([]byte(s), uint8(1))
	}
	body := c.fuzzDecodeBody(f)
	f.Fuzz(func(t *testing.T, in []byte, split uint8) { body(t, in, split) })
}

// fuzzDecodeBody returns fuzzDecode's body (also run by
// BenchmarkFuzzBodies), with the index loaded when the data is present.
func (c *dbcsSpec) fuzzDecodeBody(tb testing.TB) func(t testing.TB, in []byte, split uint8) {
	var index map[int]rune
	if hasIndexData(tb) {
		index = c.loadIndex(tb)
	}
	return func(t testing.TB, in []byte, split uint8) {
		var ref codectest.Decoded
		if index != nil {
			ref = c.decodeRef(index, in)
		}
		for _, fm := range []bool{false, true} {
			one := codectest.OneShot(c.newDecoder(fm)(), in)
			if !utf8.Valid(one.Out) {
				t.Fatalf("invalid UTF-8 out: %q", one.Out)
			}
			if !fm && one.Err != nil {
				t.Fatalf("replacement mode error: %v", one.Err)
			}
			chunks := []int{int(split%8) + 1, int(split/8) + 1}
			if got := codectest.Run(c.newDecoder(fm)(), in, chunks, int(split%5)+1); !got.Equal(one) {
				t.Fatalf("chunks %v: got %v, want %v", chunks, got, one)
			}
			if index != nil {
				want := codectest.Result{Out: ref.Repl}
				if fm {
					want = ref.Fatal
				}
				if !one.Equal(want) {
					t.Fatalf("fatal=%v: got %v, want %v", fm, one, want)
				}
			}
		}
		if index != nil {
			codectest.CheckResume(t, c.newDecoder(true), c.newDecoder(false), in, &ref, int(split%8)+1)
		}
	}
}

// fuzzEncode runs the encoder fuzz target: random split == one-shot,
// decode(encode(x)) is x (up to the first error), and html mode never
// fails.
func (c *dbcsSpec) fuzzEncode(f *testing.F, seeds []string) {
	for _, s := range seeds {
		f.Add(s, uint8(1))
	}
	body := c.fuzzEncodeBody(f)
	f.Fuzz(func(t *testing.T, in string, split uint8) { body(t, in, split) })
}

// fuzzEncodeBody returns fuzzEncode's body (also run by
// BenchmarkFuzzBodies), with the pointers loaded when the data is present.
func (c *dbcsSpec) fuzzEncodeBody(tb testing.TB) func(t testing.TB, in string, split uint8) {
	var ptrs map[rune]int
	if hasIndexData(tb) {
		ptrs = c.pointers(c.loadIndex(tb))
	}
	return func(t testing.TB, in string, split uint8) {
		one := codectest.OneShot(c.newEncoder(), []byte(in))
		if ptrs != nil {
			if want := codectest.EncodeFatal(c.name, c.refEncoder(ptrs), []byte(in)); !one.Equal(want) {
				t.Fatalf("%+q: got %v, want %v", in, one, want)
			}
		}
		chunks := []int{int(split%8) + 1, int(split/8) + 1}
		if got := codectest.Run(c.newEncoder(), []byte(in), chunks, int(split%5)+1); !got.Equal(one) {
			t.Fatalf("chunks %v: got %v, want %v", chunks, got, one)
		}
		// What was encoded decodes back to the input it came from.
		back, err := c.enc.NewDecoder().Bytes(one.Out)
		if err != nil || !strings.HasPrefix(in, string(back)) {
			t.Fatalf("decode(encode(%q)) = %q, %v", in, back, err)
		}
		if one.Err == nil && string(back) != in {
			t.Fatalf("decode(encode(%q)) = %q", in, back)
		}
		htmlT, _ := c.enc.Encoder(codec.HTML)
		if h := codectest.OneShot(htmlT, []byte(in)); h.Err != nil {
			t.Fatalf("html mode: %v", h.Err)
		}
	}
}

// benchDecode and benchEncode run the corpus benchmarks of the codec and
// of x/text's xt, named enc=NAME/lang=LANG/impl=webenc|xtext.
func (c *dbcsSpec) benchDecode(b *testing.B, xt encoding.Encoding) {
	for _, s := range benchdata.Load(b, c.enc) {
		b.Run("enc="+c.name+"/lang="+s.Lang+"/impl=webenc", func(b *testing.B) {
			benchdata.Transform(b, c.enc.NewDecoder(), s.Decode, len(s.Decode))
		})
		b.Run("enc="+c.name+"/lang="+s.Lang+"/impl=xtext", func(b *testing.B) {
			benchdata.Transform(b, xt.NewDecoder(), s.Decode, len(s.Decode))
		})
	}
}

func (c *dbcsSpec) benchEncode(b *testing.B, xt encoding.Encoding) {
	for _, s := range benchdata.Load(b, c.enc) {
		b.Run("enc="+c.name+"/lang="+s.Lang+"/impl=webenc", func(b *testing.B) {
			benchdata.Transform(b, c.enc.NewEncoder(), s.Encode, len(s.Encode))
		})
		b.Run("enc="+c.name+"/lang="+s.Lang+"/impl=xtext", func(b *testing.B) {
			benchdata.Transform(b, xt.NewEncoder(), s.Encode, len(s.Encode))
		})
	}
}

// refEncoder is the encoder's handler, written literally from the
// Standard: step 1, end-of-queue; step 2, ASCII is its byte; steps 3–8,
// the bytes of the code point's pointer (ptrs, the index pointer the
// encoding's rule gives), or step 4's error.
func (c *dbcsSpec) refEncoder(ptrs map[rune]int) codectest.EncHandler {
	return func(cp rune) codectest.EncStep {
		if cp == codectest.EOQ {
			return codectest.EncStep{}
		}
		if cp < 0x80 {
			return codectest.EncBytes(byte(cp))
		}
		if p, ok := ptrs[cp]; ok {
			return codectest.EncBytes(c.bytes(p)...)
		}
		return codectest.EncFail(cp)
	}
}

// testEncodeMix checks the encoder on random mixes of the pieces (valid
// characters, invalid UTF-8, unencodable characters) against the
// reference, one-shot, in random chunks with every dst size from 1 to 12
// (so the hot loop's eight-byte window meets every alignment, the end of
// src and a nearly full dst), and with CheckStreaming now and then. A
// piece is drawn from bad (errors) one time in sixteen, so that most
// inputs run long in the hot loop before their first error.
func (c *dbcsSpec) testEncodeMix(t *testing.T, good, bad []string, seed uint64) {
	ptrs := c.pointers(c.loadIndex(t))
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
		want := codectest.EncodeFatal(c.name, c.refEncoder(ptrs), in)
		if got := codectest.OneShot(c.newEncoder(), in); !got.Equal(want) {
			t.Fatalf("%q: got %v, want %v", in, got, want)
		}
		chunks := []int{1 + rng.IntN(12), 1 + rng.IntN(12)}
		for size := 1; size <= 12; size++ {
			if got := codectest.Run(c.newEncoder(), in, chunks, size); !got.Equal(want) {
				t.Fatalf("%q chunks %v dst %d: got %v, want %v", in, chunks, size, got, want)
			}
		}
		if n%50 == 0 {
			codectest.CheckStreaming(t, c.newEncoder, in)
		}
	}
}
