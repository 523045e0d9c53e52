// Package stream provides the transforming reader behind webenc's decoding
// readers (whatwg.NewDecodeReader, whatwg.TextDecoderReader,
// charset.NewReader and charset.NewReaderLabel).
//
// It reads like x/text's transform.Reader, but with buffers sized for web
// pages and an io.WriterTo, so that io.Copy of a page costs little more
// than one Transform of it: when the source is an io.WriterTo (a
// bytes.Reader, a strings.Reader, an io.MultiReader of them) its bytes go
// straight into Transform without a copy, and the output goes to the
// writer in large pieces.
package stream

import (
	"errors"
	"io"
	"sync"

	"golang.org/x/text/transform"
)

// bufSize is the size of the input and output buffers. A page is
// transformed in a few calls; a reader costs at most 2*bufSize of memory.
const bufSize = 32 << 10

// directMin is the smallest Read buffer that Transform writes into
// directly instead of through the output buffer.
const directMin = 1 << 10

// buffers holds idle input and output buffers: a reader takes them at its
// first Read or WriteTo and gives them back at the end of its stream, so
// that decoding page after page allocates nothing per page.
var buffers = sync.Pool{New: func() any { return new([bufSize]byte) }}

// Reader transforms the bytes of an io.Reader with a transformer.
type Reader struct {
	head []byte // input to read before r's
	r    io.Reader
	t    transform.Transformer

	srcBuf, dstBuf *[bufSize]byte // src's and dst's arrays when from buffers

	src        []byte // input read from r and not consumed: src[s0:s1]
	s0, s1     int
	dst        []byte // output not yet returned: dst[d0:d1]
	d0, d1     int
	readErr    error // r's error (io.EOF at its end), once met
	transErr   error // the error to return once dst is drained (io.EOF at the end)
	transReset bool  // t was Reset
}

// NewReader returns a Reader of r transformed by t. It calls t.Reset
// before the first Transform.
func NewReader(r io.Reader, t transform.Transformer) *Reader {
	return &Reader{r: r, t: t}
}

// NewReaderHead is NewReader of head followed by r's bytes (what a
// sniffer has already read), without the io.MultiReader that would hide
// r's io.WriterTo behind a copy buffer. head is not copied and must not
// change.
func NewReaderHead(head []byte, r io.Reader, t transform.Transformer) *Reader {
	return &Reader{head: head, r: r, t: t}
}

// output returns dst, taking it from buffers first if needed.
func (x *Reader) output() []byte {
	if x.dst == nil {
		x.dstBuf = buffers.Get().(*[bufSize]byte)
		x.dst = x.dstBuf[:]
	}
	return x.dst
}

// release gives the buffers back once the stream has ended and its output
// has been returned. A later call takes new ones.
func (x *Reader) release() {
	if x.transErr == nil || x.d0 < x.d1 {
		return
	}
	if x.dstBuf != nil && len(x.dst) > 0 && &x.dst[0] == &x.dstBuf[0] {
		buffers.Put(x.dstBuf)
	}
	if x.srcBuf != nil && len(x.src) > 0 && &x.src[0] == &x.srcBuf[0] {
		buffers.Put(x.srcBuf)
	}
	x.dst, x.dstBuf, x.src, x.srcBuf = nil, nil, nil, nil
	x.s0, x.s1, x.d0, x.d1 = 0, 0, 0, 0
}

// Read implements io.Reader.
func (x *Reader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		if x.d0 < x.d1 {
			n := copy(p, x.dst[x.d0:x.d1])
			x.d0 += n
			return n, nil
		}
		if x.transErr != nil {
			x.release()
			return 0, x.transErr
		}
		// Transform straight into a large p; into dst otherwise.
		if len(p) >= directMin {
			n, err := x.step(p)
			if n > 0 || err != nil {
				return n, err
			}
			continue
		}
		n, err := x.step(x.output())
		x.d0, x.d1 = 0, n
		if err != nil && n == 0 {
			x.release()
			return 0, err
		}
	}
}

