package detect

// Binary data: the one test of whether content is text at all, which
// Guess, charset's Result.Binary and the CLI's skipping of files share.
// docs/detection.md, "A crawler's recipe" (Result.Binary).

import "encoding/binary"

// isControl marks the bytes text does not hold: NUL and the C0 controls
// but tab, line feed, form feed, carriage return and escape (which
// ISO-2022-JP uses).
var isControl = func() (t [256]uint8) {
	for b := 0; b < 0x20; b++ {
		switch b {
		case '\t', '\n', '\f', '\r', 0x1B:
		default:
			t[b] = 1
		}
	}
	return t
}()

// countControls returns the number of bytes of b that isControl marks. It
// looks at eight bytes at a time, and at each byte only of the words that
// hold a byte below 0x20 (text has one per line).
func countControls(b []byte) (n int64) {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	j := 0
	for ; j+8 <= len(b); j += 8 {
		w := binary.LittleEndian.Uint64(b[j:])
		// A byte below 0x20 is ASCII and borrows when 0x20 is subtracted
		// from it; the test may also flag bytes above a real hit, never
		// a word without one.
		if (w-0x20*lo)&^w&hi != 0 {
			for _, c := range b[j : j+8] {
				n += int64(isControl[c])
			}
		}
	}
	for _, c := range b[j:] {
		n += int64(isControl[c])
	}
	return n
}

// binaryData is Binary's test on counts: at least two control bytes,
// making more than 1% of the bytes. Text holds next to none (a page's
// stray control byte is one in thousands); random bytes, compressed data,
// images and executables hold about 11% or more.
func binaryData(controls, total int64) bool {
	return controls >= 2 && controls*100 > total
}

// Binary reports whether content is binary data rather than text, by the
// share of control bytes text does not hold (see Guess).
func Binary(content []byte) bool {
	return binaryData(countControls(content), int64(len(content)))
}
