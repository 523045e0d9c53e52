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
	// Units16, if not 0, says the input is UTF-16 code units (1 little-
	// endian, 2 big-endian) decoded to UTF-8: each unit counts as its
	// UTF-8 length (a surrogate as 3), and the byte weights are unused.
	Units16 uint8
}

// Likely returns the output w's codec likely makes from src: the sum of
// its bytes' weights, counted on all of src up to sampleAll bytes and on
// samples evenly spread over a longer src (text is much alike along its
// length, and counting all of it would cost more than the encoding).
func (w Weights) Likely(src []byte) int {
	if w.Units16 != 0 {
		return sampled(src, func(b []byte) int { return 4 * utf16Out(b, w.Units16 == 2) })
	}
	if w.ASCII == w.C1 && w.C1 == w.A0BF && w.A0BF == w.Lead && w.Lead == w.Four {
		return len(src) * int(w.ASCII) / 4 // no need to count
	}
	return sampled(src, func(b []byte) int { return w.weigh(countClasses(b), len(b)) })
}

// sampled returns the output of src, whose parts' output in quarters of
// a byte weigh returns: of all of src up to sampleAll bytes, else of
// samples evenly spread over it (at even offsets, for UTF-16), scaled to
// its length.
func sampled(src []byte, weigh func([]byte) int) int {
	if len(src) <= sampleAll {
		return weigh(src) / 4
	}
	var q int
	for i := range samples {
		at := i * (len(src) - sampleLen) / (samples - 1) &^ 1
		q += weigh(src[at : at+sampleLen])
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

// utf16Out returns the UTF-8 length of the UTF-16 units of src (a final
// odd byte not counted), four units a word: each unit writes 3 bytes, less
// one if it is below 0x800 and one more if below 0x80.
func utf16Out(src []byte, be bool) int {
	// Masks of the bits that make a unit 0x800 or more, and 0x80 or more,
	// as the units lie in a word read little-endian.
	two, one := uint64(0xF800F800F800F800), uint64(0xFF80FF80FF80FF80)
	if be {
		two, one = 0x00F800F800F800F8, 0x80FF80FF80FF80FF
	}
	units, below := len(src)/2, 0
	for ; len(src) >= 8; src = src[8:] {
		x := binary.LittleEndian.Uint64(src)
		below += 8 - bits.OnesCount64(nonzeroUnits(x&two)) - bits.OnesCount64(nonzeroUnits(x&one))
	}
	for ; len(src) >= 2; src = src[2:] {
		u := uint16(src[0]) | uint16(src[1])<<8
		if be {
			u = u<<8 | u>>8
		}
		below += b2i(u < 0x800) + b2i(u < 0x80)
	}
	return 3*units - below
}

// nonzeroUnits returns the top bit of each 16-bit lane of x that is not 0.
func nonzeroUnits(x uint64) uint64 {
	const low15, top = 0x7FFF7FFF7FFF7FFF, 0x8000800080008000
	return ((x & low15) + low15 | x) & top
}

// b2i returns 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
