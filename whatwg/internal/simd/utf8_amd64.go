//go:build amd64 && !purego

package simd

// utf8VectorMin is the shortest input handed to the assembly (see
// BenchmarkUTF8Crossover); the assembly works on whole 32-byte blocks and
// leaves shorter tails to the Go code.
const utf8VectorMin = 32

// utf8AVX512Min is the shortest input handed to the AVX-512 form: below it
// the AVX2 form is as fast or faster on ASCII (docs/simd.md).
const utf8AVX512Min = 128

// ValidUTF8Prefix returns the length of the longest prefix of src made of
// complete, valid UTF-8 sequences: well-formed UTF-8 as Unicode defines it
// and the Encoding Standard's UTF-8 decoder accepts it (no overlongs,
// surrogates or values above U+10FFFF). A sequence cut by the end of src
// is not counted.
func ValidUTF8Prefix(src []byte) int {
	switch {
	case len(src) < utf8VectorMin || cpuLevel < levelAVX2:
		return validUTF8PrefixGeneric(src)
	case len(src) >= utf8AVX512Min && cpuLevel >= levelAVX512:
		return finishUTF8Prefix(src, utf8BlocksAVX512(nil, src))
	}
	return finishUTF8Prefix(src, utf8BlocksAVX2(nil, src))
}

// CopyValidUTF8 copies the longest prefix of src made of complete, valid
// UTF-8 sequences that fits in dst (whole sequences only) into dst and
// returns its length n. dst and src must not overlap. The vector forms may
// also write up to three bytes of dst past n (copies of the src bytes
// there), never past min(len(dst), len(src)).
func CopyValidUTF8(dst, src []byte) int {
	n := min(len(dst), len(src))
	switch {
	case n < utf8VectorMin || cpuLevel < levelAVX2:
		return copyValidUTF8Generic(dst, src)
	case n >= utf8AVX512Min && cpuLevel >= levelAVX512:
		return copyValidUTF8AVX512(dst[:n], src[:n])
	}
	return copyValidUTF8AVX2(dst[:n], src[:n])
}

// copyValidUTF8AVX2 is CopyValidUTF8's AVX2 form for len(dst) == len(src).
func copyValidUTF8AVX2(dst, src []byte) int {
	return copyValidUTF8Blocks(dst, src, false)
}

// copyValidUTF8AVX512 is CopyValidUTF8's AVX-512BW form for len(dst) ==
// len(src).
func copyValidUTF8AVX512(dst, src []byte) int {
	return copyValidUTF8Blocks(dst, src, true)
}

// copyValidUTF8Blocks copies the blocks utf8BlocksAVX512 (if zmm) or
// utf8BlocksAVX2 validates, then the rest of the valid prefix. The
// assembly is called directly, not through a func value, so that dst and
// src do not escape.
func copyValidUTF8Blocks(dst, src []byte, zmm bool) int {
	var i int
	if zmm {
		i = utf8BlocksAVX512(dst, src)
	} else {
		i = utf8BlocksAVX2(dst, src)
	}
	k := finishUTF8Prefix(src, i)
	if k > i {
		copy(dst[i:k], src[i:k])
	}
	return k
}

// validUTF8PrefixAVX512 is ValidUTF8Prefix's AVX-512BW form (any length).
func validUTF8PrefixAVX512(src []byte) int {
	return finishUTF8Prefix(src, utf8BlocksAVX512(nil, src))
}

// validUTF8PrefixAVX2 is ValidUTF8Prefix's AVX2 form (any length).
func validUTF8PrefixAVX2(src []byte) int {
	return finishUTF8Prefix(src, utf8BlocksAVX2(nil, src))
}

// utf8BlocksAVX2 validates src in whole 32-byte blocks and returns how far
// it got: a multiple of 32, the start of the first block with an error
// (or after which an incomplete sequence meets ASCII) or of the short
// tail. src[:ret] holds only valid sequences, except that one may be cut
// by ret (see seqStart). If dst is not empty (it then has src's length),
// the validated blocks are copied to it.
//
//go:noescape
func utf8BlocksAVX2(dst, src []byte) int

// utf8BlocksAVX512 is utf8BlocksAVX2 in 64-byte blocks with AVX-512BW (and
// one last 32-byte block): it returns a multiple of 32.
//
//go:noescape
func utf8BlocksAVX512(dst, src []byte) int
