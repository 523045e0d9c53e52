//go:build arm64 && !purego

package simd

// utf16NEONWindow is how many source bytes the pure-Go form converts
// after a NEON kernel stops, before the kernel is tried again: text in
// the kernels' reach (ASCII, and for decoding units below U+0800) often
// has a character outside it here and there (a dash, a quotation mark).
const utf16NEONWindow = 64

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

// utf16ToUTF8NEONLoop alternates the NEON kernel with the pure-Go form
// over a window of utf16NEONWindow bytes where the kernel stops, until the
// pure-Go form stops inside its window (at what UTF16ToUTF8 stops at) or
// src ends. The kernel converts whole units and only where dst has room,
// so the result is the pure-Go form's.
func utf16ToUTF8NEONLoop(dst, src []byte, bigEndian bool) (nDst, nSrc int) {
	for {
		if len(src)-nSrc >= 16 && len(dst)-nDst >= 16 {
			n, m := utf16ToUTF8NEON(dst[nDst:], src[nSrc:], bigEndian)
			nDst, nSrc = nDst+n, nSrc+m
		}
		end := min(len(src), nSrc+utf16NEONWindow)
		n, m := utf16ToUTF8Generic(dst[nDst:], src[nSrc:end], bigEndian)
		nDst, nSrc = nDst+n, nSrc+m
		if nSrc < end || end == len(src) {
			return nDst, nSrc
		}
	}
}

// utf8ToUTF16NEONLoop is utf16ToUTF8NEONLoop for the encoder. A window
// may end inside a sequence: the pure-Go form stops before it, and the
// loop goes on from there unless it made no progress at all.
func utf8ToUTF16NEONLoop(dst, src []byte, bigEndian bool) (nDst, nSrc int) {
	for {
		if len(src)-nSrc >= 16 && len(dst)-nDst >= 32 {
			n, m := utf8ToUTF16NEON(dst[nDst:], src[nSrc:], bigEndian)
			nDst, nSrc = nDst+n, nSrc+m
		}
		end := min(len(src), nSrc+utf16NEONWindow)
		n, m := utf8ToUTF16Generic(dst[nDst:], src[nSrc:end], bigEndian)
		nDst, nSrc = nDst+n, nSrc+m
		if nSrc+3 < end || end == len(src) || (m == 0 && n == 0) {
			break
		}
	}
	// What stopped the window loop may be the window's end cutting a
	// sequence: the pure-Go form decides on the rest.
	n, m := utf8ToUTF16Generic(dst[nDst:], src[nSrc:], bigEndian)
	return nDst + n, nSrc + m
}

// The assembly (utf16_arm64.s): each converts while src and dst have room
// for a whole step and stops early at anything it leaves to the pure-Go
// form.

//go:noescape
func utf16ToUTF8NEON(dst, src []byte, be bool) (nDst, nSrc int)

//go:noescape
func utf8ToUTF16NEON(dst, src []byte, be bool) (nDst, nSrc int)

// utf16To8NEON drives the NEON decoder's mixed step: entry i, for bit k
// of i = "unit k is ASCII", is the TBL mask that takes from eight 16-bit
// lanes (lead or ASCII byte low, trail byte high) each unit's UTF-8 in
// order: the low byte only for an ASCII unit, both for the others; unused
// positions are out of range (TBL writes 0). utf16To8NEONLen[i] is the
// number of bytes the mask takes. Written once at start-up.
var utf16To8NEON, utf16To8NEONLen = func() (t [256][16]byte, n [256]uint8) {
	for i := range t {
		k := 0
		for u := range 8 {
			t[i][k] = byte(2 * u)
			k++
			if i>>u&1 == 0 {
				t[i][k] = byte(2*u + 1)
				k++
			}
		}
		n[i] = uint8(k)
		for ; k < 16; k++ {
			t[i][k] = 0xFF
		}
	}
	return t, n
}()
