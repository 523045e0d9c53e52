package simd

import (
	"encoding/binary"
	"math/bits"
)

// DBCSASCIIRow is the row of an ASCII byte in the tables DecodeDBCS takes:
// a row that gives no pointer (every pointer sum with it is at least
// 0xFFFF, past any index the kernel accepts) and marks the byte as one
// that decodes to itself.
const DBCSASCIIRow = 0xFFFF

// DecodeDBCS decodes the longest prefix of src made of ASCII bytes and
// mapped pairs of a double-byte encoding, for as long as src has two bytes
// left and dst eight bytes of room, and returns the lengths written and
// read: the bulk of every CJK decoder whose pairs are a leading byte of
// 0x80 or more and any trailing byte.
//
// A byte b decodes to itself when b is 01–7F (row[b] must be DBCSASCIIRow
// for every b below 0x80, and for no other). Any other byte b followed by
// t is a pair when p = row[b] + col[t] is below len(words) and words[p] is
// not 0: it decodes to the UTF-8 bytes of words[p], first byte lowest, of
// which there are as many as words[p] has bytes up to its highest set one.
// It stops before anything else: NUL, unmapped pairs, and the bytes whose
// row gives no pointer, which the caller decodes (errors, single bytes,
// state). words must not be empty, nor longer than 0xFFFF entries.
//
// It may write past what it reports in dst, never past len(dst).
func DecodeDBCS(dst, src []byte, row, col *[256]uint16, words []uint32) (nDst, nSrc int) {
	return decodeDBCS(dst, src, row, col, words)
}

// decodeDBCSGeneric is DecodeDBCS's pure-Go form: a pair or an ASCII byte
// at a time, and up to eight ASCII bytes at once where the byte-at-a-time
// loop would take all of them (ten bytes of src left, sixteen of dst), so
// that the result is the same.
func decodeDBCSGeneric(dst, src []byte, row, col *[256]uint16, words []uint32) (nDst, nSrc int) {
	dst, src = dst[:len(dst):len(dst)], src[:len(src):len(src)]
	for len(src)-nSrc >= 2 && len(dst)-nDst >= 8 {
		b, t := src[nSrc], src[nSrc+1]
		r := row[b]
		if p := int(r) + int(col[t]); p < len(words) {
			if w := words[p]; w != 0 {
				binary.LittleEndian.PutUint32(dst[nDst:], w)
				nDst += (bits.Len32(w) + 7) >> 3
				nSrc += 2
				continue
			}
		}
		if r != DBCSASCIIRow || b == 0 {
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
