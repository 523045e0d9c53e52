package cjk

import (
	"encoding/binary"
	"math/bits"
)

// The ISO-2022-JP decoder's bulk paths: runs of ASCII and of jis0208
// pairs, which are most of what a page holds, taken without the
// byte-at-a-time handler.

// iso2022jpPlainLen returns how many of the word w's bytes, from its
// lowest, are ASCII other than 0x0E, 0x0F and 0x1B (8: all of them). For
// ASCII bytes, x+0x7F has its high bit set exactly when x is not zero; a
// byte's carry reaches only higher bytes, so every byte below the first
// one that fails is tested exactly, and that first one is caught: by its
// high bit if it is not ASCII, else by x or y being zero.
func iso2022jpPlainLen(w uint64) int {
	return bits.TrailingZeros64(iso2022jpOther(w)) >> 3
}

// iso2022jpOther returns the high bits of w's bytes that are not ASCII
// other than 0x0E, 0x0F and 0x1B, exact up to the first such byte (see
// iso2022jpPlainLen): 0 when all eight are.
func iso2022jpOther(w uint64) uint64 {
	const highs, low7 = 0x8080808080808080, 0x7F7F7F7F7F7F7F7F
	x := (w ^ 0x0E0E0E0E0E0E0E0E) & 0xFEFEFEFEFEFEFEFE // 0 where 0x0E or 0x0F
	y := w ^ 0x1B1B1B1B1B1B1B1B                        // 0 where 0x1B
	return (w | ^((x + low7) & (y + low7))) & highs
}

// iso2022jpCopyASCII copies the longest prefix of src that fits in dst and
// consists of ASCII bytes other than 0x0E, 0x0F and 0x1B, and returns its
// length: the bytes that the decoder's ASCII state and the encoder's ASCII
// state pass through unchanged. It copies a word at a time (the word
// holding the first other byte too, so it may write up to 7 bytes past
// what it reports, never past len(dst)).
func iso2022jpCopyASCII(dst, src []byte) int {
	n := min(len(dst), len(src))
	dst, src = dst[:n], src[:n]
	i := 0
	for ; i+8 <= n; i += 8 {
		w := binary.LittleEndian.Uint64(src[i:])
		binary.LittleEndian.PutUint64(dst[i:], w)
		if k := iso2022jpPlainLen(w); k < 8 {
			return i + k
		}
	}
	for ; i < n; i++ {
		c := src[i]
		if c >= 0x80 || c == 0x0E || c == 0x0F || c == 0x1B {
			break
		}
		dst[i] = c
	}
	return i
}

// iso2022jpASCIIRun decodes src in the ASCII state as far as it holds no
// 0x1B and dst has room: bytes other than 0x0E and 0x0F are copied, those
// and non-ASCII bytes are errors (U+FFFD, each consuming its byte), unless
// stop is set (fatal mode), where it returns at the first. So a UTF-8 page
// mislabeled ISO-2022-JP stays in this loop. It returns the lengths
// written and read.
func iso2022jpASCIIRun(dst, src []byte, stop bool) (nDst, nSrc int) {
	for {
		n := iso2022jpCopyASCII(dst[nDst:], src[nSrc:])
		nDst += n
		nSrc += n
		// Errors, while dst has room for a four-byte store.
		for ; nSrc < len(src) && !stop && len(dst)-nDst >= 4; nSrc++ {
			if c := src[nSrc]; c < 0x80 && c != 0x0E && c != 0x0F {
				break
			}
			binary.LittleEndian.PutUint32(dst[nDst:], fffdWord)
			nDst += 3
		}
		if nSrc == len(src) || len(dst)-nDst < 4 {
			return
		}
		if c := src[nSrc]; c >= 0x80 || c == 0x0E || c == 0x0F || c == 0x1B {
			return // fatal mode's error, or an escape sequence
		}
	}
}

// iso2022jpRuns decodes, in one loop, what pages are made of: runs of
// ASCII in the ASCII state and of jis0208 pairs in the leading byte
// state, and the valid escape sequences between them after output
// (escape start step 1, escape steps 1–7: the state and output state
// become the new one, output is set). It takes them exactly as the
// Standard's steps do and returns at anything else (errors, the other
// states, an escape right after another, fewer than 8 bytes of src or
// room in dst), with the state, output state and output flag it leaves.
// index is index jis0208 as the form's UTF-8 words. It may write up to 7
// bytes past what it reports, never past len(dst).
func iso2022jpRuns(dst, src []byte, st, out uint8, output bool, index []uint32) (nDst, nSrc int, _, _ uint8, _ bool) {
	dst, src = dst[:len(dst):len(dst)], src[:len(src):len(src)]
	for len(src)-nSrc >= 8 && len(dst)-nDst >= 8 {
		switch st {
		case iso2022jpASCII:
			w := binary.LittleEndian.Uint64(src[nSrc:])
			binary.LittleEndian.PutUint64(dst[nDst:], w)
			other := iso2022jpOther(w)
			if other == 0 {
				// A fixed step, not one computed from the bytes, keeps
				// the loads of a long run independent of each other.
				nDst += 8
				nSrc += 8
				output = false
				continue
			}
			if k := bits.TrailingZeros64(other) >> 3; k > 0 {
				nDst += k
				nSrc += k
				output = false
			}
		case iso2022jpLeadByte:
			b, t := src[nSrc], src[nSrc+1]
			if b-0x21 <= 0x7E-0x21 && t-0x21 <= 0x7E-0x21 {
				if w := index[int(b-0x21)*94+int(t-0x21)]; w != 0 {
					binary.LittleEndian.PutUint32(dst[nDst:], w)
					nDst += wordLen(w)
					nSrc += 2
					output = false
					continue
				}
			}
		default:
			return nDst, nSrc, st, out, output
		}
		// The run ended: an escape sequence after output, or the end.
		if output || len(src)-nSrc < 3 || src[nSrc] != 0x1B {
			return nDst, nSrc, st, out, output
		}
		next := iso2022jpEscapeState(src[nSrc+1], src[nSrc+2])
		if next == 0xFF {
			return nDst, nSrc, st, out, output
		}
		st, out, output = next, next, true
		nSrc += 3
	}
	return nDst, nSrc, st, out, output
}
