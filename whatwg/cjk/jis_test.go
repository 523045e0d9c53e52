package cjk

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/codectest"
)

// This file holds what the Japanese encodings' tests share: the index
// files, and reference decoders and encoders written literally from the
// Standard's algorithms (an I/O queue with restore, maps built from the
// index files), which the tests compare the codecs against. Nothing here
// uses the generated tables.

// jisRef is the Standard's data for the Japanese encodings, from the index
// files.
type jisRef struct {
	j208 map[int]rune // index jis0208: pointer → code point
	j212 map[int]rune // index jis0212
	kata map[int]rune // index ISO-2022-JP katakana
	// j208Entries is index jis0208 in file order, for the index pointer.
	j208Entries []specdata.Entry
}

// jisLoadRef reads the index files, or skips tb when they are absent.
func jisLoadRef(tb testing.TB) *jisRef {
	tb.Helper()
	dir, ok := specdata.WHATWGDir()
	if !ok {
		tb.Skip("WHATWG index files not found (set WEBENC_WHATWG)")
	}
	read := func(name string) *specdata.Index {
		ix, err := specdata.ReadIndex(dir, name)
		if err != nil {
			tb.Fatal(err)
		}
		return ix
	}
	j208, j212, kata := read("jis0208"), read("jis0212"), read("iso-2022-jp-katakana")
	return &jisRef{j208: j208.Map(), j212: j212.Map(), kata: kata.Map(), j208Entries: j208.Entries}
}

// pointers returns, for every code point of index jis0208, the index
// pointer (the first, i.e. smallest, pointer) and the index Shift_JIS
// pointer (the first pointer outside 8272 to 8835), when it has one.
func (ref *jisRef) pointers() (first, sjis map[rune]int) {
	first, sjis = map[rune]int{}, map[rune]int{}
	for _, e := range ref.j208Entries {
		if p, ok := first[e.CodePoint]; !ok || e.Pointer < p {
			first[e.CodePoint] = e.Pointer
		}
		if e.Pointer >= 8272 && e.Pointer <= 8835 {
			continue
		}
		if p, ok := sjis[e.CodePoint]; !ok || e.Pointer < p {
			sjis[e.CodePoint] = e.Pointer
		}
	}
	return first, sjis
}

// jisQueue is an I/O queue over src: read returns -1 for end-of-queue
// (again and again), and restore puts the last n items read back. ends
// records, for each error, how many bytes of src had been consumed (read
// and not restored) when the decoder returned it.
type jisQueue struct {
	src  []byte
	i    int
	ends []int
}

// fail appends an error to out, recording where the queue stands: call it
// after the restores the error's step makes.
func (q *jisQueue) fail(out []rune) []rune {
	q.ends = append(q.ends, min(q.i, len(q.src)))
	return append(out, jisRefError)
}

// jisRefDecode runs a reference decoder over src and returns its output
// and the queue's error ends.
func jisRefDecode(dec func(*jisQueue) []rune, src []byte) ([]rune, []int) {
	q := &jisQueue{src: src}
	out := dec(q)
	return out, q.ends
}

func (q *jisQueue) read() int {
	if q.i >= len(q.src) {
		q.i = len(q.src) + 1 // end-of-queue was read
		return -1
	}
	q.i++
	return int(q.src[q.i-1])
}

func (q *jisQueue) restore(n int) {
	if q.i > len(q.src) {
		q.i = len(q.src) // end-of-queue is not restored
		n--
	}
	q.i -= n
}

// failRestoringASCII is the error steps of the Shift_JIS and EUC-JP
// decoders after a leading byte (Shift_JIS steps 3.10–3.11, EUC-JP steps
// 5.7–5.8): if byte b is an ASCII byte, restore it; then return error.
func (q *jisQueue) failRestoringASCII(out []rune, b int) []rune {
	if b < 0x80 {
		q.restore(1)
	}
	return q.fail(out)
}

// jisRefError marks an error in a reference decoder's output.
const jisRefError = -1

// sjisDecode is the Shift_JIS decoder.
func (ref *jisRef) sjisDecode(src []byte) []rune {
	out, _ := jisRefDecode(ref.sjisDecodeQ, src)
	return out
}

