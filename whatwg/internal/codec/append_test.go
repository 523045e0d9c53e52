package codec

import (
	"bytes"
	"slices"
	"testing"

	"golang.org/x/text/transform"
)

func TestLeastOut(t *testing.T) {
	for _, c := range []struct{ n, perOut, want int }{
		{10, 0, 0}, {10, 1, 10}, {10, 2, 5}, {11, 2, 5}, {10, 3, 3}, {12, 3, 4}, {13, 6, 2}, {0, 3, 0},
	} {
		if got := leastOut(c.n, c.perOut); got != c.want {
			t.Errorf("leastOut(%d, %d) = %d, want %d", c.n, c.perOut, got, c.want)
		}
	}
}

// scribbler is a step that writes each input byte k times and then
// fills the rest of its room with 0xEE, as a bulk loop's stores past its
// output may, and stops with ErrShortDst when a byte's output does not
// fit. It records the length of every room it gets.
type scribbler struct {
	k     int
	rooms []int
}

func (s *scribbler) step(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	s.rooms = append(s.rooms, len(dst))
	for nSrc < len(src) {
		if len(dst)-nDst < s.k {
			err = transform.ErrShortDst
			break
		}
		for range s.k {
			dst[nDst] = src[nSrc]
			nDst++
		}
		nSrc++
	}
	for i := nDst; i < len(dst); i++ {
		dst[i] = 0xEE
	}
	return nDst, nSrc, err
}

// TestAppendFirstStepExact checks the first step of a codec with perOut 1
// on a long input into a dst with room for it all: its room is the input's
// length, so an output as long as the input goes in one step, and the
// bytes past the output are never touched, whatever the steps scribble.
func TestAppendFirstStepExact(t *testing.T) {
	src := bytes.Repeat([]byte("abcdefgh"), 125) // 1000 bytes
	for _, c := range []struct {
		k         int
		wantRooms []int // the first rooms, written out
	}{
		{1, []int{1000}}, // one step, room exactly the input
		{2, []int{1000}}, // half the input, then steps with saved bytes
	} {
		s := &scribbler{k: c.k}
		buf := bytes.Repeat([]byte{0x55}, 10000)
		dst := buf[:3:len(buf)]
		out := AppendDecoded(dst, src, 1, Weights{}, s.step)
		want := append([]byte{0x55, 0x55, 0x55}, bytes.Repeat(src, 1)...)
		if c.k == 2 {
			want = want[:3]
			for _, b := range src {
				want = append(want, b, b)
			}
		}
		if !bytes.Equal(out, want) {
			t.Errorf("k=%d: output differs", c.k)
		}
		if i := slices.IndexFunc(buf[len(out):], func(b byte) bool { return b != 0x55 }); i >= 0 {
			t.Errorf("k=%d: byte %d past the output changed", c.k, i)
		}
		if s.rooms[0] != c.wantRooms[0] || c.k == 1 && len(s.rooms) != 1 {
			t.Errorf("k=%d: rooms %v, want %v first", c.k, s.rooms, c.wantRooms)
		}
	}
}