// step runs Transform once over the buffered input into out, reading more
// input first when there is none or the transformer asked for more. It
// returns the number of bytes written to out; with 0 and a nil error the
// caller calls again. At the end (or on an error) it sets transErr and
// returns it once out[:n] is empty.
func (x *Reader) step(out []byte) (int, error) {
	if !x.transReset {
		x.t.Reset()
		x.transReset = true
	}
	if x.s0 == x.s1 && x.readErr == nil {
		x.fill()
	}
	// Only the end of r is the end of the stream: after another error of
	// r the transformer is not flushed, as in transform.Reader.
	atEOF := x.readErr == io.EOF
	nDst, nSrc, err := x.t.Transform(out, x.src[x.s0:x.s1], atEOF)
	x.s0 += nSrc
	switch {
	case err == nil:
		if x.readErr != nil && x.s0 == x.s1 {
			x.transErr = x.readErr
		}
	case errors.Is(err, transform.ErrShortSrc):
		switch {
		case atEOF:
			// Not reached with webenc's decoders, which never ask for
			// more input at the end.
			x.transErr = io.ErrUnexpectedEOF
		case x.readErr != nil:
			x.transErr = x.readErr
		case nDst == 0:
			x.fill()
		}
	case errors.Is(err, transform.ErrShortDst):
		if nDst == 0 && nSrc == 0 && x.dst != nil && len(out) > 0 && &out[0] == &x.dst[0] {
			// A unit does not fit in dst (not webenc's transformers):
			// grow it; the caller calls again with the new one.
			x.dst = make([]byte, 2*len(x.dst))
			return 0, nil
		}
		if nDst == 0 && nSrc == 0 {
			// A unit does not fit in the caller's p: go through dst.
			n, err := x.step(x.output())
			x.d0, x.d1 = 0, n
			if n > 0 {
				c := copy(out, x.dst[:n])
				x.d0 = c
				return c, nil
			}
			return 0, err
		}
	default:
		// r's error, if any, comes first, as in transform.Reader.
		x.transErr = err
		if x.readErr != nil && x.readErr != io.EOF {
			x.transErr = x.readErr
		}
	}
	if nDst == 0 && x.transErr != nil {
		return 0, x.transErr
	}
	return nDst, nil
}

// fill moves the unconsumed input to the front of src and reads more into
// the rest, at least one byte unless r ends or fails.
func (x *Reader) fill() {
	if x.src == nil {
		x.srcBuf = buffers.Get().(*[bufSize]byte)
		x.src = x.srcBuf[:]
	}
	if x.s0 > 0 {
		x.s1 = copy(x.src, x.src[x.s0:x.s1])
		x.s0 = 0
	}
	if x.s1 == len(x.src) {
		// A transformer wanting more than bufSize bytes of lookahead:
		// not webenc's, but grow rather than fail.
		x.src = append(x.src, make([]byte, len(x.src))...)
	}
	if len(x.head) > 0 {
		n := copy(x.src[x.s1:], x.head)
		x.head = x.head[n:]
		x.s1 += n
		return
	}
	for x.readErr == nil {
		n, err := x.r.Read(x.src[x.s1:])
		x.s1 += n
		if err != nil {
			x.readErr = err
		}
		if n > 0 {
			return
		}
	}
}

// WriteTo implements io.WriterTo: it writes the rest of the transformed
// stream to w and returns the number of bytes written and the first
// error met (nil at the end of the stream).
func (x *Reader) WriteTo(w io.Writer) (int64, error) {
	out := &counter{w: w}
	// Output already transformed, then the rest.
	if x.d0 < x.d1 {
		if err := out.write(x.dst[x.d0:x.d1]); err != nil {
			return out.n, err
		}
		x.d0 = x.d1
	}
	if x.transErr == nil && x.readErr == nil && x.s0 == x.s1 {
		if wt, ok := x.r.(io.WriterTo); ok {
			return out.n, x.writeFrom(wt, out)
		}
	}
	return out.n, x.drain(out)
}

