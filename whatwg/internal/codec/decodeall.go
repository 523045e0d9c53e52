package codec

import "golang.org/x/text/transform"

// RunDecodeAll is the Codec.DecodeAll of a codec whose decoder keeps
// state: it runs the decoder, a value on the caller's stack in its initial
// state in replacement mode, over src at EOF, through decode (the
// decoder's Transform with atEOF set) and errs (its DecodeErrors).
//
// The decoder runs in fatal mode up to the first error, reported without
// building an error value, so that hadErrors costs nothing per error: the
// U+FFFD is written here and the decoder goes on in replacement mode, which
// the fatal-mode contract (see DecodeErrors) makes exact. The bulk loops
// are the same in both modes.
//
// When dst is full, held returns the number of input bytes just before
// where the decoder stopped that it holds in its state (consumed, nothing
// written for them yet), the decoder being in its initial state before
// them; or -1 if it cannot tell such a place (ISO-2022-JP outside ASCII),
// and then RunDecodeAll returns 0, 0. When the first error's U+FFFD does
// not fit, it stops where the erroneous sequence began, in the initial
// state for every codec whose held is not -1.
func RunDecodeAll(dst, src []byte, errs *DecodeErrors, decode func(dst, src []byte) (int, int, error), held func() int) (nDst, nSrc int, hadErrors bool, err error) {
	StartDecodeAll(errs)
	n, m, err := decode(dst, src)
	return FinishDecodeAll(dst, src, n, m, err, errs, decode, held)
}

// StartDecodeAll puts errs in the mode RunDecodeAll runs its decoder in.
// A codec's DecodeAll may call it, run its decoder's Transform over all of
// dst and src itself (a direct call: on a short string without errors,
// the common case, that is the whole work, and the calls through decode
// cost about a fifth of it), and give the result to FinishDecodeAll.
// (Each codec writes these few lines out: a generic RunDecodeAll over the
// decoder's type moved the decoder to the heap, 1.8× as slow.)
func StartDecodeAll(errs *DecodeErrors) { errs.Fatal, errs.quiet = true, true }

// FinishDecodeAll is RunDecodeAll after its first call of decode (see
// StartDecodeAll), which wrote n bytes and read m with error first.
func FinishDecodeAll(dst, src []byte, n, m int, first error, errs *DecodeErrors, decode func(dst, src []byte) (int, int, error), held func() int) (nDst, nSrc int, hadErrors bool, err error) {
	nDst, nSrc, err = n, m, first
	for {
		switch err {
		case nil:
			return nDst, nSrc, hadErrors, nil
		case ErrDecode:
			if len(dst)-nDst >= len(ReplacementUTF8) {
				nDst += copy(dst[nDst:], ReplacementUTF8)
				hadErrors = true
				errs.Fatal = false
				n, m, err = decode(dst[nDst:], src[nSrc:])
				nDst += n
				nSrc += m
				continue
			}
			if held() < 0 {
				return 0, 0, false, transform.ErrShortDst
			}
			return nDst, int(errs.errAt), hadErrors, transform.ErrShortDst
		case transform.ErrShortDst:
			h := held()
			if h < 0 {
				return 0, 0, false, err
			}
			return nDst, nSrc - h, hadErrors, err
		}
		// Not reached: decoders at EOF fail no other way.
		return nDst, nSrc, hadErrors, err
	}
}
