package cjk

import "github.com/webenc/webenc/whatwg/internal/codec"

// The CJK codecs' codec.Codec.DecodeAll: each runs its decoder, a value on
// the stack, as codec.RunDecodeAll does, with the first call made directly
// (see codec.StartDecodeAll).

// dbcsDecodeAll returns the DecodeAll of the encoding called name whose
// handler form describes (see dbcsNewDecoder).
func dbcsDecodeAll(name string, form *lazyForm) func(dst, src []byte) (int, int, bool, error) {
	return func(dst, src []byte) (int, int, bool, error) {
		d := dbcsDecoder{DecodeErrors: codec.DecodeErrors{Name: name}, form: form.get()}
		codec.StartDecodeAll(&d.DecodeErrors)
		n, m, err := d.Transform(dst, src, true)
		if err == nil {
			return n, m, false, nil
		}
		return codec.FinishDecodeAll(dst, src, n, m, err, &d.DecodeErrors,
			func(dst, src []byte) (int, int, error) { return d.Transform(dst, src, true) },
			d.held)
	}
}

// held returns the number of bytes the decoder's state holds: the leading
// byte, and EUC-JP's prefix before it.
func (d *dbcsDecoder) held() int {
	switch {
	case d.lead == 0:
		return 0
	case d.pre:
		return 2
	}
	return 1
}

// gbDecodeAll is the DecodeAll of gb18030 and GBK (name).
func gbDecodeAll(name string, dst, src []byte) (int, int, bool, error) {
	d := gbDecoder{DecodeErrors: codec.DecodeErrors{Name: name}, form: gbForm.get()}
	codec.StartDecodeAll(&d.DecodeErrors)
	n, m, err := d.Transform(dst, src, true)
	if err == nil {
		return n, m, false, nil
	}
	return codec.FinishDecodeAll(dst, src, n, m, err, &d.DecodeErrors,
		func(dst, src []byte) (int, int, error) { return d.Transform(dst, src, true) },
		d.held)
}

// held returns the number of bytes the decoder holds: those of the
// sequence in its state and the restored ones not yet read again, which
// follow them.
func (d *gbDecoder) held() int {
	n := int(d.npend)
	for _, b := range [3]byte{d.first, d.second, d.third} {
		if b != 0 {
			n++
		}
	}
	return n
}

// iso2022jpDecodeAll is ISO-2022-JP's DecodeAll. Its decoder's state
// outside ASCII (and its output flag) cannot be resumed from the initial
// state, so when dst is full it starts again: 0, 0.
func iso2022jpDecodeAll(dst, src []byte) (int, int, bool, error) {
	d := iso2022jpDecoder{DecodeErrors: codec.DecodeErrors{Name: "ISO-2022-JP"}, form: iso2022jpForm.get()}
	codec.StartDecodeAll(&d.DecodeErrors)
	n, m, err := d.Transform(dst, src, true)
	if err == nil {
		return n, m, false, nil
	}
	return codec.FinishDecodeAll(dst, src, n, m, err, &d.DecodeErrors,
		func(dst, src []byte) (int, int, error) { return d.Transform(dst, src, true) },
		func() int { return -1 })
}
