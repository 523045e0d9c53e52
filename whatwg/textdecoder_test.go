package whatwg

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/webenc/webenc/whatwg/htmlindex"
)

func mustTextDecoder(t testing.TB, label string, opts TextDecoderOptions) *TextDecoder {
	t.Helper()
	d, err := NewTextDecoder(label, opts)
	if err != nil {
		t.Fatalf("NewTextDecoder(%q): %v", label, err)
	}
	return d
}

// TextDecoder constructor steps 1–5 and the TextDecoderCommon getters.
func TestNewTextDecoder(t *testing.T) {
	for _, tc := range []struct {
		label, name string
	}{
		{"utf-8", "utf-8"},
		{" \tUTF8\n", "utf-8"},         // get an encoding strips ASCII whitespace, ignores case
		{"unicode-1-1-utf-8", "utf-8"}, // a label of UTF-8
		{"latin1", "windows-1252"},     // a label of windows-1252
		{"utf-16", "utf-16le"},         // "utf-16" is a label of UTF-16LE
		{"unicodefffe", "utf-16be"},    // a label of UTF-16BE
		{"x-user-defined", "x-user-defined"},
	} {
		for _, opts := range []TextDecoderOptions{{}, {Fatal: true}, {IgnoreBOM: true}, {true, true}} {
			d, err := NewTextDecoder(tc.label, opts)
			if err != nil {
				t.Errorf("NewTextDecoder(%q): %v", tc.label, err)
				continue
			}
			// The encoding getter: the name, ASCII lowercased.
			if d.Encoding() != tc.name || d.Fatal() != opts.Fatal || d.IgnoreBOM() != opts.IgnoreBOM {
				t.Errorf("NewTextDecoder(%q, %+v) = %q fatal=%v ignoreBOM=%v", tc.label, opts, d.Encoding(), d.Fatal(), d.IgnoreBOM())
			}
		}
	}
	// Step 2: failure or replacement throws a RangeError.
	for _, label := range []string{"", "utf-9", "utf8 x", "iso-2022-kr", "replacement", "csiso2022kr", "hz-gb-2312"} {
		d, err := NewTextDecoder(label, TextDecoderOptions{})
		if d != nil || !errors.Is(err, ErrInvalidLabel) {
			t.Errorf("NewTextDecoder(%q) = %v, %v; want ErrInvalidLabel", label, d, err)
		}
		r, err := NewTextDecoderReader(label, strings.NewReader("x"), TextDecoderOptions{})
		if r != nil || !errors.Is(err, ErrInvalidLabel) {
			t.Errorf("NewTextDecoderReader(%q) = %v, %v; want ErrInvalidLabel", label, r, err)
		}
	}
	if _, err := NewTextDecoder("bogus", TextDecoderOptions{}); !errors.Is(err, htmlindex.ErrUnknownLabel) {
		t.Errorf("unknown label: %v does not wrap htmlindex.ErrUnknownLabel", err)
	}
}

// call is one decode(input, {stream}) call and its expected result.
type call struct {
	in     string
	stream bool
	want   string
	err    bool
}

func runCalls(t *testing.T, d *TextDecoder, calls []call) {
	t.Helper()
	for i, c := range calls {
		got, err := d.Decode([]byte(c.in), c.stream)
		if got != c.want || (err != nil) != c.err {
			t.Errorf("%s call %d Decode(% X, %v) = %+q, %v; want %+q, error %v", d.Encoding(), i, c.in, c.stream, got, err, c.want, c.err)
		}
		if err != nil && !errors.Is(err, ErrDecode) {
			t.Errorf("call %d: error %v is not a DecodeError", i, err)
		}
	}
}

