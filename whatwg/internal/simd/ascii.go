package simd

import (
	"encoding/binary"
	"math/bits"
)

// highBits has the top bit of every byte of a word set: a word w holds only
// ASCII bytes exactly when w&highBits is zero.
const highBits = 0x8080808080808080

// firstHigh returns the index of the first byte of the little-endian word
// whose masked high bits are h (h != 0).
func firstHigh(h uint64) int { return bits.TrailingZeros64(h) >> 3 }

// asciiPrefixGeneric is the pure-Go form of ASCIIPrefix: eight bytes per
// step, the first non-ASCII byte of a word found by counting trailing zeros.
func asciiPrefixGeneric(src []byte) int {
	i := 0
	for ; i+8 <= len(src); i += 8 {
		if h := binary.LittleEndian.Uint64(src[i:]) & highBits; h != 0 {
			return i + firstHigh(h)
		}
	}
	for ; i < len(src) && src[i] < 0x80; i++ {
	}
	return i
}

// copyASCIIGeneric is the pure-Go form of CopyASCII: it writes exactly the
// bytes it reports, eight at a time where it can. It is kept within the
// inlining budget (no reslicing), so that under purego CopyASCII, and
// codec.CopyASCII with it, inline into the codecs' loops as before.
func copyASCIIGeneric(dst, src []byte) int {
	n := min(len(dst), len(src))
	i := 0
	for ; i+8 <= n; i += 8 {
		w := binary.LittleEndian.Uint64(src[i:])
		if w&highBits != 0 {
			break
		}
		binary.LittleEndian.PutUint64(dst[i:], w)
	}
	for ; i < n && src[i] < 0x80; i++ {
		dst[i] = src[i]
	}
	return i
}
