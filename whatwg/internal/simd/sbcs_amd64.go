//go:build amd64 && !purego

package simd

// The vector kernels' loops run while this much src and dst is left (see
// sbcs_amd64.s); the pure-Go form finishes the rest exactly.
const (
	sbcsMinSrc = 64
	sbcsMinDst = 128
)

func decodeSBCS(dst, src []byte, t *[256]uint32) (int, int) {
	if hasAVX2 {
		return decodeSBCSWith(decodeSBCSAVX2, dst, src, t)
	}
	return decodeSBCSGeneric(dst, src, t)
}

// decodeSBCSWith runs a vector kernel over the bulk of src and the pure-Go
// form over what it leaves: the last bytes of src or dst, or nothing when
// the kernel stopped at an unmapped byte.
func decodeSBCSWith(kernel func(dst, src []byte, t *[256]uint32) (int, int), dst, src []byte, t *[256]uint32) (nDst, nSrc int) {
	if len(src) >= sbcsMinSrc && len(dst) >= sbcsMinDst {
		nDst, nSrc = kernel(dst, src, t)
	}
	n, m := decodeSBCSGeneric(dst[nDst:], src[nSrc:], t)
	return nDst + n, nSrc + m
}

// decodeSBCSAVX2 decodes 32 bytes at a time while 64 bytes of src and 128
// of dst are left, stopping early before an unmapped byte.
//
//go:noescape
func decodeSBCSAVX2(dst, src []byte, t *[256]uint32) (nDst, nSrc int)

func encodeSBCS(dst, src []byte, index *[1024]uint8, pages []byte) (int, int) {
	if hasAVX2 {
		return encodeSBCSWith(encodeSBCSAVX2, dst, src, index, pages)
	}
	return encodeSBCSGeneric(dst, src, index, pages)
}

// encodeSBCSWith runs a vector kernel over the bulk of src and the pure-Go
// form over what it leaves.
func encodeSBCSWith(kernel func(dst, src []byte, index *[1024]uint8, pages []byte) (int, int), dst, src []byte, index *[1024]uint8, pages []byte) (nDst, nSrc int) {
	if len(src) >= sbcsMinSrc && len(dst) >= sbcsMinSrc {
		nDst, nSrc = kernel(dst, src, index, pages)
	}
	n, m := encodeSBCSGeneric(dst[nDst:], src[nSrc:], index, pages)
	return nDst + n, nSrc + m
}

// encodeSBCSAVX2 encodes 32 bytes at a time while 64 bytes of src and of
// dst are left, stopping early before anything it leaves to its caller.
//
//go:noescape
func encodeSBCSAVX2(dst, src []byte, index *[1024]uint8, pages []byte) (nDst, nSrc int)
