package detect

import (
	"errors"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg"
	tab "github.com/webenc/webenc/whatwg/charset/internal/detect/tables"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/htmlindex"
	"github.com/webenc/webenc/whatwg/utf8"
)

// The detector's decoders (sjisState, eucjpState, gbkState, dbcsState with
// big5Form and euckrForm, utf8State, isoState) are second copies of the
// codecs' byte grammars. These tests check that each agrees with its
// codec, which is exact: the detector treats a byte string as valid in an
// encoding exactly when that encoding's decoder, in fatal mode, decodes it
// without an error.
//
// "Valid" is the detector's notion over a window of a stream: no decoder
// error in it. A sequence cut by the end of the window is not an error (the
// detector charges it truncatedCost in Guess instead); the codec likewise
// reports nothing for it when not at EOF. So a string is valid for the
// codec when a fatal decoder, given it with atEOF false, returns no
// *DecodeError. Both must also agree on whether such a cut sequence is
// pending at the end: the detector's state is not idle exactly when the
// codec, given the same string at EOF, reports an error it did not report
// before.
//
// These tests run each decoder from a character boundary, as the codec
// starts. The detector's text stream also starts its multi-byte decoders
// one or two bytes later (decoders.start, see resync) so that a window
// beginning inside a character is no error either; those are copies of
// the same decoders, so the grammars compared here are the only ones, and
// TestWindowStart checks what the start adds.

// A grammarCase is one encoding: its codec and the detector's decoder,
// which det runs over a string from the state decoders.init leaves (the
// detector's initial state), reporting whether it found no error and
// whether a sequence is pending at the end.
type grammarCase struct {
	name string
	enc  encoding.Encoding
	det  func(d *decoders, b []byte) (valid, pending bool)
}

var grammarCases = []grammarCase{
	{"Shift_JIS", cjk.ShiftJIS, func(d *decoders, b []byte) (bool, bool) {
		d.sjis.feed(b)
		return d.sjis.errs == 0, d.sjis.lead != 0
	}},
	{"EUC-JP", cjk.EUCJP, func(d *decoders, b []byte) (bool, bool) {
		d.eucjp.feed(b)
		return d.eucjp.errs == 0, d.eucjp.lead != 0
	}},
	{"GBK", cjk.GBK, func(d *decoders, b []byte) (bool, bool) {
		d.gbk.feed(b)
		return d.gbk.errs == 0, d.gbk.first != 0
	}},
	{"Big5", cjk.Big5, func(d *decoders, b []byte) (bool, bool) {
		d.big5.feed(b)
		return d.big5.errs == 0, d.big5.lead != 0
	}},
	{"EUC-KR", cjk.EUCKR, func(d *decoders, b []byte) (bool, bool) {
		d.euckr.feed(b)
		return d.euckr.errs == 0, d.euckr.lead != 0
	}},
	{"UTF-8", utf8.UTF8, func(d *decoders, b []byte) (bool, bool) {
		d.utf.feed(b)
		return d.utf.errs == 0, d.utf.needed != 0
	}},
	{"ISO-2022-JP", cjk.ISO2022JP, func(_ *decoders, b []byte) (bool, bool) {
		// The detector runs it on the raw stream, outside decoders.
		var s isoState
		s.feed(b)
		return s.errs == 0, s.state == isoEscStart || s.state == isoEscape || s.state == isoTrail
	}},
}

// codecChecker runs one fatal decoder of an encoding.
type codecChecker struct {
	dec *encoding.Decoder
	dst []byte
}

// errs reports whether decoding b (from the initial state) stops with an
// error, without and with EOF.
func (c *codecChecker) errs(b []byte) (before, atEOF bool) {
	if n := 4*len(b) + 16; len(c.dst) < n {
		// Room for the output of any encoding: at most 3 bytes per
		// byte (a halfwidth katakana), or 4 per 2 (Big5's pairs).
		c.dst = make([]byte, n)
	}
	var de *whatwg.DecodeError
	c.dec.Reset()
	_, _, err := c.dec.Transform(c.dst, b, false)
	if err != nil && !errors.As(err, &de) && err != transform.ErrShortSrc {
		panic(err)
	}
	before = de != nil
	c.dec.Reset()
	_, _, err = c.dec.Transform(c.dst, b, true)
	if err != nil && !errors.As(err, &de) {
		panic(err)
	}
	return before, err != nil
}

// agree checks the detector against the codec on b and returns whether b
// is valid and pending (the detector's answer).
func (g *grammarCase) agree(t testing.TB, c *codecChecker, b []byte) (valid, pending bool) {
	var d decoders
	d.init(false)
	valid, pending = g.det(&d, b)
	errBefore, errAtEOF := c.errs(b)
	switch {
	case valid == errBefore:
		t.Fatalf("%s % X: the detector finds it valid: %v; the fatal decoder (not at EOF): %v", g.name, b, valid, !errBefore)
	case valid && pending != errAtEOF:
		t.Fatalf("%s % X: the detector has a sequence pending at the end: %v; the fatal decoder errs at EOF: %v", g.name, b, pending, errAtEOF)
	}
	return valid, pending
}

