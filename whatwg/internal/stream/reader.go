// Package stream provides the transforming reader behind webenc's decoding
// readers (whatwg.NewDecodeReader, whatwg.TextDecoderReader,
// charset.NewReader and charset.NewReaderLabel).
//
// It reads like x/text's transform.Reader, but with buffers sized for web
// pages and an io.WriterTo, so that io.Copy of a page costs little more
// than one Transform of it: when the source is an io.WriterTo (a
// bytes.Reader, a strings.Reader, an io.MultiReader of them) its bytes go
// straight into Transform without a copy, and the output goes to the
// writer in large pieces (of 128 KB when the source hands over a whole
// page). A sniffer that has peeked at a bytes.Reader or strings.Reader
// moves it back (Rewind) rather than handing the peeked bytes over as a
// head, so that the page is decoded from its first byte in one piece.
package stream

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"sync"

	"golang.org/x/text/transform"
)

// bufSize is the size of the input and output buffers. A page is
// transformed in a few calls; a reader costs at most 2*bufSize of memory,
// or bufSize plus one larger output buffer when it writes out a large
// input held in memory.
const bufSize = 32 << 10

// bigSize is the size of the output buffer of WriteTo when the source
// writes more than bufSize bytes at once (a bytes.Reader or
// strings.Reader of a page): with it a 300 KB page is decoded in two or
// three Transform calls instead of ten or more, whose fixed costs (the
// kernels' start and tails, each Write) show at ~30 GB/s.
const bigSize = 128 << 10

// hugeSize is the size of the output buffer of WriteTo when the source
// writes at least 2*hugeSize bytes at once (a page in UTF-16 can be
// 1–2 MB): the buffer stays at most half the input the caller holds.
const hugeSize = 512 << 10

// directMin is the smallest Read buffer that Transform writes into
// directly instead of through the output buffer.
const directMin = 1 << 10

// buffers holds idle input and output buffers, bigBuffers and
// hugeBuffers idle larger output buffers: a reader takes them at its
// first Read or WriteTo and gives them back at the end of its stream, so
// that decoding page after page allocates nothing per page.
var (
	buffers     = sync.Pool{New: func() any { return new([bufSize]byte) }}
	bigBuffers  = sync.Pool{New: func() any { return new([bigSize]byte) }}
	hugeBuffers = sync.Pool{New: func() any { return new([hugeSize]byte) }}
)

