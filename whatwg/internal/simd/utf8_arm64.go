//go:build arm64 && !purego

package simd

// utf8NEONMin is the shortest input handed to the assembly; it works on
// whole 16-byte vectors and leaves shorter tails to the Go code.
const utf8NEONMin = 32

// ValidUTF8Prefix returns the length of the longest prefix of src made of
// complete, valid UTF-8 sequences: well-formed UTF-8 as Unicode defines it
// and the Encoding Standard's UTF-8 decoder accepts it (no overlongs,
// surrogates or values above U+10FFFF). A sequence cut by the end of src
// is not counted.
func ValidUTF8Prefix(src []byte) int {
	if len(src) < utf8NEONMin || cpuLevel < levelNEON {
		return validUTF8PrefixGeneric(src)
	}
	return validUTF8PrefixNEON(src)
}

// CopyValidUTF8 copies the longest prefix of src made of complete, valid
// UTF-8 sequences that fits in dst (whole sequences only) into dst and
// returns its length n. dst and src must not overlap. The vector forms may
// also write up to three bytes of dst past n (copies of the src bytes
// there), never past min(len(dst), len(src)).
func CopyValidUTF8(dst, src []byte) int {
	n := min(len(dst), len(src))
	if n < utf8NEONMin || cpuLevel < levelNEON {
		return copyValidUTF8Generic(dst, src)
	}
	return copyValidUTF8NEON(dst[:n], src[:n])
}

// validUTF8PrefixNEON is ValidUTF8Prefix's NEON form (any length).
func validUTF8PrefixNEON(src []byte) int {
	return finishUTF8Prefix(src, utf8BlocksNEON(nil, src))
}

// copyValidUTF8NEON is CopyValidUTF8's NEON form for len(dst) == len(src).
func copyValidUTF8NEON(dst, src []byte) int {
	i := utf8BlocksNEON(dst, src)
	k := finishUTF8Prefix(src, i)
	if k > i {
		copy(dst[i:k], src[i:k])
	}
	return k
}

// utf8BlocksNEON validates src in whole 16-byte vectors and returns how
// far it got: a multiple of 16, the start of the first vector with an
// error (or after which an incomplete sequence meets ASCII) or of the
// short tail. src[:ret] holds only valid sequences, except that one may be
// cut by ret (see seqStart). If dst is not empty (it then has src's
// length), the validated vectors are copied to it.
//
//go:noescape
func utf8BlocksNEON(dst, src []byte) int