// sjisDecodeQ is sjisDecode over the queue q.
func (ref *jisRef) sjisDecodeQ(q *jisQueue) []rune {
	var out []rune
	leading := 0
	for {
		b := q.read()
		if b == -1 && leading != 0 { // step 1
			leading = 0
			out = q.fail(out)
			continue
		}
		if b == -1 { // step 2
			return out
		}
		if leading != 0 { // step 3
			lead := leading
			leading = 0
			pointer := -1
			offset := 0x41
			if b < 0x7F {
				offset = 0x40
			}
			leadingOffset := 0xC1
			if lead < 0xA0 {
				leadingOffset = 0x81
			}
			if (b >= 0x40 && b <= 0x7E) || (b >= 0x80 && b <= 0xFC) {
				pointer = (lead-leadingOffset)*188 + b - offset
			}
			if pointer >= 8836 && pointer <= 10715 {
				out = append(out, rune(0xE000-8836+pointer))
				continue
			}
			if cp, ok := ref.j208[pointer]; ok && pointer >= 0 {
				out = append(out, cp)
				continue
			}
			out = q.failRestoringASCII(out, b)
			continue
		}
		switch {
		case b < 0x80 || b == 0x80: // step 4
			out = append(out, rune(b))
		case b >= 0xA1 && b <= 0xDF: // step 5
			out = append(out, rune(0xFF61-0xA1+b))
		case (b >= 0x81 && b <= 0x9F) || (b >= 0xE0 && b <= 0xFC): // step 6
			leading = b
		default: // step 7
			out = q.fail(out)
		}
	}
}

// eucjpDecode is the EUC-JP decoder.
func (ref *jisRef) eucjpDecode(src []byte) []rune {
	out, _ := jisRefDecode(ref.eucjpDecodeQ, src)
	return out
}

// eucjpDecodeQ is eucjpDecode over the queue q.
func (ref *jisRef) eucjpDecodeQ(q *jisQueue) []rune {
	var out []rune
	leading, jis0212 := 0, false
	for {
		b := q.read()
		if b == -1 && leading != 0 { // step 1
			leading = 0
			out = q.fail(out)
			continue
		}
		if b == -1 { // step 2
			return out
		}
		if leading == 0x8E && b >= 0xA1 && b <= 0xDF { // step 3
			leading = 0
			out = append(out, rune(0xFF61-0xA1+b))
			continue
		}
		if leading == 0x8F && b >= 0xA1 && b <= 0xFE { // step 4
			jis0212 = true
			leading = b
			continue
		}
		if leading != 0 { // step 5
			lead := leading
			leading = 0
			cp := rune(-1)
			if lead >= 0xA1 && lead <= 0xFE && b >= 0xA1 && b <= 0xFE {
				p := (lead-0xA1)*94 + b - 0xA1
				idx := ref.j208
				if jis0212 {
					idx = ref.j212
				}
				if c, ok := idx[p]; ok {
					cp = c
				}
			}
			jis0212 = false
			if cp >= 0 {
				out = append(out, cp)
				continue
			}
			out = q.failRestoringASCII(out, b)
			continue
		}
		switch {
		case b < 0x80: // step 6
			out = append(out, rune(b))
		case b == 0x8E || b == 0x8F || (b >= 0xA1 && b <= 0xFE): // step 7
			leading = b
		default: // step 8
			out = q.fail(out)
		}
	}
}

// The reference ISO-2022-JP decoder states.
const (
	jisRefASCII = iota
	jisRefRoman
	jisRefKatakana
	jisRefLead
	jisRefTrail
	jisRefEscStart
	jisRefEscape
)

// iso2022jpDecode is the ISO-2022-JP decoder.
func (ref *jisRef) iso2022jpDecode(src []byte) []rune {
	out, _ := jisRefDecode(ref.iso2022jpDecodeQ, src)
	return out
}

// iso2022jpDecodeQ is iso2022jpDecode over the queue q.
func (ref *jisRef) iso2022jpDecodeQ(q *jisQueue) []rune {
	var out []rune
	state, outState, leading, output := jisRefASCII, jisRefASCII, 0, false
	emit := func(r rune) { out = append(out, r) }
	for {
		b := q.read()
		switch state {
		case jisRefASCII, jisRefRoman:
			switch {
			case b == 0x1B:
				state = jisRefEscStart
			case b == -1:
				return out
			case state == jisRefRoman && b == 0x5C:
				output = false
				emit(0xA5)
			case state == jisRefRoman && b == 0x7E:
				output = false
				emit(0x203E)
			case b <= 0x7F && b != 0x0E && b != 0x0F:
				output = false
				emit(rune(b))
			default:
				output = false
				out = q.fail(out)
			}
		case jisRefKatakana:
			switch {
			case b == 0x1B:
				state = jisRefEscStart
			case b >= 0x21 && b <= 0x5F:
				output = false
				emit(rune(0xFF61 - 0x21 + b))
			case b == -1:
				return out
			default:
				output = false
				out = q.fail(out)
			}
		case jisRefLead:
			switch {
			case b == 0x1B:
				state = jisRefEscStart
			case b >= 0x21 && b <= 0x7E:
				output = false
				leading = b
				state = jisRefTrail
			case b == -1:
				return out
			default:
				output = false
				out = q.fail(out)
			}
		case jisRefTrail:
			switch {
			case b == 0x1B:
				state = jisRefEscStart
				out = q.fail(out)
			case b >= 0x21 && b <= 0x7E:
				state = jisRefLead
				pointer := (leading-0x21)*94 + b - 0x21
				if cp, ok := ref.j208[pointer]; ok {
					emit(cp)
				} else {
					out = q.fail(out)
				}
			case b == -1:
				state = jisRefLead
				out = q.fail(out)
			default:
				state = jisRefLead
				out = q.fail(out)
			}
		case jisRefEscStart:
			if b == 0x24 || b == 0x28 {
				leading = b
				state = jisRefEscape
				continue
			}
			if b != -1 {
				q.restore(1)
			}
			output = false
			state = outState
			out = q.fail(out)
		case jisRefEscape:
			lead := leading
			leading = 0
			s := -1
			switch {
			case lead == 0x28 && b == 0x42:
				s = jisRefASCII
			case lead == 0x28 && b == 0x4A:
				s = jisRefRoman
			case lead == 0x28 && b == 0x49:
				s = jisRefKatakana
			case lead == 0x24 && (b == 0x40 || b == 0x42):
				s = jisRefLead
			}
			if s >= 0 {
				state, outState = s, s
				o := output
				output = true
				if o {
					out = q.fail(out)
				}
				continue
			}
			// Restore leading (and byte unless it is end-of-queue, which
			// jisQueue never restores).
			q.restore(2)
			output = false
			state = outState
			out = q.fail(out)
		}
	}
}

