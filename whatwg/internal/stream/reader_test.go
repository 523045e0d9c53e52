package stream_test

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/stream"
	"github.com/webenc/webenc/whatwg/utf16"
	"github.com/webenc/webenc/whatwg/utf8"
)

// quads is a transformer that needs its input in groups of 4 bytes (it
// asks for more input with ErrShortSrc, at the end too) and writes each
// group reversed and doubled (8 bytes: it needs 8 bytes of dst).
type quads struct{}

func (quads) Reset() {}

func (quads) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for len(src)-nSrc >= 4 {
		if len(dst)-nDst < 8 {
			return nDst, nSrc, transform.ErrShortDst
		}
		q := src[nSrc : nSrc+4]
		for i := range 8 {
			dst[nDst+i] = q[3-i%4]
		}
		nDst += 8
		nSrc += 4
	}
	if nSrc < len(src) {
		if atEOF {
			return nDst, nSrc, errors.New("quads: trailing bytes")
		}
		return nDst, nSrc, transform.ErrShortSrc
	}
	return nDst, nSrc, nil
}

// readers of src, each a different kind of source.
func sources(src []byte) map[string]func() io.Reader {
	return map[string]func() io.Reader{
		"bytes":   func() io.Reader { return bytes.NewReader(src) },
		"onebyte": func() io.Reader { return iotest.OneByteReader(bytes.NewReader(src)) },
		"half":    func() io.Reader { return iotest.HalfReader(bytes.NewReader(src)) },
		"dataeof": func() io.Reader { return iotest.DataErrReader(bytes.NewReader(src)) },
		"multi": func() io.Reader {
			return io.MultiReader(bytes.NewReader(src[:len(src)/3]), strings.NewReader(string(src[len(src)/3:])))
		},
		"multi1": func() io.Reader {
			return io.MultiReader(bytes.NewReader(src[:min(len(src), 1)]), bytes.NewReader(src[min(len(src), 1):]))
		},
	}
}

// readAll reads r with Read calls of the sizes in sizes (cycled).
func readAll(r io.Reader, sizes []int) ([]byte, error) {
	var out []byte
	for i := 0; ; i++ {
		buf := make([]byte, sizes[i%len(sizes)])
		n, err := r.Read(buf)
		out = append(out, buf[:n]...)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		if n == 0 && i > 1e7 {
			return out, errors.New("no progress")
		}
	}
}

// reference is what x/text's transform.Reader gives: output and error.
func reference(t transform.Transformer, src []byte) ([]byte, error) {
	return io.ReadAll(transform.NewReader(bytes.NewReader(src), t))
}

func TestReaderMatchesTransformReader(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	big := make([]byte, 200<<10)
	for i := range big {
		big[i] = byte(r.IntN(256))
		if r.IntN(3) > 0 {
			big[i] &= 0x7F
		}
	}
	inputs := [][]byte{nil, []byte("a"), []byte("abcd"), []byte("abcdefg"), []byte("\x1B$B$3$s\x1B(B\xFF"), big[:5000], big}
	transformers := map[string]func() transform.Transformer{
		"utf8":          func() transform.Transformer { return utf8.UTF8.(*codec.Encoding).NewDecoderMode(false) },
		"utf8-fatal":    func() transform.Transformer { return utf8.UTF8.(*codec.Encoding).NewDecoderMode(true) },
		"sjis":          func() transform.Transformer { return cjk.ShiftJIS.NewDecoder() },
		"iso2022jp":     func() transform.Transformer { return cjk.ISO2022JP.NewDecoder() },
		"utf16le":       func() transform.Transformer { return utf16.LE.NewDecoder() },
		"quads":         func() transform.Transformer { return quads{} },
		"utf8-encoder":  func() transform.Transformer { return utf8.UTF8.NewEncoder() },
		"gb18030-fatal": func() transform.Transformer { return cjk.GB18030.(*codec.Encoding).NewDecoderMode(true) },
	}
	for tname, newT := range transformers {
		for _, src := range inputs {
			want, wantErr := reference(newT(), src)
			for sname, newR := range sources(src) {
				check := func(how string, got []byte, err error) {
					t.Helper()
					if !bytes.Equal(got, want) || (err == nil) != (wantErr == nil) {
						t.Fatalf("%s/%s/%d bytes/%s: %d bytes, %v; want %d bytes, %v", tname, sname, len(src), how, len(got), err, len(want), wantErr)
					}
				}
				for _, sizes := range [][]int{{1}, {3, 7}, {1024}, {1023, 1025, 4096}, {100000}} {
					if len(src) > 5000 && (sizes[0] < 1000 || sname == "onebyte") {
						continue // slow, and nothing the shorter inputs miss
					}
					got, err := readAll(stream.NewReader(newR(), newT()), sizes)
					check("read", got, err)
				}
				var buf bytes.Buffer
				n, err := io.Copy(&buf, stream.NewReader(newR(), newT()))
				if n != int64(buf.Len()) {
					t.Fatalf("%s/%s: WriteTo counted %d bytes, wrote %d", tname, sname, n, buf.Len())
				}
				check("copy", buf.Bytes(), err)
				// Some Reads, then io.Copy.
				sr := stream.NewReader(newR(), newT())
				head, _ := readAll(io.LimitReader(sr, 5), []int{2})
				buf.Reset()
				_, err = io.Copy(&buf, sr)
				check("read+copy", append(head, buf.Bytes()...), err)
			}
		}
	}
}

