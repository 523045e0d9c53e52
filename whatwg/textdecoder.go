package whatwg

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/htmlindex"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/stream"
)

// ErrInvalidLabel matches (with errors.Is) the error NewTextDecoder and
// NewTextDecoderReader return for a label that is not one of the Standard's
// or that names the replacement encoding: the Standard's RangeError.
var ErrInvalidLabel = errors.New("whatwg: label is not a TextDecoder encoding")

// TextDecoderOptions are the Standard's TextDecoderOptions.
type TextDecoderOptions struct {
	// Fatal selects the Fatal error mode: Decode and Read fail with a
	// *DecodeError (the Standard's TypeError) instead of writing U+FFFD.
	Fatal bool
	// IgnoreBOM keeps a leading byte order mark in the output as U+FEFF
	// instead of removing it.
	IgnoreBOM bool
}

// decoderCommon is the Standard's TextDecoderCommon: the encoding, the
// decoder instance, the ignore BOM and BOM seen flags and the error mode.
type decoderCommon struct {
	enc       *codec.Encoding
	name      string // the encoding's name, ASCII lowercased
	fatal     bool
	ignoreBOM bool
	t         *bomDecoder
}

// newDecoderCommon implements the constructor steps shared by TextDecoder
// and TextDecoderStream.
func newDecoderCommon(label string, opts TextDecoderOptions) (decoderCommon, error) {
	// Step 1: get an encoding from label.
	e, err := htmlindex.Get(label)
	if err != nil {
		return decoderCommon{}, fmt.Errorf("%w: %w", ErrInvalidLabel, err)
	}
	ce := webenc(e)
	// Step 2: failure or replacement is a RangeError.
	if ce == nil || ce.Name == "replacement" {
		return decoderCommon{}, fmt.Errorf("%w: %q is a label of the replacement encoding", ErrInvalidLabel, label)
	}
	// Steps 3–5: encoding, error mode and ignore BOM.
	dec := ce.NewDecoderMode(opts.Fatal)
	strip := !opts.IgnoreBOM && (ce.Name == "UTF-8" || ce.Name == "UTF-16BE" || ce.Name == "UTF-16LE")
	return decoderCommon{
		enc:       ce,
		name:      strings.ToLower(ce.Name),
		fatal:     opts.Fatal,
		ignoreBOM: opts.IgnoreBOM,
		t:         &bomDecoder{dec: dec, strip: strip},
	}, nil
}

// Encoding returns the name of the decoder's encoding, ASCII lowercased
// (e.g. "utf-8", "windows-1252", "shift_jis"), as the Standard's encoding
// getter does.
func (c *decoderCommon) Encoding() string {
	if c.t == nil {
		return "utf-8" // the zero TextDecoder
	}
	return c.name
}

// Fatal reports whether the error mode is Fatal.
func (c *decoderCommon) Fatal() bool { return c.fatal }

// IgnoreBOM reports whether a leading byte order mark is kept.
func (c *decoderCommon) IgnoreBOM() bool { return c.ignoreBOM }

// bomDecoder runs a decoder and applies the BOM rule of the Standard's
// "serialize I/O queue" to its output: for UTF-8, UTF-16BE and UTF-16LE
// without ignore BOM, the first scalar value of the stream is dropped if it
// is U+FEFF. Decoders write each scalar value whole within one Transform
// call, so the first output of a call that writes anything holds the whole
// first scalar value.
type bomDecoder struct {
	dec     transform.Transformer
	strip   bool // the encoding is UTF-8 or UTF-16BE/LE and ignore BOM is false
	bomSeen bool // the Standard's BOM seen
}

func (b *bomDecoder) Reset() {
	b.dec.Reset()
	b.bomSeen = false
}

func (b *bomDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	nDst, nSrc, err = b.dec.Transform(dst, src, atEOF)
	if b.strip && !b.bomSeen && nDst > 0 {
		// Serialize I/O queue step 2.3: the first item sets BOM seen and
		// is skipped if it is U+FEFF.
		b.bomSeen = true
		if nDst >= len(bomUTF8) && string(dst[:len(bomUTF8)]) == bomUTF8 {
			nDst = copy(dst, dst[len(bomUTF8):nDst])
		}
	}
	return nDst, nSrc, err
}

// A TextDecoder decodes byte chunks into strings with the semantics of the
// Standard's TextDecoder: the encoding is chosen by label, a byte order
// mark is removed for UTF-8 and UTF-16 (unless IgnoreBOM), and input can
// come in chunks with sequences split anywhere.
//
// The zero value is a UTF-8 decoder with default options, like the
// Standard's new TextDecoder(). A TextDecoder is not safe for concurrent
// use.
type TextDecoder struct {
	decoderCommon
	doNotFlush bool   // the Standard's do not flush
	unread     []byte // input left in the I/O queue by a fatal error while streaming
}

// NewTextDecoder implements the Standard's TextDecoder constructor: label
// is looked up with the Standard's "get an encoding" (htmlindex.Get), so
// surrounding ASCII whitespace and case do not matter. A label that is
// unknown or that names the replacement encoding (e.g. "iso-2022-kr") is
// an error matching ErrInvalidLabel, the Standard's RangeError. There is no
// default label: pass "utf-8".
func NewTextDecoder(label string, opts TextDecoderOptions) (*TextDecoder, error) {
	c, err := newDecoderCommon(label, opts)
	if err != nil {
		return nil, err
	}
	return &TextDecoder{decoderCommon: c}, nil
}

