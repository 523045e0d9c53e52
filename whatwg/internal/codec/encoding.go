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
}

// NewDecoder returns a decoder in replacement mode, the Standard's default.
func (e *Encoding) NewDecoder() *encoding.Decoder {
	return &encoding.Decoder{Transformer: e.NewDecoderMode(false)}
}

// NewEncoder returns an encoder that stops with an *EncodeError at a code
// point the encoding cannot represent, as x/text encoders do.
func (e *Encoding) NewEncoder() *encoding.Encoder {
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