// errAfter fails with errBoom after its bytes; as an io.WriterTo too.
type errAfter struct{ r *bytes.Reader }

var errBoom = errors.New("boom")

func (e errAfter) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err == io.EOF {
		err = errBoom
	}
	return n, err
}

type errAfterWT struct{ errAfter }

func (e errAfterWT) WriteTo(w io.Writer) (int64, error) {
	n, err := e.r.WriteTo(w)
	if err == nil {
		err = errBoom
	}
	return n, err
}

func TestReaderErrors(t *testing.T) {
	src := bytes.Repeat([]byte("héllo "), 10000)
	dec := func() transform.Transformer { return utf8.UTF8.NewDecoder() }
	for _, r := range []func() io.Reader{
		func() io.Reader { return errAfter{bytes.NewReader(src)} },
		func() io.Reader { return errAfterWT{errAfter{bytes.NewReader(src)}} },
	} {
		got, err := io.ReadAll(stream.NewReader(r(), dec()))
		if !errors.Is(err, errBoom) || !bytes.Equal(got, src) {
			t.Errorf("ReadAll: %d bytes, %v", len(got), err)
		}
		var buf bytes.Buffer
		_, err = io.Copy(&buf, stream.NewReader(r(), dec()))
		if !errors.Is(err, errBoom) || !bytes.Equal(buf.Bytes(), src) {
			t.Errorf("Copy: %d bytes, %v", buf.Len(), err)
		}
	}
	// A failing writer stops WriteTo with its error.
	w := &failingWriter{left: 1000}
	if _, err := io.Copy(w, stream.NewReader(bytes.NewReader(src), dec())); !errors.Is(err, errBoom) {
		t.Errorf("Copy to a failing writer: %v", err)
	}
	// Fatal mode: the output before the error, then the error, every
	// time.
	fatal := utf8.UTF8.(*codec.Encoding).NewDecoderMode(true)
	bad := append(bytes.Clone(src), 0xFF, 'x')
	var buf bytes.Buffer
	_, err := io.Copy(&buf, stream.NewReader(bytes.NewReader(bad), fatal))
	if !errors.Is(err, codec.ErrDecode) || !bytes.Equal(buf.Bytes(), src) {
		t.Errorf("fatal Copy: %d bytes, %v", buf.Len(), err)
	}
	sr := stream.NewReader(iotest.HalfReader(bytes.NewReader(bad)), utf8.UTF8.(*codec.Encoding).NewDecoderMode(true))
	got, err := io.ReadAll(sr)
	if !errors.Is(err, codec.ErrDecode) || !bytes.Equal(got, src) {
		t.Errorf("fatal ReadAll: %d bytes, %v", len(got), err)
	}
	if n, err2 := sr.Read(make([]byte, 10)); n != 0 || err2 != err {
		t.Errorf("Read after the error: %d, %v", n, err2)
	}
}

type failingWriter struct{ left int }

func (f *failingWriter) Write(p []byte) (int, error) {
	if len(p) > f.left {
		n := f.left
		f.left = 0
		return n, errBoom
	}
	f.left -= len(p)
	return len(p), nil
}

