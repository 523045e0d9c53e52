package codec

import (
	"encoding/binary"
	"math/bits"
)

// Weights describe a codec's likely output for a whole input, by the
// classes of its bytes: for each class, the output bytes per input byte
// in quarters of a byte. The append driver sizes a dst too small for the
// output once from them (Likely), where it would otherwise grow by
// probing the output's ratio to the input. They are an estimate, never a
// bound: whatever the output is, the driver grows dst as it needs. The
// zero Weights estimate nothing: the driver probes.
//
// An encoder's input is UTF-8, so its weights put each character's
// output on the character's lead byte: UTF-16, for one, is {ASCII: 8,
// Lead: 8, Four: 16}.
type Weights struct {
	ASCII uint8 // bytes 0x00-0x7F
	C1    uint8 // bytes 0x80-0x9F (UTF-8 continuation bytes)
	A0BF  uint8 // bytes 0xA0-0xBF (UTF-8 continuation bytes)
	Lead  uint8 // bytes 0xC0-0xEF (UTF-8 lead bytes of 2 and 3 bytes)
	Four  uint8 // bytes 0xF0-0xFF (UTF-8 lead bytes of 4 bytes)
}

// Likely returns the output w's codec likely makes from src: the sum of
// its bytes' weights.
func (w Weights) Likely(src []byte) int {
	if w.ASCII == w.C1 && w.C1 == w.A0BF && w.A0BF == w.Lead && w.Lead == w.Four {
		return len(src) * int(w.ASCII) / 4 // no need to count
	}
	c := countClasses(src)
	lead := c.high - c.c1 - c.a0bf - c.four
	q := uint64(len(src)-c.high)*uint64(w.ASCII) + uint64(c.c1)*uint64(w.C1) + uint64(c.a0bf)*uint64(w.A0BF) +
		uint64(lead)*uint64(w.Lead) + uint64(c.four)*uint64(w.Four)
	return int(q / 4)
}

// classes counts the bytes of an input by class: high (0x80-0xFF) and
// of those c1 (0x80-0x9F), a0bf (0xA0-0xBF) and four (0xF0-0xFF).
type classes struct{ high, c1, a0bf, four int }

// countClasses counts src's bytes by class, eight at a time: a byte's
// top bit in each mask marks its class. An ASCII word starts a run that
// the ASCII kernel skips (most of English text).
func countClasses(src []byte) classes {
	const top = 0x8080808080808080
	var c classes
	for len(src) >= 8 {
		x := binary.LittleEndian.Uint64(src)
		if x&top == 0 {
			src = src[8+ASCIIPrefix(src[8:]):]
			continue
		}
		src = src[8:]
		// x<<k moves each byte's bit 7-k to its bit 7 (bits carried
		// into the next byte land below bit 7 and are masked off).
		x1, x2, x3 := x<<1, x<<2, x<<3
		high := x & top
		c.high += bits.OnesCount64(high)
		c.c1 += bits.OnesCount64(high &^ x1 &^ x2)
		c.a0bf += bits.OnesCount64(high &^ x1 & x2)
		c.four += bits.OnesCount64(high & x1 & x2 & x3)
	}
	for _, b := range src {
		switch {
		case b < 0x80:
		case b < 0xA0:
			c.high++
			c.c1++
		case b < 0xC0:
			c.high++
			c.a0bf++
		case b < 0xF0:
			c.high++
		default:
			c.high++
			c.four++
		}
	}
	return c
}