// jisRefString renders a reference decoder's output in replacement mode.
func jisRefString(out []rune) string {
	b := make([]byte, 0, 3*len(out))
	for _, r := range out {
		if r == jisRefError {
			r = utf8.RuneError
		}
		b = utf8.AppendRune(b, r)
	}
	return string(b)
}

// jisRefFatal renders the output before the first error, and whether there
// was one: what fatal mode writes.
func jisRefFatal(out []rune) (string, bool) {
	for i, r := range out {
		if r == jisRefError {
			return jisRefString(out[:i]), true
		}
	}
	return jisRefString(out), false
}

// jisRefEncodeResult is a reference encoder's output: the bytes and, when
// it stopped (fatal mode), the code point reported and the index of the
// input rune.
type jisRefEncodeResult struct {
	out     []byte
	failed  bool
	errRune rune
	errAt   int
}

// jisRefEncode runs handler over the code points of s as the Standard's
// encode does, in fatal mode, or in html mode (html) where errors become
// "&#N;". handler returns bytes, or reports an error with a code point;
// restore makes the item be read again.
func jisRefEncode(s []rune, html bool, handler func(cp rune, eoq bool) (out []byte, errCP rune, isErr, restore bool)) jisRefEncodeResult {
	var res jisRefEncodeResult
	for i := 0; ; {
		eoq := i >= len(s)
		var cp rune
		if !eoq {
			cp = s[i]
		}
		out, errCP, isErr, restore := handler(cp, eoq)
		res.out = append(res.out, out...)
		if isErr {
			if !html {
				res.failed, res.errRune, res.errAt = true, errCP, i
				return res
			}
			res.out = append(res.out, "&#"+strconv.Itoa(int(errCP))+";"...)
		}
		if !restore {
			if eoq {
				return res
			}
			i++
		}
	}
}

// sjisEncoder returns the Shift_JIS encoder's handler, given the index
// Shift_JIS pointers.
func sjisRefEncoder(sjis map[rune]int) func(rune, bool) ([]byte, rune, bool, bool) {
	return func(cp rune, eoq bool) ([]byte, rune, bool, bool) {
		switch {
		case eoq: // step 1
			return nil, 0, false, false
		case cp < 0x80 || cp == 0x80: // step 2
			return []byte{byte(cp)}, 0, false, false
		case cp == 0xA5: // step 3
			return []byte{0x5C}, 0, false, false
		case cp == 0x203E: // step 4
			return []byte{0x7E}, 0, false, false
		case cp >= 0xFF61 && cp <= 0xFF9F: // step 5
			return []byte{byte(cp - 0xFF61 + 0xA1)}, 0, false, false
		}
		if cp == 0x2212 { // step 6
			cp = 0xFF0D
		}
		pointer, ok := sjis[cp] // step 7
		if !ok {
			return nil, cp, true, false // step 8
		}
		lead := pointer / 188
		leadOffset := 0xC1
		if lead < 0x1F {
			leadOffset = 0x81
		}
		trail := pointer % 188
		offset := 0x41
		if trail < 0x3F {
			offset = 0x40
		}
		return []byte{byte(lead + leadOffset), byte(trail + offset)}, 0, false, false
	}
}

