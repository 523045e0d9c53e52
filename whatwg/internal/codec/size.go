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
// its bytes' weights, counted on all of src up to sampleAll bytes and on
// samples evenly spread over a longer src (text is much alike along its
// length, and counting all of it would cost more than the encoding).
func (w Weights) Likely(src []byte) int {
	if w.ASCII == w.C1 && w.C1 == w.A0BF && w.A0BF == w.Lead && w.Lead == w.Four {
		return len(src) * int(w.ASCII) / 4 // no need to count
	}
	if len(src) <= sampleAll {
		return w.weigh(countClasses(src), len(src)) / 4
	}
	var q int
	for i := range samples {
		at := i * (len(src) - sampleLen) / (samples - 1)
		q += w.weigh(countClasses(src[at:at+sampleLen]), sampleLen)
	}
	return int(uint64(q) * uint64(len(src)) / (4 * samples * sampleLen))
}

// Likely counts src whole up to sampleAll bytes, and samples of sampleLen
// bytes of a longer one.
const (
	sampleAll = 8 << 10
	samples   = 16
	sampleLen = 256
)

// weigh returns the sum of the weights of n bytes counted in c.
func (w Weights) weigh(c classes, n int) int {
	lead := c.high - c.c1 - c.a0bf - c.four
	return (n-c.high)*int(w.ASCII) + c.c1*int(w.C1) + c.a0bf*int(w.A0BF) + lead*int(w.Lead) + c.four*int(w.Four)
}

// classes counts the bytes of an input by class: high (0x80-0xFF) and
// of those c1 (0x80-0x9F), a0bf (0xA0-0xBF) and four (0xF0-0xFF).
type classes struct{ high, c1, a0bf, four int }

// countClasses counts src's bytes by class, eight at a time: a byte's
// top bit in each mask marks its class. A block of 32 ASCII bytes starts
// a run that the ASCII kernel skips (most of English text); other blocks
// are counted without a branch on their bytes (a branch per word
// mispredicts on text that mixes ASCII and other bytes).
func countClasses(src []byte) classes {
	const top = 0x8080808080808080
	var c classes
	for len(src) >= 32 {
		w0, w1 := binary.LittleEndian.Uint64(src), binary.LittleEndian.Uint64(src[8:])
		w2, w3 := binary.LittleEndian.Uint64(src[16:]), binary.LittleEndian.Uint64(src[24:])
		if (w0|w1|w2|w3)&top == 0 {
			src = src[32+ASCIIPrefix(src[32:]):]
			continue
		}
		c.addWord(w0)
		c.addWord(w1)
		c.addWord(w2)
		c.addWord(w3)
		src = src[32:]
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

// addWord counts the bytes of x, eight bytes, by class. x<<k moves each
// byte's bit 7-k to its bit 7 (bits carried into the next byte land
// below bit 7 and are masked off).
func (c *classes) addWord(x uint64) {
	x1, x2, x3 := x<<1, x<<2, x<<3
	high := x & 0x8080808080808080
	c.high += bits.OnesCount64(high)
	c.c1 += bits.OnesCount64(high &^ x1 &^ x2)
	c.a0bf += bits.OnesCount64(high &^ x1 & x2)
	c.four += bits.OnesCount64(high & x1 & x2 & x3)
}
