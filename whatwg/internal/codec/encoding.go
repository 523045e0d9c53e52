package codec

import (
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
}

// WithHTMLEncoder returns a copy of e whose NewEncoder writes "&#N;" for
// code points the encoding lacks (the Standard's html mode) instead of
// stopping. Everything else, Name included, is unchanged. x/net's
// charset.Lookup returns encodings that behave this way.
func (e *Encoding) WithHTMLEncoder() *Encoding {
	c := *e
	c.htmlByDefault = true
	return &c
}

// NewDecoder returns a decoder in replacement mode, the Standard's default.
func (e *Encoding) NewDecoder() *encoding.Decoder {
	return &encoding.Decoder{Transformer: e.NewDecoderMode(false)}
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