// eucjpRefEncoder returns the EUC-JP encoder's handler, given the index
// jis0208 pointers.
func eucjpRefEncoder(first map[rune]int) func(rune, bool) ([]byte, rune, bool, bool) {
	return func(cp rune, eoq bool) ([]byte, rune, bool, bool) {
		switch {
		case eoq:
			return nil, 0, false, false
		case cp < 0x80:
			return []byte{byte(cp)}, 0, false, false
		case cp == 0xA5:
			return []byte{0x5C}, 0, false, false
		case cp == 0x203E:
			return []byte{0x7E}, 0, false, false
		case cp >= 0xFF61 && cp <= 0xFF9F:
			return []byte{0x8E, byte(cp - 0xFF61 + 0xA1)}, 0, false, false
		}
		if cp == 0x2212 {
			cp = 0xFF0D
		}
		pointer, ok := first[cp]
		if !ok {
			return nil, cp, true, false
		}
		return []byte{byte(pointer/94 + 0xA1), byte(pointer%94 + 0xA1)}, 0, false, false
	}
}

// iso2022jpRefEncoder returns a new ISO-2022-JP encoder's handler, given
// the index jis0208 pointers.
func (ref *jisRef) iso2022jpRefEncoder(first map[rune]int) func(rune, bool) ([]byte, rune, bool, bool) {
	const (
		ascii = iota
		roman
		jis0208
	)
	state := ascii
	return func(cp rune, eoq bool) ([]byte, rune, bool, bool) {
		if eoq && state != ascii { // step 1
			state = ascii
			return []byte{0x1B, 0x28, 0x42}, 0, false, false
		}
		if eoq { // step 2
			return nil, 0, false, false
		}
		if (state == ascii || state == roman) && (cp == 0x0E || cp == 0x0F || cp == 0x1B) { // step 3
			return nil, 0xFFFD, true, false
		}
		if state == ascii && cp < 0x80 { // step 4
			return []byte{byte(cp)}, 0, false, false
		}
		if state == roman && ((cp < 0x80 && cp != 0x5C && cp != 0x7E) || cp == 0xA5 || cp == 0x203E) { // step 5
			switch cp {
			case 0xA5:
				return []byte{0x5C}, 0, false, false
			case 0x203E:
				return []byte{0x7E}, 0, false, false
			}
			return []byte{byte(cp)}, 0, false, false
		}
		if cp < 0x80 && state != ascii { // step 6
			state = ascii
			return []byte{0x1B, 0x28, 0x42}, 0, false, true
		}
		if (cp == 0xA5 || cp == 0x203E) && state != roman { // step 7
			state = roman
			return []byte{0x1B, 0x28, 0x4A}, 0, false, true
		}
		if cp == 0x2212 { // step 8
			cp = 0xFF0D
		}
		if cp >= 0xFF61 && cp <= 0xFF9F { // step 9
			cp = ref.kata[int(cp-0xFF61)]
		}
		pointer, ok := first[cp] // step 10
		if !ok {                 // step 11
			if state == jis0208 {
				state = ascii
				return []byte{0x1B, 0x28, 0x42}, 0, false, true
			}
			return nil, cp, true, false
		}
		if state != jis0208 { // step 12
			state = jis0208
			return []byte{0x1B, 0x24, 0x42}, 0, false, true
		}
		return []byte{byte(pointer/94 + 0x21), byte(pointer%94 + 0x21)}, 0, false, false // steps 13–15
	}
}

// jisDecoders returns new-transformer functions for enc's decoder in
// replacement and fatal mode.
func jisDecoders(enc *codec.Encoding) (repl, fatal func() transform.Transformer) {
	return func() transform.Transformer { return enc.NewDecoderMode(false) },
		func() transform.Transformer { return enc.NewDecoderMode(true) }
}

// jisEncoders returns new-transformer functions for enc's encoder in fatal
// and html mode.
func jisEncoders(enc *codec.Encoding) (fatal, html func() transform.Transformer) {
	return func() transform.Transformer { t, _ := enc.Encoder(codec.Fatal); return t },
		func() transform.Transformer { t, _ := enc.Encoder(codec.HTML); return t }
}

// jisEncodeErrText is the fatal-mode error text for a reference result
// on s (valid UTF-8), or "<nil>".
func jisEncodeErrText(name string, s string, res jisRefEncodeResult) string {
	if !res.failed {
		return "<nil>"
	}
	off := len(string([]rune(s)[:res.errAt]))
	return (&codec.EncodeError{Encoding: name, Rune: res.errRune, Offset: int64(off)}).Error()
}

// jisDecodeCase is a hand-written decoder case: input, output in
// replacement mode, and the fatal-mode error (the output before it is the
// replacement output up to its first U+FFFD).
type jisDecodeCase struct {
	name  string // the spec step
	in    string
	want  string
	fatal string // the fatal-mode error text; "" for none
}

