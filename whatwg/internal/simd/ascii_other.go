//go:build (!amd64 && !arm64) || purego

package simd

// ASCIIPrefix returns the length of the longest prefix of src made of ASCII
// bytes (00–7F).
func ASCIIPrefix(src []byte) int { return asciiPrefixGeneric(src) }

// CopyASCII copies the longest ASCII prefix of src that fits in dst into
// dst and returns its length. It writes nothing else; dst and src must not
// overlap.
func CopyASCII(dst, src []byte) int { return copyASCIIGeneric(dst, src) }
