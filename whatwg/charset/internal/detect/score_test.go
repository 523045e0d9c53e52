package detect

import (
	"math"
	"math/rand"
	"testing"

	tab "github.com/webenc/webenc/whatwg/charset/internal/detect/tables"
)

// plainSBFeed is sbState.feed as the statistics define it, read straight
// from detect/tables one pair at a time: the reference the table-driven
// feed must equal.
func plainSBFeed(s *sbState, t *tab.SingleByte, b []byte) {
	m := &tab.Models[t.Model]
	for _, c := range b {
		cl := t.Class[c]
		hi := uint8(c >> 7)
		if hi|s.near != 0 {
			s.cost += uint32(m.Bigram[int(s.prev&0xFF)*m.N+int(cl&0xFF)]) + uint32(m.Case[int(s.prev>>14)*4+int(cl>>14)]) + uint32(t.Cost[s.prev>>14][c])
			if cl == tab.ClassErr {
				s.errs++
			}
		}
		s.prev, s.near = cl, (s.near<<1|hi)&3
	}
}

// checkSBFeed compares feed with plainSBFeed for candidate i from state
// from over b, fed whole.
func checkSBFeed(t *testing.T, i int, from sbState, b []byte) {
	t.Helper()
	got, want := from, from
	got.feed(&sbReadings[i], b)
	plainSBFeed(&want, &tab.SingleBytes[i], b)
	if got != want {
		t.Fatalf("%s from %+v over % x: feed %+v, plain %+v", tab.SingleBytes[i].Name, from, b, got, want)
	}
}

// TestSBFeedExhaustive: for every single-byte candidate, every byte from
// every state a byte can leave (each class and case of the candidate as
// the previous character, each near), and every pair of bytes from the
// start state and after two non-ASCII bytes, scores as plainSBFeed scores
// it. The state after a byte is all of sbState, so one byte from every
// state covers every input; the pairs check the loop's carried state.
func TestSBFeedExhaustive(t *testing.T) {
	for i := range tab.SingleBytes {
		prevs := []uint16{tab.ClassSpace}
		seen := map[uint16]bool{tab.ClassSpace: true}
		for _, cl := range tab.SingleBytes[i].Class {
			if !seen[cl] {
				seen[cl] = true
				prevs = append(prevs, cl)
			}
		}
		for _, prev := range prevs {
			for near := uint8(0); near < 4; near++ {
				for b := range 256 {
					checkSBFeed(t, i, sbState{cost: 7, errs: 1, prev: prev, near: near}, []byte{byte(b)})
				}
			}
		}
		var b [2]byte
		for _, near := range []uint8{0, 3} {
			for x := range 256 * 256 {
				b[0], b[1] = byte(x), byte(x>>8)
				checkSBFeed(t, i, sbState{prev: tab.ClassSpace, near: near}, b[:])
			}
		}
	}
}

// FuzzSBFeed: any input, from the start state, in any candidate, scores
// as plainSBFeed scores it.
func FuzzSBFeed(f *testing.F) {
	f.Add([]byte("na\xf0lyst\xeb \xe9t\xe9 \x80\x81 ab"), uint8(0))
	f.Fuzz(func(t *testing.T, b []byte, which uint8) {
		i := int(which) % numSingle
		checkSBFeed(t, i, sbState{prev: tab.ClassSpace}, b)
	})
}

// TestMixtureBoundList: mixtureBound over histCounts's list of the
// counted bytes equals the bound as a plain walk over all 128 counts
// (each byte's class under the family's reference and under the
// component that gives the text the lowest cost), and the list's total
// their sum, for every single-byte candidate with a mixture, on random
// counts from sparse to full.
func TestMixtureBoundList(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for iter := 0; iter < 300; iter++ {
		var hist [128]uint32
		var total int64
		for j := range hist {
			if rng.Intn(128) < iter%128 {
				hist[j] = uint32(rng.Intn(5000))
				total += int64(hist[j])
			}
		}
		var hc histCounts
		hc.list(&hist)
		if hc.total != total {
			t.Fatalf("iteration %d: total %d, want %d", iter, hc.total, total)
		}
		for i := 0; i < numSingle; i++ {
			if !multiLang[i] {
				continue
			}
			sb := &tab.SingleBytes[i]
			m := &tab.Models[sb.Model]
			var ref int64
			low := int64(math.MaxInt64)
			for l := 0; l < m.Langs; l++ {
				var x int64
				for j, n := range hist {
					c := int(uint8(sb.Class[j+0x80]))
					x += int64(n) * int64(m.LangCost[l*m.N+c])
					if l == 0 {
						ref += int64(n) * int64(m.RefCost[c])
					}
				}
				low = min(low, x)
			}
			want := min(low, ref) - ref
			if got := mixtureBound(i, hc.counts()); got != want {
				t.Fatalf("iteration %d, %s: mixtureBound %d, want %d", iter, sb.Name, got, want)
			}
		}
	}
}
