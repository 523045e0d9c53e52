//go:build amd64 && !purego

package simd

import "encoding/binary"

// asciiVectorMin is the shortest run handed to the assembly: the
// dispatchers check the first asciiVectorMin bytes in Go, which is faster
// than the call into assembly for runs that end there (BenchmarkShortRuns,
// BenchmarkCrossover), and call the assembly only with at least that many
// bytes left (the AVX2 tail needs one whole 32-byte vector).
const asciiVectorMin = 32

// ASCIIPrefix returns the length of the longest prefix of src made of ASCII
// bytes (00–7F).
func ASCIIPrefix(src []byte) int {
	// Runs shorter than a vector (a space between words of another
	// script) end here, in Go: cheaper than the call into assembly.
	i := 0
	for ; i < asciiGoFirst && i+8 <= len(src); i += 8 {
		if h := binary.LittleEndian.Uint64(src[i:]) & highBits; h != 0 {
			return i + firstHigh(h)
		}
	}
	switch {
	case len(src)-i < asciiVectorMin || cpuLevel < levelAVX2:
		return i + asciiPrefixGeneric(src[i:])
	case cpuLevel >= levelAVX512:
		return i + asciiPrefixAVX512(src[i:])
	}
	return i + asciiPrefixAVX2(src[i:])
}

// CopyASCII copies the longest ASCII prefix of src that fits in dst into
// dst and returns its length. It writes nothing else; dst and src must not
// overlap.
func CopyASCII(dst, src []byte) int {
	n := min(len(dst), len(src))
	dst, src = dst[:n], src[:n]
	// As in ASCIIPrefix, short runs end in Go.
	i := 0
	for ; i < asciiGoFirst && i+8 <= n; i += 8 {
		w := binary.LittleEndian.Uint64(src[i:])
		if h := w & highBits; h != 0 {
			k := i + firstHigh(h)
			for ; i < k; i++ {
				dst[i] = src[i]
			}
			return k
		}
		binary.LittleEndian.PutUint64(dst[i:], w)
	}
	switch {
	case n-i < asciiVectorMin || cpuLevel < levelAVX2:
		return i + copyASCIIGeneric(dst[i:], src[i:])
	case cpuLevel >= levelAVX512:
		return i + copyASCIIAVX512(dst[i:], src[i:])
	}
	return i + copyASCIIAVX2(dst[i:], src[i:])
}

// The assembly forms. The AVX2 ones require len(src) >= 32, which the
// dispatchers above ensure; the copies require len(dst) == len(src).

func asciiPrefixAVX2(src []byte) int      { return asciiAVX2(nil, src) }
func copyASCIIAVX2(dst, src []byte) int   { return asciiAVX2(dst, src) }
func asciiPrefixAVX512(src []byte) int    { return asciiAVX512(nil, src) }
func copyASCIIAVX512(dst, src []byte) int { return asciiAVX512(dst, src) }

// asciiAVX2 returns the length of the ASCII prefix of src and, unless dst
// is empty (it then has src's length), copies it to dst.
//
//go:noescape
func asciiAVX2(dst, src []byte) int

// asciiAVX512 is asciiAVX2 with 64-byte vectors, for any length.
//
//go:noescape
func asciiAVX512(dst, src []byte) int

// asciiGoFirst is how many bytes the dispatchers check in Go before the
// call into assembly: runs that end there (the spaces and punctuation
// between words of other scripts) cost no call.
const asciiGoFirst = 16
