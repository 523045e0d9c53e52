package utf16

import "github.com/webenc/webenc/whatwg/internal/codec"

// decodeAll is the codec.Codec.DecodeAll of the encoding called name: the
// decoder itself, a value on the stack, run by codec.RunDecodeAll.
func decodeAll(name string, be bool, dst, src []byte) (nDst, nSrc int, hadErrors bool, err error) {
	d := decoder{DecodeErrors: codec.DecodeErrors{Name: name}, be: be}
	return codec.RunDecodeAll(dst, src, &d.DecodeErrors,
		func(dst, src []byte) (int, int, error) { return d.Transform(dst, src, true) },
		d.held)
}

// held returns the number of bytes the decoder's state holds: a leading
// byte and a leading surrogate, read from the initial state (a code unit
// the Standard restores is read again from it).
func (d *decoder) held() int {
	n := 0
	if d.hasLeadByte {
		n++
	}
	if d.leadSurrogate != 0 {
		n += 2
	}
	return n
}
