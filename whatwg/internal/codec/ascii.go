package codec

import "encoding/binary"

const highBits = 0x8080808080808080

// CopyASCII copies the longest prefix of src that is ASCII and fits in dst,
// eight bytes at a time where it can, and returns its length.
func CopyASCII(dst, src []byte) int {
	n := min(len(dst), len(src))
	dst, src = dst[:n], src[:n]
	i := 0
	for ; i+8 <= n; i += 8 {
		w := binary.LittleEndian.Uint64(src[i:])
		if w&highBits != 0 {
			break
		}
		binary.LittleEndian.PutUint64(dst[i:], w)
	}
	for ; i < n && src[i] < 0x80; i++ {
		dst[i] = src[i]
	}
	return i
}

// ASCIIPrefix returns the length of the longest ASCII prefix of src.
func ASCIIPrefix(src []byte) int {
	i := 0
	for ; i+8 <= len(src); i += 8 {
		if binary.LittleEndian.Uint64(src[i:])&highBits != 0 {
			break
		}
	}
	for ; i < len(src) && src[i] < 0x80; i++ {
	}
	return i
}
