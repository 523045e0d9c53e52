package codec

import (
	"sync"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// Encoding is the encoding.Encoding shared by every webenc codec. Public
// packages expose values of it typed as encoding.Encoding; package whatwg
// type-asserts to it to build decoders and encoders for a given error mode.
//
// An Encoding is immutable and safe for concurrent use; every call builds
// fresh transformers.
type Encoding struct {
	// Name is the Standard's name, e.g. "windows-1252", "UTF-16LE".
	Name string
	// NewDecoderMode returns a new decoder in fatal mode if fatal is true,
	// in replacement mode otherwise.
	NewDecoderMode func(fatal bool) transform.Transformer
	// NewRawEncoder returns a new encoder that stops at an unencodable code
	// point with an *EncodeError (the Standard's fatal mode).
	NewRawEncoder func() transform.Transformer

	// htmlByDefault makes NewEncoder return an html-mode encoder.
	htmlByDefault bool

	// decoders holds idle replacement-mode decoders, Reset, and
	// encoders idle raw encoders, Reset and with ReuseErrors set (see
	// GetDecoder and GetEncoder). They keep one-shot calls on short
	// inputs from allocating a transformer each time; they hold no
	// state anyone can observe.
	decoders, encoders sync.Pool
}

// WithHTMLEncoder returns a copy of e whose NewEncoder writes "&#N;" for
// code points the encoding lacks (the Standard's html mode) instead of
// stopping. Everything else, Name included, is unchanged. x/net's
// charset.Lookup returns encodings that behave this way.
func (e *Encoding) WithHTMLEncoder() *Encoding {
	return &Encoding{Name: e.Name, NewDecoderMode: e.NewDecoderMode, NewRawEncoder: e.NewRawEncoder, htmlByDefault: true}
}

// NewDecoder returns a decoder in replacement mode, the Standard's default.
//
// It costs one allocation: the returned Decoder's transformer borrows a
// decoder from e's idle ones for each stream (from the first Transform
// after a Reset to the end of the input) and gives it back at the end, so
// x/text's one-shot Bytes and String on short inputs pay for the decoding,
// not for building a decoder.
func (e *Encoding) NewDecoder() *encoding.Decoder {
	b := &borrowingDecoder{e: e}
	b.Decoder.Transformer = b
	return &b.Decoder
}

// borrowingDecoder is NewDecoder's transformer and the Decoder holding it,
// in one allocation.
type borrowingDecoder struct {
	encoding.Decoder // Transformer is the borrowingDecoder itself
	e                *Encoding
	t                transform.Transformer // the borrowed decoder; nil between streams
}

// Transform decodes with the borrowed decoder, borrowing one first if
// needed. Once the whole input is decoded (atEOF, no error, all of src
// consumed) the decoder is in no state worth keeping: it goes back.
func (b *borrowingDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if b.t == nil {
		b.t = b.e.GetDecoder()
	}
	nDst, nSrc, err = b.t.Transform(dst, src, atEOF)
	if atEOF && err == nil && nSrc == len(src) {
		b.Reset()
	}
	return nDst, nSrc, err
}

// Reset gives the borrowed decoder back: the next stream borrows a fresh
// one.
func (b *borrowingDecoder) Reset() {
	if b.t != nil {
		b.e.PutDecoder(b.t)
		b.t = nil
	}
}

// GetDecoder returns a replacement-mode decoder from e's idle ones, or a
// new one. Give it back with PutDecoder when done, or drop it.
//
// Its fatal-mode errors are reused values (see DecodeErrors.ReuseErrors):
// a caller that switches it to fatal mode must not keep an error past its
// next Transform call, and must switch it back before PutDecoder.
func (e *Encoding) GetDecoder() transform.Transformer {
	if t, ok := e.decoders.Get().(transform.Transformer); ok {
		return t
	}
	t := e.NewDecoderMode(false)
	if r, ok := t.(interface{ ReuseErrors() }); ok {
		r.ReuseErrors()
	}
	return t
}

// PutDecoder resets t, a decoder from GetDecoder in replacement mode, and
// makes it available to GetDecoder again.
func (e *Encoding) PutDecoder(t transform.Transformer) {
	t.Reset()
	e.decoders.Put(t)
}

// GetEncoder returns a raw encoder (one that stops with *EncodeError) from
// e's idle ones, or a new one. Its errors are reused values (see
// EncodeErrors.ReuseErrors): the caller must not keep one past its next
// Transform call. Give it back with PutEncoder, or drop it.
func (e *Encoding) GetEncoder() transform.Transformer {
	if t, ok := e.encoders.Get().(transform.Transformer); ok {
		return t
	}
	t := e.NewRawEncoder()
	if r, ok := t.(interface{ ReuseErrors() }); ok {
		r.ReuseErrors()
	}
	return t
}

// PutEncoder resets t, an encoder from GetEncoder, and makes it available
// to GetEncoder again.
func (e *Encoding) PutEncoder(t transform.Transformer) {
	t.Reset()
	e.encoders.Put(t)
}

// NewEncoder returns an encoder that stops with an *EncodeError at a code
// point the encoding cannot represent, as x/text encoders do (or, for an
// encoding from WithHTMLEncoder, one in html mode).
func (e *Encoding) NewEncoder() *encoding.Encoder {
	if e.htmlByDefault {
		return &encoding.Encoder{Transformer: NewHTMLEncoder(e.NewRawEncoder())}
	}
	return &encoding.Encoder{Transformer: e.NewRawEncoder()}
}

// String returns the Standard's name of the encoding.
func (e *Encoding) String() string { return e.Name }

// Decoder returns a decoding transformer for mode (Replacement or Fatal).
// It reports false for HTML.
func (e *Encoding) Decoder(mode Mode) (transform.Transformer, bool) {
	switch mode {
	case Replacement:
		return e.NewDecoderMode(false), true
	case Fatal:
		return e.NewDecoderMode(true), true
	}
	return nil, false
}

// Encoder returns an encoding transformer for mode (Fatal or HTML). It
// reports false for Replacement.
func (e *Encoding) Encoder(mode Mode) (transform.Transformer, bool) {
	switch mode {
	case Fatal:
		return e.NewRawEncoder(), true
	case HTML:
		return NewHTMLEncoder(e.NewRawEncoder()), true
	}
	return nil, false
}
