package codec

import (
	"errors"
	"testing"

	"golang.org/x/text/transform"
)

// stubEncoder is ASCII-only: every other byte is an unencodable "code
// point" of size 1, reported as the byte's value.
type stubEncoder struct{ EncodeErrors }

func (s *stubEncoder) Reset() { s.Base = 0 }

func (s *stubEncoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	defer func() { s.Advance(nSrc) }()
	for nSrc < len(src) {
		if src[nSrc] >= 0x80 {
			return nDst, nSrc, s.Err(rune(src[nSrc]), nSrc, 1)
		}
		if nDst == len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		dst[nDst] = src[nSrc]
		nDst++
		nSrc++
	}
	return nDst, nSrc, nil
}

func TestHTMLEncoderEscapesReportedCodePoint(t *testing.T) {
	h := NewHTMLEncoder(&stubEncoder{EncodeErrors{Name: "stub"}})
	for size := 1; size <= 8; size++ {
		var out []byte
		src := []byte("a\xffbc\x80")
		dst := make([]byte, size)
		for {
			n, m, err := h.Transform(dst, src, true)
			out = append(out, dst[:n]...)
			src = src[m:]
			if err == nil {
				break
			}
			if err != transform.ErrShortDst || n == 0 && m == 0 && size >= 8 {
				t.Fatalf("dst %d: %v", size, err)
			}
		}
		if want := "a&#255;bc&#128;"; string(out) != want {
			t.Errorf("dst %d: got %q, want %q", size, out, want)
		}
		h.Reset()
	}
}

func TestHTMLEncoderDoesNotAllocate(t *testing.T) {
	h := NewHTMLEncoder(&stubEncoder{EncodeErrors{Name: "stub"}})
	src := []byte("a\xff\xfe\xfdb")
	dst := make([]byte, 64)
	if n := testing.AllocsPerRun(100, func() {
		h.Reset()
		h.Transform(dst, src, true)
	}); n != 0 {
		t.Errorf("%v allocations per Transform, want 0", n)
	}
}

func TestRawErrorsAreFresh(t *testing.T) {
	s := &stubEncoder{EncodeErrors{Name: "stub"}}
	_, _, err1 := s.Transform(make([]byte, 8), []byte("\xff"), true)
	s.Reset()
	_, _, err2 := s.Transform(make([]byte, 8), []byte("ab\xfe"), true)
	var e1, e2 *EncodeError
	if !errors.As(err1, &e1) || !errors.As(err2, &e2) || e1 == e2 || e1.Rune != 0xFF || e2.Offset != 2 {
		t.Errorf("errors %v and %v: raw encoders must return distinct errors", err1, err2)
	}
	if !errors.Is(err1, ErrEncode) {
		t.Error("EncodeError does not match ErrEncode")
	}
}

func TestNextRune(t *testing.T) {
	for _, c := range []struct {
		in    string
		atEOF bool
		r     rune
		size  int
	}{
		{"a", true, 'a', 1},
		{"\xc3\xa9", true, 0xE9, 2},
		{"\xc3", false, 0, 0},
		{"\xc3", true, 0xFFFD, 1},
		{"\xe2\x82", false, 0, 0},
		{"\xe2\x82", true, 0xFFFD, 2},
		{"\xe2\x82x", false, 0xFFFD, 2}, // maximal subpart E2 82
		{"\xe0\x80\x80", true, 0xFFFD, 1},
		{"\xed\xa0\x80", true, 0xFFFD, 1}, // surrogate: ED then A0 is out of range
		{"\xf4\x90\x80\x80", true, 0xFFFD, 1},
		{"\xf0\x9f\x98\x80", true, 0x1F600, 4},
		{"\xf0\x9f\x98", false, 0, 0},
		{"\xf0\x9f\x98", true, 0xFFFD, 3},
		{"\xc0\xaf", true, 0xFFFD, 1},
		{"\x80", false, 0xFFFD, 1},
		{"\xff", false, 0xFFFD, 1},
	} {
		r, size := NextRune([]byte(c.in), c.atEOF)
		if r != c.r || size != c.size {
			t.Errorf("NextRune(%q, %v) = %U, %d; want %U, %d", c.in, c.atEOF, r, size, c.r, c.size)
		}
	}
}

func TestCopyASCII(t *testing.T) {
	src := []byte("0123456789abcdef\x80tail")
	for n := 0; n <= 24; n++ {
		dst := make([]byte, n)
		got := CopyASCII(dst, src)
		want := min(n, 16)
		if got != want || string(dst[:got]) != string(src[:want]) {
			t.Errorf("dst %d: copied %d (%q), want %d", n, got, dst[:got], want)
		}
	}
	if ASCIIPrefix(src) != 16 || ASCIIPrefix(nil) != 0 {
		t.Error("ASCIIPrefix")
	}
}

func TestAppendDecimal(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 9: "9", 10: "10", 65533: "65533", 1114111: "1114111", -5: "-5"} {
		if got := string(AppendDecimal(nil, n)); got != want {
			t.Errorf("AppendDecimal(%d) = %q", n, got)
		}
	}
}

func TestDecodeErrorsErr(t *testing.T) {
	d := DecodeErrors{Name: "x", Base: 10}
	e1 := d.Err(1, 0xFF)
	e2 := d.Err(2, 0xFE)
	if e1 == e2 {
		t.Fatal("Err reused a value")
	}
	r1 := d.Err(3, 0x80, 0x81).(*DecodeError)
	if r1.Offset != 13 || string(r1.Bytes) != "\x80\x81" || r1.Encoding != "x" {
		t.Errorf("error = %+v", r1)
	}
	if r2 := d.Err(-1, 1, 2, 3, 4, 5, 6, 7, 8, 9).(*DecodeError); r2.Offset != 9 || len(r2.Bytes) != 9 {
		t.Errorf("second error = %+v", r2)
	}
}