func TestReaderEmptyRead(t *testing.T) {
	sr := stream.NewReader(strings.NewReader("abc"), utf8.UTF8.NewDecoder())
	if n, err := sr.Read(nil); n != 0 || err != nil {
		t.Errorf("Read(nil) = %d, %v", n, err)
	}
}

// After an error of the source other than io.EOF the transformer is not
// flushed: a pending incomplete sequence is dropped, not replaced.
func TestReaderNoFlushOnReadError(t *testing.T) {
	src := []byte("ab\xEF")
	dec := func() transform.Transformer { return utf8.UTF8.NewDecoder() }
	got, err := io.ReadAll(stream.NewReader(errAfter{bytes.NewReader(src)}, dec()))
	if string(got) != "ab" || !errors.Is(err, errBoom) {
		t.Errorf("ReadAll = %q, %v", got, err)
	}
	var buf bytes.Buffer
	_, err = io.Copy(&buf, stream.NewReader(errAfterWT{errAfter{bytes.NewReader(src)}}, dec()))
	if buf.String() != "ab" || !errors.Is(err, errBoom) {
		t.Errorf("Copy = %q, %v", buf.String(), err)
	}
	// At the end of the input it is flushed.
	got, err = io.ReadAll(stream.NewReader(bytes.NewReader(src), dec()))
	if string(got) != "ab\uFFFD" || err != nil {
		t.Errorf("ReadAll at EOF = %q, %v", got, err)
	}
}

// wide writes 40000 bytes for each input byte: more than the buffers.
type wide struct{}

func (wide) Reset() {}

func (wide) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		if len(dst)-nDst < 40000 {
			return nDst, nSrc, transform.ErrShortDst
		}
		for i := range 40000 {
			dst[nDst+i] = src[nSrc]
		}
		nDst += 40000
		nSrc++
	}
	return nDst, nSrc, nil
}

func TestReaderGrowsForWideUnits(t *testing.T) {
	want := append(bytes.Repeat([]byte("a"), 40000), bytes.Repeat([]byte("b"), 40000)...)
	got, err := readAll(stream.NewReader(strings.NewReader("ab"), wide{}), []int{100, 5000, 70000})
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("Read: %d bytes, %v", len(got), err)
	}
	var buf bytes.Buffer
	if _, err := io.Copy(&buf, stream.NewReader(iotest.OneByteReader(strings.NewReader("ab")), wide{})); err != nil || !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("Copy: %d bytes, %v", buf.Len(), err)
	}
	buf.Reset()
	if _, err := io.Copy(&buf, stream.NewReader(strings.NewReader("ab"), wide{})); err != nil || !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("Copy from a WriterTo: %d bytes, %v", buf.Len(), err)
	}
}

// FuzzReader compares Reader, read in pieces of fuzzed sizes and copied,
// with x/text's transform.Reader, over webenc decoders and quads.
func FuzzReader(f *testing.F) {
	f.Add([]byte("\x1B$B$3\x1B(Babc\xFF\x82"), uint8(3), uint8(0))
	f.Add([]byte("abcdefgh"), uint8(1), uint8(4))
	f.Fuzz(func(t *testing.T, src []byte, size, which uint8) { fuzzReaderBody(t, src, size, which) })
}

