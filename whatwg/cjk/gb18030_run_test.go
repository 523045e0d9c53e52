package cjk_test

import (
	"testing"

	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/internal/codectest"
)

// TestGB18030FourByteRuns decodes every BMP pointer's four-byte sequence
// (0–39420) as one run, the decoder's loop over consecutive four-byte
// sequences, and as runs broken by a pair or an ASCII byte, against the
// Standard's literal decoder.
func TestGB18030FourByteRuns(t *testing.T) {
	s := gbLoadSpec(t)
	var run, broken []byte
	for p := 0; p <= 39420; p++ {
		b := []byte{byte(p/12600 + 0x81), byte(p%12600/1260 + 0x30), byte(p%1260/10 + 0x81), byte(p%10 + 0x30)}
		run = append(run, b...)
		broken = append(broken, b...)
		switch p % 7 {
		case 3:
			broken = append(broken, 0xB0, 0xA1)
		case 5:
			broken = append(broken, 'a')
		}
	}
	for _, in := range [][]byte{run, broken} {
		want := s.decode(in, false, "gb18030")
		if got := codectest.OneShot(gbDecoderFor(cjk.GB18030, false)(), in); !got.Equal(want) {
			t.Fatalf("a run of four-byte sequences (%d bytes): got %v, want %v", len(in), got, want)
		}
	}
}
