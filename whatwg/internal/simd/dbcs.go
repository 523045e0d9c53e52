package simd

import (
	"encoding/binary"
	"math/bits"
)

// DBCSPairs is a double-byte encoding's pairs as DecodeDBCS takes them:
// the output word of the leading byte b (0x80 or more) and the trailing
// byte t at (b−0x80)<<8 | t, its two or three UTF-8 bytes with the first
// byte lowest, or 0 for a pair that DecodeDBCS leaves to its caller. One
// load gives a pair's word, and its length less 2 is the word shifted
// right by 23 (the top bit of a third byte).
type DBCSPairs [0x8000]uint32

// NewDBCSPairs returns the pairs of the tables the CJK decoders hold: the
// pair b, t (b 0x80 or more) is words[row[b] + col[t]] where that sum is
// below len(words) and the word has at most three bytes; pairs that are
// not mapped and those of four UTF-8 bytes (Big5's astral code points and
// pairs of code points) are 0, left to the caller. words must not be
// longer than 0xFFFF entries.
func NewDBCSPairs(row, col *[256]uint16, words []uint32) *DBCSPairs {
	var pairs DBCSPairs
	for b := 0x80; b < 0x100; b++ {
		for t := range 256 {
			if p := int(row[b]) + int(col[t]); p < len(words) && words[p] < 1<<24 {
				pairs[(b-0x80)<<8|t] = words[p]
			}
		}
	}
	return &pairs
}

// DecodeDBCS decodes the longest prefix of src made of ASCII bytes and
// mapped pairs of a double-byte encoding, for as long as src has two bytes
// left and dst eight bytes of room, and returns the lengths written and
// read: the bulk of every CJK decoder whose pairs are a leading byte of
// 0x80 or more and any trailing byte.
//
// A byte b decodes to itself when b is 01–7F. A byte b of 0x80 or more
// followed by t is a pair when its word in pairs is not 0: it decodes to
// the UTF-8 bytes of the word, first byte lowest, of which there are as
// many as the word has bytes up to its highest set one. It stops before
// anything else: NUL and the bytes that lead no pair in pairs, which the
// caller decodes (errors, single bytes, four-byte outputs, state).
//
// It may write past what it reports in dst, never past len(dst).
func DecodeDBCS(dst, src []byte, pairs *DBCSPairs) (nDst, nSrc int) {
	return decodeDBCS(dst, src, pairs)
}

// decodeDBCSGeneric is DecodeDBCS's pure-Go form: a pair or an ASCII byte
// at a time, and up to eight ASCII bytes at once where the byte-at-a-time
// loop would take all of them (ten bytes of src left, sixteen of dst), so
// that the result is the same.
func decodeDBCSGeneric(dst, src []byte, pairs *DBCSPairs) (nDst, nSrc int) {
	dst, src = dst[:len(dst):len(dst)], src[:len(src):len(src)]
	for len(src)-nSrc >= 2 && len(dst)-nDst >= 8 {
		b := src[nSrc]
		if b >= 0x80 {
			w := pairs[int(b-0x80)<<8|int(src[nSrc+1])]
			if w == 0 {
				return nDst, nSrc
			}
			binary.LittleEndian.PutUint32(dst[nDst:], w)
			nDst += (bits.Len32(w) + 7) >> 3
			nSrc += 2
			continue
		}
		if b == 0 {
			return nDst, nSrc
		}
		if len(src)-nSrc >= 10 && len(dst)-nDst >= 16 {
			// The first byte that is NUL or 80–FF ends the run: below
			// it no byte borrows in the subtraction.
			w := binary.LittleEndian.Uint64(src[nSrc:])
			n := bits.TrailingZeros64((w|(w-0x0101010101010101))&sbcsHighBits) >> 3
			binary.LittleEndian.PutUint64(dst[nDst:], w)
			nDst += n
			nSrc += n
			continue
		}
		dst[nDst] = b
		nDst++
		nSrc++
	}
	return nDst, nSrc
}
