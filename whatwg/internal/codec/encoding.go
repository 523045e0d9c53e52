package codec

import (
	"sync"
	"sync/atomic"

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

	// decoders lends replacement-mode decoders, encoders raw encoders
	// (see GetDecoder and GetEncoder). They keep streams and one-shot
	// encoding of short inputs from building a transformer each time, and
	// hold no state anyone can observe.
	decoders, encoders lender
}

// Codec is what a codec's package provides for an Encoding: its name and
// its decoders and encoders.
type Codec struct {
	// Name is the Standard's name, e.g. "windows-1252", "UTF-16LE".
	Name string
	// NewDecoderMode returns a new decoder in fatal mode if fatal is true,
	// in replacement mode otherwise.
	NewDecoderMode func(fatal bool) transform.Transformer
	// NewRawEncoder returns a new encoder that stops at an unencodable code
	// point with an *EncodeError (the Standard's fatal mode).
	NewRawEncoder func() transform.Transformer
	// DecodeAll is the codec's one-shot decoder (every codec has one): it
	// decodes src, the whole rest of an input, from the decoder's initial
	// state in replacement mode into dst, as a new replacement-mode
	// decoder's Transform(dst, src, true) would, with no decoder to build
	// or borrow. hadErrors reports whether an error became U+FFFD in
	// dst[:nDst].
	//
	// When dst is full it stops early with transform.ErrShortDst, and
	// only where the decoder is back in its initial state: DecodeAll on
	// src[nSrc:] then writes the rest of the output. ISO-2022-JP stops
	// early only at the start (0, 0; see Whole): its state
	// outside ASCII cannot be resumed from the initial one. 3 bytes of dst per byte of src are
	// always enough. whatwg.AppendDecode runs it for everything,
	// NewDecoder's transformer for calls at EOF with no stream under way
	// (see borrowingDecoder.Transform).
	DecodeAll func(dst, src []byte) (nDst, nSrc int, hadErrors bool, err error)
	// OneShot says how NewDecoder's transformer uses DecodeAll.
	OneShot OneShot
	// Shared, set by a codec whose decoder has no state at all (single-
	// byte: every byte is a whole unit, so DecodeAll is right on any piece
	// of a stream), is its DecodeAll as a replacement-mode transformer
	// that every Decoder from NewDecoder holds: nothing to build or borrow,
	// ever, and OneShot is not used. A pointer-shaped value of the codec's
	// own type, safe for concurrent use, whose Transform calls the codec's
	// loop directly (the per-call levels are what a short string's x/text
	// Bytes, three Transform calls, pays most for). Nil for other codecs.
	Shared transform.Transformer
}

// OneShot says how NewDecoder's transformer uses a codec's DecodeAll for
// the calls at EOF with no stream under way (every call of x/text's Bytes
// and String), as measured fastest for the codec. (A codec with no decoder
// state sets Codec.Shared instead.)
type OneShot uint8

const (
	// Roomy: DecodeAll loses its bulk loops' speed in a dst with no room
	// to spare (the CJK codecs but ISO-2022-JP), so a short input
	// with a dst that may be too small goes into a borrowed scratch
	// buffer instead.
	Roomy OneShot = iota
	// Tight: DecodeAll keeps its speed in any dst (UTF-8; UTF-16, whose
	// kernel runs first: measured as Tight 5-10% faster than Roomy on
	// x/text's Bytes of 16 bytes, 25% on 64 and 256).
	Tight
	// Whole: DecodeAll stops early only at the start (ISO-2022-JP), so a
	// dst that may be too small takes the output of a short input from
	// the decoder's buffer, as for Roomy, if the buffer takes all of it,
	// and otherwise goes through a borrowed decoder.
	Whole
)

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

// NewDecoder returns a decoder in replacement mode, the Standard's default.
//
// It costs one allocation, the returned Decoder and its transformer
// together. A codec with a Shared transformer (single-byte) hands out that
// transformer, which runs the codec's one-shot loop on every call.
// Otherwise a call of its Transform at EOF with no stream under way
// (every call of x/text's one-shot Bytes and String) runs the codec's
// DecodeAll, building nothing, and a Roomy codec's or ISO-2022-JP's
// borrows only to decode an input of 17 to 256 bytes whose output may not
// fit in dst. A stream borrows a decoder from e (GetDecoder), from its
// first other Transform after a Reset to the end of the input, and gives
// it back at the end.
func (e *Encoding) NewDecoder() *encoding.Decoder {
	switch {
	case e.Shared != nil:
		return &encoding.Decoder{Transformer: e.Shared}
	case e.OneShot != Tight:
		s := &shortDecoder{borrowingDecoder: borrowingDecoder{e: e}}
		s.Decoder.Transformer = s
		return &s.Decoder
	}
	b := &borrowingDecoder{e: e}
	b.Decoder.Transformer = b
	return &b.Decoder
}

// borrowingDecoder is NewDecoder's transformer and the Decoder holding it,
// in one allocation of 32 bytes.
type borrowingDecoder struct {
	encoding.Decoder // Transformer is the borrowingDecoder itself
	e                *Encoding
	b                *Borrowed // the borrowed decoder; nil between streams
}

