package codec

import (
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// Encoding is the encoding.Encoding shared by every webenc codec. Public
// packages expose values of it typed as encoding.Encoding (made with New);
// package whatwg type-asserts to it to build decoders and encoders for a
// given error mode.
//
// An Encoding is immutable and safe for concurrent use; every call builds
// fresh transformers.
type Encoding struct {
	// Codec is what the codec's package provides.
	Codec

	// htmlByDefault makes NewEncoder return an html-mode encoder.
	htmlByDefault bool
	// html is the variant WithHTMLEncoder returns, made once by New.
	html *Encoding
}

// Codec is what a codec's package provides for an Encoding: its name, its
// decoder and its encoder, each as a transformer on the heap and as a
// whole-input run of the same transformer on the stack.
type Codec struct {
	// Name is the Standard's name, e.g. "windows-1252", "UTF-16LE".
	Name string
	// NewDecoder returns a Decoder in replacement mode: the codec's
	// decoder and the Decoder in one allocation (see DecoderOf), or, for
	// a decoder with no state, a Decoder holding one shared value.
	NewDecoder func() *encoding.Decoder
	// NewDecoderMode returns a new decoder in fatal mode if fatal is true,
	// in replacement mode otherwise.
	NewDecoderMode func(fatal bool) transform.Transformer
	// NewRawEncoder returns a new encoder that stops at an unencodable code
	// point with an *EncodeError (the Standard's fatal mode).
	NewRawEncoder func() transform.Transformer
	// AppendDecode decodes all of src in replacement mode and appends the
	// output to dst (see AppendDecoded): the codec's decoder, a value on
	// the stack. hadErrors reports whether it wrote U+FFFD for an error
	// (DecodeErrors.Replaced).
	AppendDecode func(dst, src []byte) (out []byte, hadErrors bool)
	// AppendEncode encodes all of src in html mode and appends the output
	// to dst (see AppendEncoded): the codec's encoder, a value on the
	// stack. hadUnmappables reports whether it wrote "&#N;".
	AppendEncode func(dst, src []byte) (out []byte, hadUnmappables bool)
}

// New returns the Encoding of the codec c.
func New(c Codec) *Encoding {
	html := &Encoding{Codec: c, htmlByDefault: true}
	html.html = html
	return &Encoding{Codec: c, html: html}
}

// WithHTMLEncoder returns the variant of e whose NewEncoder writes "&#N;"
// for code points the encoding lacks (the Standard's html mode) instead of
// stopping. Everything else, Name included, is unchanged. x/net's
// charset.Lookup returns encodings that behave this way. New makes the
// variant once, so every call returns the same value.
func (e *Encoding) WithHTMLEncoder() *Encoding { return e.html }

// NewDecoder returns a decoder in replacement mode, the Standard's default,
// in one allocation.
func (e *Encoding) NewDecoder() *encoding.Decoder { return e.Codec.NewDecoder() }

// DecoderOf returns a Decoder whose Transformer is a copy of t, both in
// one allocation: a codec's NewDecoder.
func DecoderOf[T any, P interface {
	*T
	transform.Transformer
}](t T) *encoding.Decoder {
	v := &struct {
		d encoding.Decoder
		t T
	}{t: t}
	v.d.Transformer = P(&v.t)
	return &v.d
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
