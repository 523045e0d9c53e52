package codectest

import (
	"strconv"

	"github.com/webenc/webenc/whatwg/internal/codec"
)

// This file is the Standard's "encode" processing loop for the literal
// reference encoders: the input (UTF-8, invalid sequences read as U+FFFD
// by NextScalar, as webenc's encoders read them) becomes a queue of scalar
// values, and each encoding's test gives its encoder's handler.

// EncStep is what an encoder's handler returns: bytes, an error reporting
// a code point, or "finished" (Done: no bytes, for end-of-queue).
type EncStep struct {
	// Bytes are the bytes returned, when set; EncBytes and EncRestore
	// keep up to eight bytes in packed (first byte lowest, nPacked of
	// them) instead, so that a result allocates nothing.
	Bytes   []byte
	packed  uint64
	nPacked int
	// Err reports an error for the code point ErrRune (not always the
	// input's: ISO-2022-JP reports U+FFFD for U+000E, U+000F, U+001B).
	Err     bool
	ErrRune rune
	// Restore puts the code point back: it is read again (ISO-2022-JP
	// returns bytes that switch state and restores the code point).
	Restore bool
}

// EncBytes returns the result "return bytes b".
func EncBytes(b ...byte) EncStep {
	var st EncStep
	st.setBytes(b)
	return st
}

// setBytes sets the bytes returned to b, packed when they fit.
func (st *EncStep) setBytes(b []byte) {
	if len(b) > 8 {
		st.Bytes = append([]byte(nil), b...)
		return
	}
	for i, c := range b {
		st.packed |= uint64(c) << (8 * i)
	}
	st.nPacked = len(b)
}

// appendBytes appends the bytes returned to out.
func (st *EncStep) appendBytes(out []byte) []byte {
	for i := range st.nPacked {
		out = append(out, byte(st.packed>>(8*i)))
	}
	return append(out, st.Bytes...)
}

// EncFail returns "return error with code point r".
func EncFail(r rune) EncStep { return EncStep{Err: true, ErrRune: r} }

// EncRestore returns "restore code point to ioQueue and return bytes b".
func EncRestore(b ...byte) EncStep {
	st := EncStep{Restore: true}
	st.setBytes(b)
	return st
}

// EncHandler is an encoder's handler for code point cp, or for
// end-of-queue when cp is EOQ.
type EncHandler func(cp rune) EncStep

// Encoded is what the Standard's encoder gives for an input.
type Encoded struct {
	// Fatal is the fatal-mode result: the bytes before the first error and
	// that error (a *codec.EncodeError with the input code point's byte
	// offset and size), or all the bytes.
	Fatal Result
	// HTML is the html-mode output: each error written as "&#N;".
	HTML []byte
}

// Encode runs the processing loop of the encoder h over in as encoding
// name, in fatal and html mode at once (fatal mode stops at the first
// error, where html mode goes on in the same state).
func Encode(name string, h EncHandler, in []byte) Encoded {
	return encode(name, h, in, false)
}

// EncodeFatal is Encode's fatal-mode result alone: it stops at the first
// error.
func EncodeFatal(name string, h EncHandler, in []byte) Result {
	return encode(name, h, in, true).Fatal
}

func encode(name string, h EncHandler, in []byte, fatalOnly bool) Encoded {
	e := Encoded{HTML: make([]byte, 0, 2*len(in)+16)}
	fatalSet := false
	sc := newScanner(in)
	s, ok := sc.next()
	for {
		if !ok {
			s = Scalar{Rune: EOQ, Off: len(in)}
		}
		st := h(s.Rune)
		e.HTML = st.appendBytes(e.HTML)
		if st.Err {
			if !fatalSet {
				fatalSet = true
				e.Fatal = Result{Out: e.HTML[:len(e.HTML):len(e.HTML)], Err: &codec.EncodeError{Encoding: name, Rune: st.ErrRune, Offset: int64(s.Off), Size: s.Size}}
				if fatalOnly {
					return e
				}
			}
			e.HTML = append(strconv.AppendInt(append(e.HTML, "&#"...), int64(st.ErrRune), 10), ';')
		}
		if st.Restore {
			continue
		}
		if !ok {
			break
		}
		s, ok = sc.next()
	}
	if !fatalSet {
		e.Fatal = Result{Out: e.HTML}
	}
	return e
}
