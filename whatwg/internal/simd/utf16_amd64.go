//go:build amd64 && !purego

package simd

import "golang.org/x/sys/cpu"

// hasUTF16VBMI2 selects the UTF-16 kernels that compress bytes or words
// within a register (VPCOMPRESSB/W, AVX-512 VBMI2: Ice Lake, Zen 4).
var hasUTF16VBMI2 = hasAVX512 && cpu.X86.HasAVX512VBMI2

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
	if len(src) >= 16 && len(dst) >= 32 {
		switch {
		case hasUTF16VBMI2:
			nDst, nSrc = utf16ToUTF8AVX512(dst, src, bigEndian)
		case hasAVX2:
			nDst, nSrc = utf16ToUTF8AVX2(dst, src, bigEndian)
		}
	}
	n, m := utf16ToUTF8Generic(dst[nDst:], src[nSrc:], bigEndian)
	return nDst + n, nSrc + m
}

func utf8ToUTF16(dst, src []byte, bigEndian bool) (nDst, nSrc int) {
	if len(src) >= 32 && len(dst) >= 64 {
		switch {
		case hasUTF16VBMI2:
			nDst, nSrc = utf8ToUTF16AVX512(dst, src, bigEndian)
		case hasAVX2:
			nDst, nSrc = utf8ToUTF16AVX2Runs(dst, src, bigEndian)
		}
	}
	n, m := utf8ToUTF16Generic(dst[nDst:], src[nSrc:], bigEndian)
	return nDst + n, nSrc + m
}

// utf8ToUTF16AVX2Runs alternates the AVX2 kernel, which widens ASCII runs,
// with the pure-Go word loop over what follows. The Go stretch starts at
// 64 bytes and doubles (to 4 KiB) each time the kernel found less than one
// block of ASCII, so that text with little ASCII (CJK, Thai) does not pay
// a kernel call per word.
func utf8ToUTF16AVX2Runs(dst, src []byte, bigEndian bool) (nDst, nSrc int) {
	window := 64
	for len(src)-nSrc >= 32 && len(dst)-nDst >= 64 {
		n, m := utf8ToUTF16AVX2(dst[nDst:], src[nSrc:], bigEndian)
		nDst += n
		nSrc += m
		if m < 32 {
			window = min(2*window, 4096)
		} else {
			window = 64
		}
		end := min(len(src), nSrc+window)
		if bigEndian {
			n, m = utf8ToUTF16WordsBE(dst[nDst:], src[nSrc:end])
		} else {
			n, m = utf8ToUTF16WordsLE(dst[nDst:], src[nSrc:end])
		}
		if m == 0 {
			break
		}
		nDst += n
		nSrc += m
	}
	return nDst, nSrc
}

// utf16To8Shuffle drives the AVX2 decoder's mixed step. Four units sit in
// four 32-bit lanes holding bytes A = E0|u>>12, B = 80|(u>>6&3F),
// C = 80|(u&3F) (u itself for ASCII) and D = C0|u>>6. Entry i, for bits
// 0-3 of i = "unit k is ASCII" and bits 4-7 = "unit k is below U+0800",
// is the VPSHUFB mask that writes each unit's UTF-8 in order: C, or D C,
// or A B C; unused positions are zeroed (0x80). Written once at start-up.
var utf16To8Shuffle = func() (t [256][16]byte) {
	for i := range t {
		n := 0
		for k := range 4 {
			var pick []byte
			switch {
			case i>>k&1 != 0:
				pick = []byte{2}
			case i>>(4+k)&1 != 0:
				pick = []byte{3, 2}
			default:
				pick = []byte{0, 1, 2}
			}
			for _, p := range pick {
				t[i][n] = byte(4*k) + p
				n++
			}
		}
		for ; n < 16; n++ {
			t[i][n] = 0x80
		}
	}
	return t
}()