// fuzzReaderBody is FuzzReader's body (also run by BenchmarkFuzzBodies).
func fuzzReaderBody(t testing.TB, src []byte, size, which uint8) {
	newT := []func() transform.Transformer{
		func() transform.Transformer { return cjk.ISO2022JP.NewDecoder() },
		func() transform.Transformer { return utf8.UTF8.(*codec.Encoding).NewDecoderMode(true) },
		func() transform.Transformer { return utf16.BE.NewDecoder() },
		func() transform.Transformer { return cjk.GB18030.NewDecoder() },
		func() transform.Transformer { return quads{} },
	}[int(which)%5]
	want, wantErr := reference(newT(), src)
	got, err := readAll(stream.NewReader(iotest.HalfReader(bytes.NewReader(src)), newT()), []int{int(size) + 1, 2000})
	if !bytes.Equal(got, want) || (err == nil) != (wantErr == nil) {
		t.Fatalf("Read: %q, %v; want %q, %v", got, err, want, wantErr)
	}
	var buf bytes.Buffer
	_, err = io.Copy(&buf, stream.NewReader(io.MultiReader(bytes.NewReader(src[:len(src)/2]), bytes.NewReader(src[len(src)/2:])), newT()))
	if !bytes.Equal(buf.Bytes(), want) || (err == nil) != (wantErr == nil) {
		t.Fatalf("Copy: %q, %v; want %q, %v", buf.Bytes(), err, want, wantErr)
	}
	// A sniffer's head, then the rest from a source that writes it at
	// once.
	k := int(size) % (len(src) + 1)
	buf.Reset()
	_, err = io.Copy(&buf, stream.NewReaderHead(src[:k], bytes.NewReader(src[k:]), newT()))
	if !bytes.Equal(buf.Bytes(), want) || (err == nil) != (wantErr == nil) {
		t.Fatalf("Copy with a head of %d bytes: %q, %v; want %q, %v", k, buf.Bytes(), err, want, wantErr)
	}
}

// NewReaderHead reads its head before the reader, through Read and
// WriteTo, and gives its buffers back between streams.
func TestReaderHead(t *testing.T) {
	src := []byte("\x1B$B$3$s\x1B(Babcdefgh\xFF" + strings.Repeat("あいう", 20000))
	for name, newT := range map[string]func() transform.Transformer{
		"iso2022jp": func() transform.Transformer { return cjk.ISO2022JP.NewDecoder() },
		"quads":     func() transform.Transformer { return quads{} },
		"utf8":      func() transform.Transformer { return utf8.UTF8.NewDecoder() },
	} {
		for _, h := range []int{0, 1, 3, 7, 5000} {
			want, wantErr := reference(newT(), src)
			for sname, newR := range sources(src[h:]) {
				got, err := readAll(stream.NewReaderHead(src[:h], newR(), newT()), []int{1500, 7})
				if !bytes.Equal(got, want) || (err == nil) != (wantErr == nil) {
					t.Fatalf("%s/%s/head %d: Read %d bytes, %v; want %d, %v", name, sname, h, len(got), err, len(want), wantErr)
				}
				var buf bytes.Buffer
				_, err = io.Copy(&buf, stream.NewReaderHead(src[:h], newR(), newT()))
				if !bytes.Equal(buf.Bytes(), want) || (err == nil) != (wantErr == nil) {
					t.Fatalf("%s/%s/head %d: Copy %d bytes, %v; want %d, %v", name, sname, h, buf.Len(), err, len(want), wantErr)
				}
			}
		}
	}
	// A finished reader keeps answering io.EOF.
	r := stream.NewReader(strings.NewReader("abc"), utf8.UTF8.NewDecoder())
	if got, err := io.ReadAll(r); string(got) != "abc" || err != nil {
		t.Fatalf("ReadAll = %q, %v", got, err)
	}
	for range 2 {
		if n, err := r.Read(make([]byte, 10)); n != 0 || err != io.EOF {
			t.Errorf("Read after the end = %d, %v", n, err)
		}
		if n, err := r.WriteTo(io.Discard); n != 0 || err != nil {
			t.Errorf("WriteTo after the end = %d, %v", n, err)
		}
	}
}

// Rewind moves a bytes.Reader or strings.Reader back over the bytes just
// read, and leaves other readers alone.
func TestRewind(t *testing.T) {
	for name, r := range map[string]io.Reader{
		"bytes":   bytes.NewReader([]byte("abcdef")),
		"strings": strings.NewReader("abcdef"),
	} {
		io.ReadFull(r, make([]byte, 4))
		if !stream.Rewind(r, 3) {
			t.Errorf("%s: Rewind = false", name)
		}
		if got, _ := io.ReadAll(r); string(got) != "bcdef" {
			t.Errorf("%s: after Rewind read %q, want %q", name, got, "bcdef")
		}
		if !stream.Rewind(r, 0) {
			t.Errorf("%s: Rewind 0 = false", name)
		}
	}
	r := bufio.NewReader(strings.NewReader("abcdef"))
	io.ReadFull(r, make([]byte, 4))
	if stream.Rewind(r, 3) || stream.Rewind(r, 0) {
		t.Error("Rewind of a bufio.Reader = true")
	}
	if got, _ := io.ReadAll(r); string(got) != "ef" {
		t.Errorf("after a failed Rewind read %q, want %q", got, "ef")
	}
	if stream.Rewind(strings.NewReader("ab"), 1) {
		t.Error("Rewind past the start = true")
	}
}

