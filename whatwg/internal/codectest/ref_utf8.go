package codectest

// UTF8 returns a new UTF-8 decoder's handler (encoding.bs, "UTF-8
// decoder"), written literally from its steps.
func UTF8() Handler {
	var codePoint rune
	bytesSeen, bytesNeeded := 0, 0
	lower, upper := 0x80, 0xBF
	return func(q *Queue, b int) Step {
		// 1. If byte is end-of-queue and bytes needed is not 0, set bytes
		// needed to 0 and return error.
		if b == EOQ && bytesNeeded != 0 {
			bytesNeeded = 0
			return Fail
		}
		// 2. If byte is end-of-queue, return finished.
		if b == EOQ {
			return Done
		}
		// 3. If bytes needed is 0, based on byte:
		if bytesNeeded == 0 {
			switch {
			case b <= 0x7F:
				return Emit(rune(b))
			case b >= 0xC2 && b <= 0xDF:
				bytesNeeded = 1
				codePoint = rune(b & 0x1F)
			case b >= 0xE0 && b <= 0xEF:
				if b == 0xE0 {
					lower = 0xA0
				}
				if b == 0xED {
					upper = 0x9F
				}
				bytesNeeded = 2
				codePoint = rune(b & 0xF)
			case b >= 0xF0 && b <= 0xF4:
				if b == 0xF0 {
					lower = 0x90
				}
				if b == 0xF4 {
					upper = 0x8F
				}
				bytesNeeded = 3
				codePoint = rune(b & 0x7)
			default:
				return Fail
			}
			return Cont
		}
		// 4. If byte is not in the range lower boundary to upper boundary,
		// reset the state, restore byte and return error.
		if b < lower || b > upper {
			codePoint, bytesNeeded, bytesSeen = 0, 0, 0
			lower, upper = 0x80, 0xBF
			q.Restore(b)
			return Fail
		}
		// 5.–7.
		lower, upper = 0x80, 0xBF
		codePoint = codePoint<<6 | rune(b&0x3F)
		bytesSeen++
		// 8.
		if bytesSeen != bytesNeeded {
			return Cont
		}
		// 9.–11.
		cp := codePoint
		codePoint, bytesNeeded, bytesSeen = 0, 0, 0
		return Emit(cp)
	}
}

// Scalar is one scalar value of an encoder's input: the code point (U+FFFD
// for an invalid sequence), its byte offset and the number of bytes it
// covers.
type Scalar struct {
	Rune      rune
	Off, Size int
}

// scanner reads the scalar values of an input one by one (see Scalars).
type scanner struct {
	h Handler
	q *Queue
}

func newScanner(in []byte) scanner { return scanner{UTF8(), NewQueue(in)} }

// next returns the next scalar value, or false at the end of the input.
func (s scanner) next() (Scalar, bool) {
	for {
		r := s.h(s.q, s.q.Read())
		off, seq := s.q.Seq()
		switch r.Status {
		case Finished:
			return Scalar{}, false
		case CodePoints:
			s.q.Mark()
			return Scalar{r.cp0, off, len(seq)}, true
		case Error:
			s.q.Mark()
			return Scalar{0xFFFD, off, len(seq)}, true
		}
	}
}

// Scalars reads in the way the Standard's encoders receive their input (a
// UTF-8 decoder over the bytes, the end of in as end-of-queue): each code
// point, or U+FFFD for an invalid sequence covering its maximal subpart
// (the bytes read for it, not restored).
func Scalars(in []byte) []Scalar {
	var out []Scalar
	sc := newScanner(in)
	for s, ok := sc.next(); ok; s, ok = sc.next() {
		out = append(out, s)
	}
	return out
}

// NextScalar returns the first scalar value of in (see Scalars) and the
// number of bytes it covers. in must not be empty.
func NextScalar(in []byte) (rune, int) {
	s, _ := newScanner(in).next()
	return s.Rune, s.Size
}
