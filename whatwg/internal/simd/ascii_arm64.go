//go:build arm64 && !purego

package simd

import "encoding/binary"

// asciiNEONMin is the shortest input handed to the assembly: below it
// the word loop alone costs less than the call.
const asciiNEONMin = 32

// asciiNEONGoFirst is how many bytes the dispatchers check in Go before
// the call into assembly: runs that end there (the spaces and punctuation
// between words of other scripts) cost no call.
const asciiNEONGoFirst = 16

// ASCIIPrefix returns the length of the longest prefix of src made of ASCII
// bytes (00–7F).
func ASCIIPrefix(src []byte) int {
	i := 0
	for ; i < asciiNEONGoFirst && i+8 <= len(src); i += 8 {
		if h := binary.LittleEndian.Uint64(src[i:]) & highBits; h != 0 {
			return i + firstHigh(h)
		}
	}
	if len(src)-i < asciiNEONMin || cpuLevel < levelNEON {
		return i + asciiPrefixGeneric(src[i:])
	}
	return i + asciiPrefixNEON(src[i:])
}

// CopyASCII copies the longest ASCII prefix of src that fits in dst into
// dst and returns its length. It writes nothing else; dst and src must not
// overlap.
func CopyASCII(dst, src []byte) int {
	n := min(len(dst), len(src))
	dst, src = dst[:n], src[:n]
	// As in ASCIIPrefix, short runs end in Go.
	i := 0
	for ; i < asciiNEONGoFirst && i+8 <= n; i += 8 {
		w := binary.LittleEndian.Uint64(src[i:])
		if h := w & highBits; h != 0 {
			k := i + firstHigh(h)
			copy(dst[i:k], src[i:k])
			return k
		}
		binary.LittleEndian.PutUint64(dst[i:], w)
	}
	if n-i < asciiNEONMin || cpuLevel < levelNEON {
		return i + copyASCIIGeneric(dst[i:], src[i:])
	}
	return i + copyASCIINEON(dst[i:], src[i:])
}

// asciiPrefixNEON is ASCIIPrefix's NEON form (any length): the assembly
// over whole 16-byte vectors, the pure-Go form over the last one.
func asciiPrefixNEON(src []byte) int {
	i := asciiNEON(nil, src)
	return i + asciiPrefixGeneric(src[i:])
}

// copyASCIINEON is CopyASCII's NEON form for len(dst) == len(src).
func copyASCIINEON(dst, src []byte) int {
	i := asciiNEON(dst, src)
	return i + copyASCIIGeneric(dst[i:], src[i:])
}

// asciiNEON returns the length of the ASCII prefix of src rounded down to
// a multiple of 16 and, unless dst is empty (it then has src's length),
// copies it to dst.
//
//go:noescape
func asciiNEON(dst, src []byte) int
