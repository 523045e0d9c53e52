package cjk_test

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/internal/codectest"
)

// TestGB18030EveryBMPPointer decodes the four-byte sequence of every
// pointer from 0 to 39420 (one past the BMP limit, null) and of the first
// astral ones, in one input, and compares each with the Standard's index
// gb18030 ranges code point from the index file (binary search there).
func TestGB18030EveryBMPPointer(t *testing.T) {
	s := gbLoadSpec(t)
	var in, want []byte
	add := func(p int) {
		in = append(in, byte(0x81+p/12600), byte(0x30+p/1260%10), byte(0x81+p/10%126), byte(0x30+p%10))
		if cp := s.rangesCodePoint(p); cp >= 0 {
			want = utf8.AppendRune(want, cp)
		} else {
			want = append(want, "\uFFFD"...)
		}
	}
	for p := 0; p <= 39420; p++ {
		add(p)
	}
	for p := 188998; p <= 189100; p++ {
		add(p)
	}
	got := codectest.OneShot(gbDecoderFor(cjk.GB18030, false)(), in)
	if got.Err != nil || !bytes.Equal(got.Out, want) {
		i := 0
		for i < min(len(got.Out), len(want)) && got.Out[i] == want[i] {
			i++
		}
		t.Fatalf("err %v; output differs from the index from byte %d of %d", got.Err, i, len(want))
	}
}