// Decode implements the Standard's decode(input, {stream}) and returns the
// decoded text.
//
// With stream true, the decoder keeps its state for the next call: a
// sequence split between chunks is decoded once complete, and nothing is
// reported for an incomplete sequence at the end of input. With stream
// false (the last chunk; Decode(nil, false) if there is no more input),
// the end of the input is processed: an incomplete sequence is one error,
// U+FFFD in Replacement mode. After a call with stream false, the next call
// starts a new stream.
//
// The byte order mark rule applies to the first scalar value of each
// stream, even if the BOM is split between chunks.
//
// In Fatal mode, an error returns "" and a *DecodeError (the Standard's
// TypeError) whose Offset counts bytes from the start of the stream; the
// text the call decoded before the error is discarded, as a throw discards
// it. What happens next is the Standard's: after an error in a call with
// stream false, the next call starts a new stream; after an error in a
// call with stream true, the decoder keeps its state and the input the
// call did not read, and the next call goes on after the erroneous bytes.
// Call Reset to start afresh instead.
func (d *TextDecoder) Decode(input []byte, stream bool) (string, error) {
	if d.t == nil {
		// The zero TextDecoder: the constructor's defaults.
		d.decoderCommon, _ = newDecoderCommon("utf-8", TextDecoderOptions{})
	}
	// Step 1: without do not flush, a new decoder instance, an empty I/O
	// queue and BOM seen false.
	if !d.doNotFlush {
		d.t.Reset()
		d.unread = nil
	}
	if !d.doNotFlush && !stream {
		// A whole input: the codec's AppendDecode, unless fatal mode
		// meets an error, which the transformer below reports.
		out, hadErrors := d.enc.AppendDecode(nil, input)
		if !hadErrors || !d.fatal {
			if d.t.strip && len(out) >= len(bomUTF8) && string(out[:len(bomUTF8)]) == bomUTF8 {
				out = out[len(bomUTF8):]
			}
			return string(out), nil
		}
	}
	// Step 2.
	d.doNotFlush = stream
	// Step 3: the input joins what an earlier error left in the queue.
	src := input
	if len(d.unread) > 0 {
		src = append(d.unread, input...)
		d.unread = nil
	}
	// Steps 4–5: process the queue; end-of-queue only if not streaming.
	bomSeen := d.t.bomSeen
	out, n, err := appendTransform(make([]byte, 0, len(src)+len(src)/2+16), d.t, src, !stream)
	if err != nil {
		// Step 5.3.3: throw. The output is discarded unserialized (so BOM
		// seen is as before); the unread input stays queued for a
		// streaming call (decoders consume an error's bytes, see
		// codec.DecodeErrors, so src[n:] is exactly the unread input).
		d.t.bomSeen = bomSeen
		if stream && n < len(src) {
			d.unread = append([]byte(nil), src[n:]...)
		}
		return "", err
	}
	return string(out), nil
}

// Reset makes the next Decode start a new stream, discarding any state and
// unread input, as a Decode with stream false would have.
func (d *TextDecoder) Reset() {
	d.doNotFlush = false
	d.unread = nil
}

// A TextDecoderReader decodes a byte stream with the semantics of the
// Standard's TextDecoderStream: it reads from an io.Reader and yields the
// UTF-8 text, with the TextDecoder's BOM rule. In Fatal mode, Read returns
// the text decoded before the first error, then the *DecodeError; the
// Standard errors the whole stream.
//
// It implements io.WriterTo, so io.Copy of it writes the text in large
// pieces without an intermediate buffer of the input when r is an
// io.WriterTo (a bytes.Reader, a strings.Reader).
type TextDecoderReader struct {
	decoderCommon
	r *stream.Reader
}

// NewTextDecoderReader returns a TextDecoderReader that decodes r. label
// and opts are as for NewTextDecoder. The end of r is the end of the
// stream (the Standard's "flush and enqueue").
func NewTextDecoderReader(label string, r io.Reader, opts TextDecoderOptions) (*TextDecoderReader, error) {
	c, err := newDecoderCommon(label, opts)
	if err != nil {
		return nil, err
	}
	return &TextDecoderReader{decoderCommon: c, r: stream.NewReader(r, c.t)}, nil
}

// errNotMade is the error of a TextDecoderReader's zero value.
var errNotMade = errors.New("whatwg: TextDecoderReader not made by NewTextDecoderReader")

// Read reads decoded UTF-8 text into p.
func (s *TextDecoderReader) Read(p []byte) (int, error) {
	if s.r == nil {
		return 0, errNotMade
	}
	return s.r.Read(p)
}

// WriteTo writes the rest of the decoded text to w (io.Copy uses it). It
// returns the number of bytes written and the first error: w's, the
// source's other than io.EOF, or in Fatal mode the *DecodeError after the
// text before it.
func (s *TextDecoderReader) WriteTo(w io.Writer) (int64, error) {
	if s.r == nil {
		return 0, errNotMade
	}
	return s.r.WriteTo(w)
}