// Serialize I/O queue step 2.3: for UTF-8 and UTF-16BE/LE, the first
// scalar value is skipped if it is U+FEFF, unless ignore BOM.
func TestTextDecoderBOM(t *testing.T) {
	for _, tc := range []struct {
		label string
		opts  TextDecoderOptions
		calls []call
	}{
		{"utf-8", TextDecoderOptions{}, []call{{in: "\xEF\xBB\xBFA", want: "A"}}},
		{"utf-8", TextDecoderOptions{IgnoreBOM: true}, []call{{in: "\xEF\xBB\xBFA", want: "\uFEFFA"}}},
		// Only the first scalar value: a second BOM is text.
		{"utf-8", TextDecoderOptions{}, []call{{in: "\xEF\xBB\xBF\xEF\xBB\xBF", want: "\uFEFF"}}},
		{"utf-8", TextDecoderOptions{}, []call{{in: "A\xEF\xBB\xBF", want: "A\uFEFF"}}},
		// U+FFFD from an error is the first item: BOM seen is set.
		{"utf-8", TextDecoderOptions{}, []call{{in: "\xFF\xEF\xBB\xBF", want: "\uFFFD\uFEFF"}}},
		// The BOM split over three calls, and empty calls before it.
		{"utf-8", TextDecoderOptions{}, []call{
			{in: "", stream: true, want: ""},
			{in: "\xEF", stream: true, want: ""},
			{in: "\xBB", stream: true, want: ""},
			{in: "\xBFA", stream: true, want: "A"},
			{in: "\xEF\xBB\xBF", stream: true, want: "\uFEFF"}, // BOM seen stays true
			{in: "", want: ""},
			// Decode step 1: a new stream, BOM seen is false again.
			{in: "\xEF\xBB\xBFB", want: "B"},
			{in: "\xEF\xBB\xBFC", want: "C"},
		}},
		// BOM seen is set by the first item even when a call ends there.
		{"utf-8", TextDecoderOptions{}, []call{{in: "A", stream: true, want: "A"}, {in: "\xEF\xBB\xBF", want: "\uFEFF"}}},
		{"utf-16le", TextDecoderOptions{}, []call{{in: "\xFF\xFEA\x00", want: "A"}}},
		{"utf-16le", TextDecoderOptions{IgnoreBOM: true}, []call{{in: "\xFF\xFEA\x00", want: "\uFEFFA"}}},
		{"utf-16le", TextDecoderOptions{}, []call{{in: "\xFF", stream: true}, {in: "\xFE", stream: true}, {in: "A", stream: true}, {in: "\x00", want: "A"}}},
		{"utf-16be", TextDecoderOptions{}, []call{{in: "\xFE\xFF\x00A", want: "A"}}},
		// A UTF-16BE BOM read as UTF-16LE is U+FFFE, not a BOM.
		{"utf-16le", TextDecoderOptions{}, []call{{in: "\xFE\xFFA\x00", want: "\uFFFEA"}}},
		// Other encodings never drop U+FEFF or BOM-like bytes.
		{"windows-1252", TextDecoderOptions{}, []call{{in: "\xEF\xBB\xBF", want: "ï»¿"}}},
	} {
		runCalls(t, mustTextDecoder(t, tc.label, tc.opts), tc.calls)
	}
}

// Decode steps 1, 2 and 5.2: streaming keeps the decoder's state; a call
// without stream processes end-of-queue; the next call starts afresh.
func TestTextDecoderStreaming(t *testing.T) {
	runCalls(t, mustTextDecoder(t, "utf-8", TextDecoderOptions{}), []call{
		// A sequence split between chunks.
		{in: "a\xE2", stream: true, want: "a"},
		{in: "\x82", stream: true, want: ""},
		{in: "\xACb", stream: true, want: "€b"},
		{in: "\xF0\x9F", stream: true, want: ""},
		{in: "\x98\x80", want: "😀"},
		// UTF-8 decoder step 1: end-of-queue with bytes needed is an error.
		{in: "\xE2\x82", stream: true, want: ""},
		{in: "", want: "\uFFFD"},
		// Reuse after the flush: nothing of the old state remains.
		{in: "\xAC", want: "\uFFFD"},
		{in: "x", want: "x"},
		// Step 4 of the UTF-8 decoder across calls: the restored byte.
		{in: "\xE2", stream: true, want: ""},
		{in: "A", want: "\uFFFDA"},
		// A call without stream flushes the input it is given.
		{in: "\xC3", stream: true, want: ""},
		{in: "\xA9\xC3", want: "é\uFFFD"},
	})
	runCalls(t, mustTextDecoder(t, "utf-16le", TextDecoderOptions{}), []call{
		{in: "A", stream: true, want: ""},
		{in: "\x00\x3D", stream: true, want: "A"},
		{in: "\xD8\x00", stream: true, want: ""},
		{in: "\xDE", want: "😀"},
		// Shared UTF-16 decoder step 1: a leading byte at the end.
		{in: "A", want: "\uFFFD"},
		// A leading surrogate at the end.
		{in: "\x3D\xD8", stream: true, want: ""},
		{in: "", want: "\uFFFD"},
		// Step 6.6: a leading surrogate followed by a non-surrogate.
		{in: "\x3D\xD8", stream: true, want: ""},
		{in: "A\x00", want: "\uFFFDA"},
	})
	// EUC-KR: a lead byte kept between calls, then at the end.
	runCalls(t, mustTextDecoder(t, "euc-kr", TextDecoderOptions{}), []call{
		{in: "\xB0", stream: true, want: ""},
		{in: "\xA1", want: "가"},
		{in: "\xB0", want: "\uFFFD"},
	})
}