// Reader transforms the bytes of an io.Reader with a transformer.
type Reader struct {
	head []byte // input to read before r's
	r    io.Reader
	t    transform.Transformer

	srcBuf  *[bufSize]byte // src's array when from buffers
	dstPool *sync.Pool     // the pool dst's array came from; nil when dst is not pooled
	dstArr  any            // that array, for dstPool.Put

	src        []byte // input read from r and not consumed: src[s0:s1]
	s0, s1     int
	dst        []byte // output not yet returned: dst[d0:d1]
	d0, d1     int
	readErr    error // r's error (io.EOF at its end), once met
	transErr   error // the error to return once dst is drained (io.EOF at the end)
	transReset bool  // t was Reset

	sink sink // WriteTo's state
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

// Rewind moves r back by the n bytes a sniffer has just read from it, if
// r is a *bytes.Reader or a *strings.Reader, and reports whether it did
// (false for other readers, which keep their position). A reader of a
// rewound source needs no head: WriteTo then has the source write the
// whole input at once, decoded by one Transform from its first byte
// instead of a separate call for the head, after whose output the rest
// would start at an odd place in the output buffer (the vector kernels'
// stores then straddle cache lines).
func Rewind(r io.Reader, n int) bool {
	var s io.Seeker
	switch r := r.(type) {
	case *bytes.Reader:
		s = r
	case *strings.Reader:
		s = r
	default:
		return false
	}
	if n == 0 {
		return true
	}
	_, err := s.Seek(int64(-n), io.SeekCurrent)
	return err == nil
}

// output returns dst, taking it from buffers first if needed.
func (x *Reader) output() []byte {
	if x.dst == nil {
		a := buffers.Get().(*[bufSize]byte)
		x.dst, x.dstPool, x.dstArr = a[:], &buffers, a
	}
	return x.dst
}

// outputFor makes sure there is a dst, and that it is as large as n
// bytes of input at hand at once call for (see bigSize and hugeSize),
// keeping the output held in it (x.sink.fill bytes). A dst grown for a
// transformer's wide unit stays.
func (x *Reader) outputFor(n int) {
	size := bufSize
	switch {
	case n >= 2*hugeSize:
		size = hugeSize
	case n > bufSize:
		size = bigSize
	}
	if x.dst != nil && (len(x.dst) >= size || x.dstPool == nil) {
		return
	}
	if size == bufSize {
		x.output()
		return
	}
	var dst []byte
	var pool *sync.Pool
	var arr any
	if size == hugeSize {
		a := hugeBuffers.Get().(*[hugeSize]byte)
		dst, pool, arr = a[:], &hugeBuffers, a
	} else {
		a := bigBuffers.Get().(*[bigSize]byte)
		dst, pool, arr = a[:], &bigBuffers, a
	}
	if x.dst != nil {
		copy(dst, x.dst[:x.sink.fill])
		x.putOutput()
	}
	x.dst, x.dstPool, x.dstArr = dst, pool, arr
}

// putOutput gives dst's array back to its pool, if it came from one, and
// drops dst.
func (x *Reader) putOutput() {
	if x.dstPool != nil {
		x.dstPool.Put(x.dstArr)
	}
	x.dst, x.dstPool, x.dstArr = nil, nil, nil
}

// growOutput replaces an empty dst with one twice as large (for a
// transformer whose unit does not fit; not webenc's).
func (x *Reader) growOutput() {
	n := 2 * len(x.dst)
	x.putOutput()
	x.dst = make([]byte, n)
}

// release gives the buffers back once the stream has ended and its output
// has been returned. A later call takes new ones.
func (x *Reader) release() {
	if x.transErr == nil || x.d0 < x.d1 {
		return
	}
	x.putOutput()
	if x.srcBuf != nil && len(x.src) > 0 && &x.src[0] == &x.srcBuf[0] {
		buffers.Put(x.srcBuf)
	}
	x.src, x.srcBuf = nil, nil
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
			x.growOutput()
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
	s := &x.sink
	s.x, s.w, s.n, s.fill, s.err = x, w, 0, 0, nil
	err := x.writeTo()
	s.w = nil // keep no reference to w
	return s.n, err
}

// writeTo is WriteTo with its writer in x.sink.
func (x *Reader) writeTo() error {
	s := &x.sink
	// Output already transformed, then the rest.
	if x.d0 < x.d1 {
		if err := s.write(x.dst[x.d0:x.d1]); err != nil {
			return err
		}
		x.d0 = x.d1
	}
	if x.transErr == nil && x.readErr == nil && x.s0 == x.s1 {
		if wt, ok := x.r.(io.WriterTo); ok {
			return x.writeFrom(wt)
		}
	}
	return x.drain()
}

// drain transforms the rest of the stream, reading r, into x.sink's
// writer.
func (x *Reader) drain() error {
	defer x.release()
	s := &x.sink
	if err := s.flush(); err != nil {
		return err
	}
	for x.transErr == nil {
		n, err := x.step(x.output())
		if n > 0 {
			if werr := s.write(x.dst[:n]); werr != nil {
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

// writeFrom has the source write its bytes into x.sink, which transforms
// them as they come (no copy of the input), then finishes the stream.
func (x *Reader) writeFrom(wt io.WriterTo) error {
	if !x.transReset {
		x.t.Reset()
		x.transReset = true
	}
	s := &x.sink
	s.carry = s.carry[:0]
	var err error
	if len(x.head) > 0 {
		// Decoded but not written yet: its output goes out with the
		// output of the source's first Write.
		err = s.decode(x.head)
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
		// The source's error, after the output of what it gave.
		if werr := s.flush(); werr != nil {
			err = werr
		}
		x.readErr, x.transErr = err, err
		x.release()
		return err
	}
	// The source is exhausted: its leftover bytes (if the transformer
	// asked for more) are the last input.
	x.readErr = io.EOF
	x.src = append(x.src[:0], s.carry...)
	x.s0, x.s1 = 0, len(x.src)
	return x.drain()
}

// sink is the io.Writer writeFrom gives the source, and WriteTo's count
// of the bytes written to its writer. It lives in the Reader, so that
// WriteTo allocates nothing.
type sink struct {
	x     *Reader
	w     io.Writer // WriteTo's writer
	n     int64     // bytes written to w
	fill  int       // output in x.dst[:fill] not written to w yet
	carry []byte    // input the transformer asked to see with more
	err   error     // the transformer's or w's error
}

// write writes b to w and counts the bytes written.
func (s *sink) write(b []byte) error {
	n, err := s.w.Write(b)
	s.n += int64(n)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite
	}
	return err
}

// flush writes the output held in x.dst[:fill].
func (s *sink) flush() error {
	if s.fill == 0 {
		return nil
	}
	err := s.write(s.x.dst[:s.fill])
	s.fill = 0
	return err
}

// Write transforms p (after any carried bytes) and writes the output, in
// as few writes to w as the output buffer allows.
func (s *sink) Write(p []byte) (int, error) {
	if err := s.decode(p); err != nil {
		return 0, err
	}
	if err := s.flush(); err != nil {
		s.err = err
		return 0, err
	}
	return len(p), nil
}

// decode transforms p (after any carried bytes) into x.dst after the
// output held there, writing to w only when x.dst is full. The input the
// transformer leaves becomes the carry.
func (s *sink) decode(p []byte) error {
	if s.err != nil {
		return s.err
	}
	s.x.outputFor(s.fill + len(s.carry) + len(p))
	if len(s.carry) > 0 {
		// Rare: a transformer that asked for more input. Join the carry
		// with p a piece at a time and go on once it is consumed.
		for len(s.carry) > 0 && len(p) > 0 {
			k := min(len(p), 64)
			buf := append(s.carry, p[:k]...)
			p = p[k:]
			used, err := s.transform(buf)
			if err != nil {
				return err
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
			return nil
		}
	}
	used, err := s.transform(p)
	if err != nil {
		return err
	}
	s.carry = append(s.carry[:0], p[used:]...)
	return nil
}

// transform runs Transform over p (not at EOF) into x.dst after the
// output held there, until p is consumed or the transformer asks for more
// input, writing x.dst to w each time it is full, and returns how many
// bytes of p were consumed.
func (s *sink) transform(p []byte) (int, error) {
	x := s.x
	used := 0
	for used < len(p) {
		nDst, nSrc, err := x.t.Transform(x.dst[s.fill:], p[used:], false)
		used += nSrc
		s.fill += nDst
		switch {
		case err == nil:
			if nSrc == 0 && nDst == 0 {
				return used, nil
			}
		case errors.Is(err, transform.ErrShortSrc):
			return used, nil
		case errors.Is(err, transform.ErrShortDst):
			if s.fill == 0 && nSrc == 0 {
				// A unit does not fit in an empty x.dst (not
				// webenc's transformers): grow it.
				x.growOutput()
			} else if werr := s.flush(); werr != nil {
				s.err = werr
				return used, werr
			}
		default:
			// The output before the error goes out first; w's
			// error, if any, is the one returned.
			s.err = err
			if werr := s.flush(); werr != nil {
				s.err = werr
			}
			return used, s.err
		}
	}
	return used, nil
}
