// Package utf8grammar is the one statement of which byte sequences are
// UTF-8 in the Encoding Standard's sense (its UTF-8 decoder: no overlongs,
// no surrogates, nothing above U+10FFFF), as two small tables: what each
// byte starts, and the range of the byte after each lead. The readers of
// UTF-8 one sequence at a time (the UTF-8 decoder and encoder, the
// encoders' input through codec.NextRune, TextEncoder, the pure-Go UTF-8
// validator's single sequences, the detector, package mojibake's lead
// bytes) read it through this package, which sits at the module's root so
// that all of them can import it. Its test, against the Standard's decoder
// written out step by step, is in whatwg/internal/codectest. The bulk loops that check many bytes at once (the vector
// kernels, the pure-Go kernels' word loops) are not table-driven; their
// tests compare them with the standard library's decoder.
package utf8grammar

// RuneError is U+FFFD REPLACEMENT CHARACTER, what Next returns for an
// invalid sequence.
const RuneError rune = 0xFFFD

// first holds, for each byte as the first byte of a sequence, the length
// of that sequence in its low nibble (1 for ASCII, 2–4 for a lead byte, 0
// for a byte that cannot start a sequence) and, in its high nibble, the
// index in second of the bounds of the byte after it.
var first = [256]uint8{
	//   1   2   3   4   5   6   7   8   9   A   B   C   D   E   F
	as, as, as, as, as, as, as, as, as, as, as, as, as, as, as, as, // 0x00-0x0F
	as, as, as, as, as, as, as, as, as, as, as, as, as, as, as, as, // 0x10-0x1F
	as, as, as, as, as, as, as, as, as, as, as, as, as, as, as, as, // 0x20-0x2F
	as, as, as, as, as, as, as, as, as, as, as, as, as, as, as, as, // 0x30-0x3F
	as, as, as, as, as, as, as, as, as, as, as, as, as, as, as, as, // 0x40-0x4F
	as, as, as, as, as, as, as, as, as, as, as, as, as, as, as, as, // 0x50-0x5F
	as, as, as, as, as, as, as, as, as, as, as, as, as, as, as, as, // 0x60-0x6F
	as, as, as, as, as, as, as, as, as, as, as, as, as, as, as, as, // 0x70-0x7F
	xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, // 0x80-0x8F
	xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, // 0x90-0x9F
	xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, // 0xA0-0xAF
	xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, // 0xB0-0xBF
	xx, xx, s2, s2, s2, s2, s2, s2, s2, s2, s2, s2, s2, s2, s2, s2, // 0xC0-0xCF
	s2, s2, s2, s2, s2, s2, s2, s2, s2, s2, s2, s2, s2, s2, s2, s2, // 0xD0-0xDF
	e0, s3, s3, s3, s3, s3, s3, s3, s3, s3, s3, s3, s3, ed, s3, s3, // 0xE0-0xEF
	f0, s4, s4, s4, f4, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, xx, // 0xF0-0xFF
}

// The entries of first: length | bounds index<<4.
const (
	xx = 0        // cannot start a sequence: continuation bytes, C0, C1, F5–FF
	as = 1        // ASCII
	s2 = 2        // C2–DF
	s3 = 3        // E1–EC, EE, EF
	e0 = 3 | 1<<4 // second byte A0–BF: no overlong form below U+0800
	ed = 3 | 2<<4 // second byte 80–9F: no surrogate
	s4 = 4        // F1–F3
	f0 = 4 | 3<<4 // second byte 90–BF: no overlong form below U+10000
	f4 = 4 | 4<<4 // second byte 80–8F: nothing above U+10FFFF
)

// second holds the Standard's lower and upper boundary for the byte after
// a lead byte; every later continuation byte is in 80–BF.
var second = [5][2]byte{{0x80, 0xBF}, {0xA0, 0xBF}, {0x80, 0x9F}, {0x90, 0xBF}, {0x80, 0x8F}}

// Size returns the length of the sequence that c starts: 1 for ASCII, 2 to
// 4 for a lead byte (C2–F4), 0 for a byte that cannot start a sequence.
func Size(c byte) int { return int(first[c] & 7) }

// Second returns the bounds of the byte that may follow the lead byte c
// (the Standard's lower and upper boundary after its step 3): A0–BF after
// E0, 80–9F after ED, 90–BF after F0, 80–8F after F4, else 80–BF.
func Second(c byte) (lower, upper byte) {
	b := &second[first[c]>>4]
	return b[0], b[1]
}

// Payload returns the bits of the code point that the lead byte c of a
// sequence of n = Size(c) ≥ 2 bytes holds (the Standard's initial code
// point).
func Payload(c byte, n int) rune { return rune(c) & (0x7F >> n) }

// Next decodes the sequence at the start of s, which must not be empty.
// For a valid, complete sequence it returns its scalar value and length,
// and ok. Otherwise it returns U+FFFD and the length of the maximal subpart
// (at least 1): the bytes the Standard's decoder reads before it reports
// the error, which is also what converting to a scalar value string
// replaces with one U+FFFD. The exception is a sequence cut by the end of
// s that more input could complete: unless atEOF, Next returns 0, 0, false
// for it.
func Next[T ~string | ~[]byte](s T, atEOF bool) (r rune, n int, ok bool) {
	// Written out per length, as unicode/utf8's DecodeRune is: every
	// encoder calls this once per non-ASCII character.
	c := s[0]
	x := first[c]
	switch x & 7 {
	case 1:
		return rune(c), 1, true
	case 0:
		return RuneError, 1, false
	}
	b := &second[x>>4]
	if len(s) < 2 {
		return cut(1, atEOF)
	}
	if s[1] < b[0] || s[1] > b[1] {
		return RuneError, 1, false
	}
	c1 := rune(s[1] & 0x3F)
	if x&7 == 2 {
		return rune(c&0x1F)<<6 | c1, 2, true
	}
	if len(s) < 3 {
		return cut(2, atEOF)
	}
	if s[2]&0xC0 != 0x80 {
		return RuneError, 2, false
	}
	c2 := rune(s[2] & 0x3F)
	if x&7 == 3 {
		return rune(c&0x0F)<<12 | c1<<6 | c2, 3, true
	}
	if len(s) < 4 {
		return cut(3, atEOF)
	}
	if s[3]&0xC0 != 0x80 {
		return RuneError, 3, false
	}
	return rune(c&0x07)<<18 | c1<<12 | c2<<6 | rune(s[3]&0x3F), 4, true
}

// cut is Next's result for a sequence whose first n bytes are valid and
// end the input.
func cut(n int, atEOF bool) (rune, int, bool) {
	if atEOF {
		return RuneError, n, false
	}
	return 0, 0, false
}
