package codec

import (
	"sync"
	"sync/atomic"

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
	// Stateless, if set, is a replacement-mode decoder that keeps no state
	// between calls, shared by every NewDecoder and AppendDecode call.
	Stateless StatelessDecoder
	// DecodeRest, if set, decodes src, the rest of an input up to its
	// end, in replacement mode from the decoder's initial state, and
	// stops early (with transform.ErrShortDst, when dst is full) only
	// where the decoder is back in that state. NewDecoder's transformer
	// uses it for a call at EOF with no decoder borrowed (every call of
	// x/text's Bytes and String), so one-shot calls borrow nothing.
	DecodeRest func(dst, src []byte) (nDst, nSrc int, err error)

	// htmlByDefault makes NewEncoder return an html-mode encoder.
	htmlByDefault bool

	// decoders lends replacement-mode decoders, encoders raw encoders
	// (see GetDecoder and GetEncoder). They keep one-shot calls on short
	// inputs from building a transformer each time, and hold no state
	// anyone can observe.
	decoders, encoders lender
}

// WithHTMLEncoder returns a copy of e whose NewEncoder writes "&#N;" for
// code points the encoding lacks (the Standard's html mode) instead of
// stopping. Everything else, Name included, is unchanged. x/net's
// charset.Lookup returns encodings that behave this way.
func (e *Encoding) WithHTMLEncoder() *Encoding {
	return &Encoding{Name: e.Name, NewDecoderMode: e.NewDecoderMode, NewRawEncoder: e.NewRawEncoder, Stateless: e.Stateless, DecodeRest: e.DecodeRest, htmlByDefault: true}
}

// StatelessDecoder is a replacement-mode decoder with no state at all: no
// unit is ever split across calls, errors are not counted. One value
// serves any number of goroutines at once, so NewDecoder hands it out
// without building or borrowing anything.
type StatelessDecoder interface {
	transform.Transformer
	// DecodeAll decodes all of src into dst and reports whether an error
	// became U+FFFD. err is transform.ErrShortDst if dst is too small
	// (3 bytes per input byte are always enough).
	DecodeAll(dst, src []byte) (nDst int, hadErrors bool, err error)
}

// NewDecoder returns a decoder in replacement mode, the Standard's default.
//
// For an encoding with a StatelessDecoder it costs one small allocation,
// the Decoder holding it, as x/text's stateless decoders do. Otherwise it
// costs one allocation too: the returned Decoder's transformer borrows a
// decoder from e (GetDecoder) for each stream, from the first Transform
// after a Reset to the end of the input, and gives it back at the end, so
// x/text's one-shot Bytes and String on short inputs pay for the
// decoding, not for building a decoder.
func (e *Encoding) NewDecoder() *encoding.Decoder {
	if e.Stateless != nil {
		return &encoding.Decoder{Transformer: e.Stateless}
	}
	b := &borrowingDecoder{e: e}
	b.Decoder.Transformer = b
	return &b.Decoder
}

// borrowingDecoder is NewDecoder's transformer and the Decoder holding it,
// in one allocation.
type borrowingDecoder struct {
	encoding.Decoder // Transformer is the borrowingDecoder itself
	e                *Encoding
	b                *Borrowed // the borrowed decoder; nil between streams
}