// shortDecoder is the NewDecoder transformer (and Decoder) of a codec
// whose DecodeAll needs room (Roomy) or cannot stop early (Whole): a
// borrowingDecoder with a buffer for the output of short inputs,
// in one allocation of 64 bytes. (Tight codecs keep the smaller one: a larger
// allocation costs every call of x/text's Bytes.)
type shortDecoder struct {
	borrowingDecoder // Transformer is the shortDecoder itself
	// out holds the output of a short input decoded by DecodeAll (see
	// Transform); out[lo:hi] is what dst could not take yet.
	out    [shortOut]byte
	lo, hi uint8
}

// shortOut is the size of shortDecoder.out: as much as keeps a
// shortDecoder within 64 bytes (an allocation size class), enough for the
// output of 16 bytes of most CJK text. DecodeAll stops early
// where out is full, at a place it resumes from.
const shortOut = 30

// shortIn is the longest input Transform decodes into out.
const shortIn = 16

// Transform is borrowingDecoder.Transform, except for a short src with a
// dst of less than 3 bytes per input byte at EOF with no stream under way
// (x/text's Bytes starts with len(src), too small for most text that is
// not ASCII). Decoding into dst ran its end through the decoders' slow
// paths for tight room and took more calls, so an input of up to 16 bytes
// is decoded by DecodeAll into out, as much as out takes, and what dst
// cannot take is held back there for the next calls: nothing to borrow,
// no atomic operation (measured 10-15% faster than borrowing for x/text's
// Bytes on 16 bytes of EUC-JP). src past where DecodeAll
// stopped comes back in the next call, as the Transformer contract has
// it.
func (s *shortDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if s.lo < s.hi {
		// The rest of a short input's output.
		nDst = copy(dst, s.out[s.lo:s.hi])
		s.lo += uint8(nDst)
		if s.lo < s.hi {
			return nDst, 0, transform.ErrShortDst
		}
		s.lo, s.hi = 0, 0
		if len(src) > 0 || !atEOF {
			n, m, err := s.Transform(dst[nDst:], src, atEOF)
			return nDst + n, m, err
		}
		return nDst, 0, nil
	}
	if s.b == nil && atEOF && len(dst) < 3*len(src) && len(src) <= shortIn {
		n, m, _, _ := s.e.DecodeAll(s.out[:], src)
		if m == 0 && s.e.OneShot == Whole {
			// out is too small for the whole output.
			return s.borrowingDecoder.Transform(dst, src, atEOF)
		}
		nDst = copy(dst, s.out[:n])
		if nDst < n {
			s.lo, s.hi = uint8(nDst), uint8(n)
		}
		if nDst < n || m < len(src) {
			err = transform.ErrShortDst
		}
		return nDst, m, err
	}
	return s.borrowingDecoder.Transform(dst, src, atEOF)
}

// Reset drops any held-back output and gives the borrowed decoder back.
func (s *shortDecoder) Reset() {
	s.lo, s.hi = 0, 0
	s.borrowingDecoder.Reset()
}

// Transform decodes a call at EOF with no decoder borrowed (every call of
// x/text's Bytes and String) with the codec's DecodeAll: no state to keep,
// before or after, so nothing to borrow. DecodeAll stops early only where
// its decoder is back in the initial state, so a call that dst cannot
// take whole goes on in the next call the same way. Otherwise it decodes
// with the borrowed decoder, borrowing one first if needed; once the whole
// input is decoded (atEOF, no error, all of src consumed) the decoder is
// in no state worth keeping: it goes back.
//
// The exception, for a Roomy or Whole codec (see OneShot), is a src of up
// to 256 bytes with a dst of less than 3 bytes per input byte (for a
// Roomy codec, one longer than shortDecoder takes): it goes whole into a
// borrowed decoder's scratch buffer (a swap and a compare-and-swap of one
// atomic pointer), and what dst cannot take is held back there for the
// next call. Decoding into the stack is not possible through DecodeAll
// (its buffers escape).
func (b *borrowingDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if b.b == nil && atEOF && (len(dst) >= 3*len(src) || b.e.OneShot == Tight || 3*len(src) > scratchSize && b.e.OneShot != Whole) {
		nDst, nSrc, _, err = b.e.DecodeAll(dst, src)
		if err == nil || nDst > 0 || nSrc > 0 || len(dst) < 4 {
			// Done, progress, or dst cannot take the next character
			// (the caller grows it).
			return nDst, nSrc, err
		}
		// DecodeAll could not stop where dst is full (ISO-2022-JP).
	}
	// The borrowed decoder (one call, not two: this is the hot path of
	// x/text's Bytes on short inputs).
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

	// NewDecoder's transformer: output held back (in scratch) because
	// dst was full.
	pending []byte
	scratch [scratchSize]byte
}

// scratchSize is the size of Borrowed.scratch: the output of 256 bytes of
// input.
const scratchSize = 768

// GetDecoder lends a replacement-mode decoder: an idle one, or a new one.
// Give it back with PutDecoder when done, or drop it.
func (e *Encoding) GetDecoder() *Borrowed {
	if b := e.decoders.get(); b != nil {
		return b
	}
	return &Borrowed{T: e.NewDecoderMode(false)}
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