// countingWriter counts its Write calls and bytes, taking at most max
// bytes of each (a short write without error when it takes fewer) and
// failing with errBoom once it has taken limit bytes.
type countingWriter struct {
	calls, n   int
	max, limit int
	buf        bytes.Buffer
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.calls++
	k := len(p)
	if c.max > 0 {
		k = min(k, c.max)
	}
	var err error
	if c.limit > 0 && c.n+k > c.limit {
		k, err = c.limit-c.n, errBoom
	}
	c.n += k
	c.buf.Write(p[:k])
	return k, err
}

// io.Copy of a large input held in memory writes it in a few large
// pieces, and counts exactly the bytes the writer took when it fails or
// takes less than it is given.
func TestReaderWriteToWrites(t *testing.T) {
	src := bytes.Repeat([]byte("héllo wörld "), 30000) // 420 KB
	dec := func() transform.Transformer { return utf8.UTF8.NewDecoder() }
	w := &countingWriter{}
	n, err := io.Copy(w, stream.NewReaderHead(src[:5], bytes.NewReader(src[5:]), dec()))
	if err != nil || n != int64(len(src)) || !bytes.Equal(w.buf.Bytes(), src) {
		t.Fatalf("Copy = %d, %v; wrote %d bytes", n, err, w.buf.Len())
	}
	if w.calls > 8 {
		t.Errorf("Copy of %d bytes made %d writes", len(src), w.calls)
	}
	for _, limit := range []int{1, 100000, len(src) - 1} {
		for sname, newR := range sources(src) {
			c := &countingWriter{limit: limit}
			n, err := io.Copy(c, stream.NewReader(newR(), dec()))
			if !errors.Is(err, errBoom) || n != int64(c.n) || !bytes.Equal(c.buf.Bytes(), src[:c.n]) {
				t.Errorf("%s, writer failing after %d bytes: Copy = %d, %v; the writer took %d bytes", sname, limit, n, err, c.n)
			}
		}
	}
	c := &countingWriter{max: 1000}
	n, err = io.Copy(c, stream.NewReader(bytes.NewReader(src), dec()))
	if err != io.ErrShortWrite || n != 1000 || !bytes.Equal(c.buf.Bytes(), src[:1000]) {
		t.Errorf("short write: Copy = %d, %v; the writer took %d bytes", n, err, c.n)
	}
}

// The output of the head goes out before an error of the source.
func TestReaderHeadThenSourceError(t *testing.T) {
	dec := utf8.UTF8.NewDecoder()
	for _, r := range []io.Reader{errAfter{bytes.NewReader(nil)}, errAfterWT{errAfter{bytes.NewReader(nil)}}} {
		var buf bytes.Buffer
		_, err := io.Copy(&buf, stream.NewReaderHead([]byte("héllo"), r, dec))
		if buf.String() != "héllo" || !errors.Is(err, errBoom) {
			t.Errorf("%T: Copy = %q, %v", r, buf.String(), err)
		}
	}
}

// io.Copy from an in-memory source allocates only the Reader: its output
// buffers, of every size, come back to their pools.
func TestReaderWriteToAllocs(t *testing.T) {
	dec := utf8.UTF8.(*codec.Encoding).NewDecoderMode(false)
	for _, n := range []int{100, 40 << 10, 300 << 10, 1200 << 10} {
		src := bytes.Repeat([]byte("a"), n)
		br := bytes.NewReader(src)
		// The first run fills the pools; a GC during the runs may
		// empty them, so one extra allocation is allowed.
		allocs := testing.AllocsPerRun(20, func() {
			br.Reset(src)
			if k, err := io.Copy(io.Discard, stream.NewReader(br, dec)); k != int64(n) || err != nil {
				t.Fatalf("Copy = %d, %v", k, err)
			}
		})
		if allocs > 1 {
			t.Errorf("%d bytes: %v allocations per Copy, want 1", n, allocs)
		}
	}
}
