//go:build amd64 && !purego

package simd

import "math/bits"

// Assembly (utf16_amd64.s). Each converts whole blocks while src and dst
// have room for one and stops early at anything it leaves to the pure-Go
// form: the callers below finish with it.

//go:noescape
func utf16ToUTF8AVX2(dst, src []byte, be bool) (nDst, nSrc int)

//go:noescape
func utf16ToUTF8AVX512(dst, src []byte, be bool) (nDst, nSrc int)

//go:noescape
func utf8ToUTF16AVX2(dst, src []byte, be bool) (nDst, nSrc int)

//go:noescape
func utf8ToUTF16AVX512(dst, src []byte, be bool) (nDst, nSrc int)

func utf16ToUTF8(dst, src []byte, bigEndian bool) (nDst, nSrc int) {
	// A kernel is called only on an input it can take a step of: its
	// set-up (a dozen constants in vector registers) is most of the time
	// of a short string, to no use if it leaves all of src to the pure-Go
	// form. The AVX-512 VBMI kernel's smallest step is 16 units (32
	// bytes) with a 64-byte store, the AVX2 kernel's (which the avx512
	// level runs too) 8 units with a 32-byte one.
	switch {
	case cpuLevel >= levelAVX512VBMI && len(src) >= 32 && len(dst) >= 64:
		nDst, nSrc = utf16ToUTF8AVX512(dst, src, bigEndian)
	case cpuLevel >= levelAVX2 && len(src) >= 16 && len(dst) >= 32:
		nDst, nSrc = utf16ToUTF8AVX2(dst, src, bigEndian)
	}
	n, m := utf16ToUTF8Generic(dst[nDst:], src[nSrc:], bigEndian)
	return nDst + n, nSrc + m
}

func utf8ToUTF16(dst, src []byte, bigEndian bool) (nDst, nSrc int) {
	if len(src) >= 32 && len(dst) >= 64 {
		switch {
		case cpuLevel >= levelAVX512VBMI:
			nDst, nSrc = utf8ToUTF16AVX512(dst, src, bigEndian)
		case cpuLevel >= levelAVX2:
			nDst, nSrc = utf8ToUTF16AVX2(dst, src, bigEndian)
		}
	}
	n, m := utf8ToUTF16Generic(dst[nDst:], src[nSrc:], bigEndian)
	return nDst + n, nSrc + m
}

// utf16To8Shuffle drives the AVX2 decoder's mixed steps. Four units sit in
// four 32-bit lanes holding bytes A = E0|u>>12, B = 80|(u>>6&3F),
// C = 80|(u&3F) (u itself for ASCII) and D = C0|u>>6. Entry i, for bit 2k
// of i = "unit k is ASCII" and bit 2k+1 = "unit k is below U+0800", is the
// VPSHUFB mask that writes each unit's UTF-8 in order: C, or D C, or A B
// C; unused positions are zeroed (0x80) but the last, which holds how many
// bytes that is (the byte it makes VPSHUFB write lies past them). Written
// once at start-up.
//
//lint:ignore U1000 read only by utf16_amd64.s
var utf16To8Shuffle = func() (t [256][16]byte) {
	for i := range t {
		n := 0
		for k := range 4 {
			var pick []byte
			switch {
			case i>>(2*k)&1 != 0:
				pick = []byte{2}
			case i>>(2*k+1)&1 != 0:
				pick = []byte{3, 2}
			default:
				pick = []byte{0, 1, 2}
			}
			for _, p := range pick {
				t[i][n] = byte(4*k) + p
				n++
			}
		}
		t[i][15] = byte(n) // the bytes written: at most 12
		for ; n < 15; n++ {
			t[i][n] = 0x80
		}
	}
	return t
}()

// utf8To16Compress drives the AVX2 encoder's compaction: entry k is the
// VPSHUFB mask that moves the 16-bit units at the positions of k's set bits
// (of eight) to the bottom, in order, and zeroes the rest. Written once at
// start-up.
//
//lint:ignore U1000 read only by utf16_amd64.s
var utf8To16Compress = func() (t [256][16]byte) {
	for k := range t {
		n := 0
		for j := range 8 {
			if k>>j&1 != 0 {
				t[k][n], t[k][n+1] = byte(2*j), byte(2*j+1)
				n += 2
			}
		}
		for ; n < 16; n++ {
			t[k][n] = 0x80
		}
	}
	return t
}()

// utf16To8Pack2 drives the two-byte steps of utf16ToUTF8AVX2. Eight units below U+0800 sit in eight 16-bit lanes
// holding C0|u>>6 then 80|u&3F (u itself, then 0, for ASCII); entry i, for
// bit k of i = "unit k is ASCII", is the VPSHUFB mask that writes each
// unit's UTF-8 in order and zeroes the rest (0x80). Written once at
// start-up.
//
//lint:ignore U1000 read only by utf16_amd64.s
var utf16To8Pack2 = func() (t [256][16]byte) {
	for i := range t {
		n := 0
		for k := range 8 {
			t[i][n] = byte(2 * k)
			n++
			if i>>k&1 == 0 {
				t[i][n] = byte(2*k + 1)
				n++
			}
		}
		for ; n < 16; n++ {
			t[i][n] = 0x80
		}
	}
	return t
}()

// utf16To8Pack2Len[i] is the number of bytes utf16To8Pack2's entry i
// writes: two per unit, one per ASCII unit. Written once at start-up.
//
//lint:ignore U1000 read only by utf16_amd64.s
var utf16To8Pack2Len = func() (t [256]byte) {
	for i := range t {
		t[i] = byte(16 - bits.OnesCount8(uint8(i)))
	}
	return t
}()
