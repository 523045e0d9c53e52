package codec

import "github.com/webenc/webenc/whatwg/internal/simd"

// CopyASCII copies the longest prefix of src that is ASCII and fits in dst
// and returns its length. It is the simd kernel (vector code where the CPU
// has it); short runs cost no more than a word-at-a-time loop.
func CopyASCII(dst, src []byte) int { return simd.CopyASCII(dst, src) }

// ASCIIPrefix returns the length of the longest ASCII prefix of src (the
// simd kernel).
func ASCIIPrefix(src []byte) int { return simd.ASCIIPrefix(src) }
