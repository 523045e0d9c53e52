package whatwg

import (
	"bytes"
	"io"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/stream"
	"github.com/webenc/webenc/whatwg/utf8"
)

// NewDecodeReader is the streaming form of Decode: it reads up to three
// bytes of r (as many Read calls as it takes, stopping early only at the
// end of r) to sniff a byte order mark, and returns a reader of the UTF-8
// decoding of r together with the encoding used — the BOM's if there is
// one, which is then skipped, else fallback (UTF-8 if nil). Decoding is in
// Replacement mode. The error is a read error other than io.EOF met while
// sniffing; the returned reader then reports it too.
//
// The reader implements io.WriterTo: io.Copy from it decodes in large
// pieces, straight from r's bytes when r is an io.WriterTo (a
// bytes.Reader, a strings.Reader). A *bytes.Reader or *strings.Reader is
// moved back over the bytes read (to just after a BOM), so that its bytes
// are decoded in one piece.
func NewDecodeReader(fallback encoding.Encoding, r io.Reader) (io.Reader, encoding.Encoding, error) {
	var buf [3]byte
	n, err := io.ReadFull(r, buf[:])
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		err = nil
	}
	head := buf[:n]
	used := fallback
	if e, bomLen := sniff(head); e != nil {
		used, head = e, head[bomLen:]
	}
	if used == nil {
		used = utf8.UTF8
	}
	if err == nil && stream.Rewind(r, len(head)) {
		return stream.NewReader(r, decoderOf(used)), used, nil
	}
	rest := r
	if err != nil {
		rest = errReader{err}
	}
	return stream.NewReaderHead(head, rest, decoderOf(used)), used, err
}

// errReader fails every Read with err.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// NewUTF8DecodeReader is the streaming form of UTF8Decode: it returns a
// reader of r decoded as UTF-8 in Replacement mode, without the UTF-8 byte
// order mark r may start with. It reads nothing before its first Read.
// For the forms without BOM handling, use NewDecoder(utf8.UTF8,
// Replacement).Reader(r) or NewDecoder(utf8.UTF8, Fatal).Reader(r).
func NewUTF8DecodeReader(r io.Reader) io.Reader {
	return stream.NewReader(r, &skipUTF8BOM{dec: utf8.UTF8.(*codec.Encoding).NewDecoderMode(false)})
}

// skipUTF8BOM removes a leading EF BB BF and passes the rest to dec.
type skipUTF8BOM struct {
	dec  transform.Transformer
	done bool // the first three bytes (or the end of input) were seen
}

func (s *skipUTF8BOM) Reset() {
	s.dec.Reset()
	s.done = false
}

func (s *skipUTF8BOM) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if !s.done {
		if len(src) < len(bomUTF8) && !atEOF && bytes.HasPrefix([]byte(bomUTF8), src) {
			// UTF-8 decode step 1: peek three bytes.
			return 0, 0, transform.ErrShortSrc
		}
		s.done = true
		if bytes.HasPrefix(src, []byte(bomUTF8)) {
			// Step 2: read the three bytes and do nothing with them.
			nSrc = len(bomUTF8)
		}
	}
	nDst, n, err := s.dec.Transform(dst, src[nSrc:], atEOF)
	return nDst, nSrc + n, err
}

// NewEncodeReader is a streaming form of Encode: it returns a reader of the
// UTF-8 text of r encoded in e in HTML mode (unencodable code points become
// "&#N;"). e is not mapped: pass the result of GetOutputEncoding. A nil e
// means UTF-8; an encoding that is not a webenc encoding is handled as
// Encode does.
func NewEncodeReader(e encoding.Encoding, r io.Reader) io.Reader {
	return stream.NewReader(r, htmlEncoderOf(e))
}

// NewEncodeWriter is a streaming form of Encode: UTF-8 text written to the
// returned writer is encoded in e in HTML mode and written to w. Close
// must be called at the end of the text: it writes what the encoder holds
// back (an incomplete UTF-8 sequence becomes U+FFFD; ISO-2022-JP returns to
// ASCII). Close does not close w. e is handled as by NewEncodeReader.
func NewEncodeWriter(w io.Writer, e encoding.Encoding) io.WriteCloser {
	return transform.NewWriter(w, htmlEncoderOf(e))
}