// drain transforms the rest of the stream, reading r, into out.
func (x *Reader) drain(out *counter) error {
	defer x.release()
	for x.transErr == nil {
		n, err := x.step(x.output())
		if n > 0 {
			if werr := out.write(x.dst[:n]); werr != nil {
				return werr
			}
		}
		if err != nil {
			break
		}
	}
	if x.transErr == io.EOF {
		return nil
	}
	return x.transErr
}

// writeFrom has the source write its bytes into a sink that transforms
// them as they come (no copy of the input), then finishes the stream.
func (x *Reader) writeFrom(wt io.WriterTo, out *counter) error {
	if !x.transReset {
		x.t.Reset()
		x.transReset = true
	}
	x.output()
	s := &sink{x: x, out: out}
	var err error
	if len(x.head) > 0 {
		_, err = s.Write(x.head)
		x.head = nil
	}
	if err == nil {
		_, err = wt.WriteTo(s)
	}
	if s.err != nil {
		// The transformer's or w's error; the source may not return it.
		x.transErr = s.err
		x.release()
		return s.err
	}
	if err != nil {
		x.readErr, x.transErr = err, err
		x.release()
		return err
	}
	// The source is exhausted: its leftover bytes (if the transformer
	// asked for more) are the last input.
	x.readErr = io.EOF
	x.src = append(x.src[:0], s.carry...)
	x.s0, x.s1 = 0, len(x.src)
	return x.drain(out)
}

// counter writes to w and counts the bytes written.
type counter struct {
	w io.Writer
	n int64
}

func (c *counter) write(b []byte) error {
	n, err := c.w.Write(b)
	c.n += int64(n)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite
	}
	return err
}

// sink is the io.Writer writeFrom gives the source.
type sink struct {
	x     *Reader
	out   *counter
	carry []byte // input the transformer asked to see with more
	err   error  // the transformer's or the writer's error
}

// Write transforms p (after any carried bytes) into x.dst and flushes the
// output.
func (s *sink) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n := len(p)
	if len(s.carry) > 0 {
		// Rare: a transformer that asked for more input. Join the carry
		// with p a piece at a time and go on once it is consumed.
		for len(s.carry) > 0 && len(p) > 0 {
			k := min(len(p), 64)
			buf := append(s.carry, p[:k]...)
			p = p[k:]
			used, err := s.transform(buf)
			if err != nil {
				return 0, err
			}
			if used >= len(s.carry) {
				// The carry is consumed; put back what remains of buf.
				rest := buf[used:]
				s.carry = s.carry[:0]
				if len(rest) > 0 {
					p = append(rest, p...)
				}
				break
			}
			s.carry = append(s.carry[:0], buf[used:]...)
		}
		if len(s.carry) > 0 {
			return n, nil
		}
	}
	used, err := s.transform(p)
	if err != nil {
		return 0, err
	}
	s.carry = append(s.carry[:0], p[used:]...)
	return n, nil
}

// transform runs Transform over p (not at EOF) until it is consumed or
// the transformer asks for more input, flushing the output, and returns
// how many bytes of p were consumed.
func (s *sink) transform(p []byte) (int, error) {
	x := s.x
	used := 0
	for used < len(p) {
		nDst, nSrc, err := x.t.Transform(x.dst, p[used:], false)
		used += nSrc
		if nDst > 0 {
			if werr := s.out.write(x.dst[:nDst]); werr != nil {
				s.err = werr
				return used, werr
			}
		}
		switch {
		case err == nil:
			if nSrc == 0 && nDst == 0 {
				return used, nil
			}
		case errors.Is(err, transform.ErrShortSrc):
			return used, nil
		case errors.Is(err, transform.ErrShortDst):
			if nDst == 0 && nSrc == 0 {
				x.dst = make([]byte, 2*len(x.dst))
			}
		default:
			s.err = err
			return used, err
		}
	}
	return used, nil
}
