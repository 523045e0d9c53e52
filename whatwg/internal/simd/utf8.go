package simd

import (
	"encoding/binary"

	"github.com/webenc/webenc/internal/utf8grammar"
)

// lowBits is highBits' complement: adding it to a byte below 0x80 carries
// into the byte's top bit exactly when the byte is not zero.
const lowBits = 0x7F7F7F7F7F7F7F7F

// seqStart returns where the last sequence of src[:i] starts if it may
// continue past i (a lead byte among the last three bytes whose sequence
// is longer than what is left before i), and i otherwise.
//
// The vector forms validate whole blocks; every sequence that ends before
// their stop point i is then known to be valid, and only one that starts
// in the last three bytes before i and reaches past i is not. The Go code
// resumes at the returned boundary.
func seqStart(src []byte, i int) int {
	switch {
	case i >= 1 && src[i-1] >= 0xC0:
		return i - 1
	case i >= 2 && src[i-2] >= 0xE0:
		return i - 2
	case i >= 3 && src[i-3] >= 0xF0:
		return i - 3
	}
	return i
}

// finishUTF8Prefix returns ValidUTF8Prefix(src) given that the vector form
// validated src up to i (see seqStart): the scalar code finishes from the
// boundary, over the short tail or up to the error in the block that
// stopped the vector loop.
func finishUTF8Prefix(src []byte, i int) int {
	b := seqStart(src, i)
	return b + validUTF8PrefixGeneric(src[b:])
}

// copyValidUTF8Generic is the pure-Go form of CopyValidUTF8.
func copyValidUTF8Generic(dst, src []byte) int {
	n := validUTF8PrefixGeneric(src[:min(len(dst), len(src))])
	copy(dst, src[:n])
	return n
}

// validUTF8PrefixGeneric is the pure-Go form of ValidUTF8Prefix.
//
// Its main loop checks eight bytes at a time with bit masks, for any mix of
// ASCII, 2-byte and 3-byte sequences; anything else (4-byte sequences,
// errors, the last bytes) goes through checkOne.
func validUTF8PrefixGeneric(s []byte) int {
	i, n := 0, len(s)
	for {
		for i+8 <= n {
			w := binary.LittleEndian.Uint64(s[i:])
			hi := w & highBits
			if hi == 0 {
				// ASCII: skip the rest of the run 32 bytes at a
				// time.
				i += 8
				for i+32 <= n {
					b := s[i : i+32]
					if (binary.LittleEndian.Uint64(b)|binary.LittleEndian.Uint64(b[8:])|
						binary.LittleEndian.Uint64(b[16:])|binary.LittleEndian.Uint64(b[24:]))&highBits != 0 {
						break
					}
					i += 32
				}
				continue
			}
			if hi == highBits {
				// No ASCII: try the loops for runs of 2-byte and of
				// 3-byte sequences, which are faster on long runs.
				if j := run2(s, i); j > i {
					i = j
					continue
				}
				if j := run3(s, i); j > i+3 {
					i = j
					continue
				}
			}
			// Bits 6, 5 and 4 of every byte, moved to bit 7.
			b6 := w << 1 & highBits
			b5 := w << 2 & highBits
			b4 := w << 3 & highBits
			cont := hi &^ b6            // 10xxxxxx
			lead2 := hi & b6 &^ b5      // 110xxxxx
			lead3 := hi & b6 & b5 &^ b4 // 1110xxxx
			if hi&b6&b5&b4 != 0 {       // 11110xxx and above
				break
			}
			// Every continuation byte, and only those, must follow
			// its lead (in little-endian order the next byte is 8
			// bits up; bytes past the window drop out).
			if cont != lead2<<8|lead3<<8|lead3<<16 {
				break
			}
			// C0 and C1 (overlong): 110xxxxx with xxxx0 zero.
			if lead2&^((w&0x1E1E1E1E1E1E1E1E+lowBits)&highBits) != 0 {
				break
			}
			if lead3 != 0 {
				// E0 must be followed by A0–BF (bit 5 set), ED by
				// 80–9F (bit 5 clear): no overlong, no surrogate.
				nib := w & 0x0F0F0F0F0F0F0F0F
				isE0 := lead3 &^ (nib + lowBits)
				isED := lead3 &^ (nib ^ 0x0D0D0D0D0D0D0D0D + lowBits)
				if isE0<<8&^b5|isED<<8&b5 != 0 {
					break
				}
			}
			// Stop before a sequence cut by the window's end: a lead
			// in byte 7, or a 3-byte lead in byte 6.
			i += 8 - int((lead2|lead3)>>63) - int(lead3>>54&2)
		}
		if i >= n {
			return n
		}
		if s[i] < 0x80 {
			i++ // the last bytes are mostly ASCII: no call for them
			continue
		}
		k := checkOne(s[i:])
		if k == 0 {
			return i
		}
		i += k
	}
}

// checkOne returns the length of the valid, complete sequence at the start
// of s (not empty), or 0 if it is invalid or incomplete.
func checkOne(s []byte) int {
	if _, n, ok := utf8grammar.Next(s, true); ok {
		return n
	}
	return 0
}

// run2 returns the end of the run of 2-byte sequences at s[i:], checked
// four at a time: each lead must be 110xxxxx with xxxx0 nonzero (C2–DF) and
// each trail 10xxxxxx. It may stop before the end of the run.
func run2(s []byte, i int) int {
	for i+8 <= len(s) {
		w := binary.LittleEndian.Uint64(s[i:])
		if w&0xC0E0C0E0C0E0C0E0 != 0x80C080C080C080C0 ||
			(w&0x001E001E001E001E+0x7FFF7FFF7FFF7FFF)&0x8000800080008000 != 0x8000800080008000 {
			break
		}
		i += 8
	}
	return i
}

// run3 returns the end of the run of 3-byte sequences at s[i:], with one
// 4-byte load each: 1110xxxx 10xxxxxx 10xxxxxx, the top ten bits of the
// value (t) neither below U+0800 nor a surrogate (t in 0x360–0x37F). It may
// stop before the end of the run.
func run3(s []byte, i int) int {
	for i+4 <= len(s) {
		w := binary.LittleEndian.Uint32(s[i:])
		if w&0xC0C0F0 != 0x8080E0 {
			break
		}
		if t := (w&0xF)<<6 | (w>>8)&0x3F; t < 0x20 || t-0x360 < 0x20 {
			break
		}
		i += 3
	}
	return i
}