// Fatal mode: "If result is error, throw a TypeError"; the error carries
// the stream offset. After an error in a streaming call, do not flush stays
// true (step 2 set it; the throw does not clear it): the decoder and the
// unread input carry over to the next call.
func TestTextDecoderFatal(t *testing.T) {
	d := mustTextDecoder(t, "utf-8", TextDecoderOptions{Fatal: true})
	runCalls(t, d, []call{
		{in: "AB", stream: true, want: "AB"},
		{in: "C\xE2", stream: true, want: "C"},
	})
	_, err := d.Decode([]byte("\x82A"), true)
	var de *DecodeError
	if !errors.As(err, &de) || de.Offset != 3 || !bytes.Equal(de.Bytes, []byte{0xE2, 0x82}) || de.Encoding != "UTF-8" {
		t.Fatalf("mid-stream error = %#v, want UTF-8 offset 3 bytes E2 82", err)
	}
	runCalls(t, d, []call{
		// The UTF-8 decoder restored "A" to the queue before the error;
		// it is read first, is the first item serialized (BOM seen becomes
		// true) and so the U+FEFF after it stays.
		{in: "\xEF\xBB\xBFok", stream: true, want: "A\uFEFFok"},
		// A flush ends the stream; the next call starts afresh (step 1).
		{in: "", want: ""},
		{in: "\xEF\xBB\xBFok", stream: true, want: "ok"},
		{in: "\xC3", stream: true, want: ""},
		{in: "", err: true}, // end-of-queue with bytes needed
		{in: "\xA9", err: true},
		{in: "\xC3\xA9", want: "é"},
		{in: "\xFF", stream: true, err: true},
		{in: "\xA9", err: true},
	})
	// A throw discards the call's output unserialized, so BOM seen does
	// not change: "a" was decoded but never serialized, and the U+FEFF of
	// the next call is still the stream's first serialized item.
	runCalls(t, mustTextDecoder(t, "utf-8", TextDecoderOptions{Fatal: true}), []call{
		{in: "a\xFF", stream: true, err: true},
		{in: "\xEF\xBB\xBFb", want: "b"},
	})
	_, err = d.Decode([]byte("ab\xFF"), false)
	if !errors.As(err, &de) || de.Offset != 2 {
		t.Fatalf("error = %v, want offset 2", err)
	}
	// UTF-16LE: an odd byte at the end of the stream (the web platform
	// tests' "Fatal flag, streaming cases").
	runCalls(t, mustTextDecoder(t, "utf-16le", TextDecoderOptions{Fatal: true}), []call{
		{in: "\x00", stream: true, want: ""},
		{in: "\x00", want: "\x00"},
		{in: "\x00\x00", stream: true, want: "\x00"},
		{in: "\x00", err: true},
		{in: "\x00", stream: true, want: ""},
		{in: "\x00\x00", err: true},
		{in: "\x00\x00", stream: true, want: "\x00"},
		{in: "\x00\x00", want: "\x00"},
	})
}

// The zero TextDecoder is new TextDecoder(): UTF-8, default options.
func TestTextDecoderZero(t *testing.T) {
	var d TextDecoder
	if d.Encoding() != "utf-8" || d.Fatal() || d.IgnoreBOM() {
		t.Errorf("zero TextDecoder: %q %v %v", d.Encoding(), d.Fatal(), d.IgnoreBOM())
	}
	runCalls(t, &d, []call{{in: "\xEF\xBB\xBFa\xE2", stream: true, want: "a"}, {in: "\x82\xAC\xFF", want: "€\uFFFD"}})
	var r TextDecoderReader
	if _, err := r.Read(make([]byte, 4)); err == nil {
		t.Error("zero TextDecoderReader: no error")
	}
}