// Transform decodes with the borrowed decoder, borrowing one first if
// needed (unless the encoding's DecodeRest can do the call alone). Once
// the whole input is decoded (atEOF, no error, all of src consumed) the
// decoder is in no state worth keeping: it goes back.
//
// A short src with a dst of less than 3 bytes per input byte (x/text's
// Bytes starts with len(src)) is decoded into the borrowed scratch
// buffer, where the decoders' bulk loops have room, and what dst cannot
// take is held back for the next call.
func (b *borrowingDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if b.b == nil && atEOF && b.e.DecodeRest != nil {
		// No state to keep, before or after: nothing to borrow.
		return b.e.DecodeRest(dst, src)
	}
	d := b.b
	if d == nil {
		d = b.e.GetDecoder()
	}
	nDst = copy(dst, d.pending)
	d.pending = d.pending[nDst:]
	switch room := len(dst) - nDst; {
	case len(d.pending) > 0:
		err = transform.ErrShortDst
	case room < 3*len(src) && 3*len(src) <= len(d.scratch):
		var n int
		n, nSrc, err = d.T.Transform(d.scratch[:], src, atEOF)
		c := copy(dst[nDst:], d.scratch[:n])
		nDst += c
		if c < n {
			d.pending = d.scratch[c:n]
			err = transform.ErrShortDst
		}
	default:
		var n int
		n, nSrc, err = d.T.Transform(dst[nDst:], src, atEOF)
		nDst += n
	}
	if atEOF && err == nil && nSrc == len(src) {
		b.e.PutDecoder(d)
		if b.b != nil {
			b.b = nil
		}
	} else if b.b == nil {
		// Kept for the rest of the stream. (A one-shot call that ends
		// here never stores the pointer: no write barrier.)
		b.b = d
	}
	return nDst, nSrc, err
}

// Reset gives the borrowed decoder back: the next stream borrows a fresh
// one.
func (b *borrowingDecoder) Reset() {
	if b.b != nil {
		b.e.PutDecoder(b.b)
		b.b = nil
	}
}

// Borrowed is a transformer lent by an Encoding (GetDecoder, GetEncoder).
type Borrowed struct {
	T transform.Transformer
	// Fatal is T's SetFatal, for a decoder (every webenc decoder has
	// it); nil otherwise.
	Fatal FatalSetter

	// NewDecoder's transformer: output held back (in scratch) because
	// dst was full.
	pending []byte
	scratch [768]byte
}

// GetDecoder lends a replacement-mode decoder: an idle one, or a new one.
// Give it back with PutDecoder when done, or drop it.
//
// Its fatal-mode errors are reused values (see DecodeErrors.ReuseErrors):
// a caller that switches it to fatal mode must not keep an error past its
// next Transform call, and must switch it back before PutDecoder.
func (e *Encoding) GetDecoder() *Borrowed {
	if b := e.decoders.get(); b != nil {
		return b
	}
	t := e.NewDecoderMode(false)
	if r, ok := t.(interface{ ReuseErrors() }); ok {
		r.ReuseErrors()
	}
	fs, _ := t.(FatalSetter)
	return &Borrowed{T: t, Fatal: fs}
}

// PutDecoder resets b's decoder, which must be in replacement mode, and
// makes it available to GetDecoder again.
func (e *Encoding) PutDecoder(b *Borrowed) { e.decoders.put(b) }

// GetEncoder lends a raw encoder (one that stops with *EncodeError): an
// idle one, or a new one. Its errors are reused values (see
// EncodeErrors.ReuseErrors): the caller must not keep one past its next
// Transform call. Give it back with PutEncoder, or drop it.
func (e *Encoding) GetEncoder() *Borrowed {
	if b := e.encoders.get(); b != nil {
		return b
	}
	t := e.NewRawEncoder()
	if r, ok := t.(interface{ ReuseErrors() }); ok {
		r.ReuseErrors()
	}
	return &Borrowed{T: t}
}

// PutEncoder resets b's encoder and makes it available to GetEncoder
// again.
func (e *Encoding) PutEncoder(b *Borrowed) { e.encoders.put(b) }

// lender keeps idle transformers: one in a slot that costs an atomic swap
// to take (measured about twice as fast as a sync.Pool for the common
// case of one goroutine decoding many short strings), the others in a
// sync.Pool.
type lender struct {
	slot atomic.Pointer[Borrowed]
	pool sync.Pool
}

// get returns an idle transformer, or nil.
func (l *lender) get() *Borrowed {
	if b := l.slot.Swap(nil); b != nil {
		return b
	}
	b, _ := l.pool.Get().(*Borrowed)
	return b
}

// put resets b's transformer and keeps it.
func (l *lender) put(b *Borrowed) {
	b.T.Reset()
	b.pending = nil
	if !l.slot.CompareAndSwap(nil, b) {
		l.pool.Put(b)
	}
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
