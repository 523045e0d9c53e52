//go:build amd64 && !purego

package simd

// The vector kernels' loops run while this much src and dst is left (see
// sbcs_amd64.s); the pure-Go form finishes the rest exactly.
const (
	sbcsMinSrc = 64
	sbcsMinDst = 128
)

// decodeSBCSKernel runs the vector form of level l (levelAVX2 or higher,
// and supported): decodeSBCSAVX512 or decodeSBCSAVX2. The calls are
// direct, so that the compiler knows that src does not escape (the
// stack buffer of decodeSBCSPadded).
func decodeSBCSKernel(l level, dst, src []byte, t *SBCSTable) (nDst, nSrc int) {
	if l >= levelAVX512VBMI {
		return decodeSBCSAVX512(dst, src, t)
	}
	return decodeSBCSAVX2(dst, src, t)
}

func decodeSBCS(dst, src []byte, t *SBCSTable) (int, int) {
	if cpuLevel >= levelAVX2 {
		return decodeSBCSVector(dst, src, t, cpuLevel)
	}
	return decodeSBCSGeneric(dst, src, &t.decode)
}

// decodeSBCSVector runs the vector kernel of level l over the bulk of src
// and the pure-Go form over what it leaves: the last bytes of src or dst,
// or nothing when the kernel stopped at an unmapped byte.
func decodeSBCSVector(dst, src []byte, t *SBCSTable, l level) (nDst, nSrc int) {
	if len(src) >= sbcsMinSrc && len(dst) >= sbcsMinDst {
		nDst, nSrc = decodeSBCSKernel(l, dst, src, t)
	}
	// The last 32 to 63 bytes (the loop's 64 bytes of reach stop it
	// there) through a padded copy too.
	n, m := decodeSBCSPadded(dst[nDst:], src[nSrc:], t, l)
	return nDst + n, nSrc + m
}

// decodeSBCSShort decodes 16 to 63 bytes of src. Where dst has the room
// the vector kernel's loop needs, the kernel runs on a copy of src padded
// with zero bytes to two 32-byte chunks and the 64 bytes of reach after
// each chunk start, all in a stack buffer (no read past src). A zero byte
// decodes to itself, one byte, so the padding the kernel decodes is the
// last nSrc-len(src) bytes it wrote: dropping them gives src's exact
// result. The pure-Go form finishes what the kernel leaves; alone, it
// takes about twice as long on 40-63 bytes of Cyrillic or Greek.
func decodeSBCSShort(dst, src []byte, t *SBCSTable) (int, int) {
	if cpuLevel < levelAVX2 {
		return decodeSBCSGeneric(dst, src, &t.decode)
	}
	return decodeSBCSPadded(dst, src, t, cpuLevel)
}

// decodeSBCSPadded is decodeSBCSShort's vector form (see there) with the
// kernel of level l, for at most 64 bytes of src; on more, or without the
// room in dst, the pure-Go form alone.
func decodeSBCSPadded(dst, src []byte, t *SBCSTable, l level) (nDst, nSrc int) {
	if len(dst) < sbcsMinDst || len(src) > sbcsMinSrc || len(src) == 0 {
		return decodeSBCSGeneric(dst, src, &t.decode)
	}
	var buf [sbcsMinSrc + 32]byte
	copy(buf[:], src)
	nDst, nSrc = decodeSBCSKernel(l, dst, buf[:], t)
	if nSrc > len(src) {
		nDst -= nSrc - len(src)
		nSrc = len(src)
	}
	n, m := decodeSBCSGeneric(dst[nDst:], src[nSrc:], &t.decode)
	return nDst + n, nSrc + m
}

// decodeSBCSAVX2 decodes 32 bytes at a time while 64 bytes of src and 128
// of dst are left, stopping early before an unmapped byte.
//
//go:noescape
func decodeSBCSAVX2(dst, src []byte, t *SBCSTable) (nDst, nSrc int)

// decodeSBCSAVX512 is decodeSBCSAVX2 that expands chunks of ASCII and
// two-byte forms (Greek, Cyrillic, Hebrew, Arabic, most accented Latin
// letters) in vector registers instead of byte by byte: it needs 128-entry
// byte lookups (AVX-512 VBMI) and byte compression (VBMI2).
//
//go:noescape
func decodeSBCSAVX512(dst, src []byte, t *SBCSTable) (nDst, nSrc int)

func encodeSBCS(dst, src []byte, index *[1024]uint8, pages []byte) (int, int) {
	if cpuLevel >= levelAVX2 {
		return encodeSBCSVector(dst, src, index, pages)
	}
	return encodeSBCSGeneric(dst, src, index, pages)
}

// encodeSBCSVector runs the vector kernel over the bulk of src and the
// pure-Go form over what it leaves.
func encodeSBCSVector(dst, src []byte, index *[1024]uint8, pages []byte) (nDst, nSrc int) {
	if len(src) >= sbcsMinSrc && len(dst) >= sbcsMinSrc {
		nDst, nSrc = encodeSBCSAVX2(dst, src, index, pages)
	}
	n, m := encodeSBCSGeneric(dst[nDst:], src[nSrc:], index, pages)
	return nDst + n, nSrc + m
}

// encodeSBCSAVX2 encodes 32 bytes at a time while 64 bytes of src and of
// dst are left, stopping early before anything it leaves to its caller.
//
//go:noescape
func encodeSBCSAVX2(dst, src []byte, index *[1024]uint8, pages []byte) (nDst, nSrc int)
