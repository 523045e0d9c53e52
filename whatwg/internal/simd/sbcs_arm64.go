//go:build arm64 && !purego

package simd

func decodeSBCS(dst, src []byte, t *SBCSTable) (int, int) {
	if cpuLevel < levelNEON {
		return decodeSBCSGeneric(dst, src, &t.decode)
	}
	return decodeSBCSNEONLoop(dst, src, t)
}

// decodeSBCSShort decodes 16 to 63 bytes of src: the NEON kernel takes
// 16 bytes a step, so it serves short inputs too.
func decodeSBCSShort(dst, src []byte, t *SBCSTable) (int, int) { return decodeSBCS(dst, src, t) }

func encodeSBCS(dst, src []byte, index *[1024]uint8, pages []byte) (int, int) {
	if cpuLevel < levelNEON {
		return encodeSBCSGeneric(dst, src, index, pages)
	}
	return encodeSBCSNEONLoop(dst, src, index, pages)
}

// encodeSBCSNEONLoop is EncodeSBCS's NEON form: ASCII runs copied 64 and
// 16 bytes at a time by asciiNEON (ASCII encodes as itself), the rest by
// the pure-Go form (see windowed).
func encodeSBCSNEONLoop(dst, src []byte, index *[1024]uint8, pages []byte) (nDst, nSrc int) {
	return windowed(dst, src, 16, 16,
		func(dst, src []byte) (int, int) {
			n := min(len(dst), len(src))
			k := asciiNEON(dst[:n], src[:n])
			return k, k
		},
		func(dst, src []byte) (int, int) { return encodeSBCSGeneric(dst, src, index, pages) })
}

// decodeSBCSNEONLoop is DecodeSBCS's NEON form: the kernel where it
// applies, the pure-Go form elsewhere (see windowed).
func decodeSBCSNEONLoop(dst, src []byte, t *SBCSTable) (nDst, nSrc int) {
	return windowed(dst, src, 16, 32,
		func(dst, src []byte) (int, int) { return decodeSBCSNEON(dst, src, t) },
		func(dst, src []byte) (int, int) { return decodeSBCSGeneric(dst, src, &t.decode) })
}

// decodeSBCSNEON decodes 16 bytes a step while src has 16 bytes left and
// dst 32, and stops before a step that holds an unmapped byte or one
// whose form is three bytes long. ASCII steps are stored as they are;
// otherwise every byte's lead and second byte are looked up in t.lead and
// t.second (TBL and TBX over 128 entries), and the bytes due are moved
// together by the masks of utf16To8NEON, eight source bytes at a time.
//
//go:noescape
func decodeSBCSNEON(dst, src []byte, t *SBCSTable) (nDst, nSrc int)