// jisCheckDecodeCases runs cases through CheckStreaming in both modes, and
// checks a fatal decoder resumed after each error against the reference
// decoder refDecode (cjkCheckResume).
func jisCheckDecodeCases(t *testing.T, enc *codec.Encoding, refDecode func(*jisQueue) []rune, cases []jisDecodeCase) {
	t.Helper()
	repl, fatal := jisDecoders(enc)
	for _, c := range cases {
		_, ends := jisRefDecode(refDecode, []byte(c.in))
		cjkCheckResume(t, fatal(), repl(), []byte(c.in), ends)
		got := codectest.CheckStreaming(t, repl, []byte(c.in))
		if got.Err != nil || string(got.Out) != c.want {
			t.Errorf("%s: decode %q = %v, want %q", c.name, c.in, got, c.want)
		}
		got = codectest.CheckStreaming(t, fatal, []byte(c.in))
		wantOut, _, _ := jisCutAtFFFD(c.want)
		if c.fatal == "" {
			wantOut = c.want
		}
		if string(got.Out) != wantOut || jisFmtErr(got.Err) != jisOr(c.fatal, "<nil>") {
			t.Errorf("%s: fatal decode %q = %v, want out=%q err=%s", c.name, c.in, got, wantOut, jisOr(c.fatal, "<nil>"))
		}
	}
}

// jisCheckDecodeStreaming checks each input, errors included, at every
// split point and dst size in both modes against the reference decoder
// refDecode, and the fatal decoder resumed after each error.
func jisCheckDecodeStreaming(t *testing.T, enc *codec.Encoding, refDecode func(*jisQueue) []rune, inputs []string) {
	repl, fatal := jisDecoders(enc)
	for _, s := range inputs {
		got := codectest.CheckStreaming(t, repl, []byte(s))
		ref, ends := jisRefDecode(refDecode, []byte(s))
		if want := jisRefString(ref); string(got.Out) != want || got.Err != nil {
			t.Errorf("decode %q = %v, want %q", s, got, want)
		}
		codectest.CheckStreaming(t, fatal, []byte(s))
		cjkCheckResume(t, fatal(), repl(), []byte(s), ends)
	}
}

func jisOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func jisFmtErr(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// jisCutAtFFFD returns s before its first U+FFFD.
func jisCutAtFFFD(s string) (before, after string, found bool) {
	for i, r := range s {
		if r == utf8.RuneError {
			return s[:i], s[i+3:], true
		}
	}
	return s, "", false
}

// jisEncodeCase is a hand-written encoder case: the output and error in
// fatal mode, and the html-mode output.
type jisEncodeCase struct {
	name string // the spec step
	in   string
	want string // fatal mode output
	err  string // fatal mode error text, "" for none
	html string // html mode output; "" means want
}

// jisCheckEncodeCases runs cases through CheckStreaming in fatal and html
// mode.
func jisCheckEncodeCases(t *testing.T, enc *codec.Encoding, cases []jisEncodeCase) {
	t.Helper()
	fatal, html := jisEncoders(enc)
	for _, c := range cases {
		got := codectest.CheckStreaming(t, fatal, []byte(c.in))
		if string(got.Out) != c.want || jisFmtErr(got.Err) != jisOr(c.err, "<nil>") {
			t.Errorf("%s: encode %q = %v, want out=%q err=%s", c.name, c.in, got, c.want, jisOr(c.err, "<nil>"))
		}
		got = codectest.CheckStreaming(t, html, []byte(c.in))
		if want := jisOr(c.html, c.want); string(got.Out) != want || got.Err != nil {
			t.Errorf("%s: html encode %q = %v, want %q", c.name, c.in, got, want)
		}
	}
}

// jisCheckEncodeStreaming runs inputs through CheckStreaming in fatal and
// html mode.
func jisCheckEncodeStreaming(t *testing.T, enc *codec.Encoding, inputs []string) {
	t.Helper()
	fatal, html := jisEncoders(enc)
	for _, s := range inputs {
		codectest.CheckStreaming(t, fatal, []byte(s))
		codectest.CheckStreaming(t, html, []byte(s))
	}
}

// jisCheckXText checks that enc works with x/text's API: Decoder.String and
// Bytes, transform.NewReader and NewWriter, and the encoder error handlers.
// text must encode to encoded.
func jisCheckXText(t *testing.T, enc encoding.Encoding, text, encoded string) {
	t.Helper()
	if got, err := enc.NewDecoder().String(encoded); err != nil || got != text {
		t.Errorf("%s: Decoder.String = %q, %v; want %q", enc, got, err, text)
	}
	if got, err := enc.NewDecoder().Bytes([]byte(encoded)); err != nil || string(got) != text {
		t.Errorf("%s: Decoder.Bytes = %q, %v; want %q", enc, got, err, text)
	}
	if got, err := io.ReadAll(transform.NewReader(iotest.OneByteReader(strings.NewReader(encoded)), enc.NewDecoder())); err != nil || string(got) != text {
		t.Errorf("%s: NewReader decode = %q, %v; want %q", enc, got, err, text)
	}
	if got, err := enc.NewEncoder().String(text); err != nil || got != encoded {
		t.Errorf("%s: Encoder.String = %q, %v; want %q", enc, got, err, encoded)
	}
	var buf bytes.Buffer
	w := transform.NewWriter(&buf, enc.NewEncoder())
	for i := 0; i < len(text); i++ {
		if _, err := w.Write([]byte{text[i]}); err != nil {
			t.Fatalf("%s: NewWriter: %v", enc, err)
		}
	}
	if err := w.Close(); err != nil || buf.String() != encoded {
		t.Errorf("%s: NewWriter encode = %q, %v; want %q", enc, buf.String(), err, encoded)
	}
	// Unencodable input: the raw encoder reports an *codec.EncodeError that
	// x/text's handlers accept.
	if _, err := enc.NewEncoder().String(text + "\u00E9"); !errors.Is(err, codec.ErrEncode) {
		t.Errorf("%s: encoding U+00E9: %v, want an EncodeError", enc, err)
	}
	if got, err := encoding.HTMLEscapeUnsupported(enc.NewEncoder()).String(text + "\u00E9!"); err != nil || got != encoded+"&#233;!" {
		t.Errorf("%s: HTMLEscapeUnsupported = %q, %v", enc, got, err)
	}
	if got, err := encoding.ReplaceUnsupported(enc.NewEncoder()).String(text + "\u00E9!"); err != nil || got != encoded+"\x1a!" {
		t.Errorf("%s: ReplaceUnsupported = %q, %v", enc, got, err)
	}
}

// jisFuzzDecode checks one fuzz input: one shot against the reference, a
// split at split against one shot, in both modes.
// jisCheckXTextAgrees checks that enc encodes s as x/text's xt does (on
// text both map the same way).
func jisCheckXTextAgrees(t *testing.T, enc, xt encoding.Encoding, s string) {
	t.Helper()
	want, err := xt.NewEncoder().String(s)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := enc.NewEncoder().String(s); err != nil || got != want {
		t.Errorf("encode %q = %q, %v; x/text gives %q", s, got, err, want)
	}
}

// jisFuzzDecodeTarget runs jisFuzzDecode as a fuzz target of enc, whose
// reference decoder dec picks from the loaded reference.
func jisFuzzDecodeTarget(f *testing.F, enc *codec.Encoding, seeds []string, dec func(*jisRef) func(*jisQueue) []rune) {
	refDecode := dec(jisLoadRef(f))
	for _, s := range seeds {
		f.Add([]byte(s), uint8(3))
	}
	f.Fuzz(func(t *testing.T, src []byte, split uint8) {
		jisFuzzDecode(t, enc, src, int(split), refDecode)
	})
}

func jisFuzzDecode(t *testing.T, enc *codec.Encoding, src []byte, split int, refDecode func(*jisQueue) []rune) {
	repl, fatal := enc.NewDecoderMode(false), enc.NewDecoderMode(true)
	want, ends := jisRefDecode(refDecode, src)
	cjkCheckResume(t, fatal, repl, src, ends)
	got := codectest.OneShot(repl, src)
	if got.Err != nil || string(got.Out) != jisRefString(want) {
		t.Fatalf("decode % X = %v, want %q", src, got, jisRefString(want))
	}
	if !utf8.Valid(got.Out) {
		t.Fatalf("decode % X: invalid UTF-8", src)
	}
	chunks := []int{split%7 + 1, split%5 + 1}
	if r := codectest.Run(repl, src, chunks, split%4+1); !r.Equal(got) {
		t.Fatalf("decode % X in chunks %v = %v, want %v", src, chunks, r, got)
	}
	f := codectest.OneShot(fatal, src)
	wantOut, wantErr := jisRefFatal(want)
	if string(f.Out) != wantOut || (f.Err != nil) != wantErr {
		t.Fatalf("fatal decode % X = %v, want %q (error %v)", src, f, wantOut, wantErr)
	}
	if r := codectest.Run(fatal, src, chunks, split%4+1); !r.Equal(f) {
		t.Fatalf("fatal decode % X in chunks %v = %v, want %v", src, chunks, r, f)
	}
}

// jisFuzzEncode checks one fuzz input: fatal and html mode against the
// reference, a split against one shot, and decode(encode(s)) == s (with
// alias applied) for valid UTF-8 that encodes.
func jisFuzzEncode(t *testing.T, enc *codec.Encoding, s string, split int, newHandler func() func(rune, bool) ([]byte, rune, bool, bool), alias map[rune]rune) {
	fatal, html := jisEncoders(enc)
	got := codectest.OneShot(fatal(), []byte(s))
	hgot := codectest.OneShot(html(), []byte(s))
	chunks := []int{split%7 + 1, split%3 + 1}
	if r := codectest.Run(fatal(), []byte(s), chunks, split%4+1); !r.Equal(got) {
		t.Fatalf("encode %q in chunks %v = %v, want %v", s, chunks, r, got)
	}
	if r := codectest.Run(html(), []byte(s), chunks, split%4+1); !r.Equal(hgot) {
		t.Fatalf("html encode %q in chunks %v = %v, want %v", s, chunks, r, hgot)
	}
	// The scalar value string (invalid UTF-8 as U+FFFD per maximal
	// subpart, as codec.NextRune reads it).
	var rs []rune
	for b := []byte(s); len(b) > 0; {
		r, n := codec.NextRune(b, true)
		rs = append(rs, r)
		b = b[n:]
	}
	if utf8.ValidString(s) {
		want := jisRefEncode(rs, false, newHandler())
		if string(got.Out) != string(want.out) || jisFmtErr(got.Err) != jisEncodeErrText(enc.Name, s, want) {
			t.Fatalf("encode %q = %v, want out=%q err=%s", s, got, want.out, jisEncodeErrText(enc.Name, s, want))
		}
		if !want.failed {
			back, err := enc.NewDecoder().String(string(got.Out))
			var exp []rune
			for _, r := range rs {
				if a, ok := alias[r]; ok {
					r = a
				}
				exp = append(exp, r)
			}
			if err != nil || back != string(exp) {
				t.Fatalf("decode(encode(%q)) = %q, %v; want %q", s, back, err, string(exp))
			}
		}
	}
	hwant := jisRefEncode(rs, true, newHandler())
	if hgot.Err != nil || string(hgot.Out) != string(hwant.out) {
		t.Fatalf("html encode %q = %v, want %q", s, hgot, hwant.out)
	}
}

// TestJISEncodeSequences encodes pseudo-random strings of kanji, kana,
// ASCII, special code points and invalid UTF-8 (overlong forms of code
// points that index jis0208 maps, surrogates, truncated sequences) with
// every Japanese encoder in fatal and html mode against the reference
// encoders, so the encoders' multi-character fast paths meet every
// neighbour at every alignment.
func TestJISEncodeSequences(t *testing.T) {
	ref := jisLoadRef(t)
	first, sjis := ref.pointers()
	pool := []string{"a", "日", "本", "あ", "ｱ", "¥", "‾", "\u2212", "\u2170", "\u00E9", "§",
		"\xE0\x82\xA7", "\xED\xA0\x80", "\xE6\x97", "\xC2\xA7", "\U0001F600", "\\", "\x0E"}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct {
		enc   *codec.Encoding
		newH  func() func(rune, bool) ([]byte, rune, bool, bool)
		alias map[rune]rune
	}{
		{sjisEnc, func() func(rune, bool) ([]byte, rune, bool, bool) { return sjisRefEncoder(sjis) }, map[rune]rune{0xA5: 0x5C, 0x203E: 0x7E, 0x2212: 0xFF0D}},
		{eucjpEnc, func() func(rune, bool) ([]byte, rune, bool, bool) { return eucjpRefEncoder(first) }, map[rune]rune{0xA5: 0x5C, 0x203E: 0x7E, 0x2212: 0xFF0D}},
		{iso2022jpEnc, func() func(rune, bool) ([]byte, rune, bool, bool) { return ref.iso2022jpRefEncoder(first) }, iso2022jpAlias(ref)},
	} {
		for i := 0; i < 2000; i++ {
			var b strings.Builder
			for k := rng.IntN(12); k >= 0; k-- {
				b.WriteString(pool[rng.IntN(len(pool))])
			}
			jisFuzzEncode(t, c.enc, b.String(), i, c.newH, c.alias)
		}
	}
}

// cjkResumeOneShot runs the fatal decoder over src in calls given all the
// input left, resuming on src[nSrc:] after each error (the contract of
// codec.DecodeErrors), and returns the output with U+FFFD for each error,
// the error texts, and for each error the bytes of src consumed in all when
// it was returned.
func cjkResumeOneShot(tb testing.TB, fatal transform.Transformer, src []byte) (out []byte, errs []string, ends []int) {
	tb.Helper()
	fatal.Reset()
	dst := make([]byte, 4*len(src)+64)
	done := 0
	for iter := 0; ; iter++ {
		if iter > len(src)+1 {
			tb.Fatalf("fatal resume % X: no progress", src)
		}
		nDst, nSrc, err := fatal.Transform(dst, src[done:], true)
		out = append(out, dst[:nDst]...)
		done += nSrc
		if err == nil {
			if done != len(src) {
				tb.Fatalf("fatal resume % X: nil error with %d bytes left", src, len(src)-done)
			}
			return out, errs, ends
		}
		if !errors.Is(err, codec.ErrDecode) {
			tb.Fatalf("fatal resume % X: %v", src, err)
		}
		out = append(out, "\uFFFD"...)
		errs = append(errs, err.Error())
		ends = append(ends, done)
	}
}

// cjkResumeByteWise feeds src byte by byte to the fatal decoder, resuming
// after each error with the bytes it did not consume, and returns the
// output with U+FFFD for each error and the error texts. Restored bytes
// that came in earlier calls are then in the decoder's state.
func cjkResumeByteWise(tb testing.TB, fatal transform.Transformer, src []byte) (out []byte, errs []string) {
	tb.Helper()
	fatal.Reset()
	var pending []byte
	dst := make([]byte, 64)
	for i := 0; i <= len(src); i++ {
		if i < len(src) {
			pending = append(pending, src[i])
		}
		for iter := 0; ; iter++ {
			if iter > len(src)+2 {
				tb.Fatalf("fatal resume byte by byte % X: no progress", src)
			}
			nDst, nSrc, err := fatal.Transform(dst, pending, i == len(src))
			out = append(out, dst[:nDst]...)
			pending = pending[nSrc:]
			if err == nil {
				break
			}
			if !errors.Is(err, codec.ErrDecode) {
				tb.Fatalf("fatal resume byte by byte % X: %v", src, err)
			}
			out = append(out, "\uFFFD"...)
			errs = append(errs, err.Error())
		}
		if len(pending) != 0 {
			tb.Fatalf("fatal resume byte by byte % X: %d bytes left", src, len(pending))
		}
	}
	return out, errs
}

// cjkCheckResume checks the fatal-mode contract of codec.DecodeErrors on
// src: codectest.CheckFatalResume; each error leaves the decoder having
// consumed what the Standard's decoder has (wantEnds, from a reference
// decoder's queue; nil to skip); and resuming byte by byte gives the same
// output and error texts as resuming with all the input.
func cjkCheckResume(tb testing.TB, fatal, repl transform.Transformer, src []byte, wantEnds []int) {
	tb.Helper()
	codectest.CheckFatalResume(tb, fatal, repl, src)
	out, errs, ends := cjkResumeOneShot(tb, fatal, src)
	if wantEnds != nil && !slices.Equal(ends, wantEnds) {
		tb.Fatalf("fatal resume % X: errors end after %v bytes, the Standard's after %v", src, ends, wantEnds)
	}
	bOut, bErrs := cjkResumeByteWise(tb, fatal, src)
	if !bytes.Equal(bOut, out) || !slices.Equal(bErrs, errs) {
		tb.Fatalf("fatal resume % X byte by byte: %q %q; in one call: %q %q", src, bOut, bErrs, out, errs)
	}
}

// TestJISDecodeRandom decodes pseudo-random inputs drawn mostly from the
// bytes each Japanese decoder's steps single out, against the reference
// decoders: one shot, in chunks, in fatal mode, and a fatal decoder resumed
// after each error (the contract of codec.DecodeErrors: it must consume
// what the Standard's decoder consumed for the error and be left in its
// state, e.g. ISO-2022-JP's output flag and output state after a failed
// escape sequence).
func TestJISDecodeRandom(t *testing.T) {
	ref := jisLoadRef(t)
	rng := rand.New(rand.NewPCG(5, 6))
	for _, c := range []struct {
		enc  *codec.Encoding
		dec  func(*jisQueue) []rune
		pool string
	}{
		{sjisEnc, ref.sjisDecodeQ, "\x81\x9F\xE0\xFC\xF0\xF9\xFA\x40\x7E\x7F\x80\xA0\xA1\xDF\xFD\xFF\x20\x41\x88\x85"},
		{eucjpEnc, ref.eucjpDecodeQ, "\x8E\x8F\xA1\xA2\xAF\xB0\xDF\xE0\xFE\xFF\x80\xA0\x41\x20"},
		{iso2022jpEnc, ref.iso2022jpDecodeQ, "\x1B\x1B\x1B\x24\x28\x28\x42\x40\x4A\x49\x21\x30\x5C\x7E\x0E\x0F\x0A\x80\x22\x2F\x60"},
	} {
		for i := 0; i < 1500; i++ {
			src := make([]byte, 1+rng.IntN(16))
			for k := range src {
				if rng.IntN(5) == 0 {
					src[k] = byte(rng.IntN(256))
				} else {
					src[k] = c.pool[rng.IntN(len(c.pool))]
				}
			}
			jisFuzzDecode(t, c.enc, src, i, c.dec)
		}
	}
}

// cjkResumeCase is a hand-written fatal-resume case: the input, the output
// of a fatal decoder resumed after each error with U+FFFD in its place, and
// the bytes consumed in all when each error was returned.
type cjkResumeCase struct {
	name string // the spec step
	in   string
	want string
	ends []int
}

// cjkCheckResumeCases runs hand-written fatal-resume cases.
func cjkCheckResumeCases(t *testing.T, newFatal, newRepl func() transform.Transformer, cases []cjkResumeCase) {
	t.Helper()
	for _, c := range cases {
		out, _, ends := cjkResumeOneShot(t, newFatal(), []byte(c.in))
		if string(out) != c.want || !slices.Equal(ends, c.ends) {
			t.Errorf("%s: fatal resume %q = %q, errors ending at %v; want %q, %v", c.name, c.in, out, ends, c.want, c.ends)
		}
		cjkCheckResume(t, newFatal(), newRepl(), []byte(c.in), c.ends)
	}
}