// Reset makes the next call start a new stream.
func TestTextDecoderReset(t *testing.T) {
	d := mustTextDecoder(t, "utf-8", TextDecoderOptions{})
	if got, _ := d.Decode([]byte("\xE2\x82"), true); got != "" {
		t.Fatalf("got %q", got)
	}
	d.Reset()
	if got, _ := d.Decode([]byte("\xACA"), false); got != "\uFFFDA" {
		t.Fatalf("after Reset got %+q, want U+FFFD A", got)
	}
}

// refFor returns the reference decoder for the encodings it models.
func refFor(label string, opts TextDecoderOptions) *refTextDecoder {
	r := &refTextDecoder{bomEnc: true, fatal: opts.Fatal, ignoreBOM: opts.IgnoreBOM}
	switch label {
	case "utf-8":
		r.newDec = newRefUTF8
	case "utf-16le":
		r.newDec = newRefUTF16(false)
	case "utf-16be":
		r.newDec = newRefUTF16(true)
	}
	return r
}

// pieces of inputs that exercise BOMs, surrogates and invalid sequences.
var refPieces = []string{
	"\xEF\xBB\xBF", "\xFE\xFF", "\xFF\xFE", "A", "\x00", "\x00A", "A\x00",
	"\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\xE2\x82", "\xF0\x9F",
	"\x80", "\xC0", "\xED\xA0\x80", "\xD8\x3D", "\x3D\xD8", "\xDE\x00",
	"\x00\xDE", "\xDC\x00", "\xFF",
}

// checkAgainstRef feeds src to a TextDecoder and to the reference in the
// same chunks and compares every call.
func checkAgainstRef(t testing.TB, label string, opts TextDecoderOptions, src []byte, cuts []int, extraFlush bool) {
	d := mustTextDecoder(t, label, opts)
	ref := refFor(label, opts)
	prev := 0
	cuts = append(cuts, len(src))
	for i, c := range cuts {
		c = max(prev, min(c, len(src)))
		stream := i < len(cuts)-1 || extraFlush
		got, err := d.Decode(src[prev:c], stream)
		want, wantErr := ref.decode(src[prev:c], stream)
		if got != want || (err != nil) != wantErr {
			t.Fatalf("%s %+v input % X cuts %v call %d: got %+q, %v; reference %+q, error %v", label, opts, src, cuts, i, got, err, want, wantErr)
		}
		prev = c
	}
	if extraFlush {
		got, err := d.Decode(nil, false)
		want, wantErr := ref.decode(nil, false)
		if got != want || (err != nil) != wantErr {
			t.Fatalf("%s %+v input % X cuts %v flush: got %+q, %v; reference %+q, error %v", label, opts, src, cuts, got, err, want, wantErr)
		}
	}
}

// TestTextDecoderAgainstReference compares random chunkings of random
// inputs with the literal reference of decode() and serialize I/O queue.
func TestTextDecoderAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 3000; iter++ {
		var src []byte
		for n := rng.IntN(6); n >= 0; n-- {
			src = append(src, refPieces[rng.IntN(len(refPieces))]...)
		}
		var cuts []int
		for n := rng.IntN(4); n > 0; n-- {
			cuts = append(cuts, rng.IntN(len(src)+1))
		}
		if len(cuts) > 1 && cuts[0] > cuts[1] {
			cuts[0], cuts[1] = cuts[1], cuts[0]
		}
		label := []string{"utf-8", "utf-16le", "utf-16be"}[iter%3]
		opts := TextDecoderOptions{Fatal: rng.IntN(2) == 0, IgnoreBOM: rng.IntN(3) == 0}
		checkAgainstRef(t, label, opts, src, cuts, rng.IntN(2) == 0)
	}
}

func FuzzTextDecoder(f *testing.F) {
	f.Add([]byte("\xEF\xBB\xBFA\xE2\x82\xAC"), uint8(1), uint8(2), uint8(0))
	f.Add([]byte("\xFF\xFE\x3D\xD8\x00\xDE"), uint8(3), uint8(1), uint8(5))
	f.Fuzz(func(t *testing.T, src []byte, c1, c2, mode uint8) { fuzzTextDecoderBody(t, src, c1, c2, mode) })
}

