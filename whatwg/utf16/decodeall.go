package utf16

import (
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/simd"
)

// decodeAll is the codec.Codec.DecodeAll of the encoding called name: the
// decoder itself, a value on the stack, run as codec.RunDecodeAll does
// (with the first call made directly, see codec.StartDecodeAll).
//
// Text without surrogates or an odd byte at the end (most text) is all
// the kernel's: decodeAll calls it first, and the decoder only for what
// it leaves, from the initial state where the kernel stopped (it consumes
// whole units only). On a short string that skips five levels of calls,
// most of its time (measured: x/text's Bytes on 16 bytes of Arabic 8%
// faster).
func decodeAll(name string, be bool, dst, src []byte) (nDst, nSrc int, hadErrors bool, err error) {
	nDst, nSrc = simd.UTF16ToUTF8(dst, src, be)
	if nSrc == len(src) {
		return nDst, nSrc, false, nil
	}
	d := decoder{DecodeErrors: codec.DecodeErrors{Name: name}, be: be}
	codec.StartDecodeAll(&d.DecodeErrors)
	dst, src = dst[nDst:], src[nSrc:]
	n, m, err := d.Transform(dst, src, true)
	if err == nil {
		return nDst + n, nSrc + m, false, nil
	}
	n, m, hadErrors, err = codec.FinishDecodeAll(dst, src, n, m, err, &d.DecodeErrors,
		func(dst, src []byte) (int, int, error) { return d.Transform(dst, src, true) },
		d.held)
	return nDst + n, nSrc + m, hadErrors, err
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
