//go:build (!amd64 && !arm64) || purego

package simd

// ValidUTF8Prefix returns the length of the longest prefix of src made of
// complete, valid UTF-8 sequences: well-formed UTF-8 as Unicode defines it
// and the Encoding Standard's UTF-8 decoder accepts it (no overlongs,
// surrogates or values above U+10FFFF). A sequence cut by the end of src
// is not counted.
func ValidUTF8Prefix(src []byte) int { return validUTF8PrefixGeneric(src) }

// CopyValidUTF8 copies the longest prefix of src made of complete, valid
// UTF-8 sequences that fits in dst (whole sequences only) into dst and
// returns its length n. dst and src must not overlap. The vector forms may
// also write up to three bytes of dst past n (copies of the src bytes
// there), never past min(len(dst), len(src)).
func CopyValidUTF8(dst, src []byte) int { return copyValidUTF8Generic(dst, src) }
