package codec

import (
	"unicode/utf8"

	"github.com/webenc/webenc/internal/utf8grammar"
)

// ReplacementUTF8 is U+FFFD encoded as UTF-8.
const ReplacementUTF8 = "\uFFFD"

// PutRune writes the UTF-8 form of the scalar value r into dst, which must
// have room for it (4 bytes always suffice), and returns the length.
func PutRune(dst []byte, r rune) int {
	switch {
	case r < 0x80:
		dst[0] = byte(r)
		return 1
	case r < 0x800:
		_ = dst[1]
		dst[0] = 0xC0 | byte(r>>6)
		dst[1] = 0x80 | byte(r)&0x3F
		return 2
	case r < 0x10000:
		_ = dst[2]
		dst[0] = 0xE0 | byte(r>>12)
		dst[1] = 0x80 | byte(r>>6)&0x3F
		dst[2] = 0x80 | byte(r)&0x3F
		return 3
	}
	return utf8.EncodeRune(dst, r)
}

// RuneLen returns the number of bytes PutRune writes for r.
func RuneLen(r rune) int {
	switch {
	case r < 0x80:
		return 1
	case r < 0x800:
		return 2
	case r < 0x10000:
		return 3
	}
	return 4
}

// NextRune decodes the UTF-8 sequence at the start of src for an encoder,
// as converting to a scalar value string would: an invalid sequence is
// U+FFFD covering its maximal subpart (at least one byte). If src ends in
// the middle of a sequence that could still be valid and atEOF is false, it
// returns size 0: the encoder should return transform.ErrShortSrc.
//
// src must not be empty.
func NextRune(src []byte, atEOF bool) (r rune, size int) {
	r, size, _ = utf8grammar.Next(src, atEOF)
	return r, size
}
