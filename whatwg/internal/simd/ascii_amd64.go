//go:build amd64 && !purego

package simd

import "encoding/binary"

// asciiVectorMin is the shortest input handed to the assembly: below it
// the Go loop finishes before the call and the vector set-up would pay off
// (see BenchmarkASCIICrossover). The assembly's tail logic also relies on
// having at least one whole 32-byte vector.
const asciiVectorMin = 32

// ASCIIPrefix returns the length of the longest prefix of src made of ASCII
// bytes (00–7F).
func ASCIIPrefix(src []byte) int {
	if len(src) < asciiVectorMin || !hasAVX2 {
		return asciiPrefixGeneric(src)
	}
	// A run that ends in its first word (a space between words of another
	// script) is answered here, without the call into assembly.
	if h := binary.LittleEndian.Uint64(src) & highBits; h != 0 {
		return firstHigh(h)
	}
	if hasAVX512 {
		return asciiPrefixAVX512(src)
	}
	return asciiPrefixAVX2(src)
}

// CopyASCII copies the longest ASCII prefix of src that fits in dst into
// dst and returns its length. It writes nothing else; dst and src must not
// overlap.
func CopyASCII(dst, src []byte) int {
	n := min(len(dst), len(src))
	if n < asciiVectorMin || !hasAVX2 {
		return copyASCIIGeneric(dst, src)
	}
	if h := binary.LittleEndian.Uint64(src) & highBits; h != 0 {
		k := firstHigh(h)
		copy(dst[:k], src)
		return k
	}
	if hasAVX512 {
		return copyASCIIAVX512(dst[:n], src[:n])
	}
	return copyASCIIAVX2(dst[:n], src[:n])
}

// The assembly forms. Each requires len(src) >= 32 (and, for the copies,
// len(dst) == len(src)), which the dispatchers above ensure.

//go:noescape
func asciiPrefixAVX2(src []byte) int

//go:noescape
func copyASCIIAVX2(dst, src []byte) int

//go:noescape
func asciiPrefixAVX512(src []byte) int

//go:noescape
func copyASCIIAVX512(dst, src []byte) int