// TestGrammarsAgree checks every one- and two-byte string, and every
// three-byte string whose third byte can matter: those whose first byte
// and first two bytes leave a valid sequence pending. After a complete
// character both the detector's decoders and the codecs are back in their
// initial state (for ISO-2022-JP, a mode change takes a whole three-byte
// escape), so a string that is idle after its first byte, or after its
// first two, is valid exactly when its rest is: the shorter strings cover
// it.
func TestGrammarsAgree(t *testing.T) {
	for i := range grammarCases {
		g := &grammarCase{}
		*g = grammarCases[i]
		t.Run(g.name, func(t *testing.T) {
			c := &codecChecker{dec: whatwg.NewDecoder(g.enc, whatwg.Fatal)}
			threes := 0
			for a := range 256 {
				_, pendA := g.agree(t, c, []byte{byte(a)})
				for b := range 256 {
					ok, pendB := g.agree(t, c, []byte{byte(a), byte(b)})
					if !pendA || !ok || !pendB {
						continue
					}
					for x := range 256 {
						g.agree(t, c, []byte{byte(a), byte(b), byte(x)})
						threes++
					}
				}
			}
			t.Logf("%d three-byte strings", threes)
		})
	}
}

// FuzzGrammarsAgree checks the detector's decoders against the codecs on
// any string.
func FuzzGrammarsAgree(f *testing.F) {
	for _, s := range []string{
		"\x82\xa0\x82\xa2", "\x8f\xa2\xaf\xa4\xa2", "\x81\x30\x81\x30\x84\x31\xa4\x39",
		"\xa4\x40\xc6\xa1", "\xb0\xa1\xc8\xfe", "\xe6\x97\xa5\xf0\x9f\x98\x80",
		"\x1b$B\x30\x21\x1b(B", "\x1b(J\\~\x1b(I\x21",
	} {
		f.Add([]byte(s))
	}
	checkers := newCheckers()
	f.Fuzz(func(t *testing.T, b []byte) { grammarsAgreeBody(t, checkers, b) })
}

// newCheckers returns a fatal decoder for each of grammarCases.
func newCheckers() []*codecChecker {
	checkers := make([]*codecChecker, len(grammarCases))
	for i, g := range grammarCases {
		checkers[i] = &codecChecker{dec: whatwg.NewDecoder(g.enc, whatwg.Fatal)}
	}
	return checkers
}

// grammarsAgreeBody is FuzzGrammarsAgree's body (also run by
// BenchmarkFuzzBodies).
func grammarsAgreeBody(tb testing.TB, checkers []*codecChecker, b []byte) {
	for i := range grammarCases {
		grammarCases[i].agree(tb, checkers[i], b)
	}
}

// TestSingleByteGrammarsAgree checks the single-byte candidates the same
// way: a byte is an error for the detector (tab.SingleBytes' ClassErr)
// exactly when the codec's fatal decoder rejects it. A single-byte decoder
// has no state, so single bytes are every case.
func TestSingleByteGrammarsAgree(t *testing.T) {
	for i := range tab.SingleBytes {
		sb := &tab.SingleBytes[i]
		e, err := htmlindex.Get(sb.Name)
		if err != nil {
			t.Fatalf("%s: %v", sb.Name, err)
		}
		c := &codecChecker{dec: whatwg.NewDecoder(e, whatwg.Fatal)}
		for b := range 256 {
			var s sbState
			s.prev = tab.ClassSpace
			s.feed(&sbReadings[i], []byte{byte(b)})
			if errBefore, _ := c.errs([]byte{byte(b)}); (s.errs == 0) == errBefore {
				t.Errorf("%s %02X: the detector finds it valid: %v; the fatal decoder: %v", sb.Name, b, s.errs == 0, !errBefore)
			}
		}
	}
}

// TestWindowStart: the detector's text decoders take a window that begins
// inside a character without error (decoders.init(true)), the same bytes
// elsewhere are an error as the codec says, and feeding the bytes one at a
// time changes nothing.
func TestWindowStart(t *testing.T) {
	const eucjp = "\xA4\xA2\xA4\xA4\xA4\xA6 " // あいう in EUC-JP
	const utf = "\xE3\x81\x82\xE3\x81\x84 "   // あい in UTF-8
	for _, c := range []struct {
		in    string
		m     int // the multi-byte candidate, − ShiftJIS; -1 for UTF-8
		start bool
		valid bool
	}{
		{eucjp[1:], EUCJP - ShiftJIS, true, true},
		{eucjp[1:], EUCJP - ShiftJIS, false, false},
		{"a" + eucjp[1:], EUCJP - ShiftJIS, true, false},
		{utf[1:], -1, true, true},
		{utf[2:], -1, true, true},
		{utf[1:], -1, false, false},
		{"a" + utf[1:], -1, true, false},
	} {
		for _, oneByOne := range []bool{false, true} {
			var d decoders
			d.init(c.start)
			var dead [NumCandidates]bool
			if oneByOne {
				for i := range len(c.in) {
					d.feed([]byte(c.in[i:i+1]), &dead)
				}
			} else {
				d.feed([]byte(c.in), &dead)
			}
			errs := d.utf.errs
			if c.m >= 0 {
				errs = d.mbScores()[c.m].errs
			}
			if valid := errs == 0; valid != c.valid {
				t.Errorf("% X (start %v, one byte at a time %v): valid %v, want %v", c.in, c.start, oneByOne, valid, c.valid)
			}
		}
	}
}