// fuzzTextDecoderBody is FuzzTextDecoder's body (also run by
// BenchmarkFuzzBodies).
func fuzzTextDecoderBody(t testing.TB, src []byte, c1, c2, mode uint8) {
	label := []string{"utf-8", "utf-16le", "utf-16be"}[mode%3]
	opts := TextDecoderOptions{Fatal: mode&4 != 0, IgnoreBOM: mode&8 != 0}
	checkAgainstRef(t, label, opts, src, []int{int(c1), int(c1) + int(c2)}, mode&16 != 0)
}

// TextDecoderStream: chunks (here, reads of one byte) are decoded with the
// decoder's state kept between them and the BOM rule on the first scalar.
func TestTextDecoderReader(t *testing.T) {
	for _, tc := range []struct {
		label string
		opts  TextDecoderOptions
		in    string
		want  string
		err   bool
	}{
		{"utf-8", TextDecoderOptions{}, "\xEF\xBB\xBFa\xE2\x82\xAC\xEF\xBB\xBF", "a€\uFEFF", false},
		{"utf-8", TextDecoderOptions{IgnoreBOM: true}, "\xEF\xBB\xBFa", "\uFEFFa", false},
		{"utf-8", TextDecoderOptions{}, "a\xE2\x82", "a\uFFFD", false},       // flush and enqueue: end-of-queue error
		{"utf-8", TextDecoderOptions{Fatal: true}, "ab\xE2\x82", "ab", true}, // decoded text, then the error
		{"utf-8", TextDecoderOptions{Fatal: true}, "ab\xFFcd", "ab", true},   // mid-stream error
		{"utf-16be", TextDecoderOptions{}, "\xFE\xFF\x00a\xD8\x3D\xDE\x00", "a😀", false},
		{"windows-1252", TextDecoderOptions{}, "\xEF\xBB\xBF\x80", "ï»¿€", false},
	} {
		for _, wrap := range []func(io.Reader) io.Reader{func(r io.Reader) io.Reader { return r }, iotest.OneByteReader, iotest.HalfReader} {
			r, err := NewTextDecoderReader(tc.label, wrap(strings.NewReader(tc.in)), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if r.Encoding() != tc.label || r.Fatal() != tc.opts.Fatal || r.IgnoreBOM() != tc.opts.IgnoreBOM {
				t.Errorf("getters: %q %v %v", r.Encoding(), r.Fatal(), r.IgnoreBOM())
			}
			got, err := io.ReadAll(r)
			if string(got) != tc.want || (err != nil) != tc.err {
				t.Errorf("%s % X: got %+q, %v; want %+q, error %v", tc.label, tc.in, got, err, tc.want, tc.err)
			}
			var de *DecodeError
			if tc.err && !errors.As(err, &de) {
				t.Errorf("error %v is not a *DecodeError", err)
			}
		}
	}
}

func ExampleTextDecoder() {
	d, err := NewTextDecoder("utf-8", TextDecoderOptions{})
	if err != nil {
		panic(err)
	}
	// Chunks as they might come from the network: the BOM and the euro
	// sign are split between them.
	chunks := [][]byte{{0xEF, 0xBB}, {0xBF, 'c', 'o', 's', 't', ' ', 0xE2}, {0x82, 0xAC, '5'}}
	var s string
	for _, c := range chunks {
		text, _ := d.Decode(c, true)
		s += text
	}
	text, _ := d.Decode(nil, false) // end of the stream
	s += text
	fmt.Println(s)
	// Output: cost €5
}

func ExampleTextDecoder_fatal() {
	d, _ := NewTextDecoder("utf-8", TextDecoderOptions{Fatal: true})
	_, err := d.Decode([]byte("ok \xC3("), false)
	var de *DecodeError
	if errors.As(err, &de) {
		fmt.Printf("invalid % X at offset %d\n", de.Bytes, de.Offset)
	}
	// Output: invalid C3 at offset 3
}

func ExampleNewTextDecoderReader() {
	r, err := NewTextDecoderReader("utf-16le", strings.NewReader("\xFF\xFEh\x00i\x00"), TextDecoderOptions{})
	if err != nil {
		panic(err)
	}
	text, _ := io.ReadAll(r)
	fmt.Printf("%s: %q\n", r.Encoding(), text)
	// Output: utf-16le: "hi"
}
