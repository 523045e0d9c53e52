//go:build arm64 && !purego

package simd

func utf16ToUTF8(dst, src []byte, bigEndian bool) (nDst, nSrc int) {
	if cpuLevel < levelNEON {
		return utf16ToUTF8Generic(dst, src, bigEndian)
	}
	return utf16ToUTF8NEONLoop(dst, src, bigEndian)
}

func utf8ToUTF16(dst, src []byte, bigEndian bool) (nDst, nSrc int) {
	if cpuLevel < levelNEON {
		return utf8ToUTF16Generic(dst, src, bigEndian)
	}
	return utf8ToUTF16NEONLoop(dst, src, bigEndian)
}

// utf16ToUTF8NEONLoop is UTF16ToUTF8's NEON form: the kernel where it
// applies, the pure-Go form elsewhere (see windowed).
func utf16ToUTF8NEONLoop(dst, src []byte, bigEndian bool) (nDst, nSrc int) {
	return windowed(dst, src, 16, 16,
		func(dst, src []byte) (int, int) { return utf16ToUTF8NEON(dst, src, bigEndian) },
		func(dst, src []byte) (int, int) { return utf16ToUTF8Generic(dst, src, bigEndian) })
}

// utf8ToUTF16NEONLoop is UTF8ToUTF16's NEON form (see windowed).
func utf8ToUTF16NEONLoop(dst, src []byte, bigEndian bool) (nDst, nSrc int) {
	return windowed(dst, src, 16, 32,
		func(dst, src []byte) (int, int) { return utf8ToUTF16NEON(dst, src, bigEndian) },
		func(dst, src []byte) (int, int) { return utf8ToUTF16Generic(dst, src, bigEndian) })
}

// The assembly (utf16_arm64.s): each converts while src and dst have room
// for a whole step and stops early at anything it leaves to the pure-Go
// form.

//go:noescape
func utf16ToUTF8NEON(dst, src []byte, be bool) (nDst, nSrc int)

//go:noescape
func utf8ToUTF16NEON(dst, src []byte, be bool) (nDst, nSrc int)

// utf16To8NEON drives the NEON decoder's two-byte step: entry i, for bit
// k of i = "unit k is ASCII", is the TBL mask that takes from eight 16-bit
// lanes (lead or ASCII byte low, trail byte high) each unit's UTF-8 in
// order: the low byte only for an ASCII unit, both for the others.
// utf16To8NEONLen[i] is the number of bytes the mask takes. The
// single-byte decoder (sbcs_arm64.s) uses them too.
//
//lint:ignore U1000 read only by utf16_arm64.s and sbcs_arm64.s
var utf16To8NEON, utf16To8NEONLen = tblMasks(func(i int) (take []byte) {
	for u := range 8 {
		take = append(take, byte(2*u))
		if i>>u&1 == 0 {
			take = append(take, byte(2*u+1))
		}
	}
	return take
})

// utf16To8MixNEON drives the NEON decoder's mixed step: entry i, for
// bits 2k, 2k+1 of i = unit k's class c (0 ASCII, 1 two bytes, 2 three),
// is the TBL mask that takes from four 32-bit lanes (the unit's UTF-8
// bytes, lead first) the first c+1 bytes of each lane in order.
// utf16To8MixNEONLen[i] is the number of bytes the mask takes.
//
//lint:ignore U1000 read only by utf16_arm64.s
var utf16To8MixNEON, utf16To8MixNEONLen = tblMasks(func(i int) (take []byte) {
	for u := range 4 {
		for b := range i>>(2*u)&3 + 1 {
			take = append(take, byte(4*u+b))
		}
	}
	return take
})

// utf8To16NEON drives the NEON encoder's step of one- and two-byte
// sequences: entry i is the TBL mask that takes from eight 16-bit lanes
// those whose bit in i is set (both bytes, in order). utf8To16NEONLen[i]
// is the number of bytes the mask takes.
//
//lint:ignore U1000 read only by utf16_arm64.s
var utf8To16NEON, utf8To16NEONLen = tblMasks(func(i int) (take []byte) {
	for u := range 8 {
		if i>>u&1 != 0 {
			take = append(take, byte(2*u), byte(2*u+1))
		}
	}
	return take
})

// tblMasks returns the 256 TBL masks that take, for each index i, the
// source bytes take(i) lists (at most 16) in order, with the positions
// after them out of range (TBL writes 0), and how many each takes. The
// tables are written once at start-up and only read after.
func tblMasks(take func(i int) []byte) (t [256][16]byte, n [256]uint8) {
	for i := range t {
		k := copy(t[i][:], take(i))
		n[i] = uint8(k)
		for ; k < 16; k++ {
			t[i][k] = 0xFF
		}
	}
	return t, n
}
