package charset

import (
	"bytes"
	"fmt"
	"io"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/htmlindex"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/stream"
	"github.com/webenc/webenc/whatwg/singlebyte"
	"github.com/webenc/webenc/whatwg/utf16"
	"github.com/webenc/webenc/whatwg/utf8"
)

// The encodings the algorithm names directly.
var (
	utf8Encoding = utf8.UTF8
	utf16LE      = utf16.LE
	utf16BE      = utf16.BE
	windows1252  = singlebyte.Windows1252
)

// getEncoding is the Encoding Standard's "get an encoding": nil stands for
// failure. A label of an encoding webenc does not provide yet is also nil.
func getEncoding(label string) encoding.Encoding {
	e, err := htmlindex.Get(label)
	if err != nil {
		return nil
	}
	return e
}

// nameOf returns htmlindex.Name(e), or "" for nil.
func nameOf(e encoding.Encoding) string {
	if e == nil {
		return ""
	}
	name, _ := htmlindex.Name(e)
	return name
}

// Source tells which step of the encoding sniffing algorithm decided the
// encoding.
type Source uint8

const (
	// Defaulted means nothing in the input declared an encoding and
	// detection, if asked for, found no evidence (no non-ASCII byte, or
	// content that is not text): the default (windows-1252, or
	// Options.Default) was used. Confidence is tentative. (Its String is "default".)
	Defaulted Source = iota
	// BOM means the content starts with a byte order mark (EF BB BF,
	// FE FF or FF FE). Confidence is certain.
	BOM
	// ContentType means the charset parameter of the Content-Type named a
	// known encoding. Confidence is certain.
	ContentType
	// Meta means the prescan found a <meta charset> or a
	// <meta http-equiv="content-type" content="...charset=..."> in the
	// first 1024 bytes. Confidence is tentative.
	Meta
	// XMLDeclaration means the prescan found a UTF-16 "<?x" byte pattern at
	// the start, or, having found no <meta>, an ASCII
	// <?xml ... encoding="..."> declaration. Confidence is tentative.
	XMLDeclaration
	// Detected means nothing declared the encoding and content-based
	// detection (Options.Detect) decided, replacing the default step.
	// Confidence is tentative.
	Detected
	// Overridden means the Content-Type or the prescan declared an
	// encoding whose decoder meets errors in the content, and detection
	// (Options.CheckDeclared) found another encoding that decodes it
	// without error with high confidence; Result.Declared is the declared
	// encoding. Confidence is tentative.
	Overridden
)

// String returns a short lowercase name for the source: "default", "bom",
// "content-type", "meta", "xml-declaration", "detected" or "overridden".
func (s Source) String() string {
	switch s {
	case Defaulted:
		return "default"
	case BOM:
		return "bom"
	case ContentType:
		return "content-type"
	case Meta:
		return "meta"
	case XMLDeclaration:
		return "xml-declaration"
	case Detected:
		return "detected"
	case Overridden:
		return "overridden"
	}
	return fmt.Sprintf("Source(%d)", uint8(s))
}

// Result is the outcome of the encoding sniffing algorithm.
type Result struct {
	// Encoding is the encoding decided on, one of the values package
	// htmlindex returns. It is never nil.
	Encoding encoding.Encoding
	// Name is htmlindex.Name(Encoding), e.g. "windows-1252", "utf-8".
	Name string
	// Certain reports the Standard's confidence: true for "certain" (a BOM
	// or the Content-Type decided), false for "tentative".
	Certain bool
	// Source is the step that decided.
	Source Source
	// BOMLength is the length of the byte order mark the content starts
	// with (3 for UTF-8, 2 for UTF-16), 0 unless Source is BOM. Decoding
	// skips these bytes.
	BOMLength int
	// Confidence is what the deciding step's evidence is worth, in [0,1]:
	// 1 for a BOM or the Content-Type, 0.9 for a <meta> or XML
	// declaration (pages that declare an encoding in the markup are
	// mostly, not always, written in it), the detector's calibrated
	// probability that the answer decodes the content right for Detected
	// and Overridden (see DetectEncoding; 0.99 for UTF-16 that
	// Options.DetectUTF16 found), and 0 for Defaulted: no evidence
	// supports the default.
	Confidence float64
	// Declared is the encoding the Content-Type or the prescan declared
	// when Source is Overridden, nil otherwise.
	Declared encoding.Encoding
	// Binary reports that detection ran (Options.Detect, nothing declared
	// the encoding) and found content that is not text: control bytes
	// that text does not hold (NUL and the C0 controls but tab, line
	// feed, form feed, carriage return and escape) make more than 1% of
	// the bytes, as in compressed data, images and executables. Source is
	// then Defaulted, so that decoding works as the Standard says. UTF-16
	// text without a byte order mark is binary by this test (a NUL beside
	// each ASCII character) unless Options.DetectUTF16 detects it.
	Binary bool
}

// metaConfidence is Result.Confidence for a declaration the prescan found.
const metaConfidence = 0.9

func result(e encoding.Encoding, src Source) Result {
	r := Result{Encoding: e, Name: nameOf(e), Certain: src == BOM || src == ContentType, Source: src}
	switch src {
	case BOM, ContentType:
		r.Confidence = 1
	case Meta, XMLDeclaration:
		r.Confidence = metaConfidence
	}
	return r
}

// sniffBOM is the Encoding Standard's "BOM sniff". ok is false when
// content does not start with a complete BOM.
func sniffBOM(content []byte) (r Result, ok bool) {
	e, n := bomEncoding(content)
	if e == nil {
		return Result{}, false
	}
	r = result(e, BOM)
	r.BOMLength = n
	return r, true
}

// bomEncoding is sniffBOM without the Result: the BOM's encoding and
// length, or nil.
func bomEncoding(content []byte) (e encoding.Encoding, n int) {
	switch {
	case len(content) >= 3 && content[0] == 0xEF && content[1] == 0xBB && content[2] == 0xBF:
		return utf8Encoding, 3
	case len(content) >= 2 && content[0] == 0xFE && content[1] == 0xFF:
		return utf16BE, 2
	case len(content) >= 2 && content[0] == 0xFF && content[1] == 0xFE:
		return utf16LE, 2
	}
	return nil, 0
}

// sniffContentType is the transport-layer step: the charset parameter of
// contentType, if it names an encoding.
func sniffContentType(contentType string) (Result, bool) {
	e := contentTypeEncoding(contentType)
	if e == nil {
		return Result{}, false
	}
	return result(e, ContentType), true
}

// contentTypeEncoding is sniffContentType without the Result: the
// encoding the charset parameter names, or nil.
func contentTypeEncoding(contentType string) encoding.Encoding {
	label, ok := contentTypeCharset(contentType)
	if !ok {
		return nil
	}
	return getEncoding(label)
}

// sniffPrescan is the prescan step over the first 1024 bytes of content.
func sniffPrescan(content []byte) (Result, bool) {
	return prescanResult(prescan(content))
}

// prescanResult is the Result of a prescan that found e by src (none when
// e is nil).
func prescanResult(e encoding.Encoding, src Source) (Result, bool) {
	if e == nil {
		return Result{}, false
	}
	return result(e, src), true
}

// sniff runs the encoding sniffing algorithm on content under opts: the
// Standard's steps (BOM, Content-Type, prescan of the first 1024 bytes),
// then opts.decide. It is SniffOptions.
func sniff(content []byte, contentType string, opts Options) Result {
	if r, ok := sniffBOM(content); ok {
		return r
	}
	declared, ok := sniffContentType(contentType)
	if !ok {
		declared, ok = sniffPrescan(content)
	}
	return opts.decide(content, declared, ok)
}

// decide is the end of sniff on content that starts with no BOM, given
// what the Content-Type or the prescan declared (ok: something did). With
// opts.CheckDeclared a declaration is checked against the first
// opts.window() bytes; otherwise it stands, and with no declaration the
// last step decides (opts.fallback: the default, or detection over those
// bytes).
func (opts Options) decide(content []byte, declared Result, ok bool) Result {
	window := content[:min(len(content), opts.window())]
	if !ok {
		return opts.fallback(window)
	}
	if opts.CheckDeclared {
		// The window is the whole content only when it is shorter than
		// the window; otherwise its end may cut a character.
		return opts.check(declared, window, len(content) < opts.window())
	}
	return declared
}

// Sniff determines the encoding of an HTML document from its first bytes
// and its Content-Type (the HTTP header value; it may be empty), following
// the HTML Standard's encoding sniffing algorithm, and reports which step
// decided. Only the first 1024 bytes of content are examined. It is
// SniffOptions with the zero Options.
func Sniff(content []byte, contentType string) Result {
	return sniff(content, contentType, Options{})
}

// DetermineEncoding determines the encoding of an HTML document by
// examining up to the first 1024 bytes of content and the declared
// Content-Type, following the HTML Standard's encoding sniffing
// algorithm. certain is true when a byte order mark or the Content-Type
// decided. When nothing declares an encoding it returns windows-1252,
// not certain.
//
// e is one of the encodings package htmlindex returns and name is its
// htmlindex.Name; e is never nil. It is Sniff's answer in the shape of
// x/net's DetermineEncoding, so that switching is an import change; Sniff
// also says which step decided.
func DetermineEncoding(content []byte, contentType string) (e encoding.Encoding, name string, certain bool) {
	r := Sniff(content, contentType)
	return r.Encoding, r.Name, r.Certain
}

// Lookup returns the encoding with the specified label, and its name (as
// htmlindex.Name gives it). It returns nil and the empty string if label is
// not one of the Encoding Standard's labels. Matching follows the
// Standard's "get an encoding": it ignores leading and trailing ASCII
// whitespace and is ASCII case-insensitive.
//
// As with x/net's Lookup, the encoding's NewEncoder writes "&#N;" for a
// code point the encoding lacks (the Standard's html mode, which HTML form
// submission uses) instead of stopping; its decoder is the Standard's. So
// it is not the value htmlindex.Get returns: compare names, not values,
// across the two. Every call for an encoding returns the same value,
// made once, immutable and safe for concurrent use.
func Lookup(label string) (e encoding.Encoding, name string) {
	e = getEncoding(label)
	if e == nil {
		return nil, ""
	}
	if ce, ok := e.(*codec.Encoding); ok {
		return ce.WithHTMLEncoder(), nameOf(e)
	}
	return e, nameOf(e)
}

// NewReader returns an io.Reader that converts the content of r to UTF-8.
// It determines r's encoding as DetermineEncoding does, reading only as
// much of r as the decision needs (at most 1024 bytes) before it returns;
// it returns an error only if that read fails. A byte order mark is
// removed. Invalid input is replaced with U+FFFD.
//
// The reader implements io.WriterTo: io.Copy from it decodes in large
// pieces, straight from r's bytes when r is an io.WriterTo (a
// bytes.Reader, a strings.Reader). A *bytes.Reader or *strings.Reader is
// moved back over the bytes NewReader read (to just after a BOM), so that
// its bytes are decoded in one piece.
func NewReader(r io.Reader, contentType string) (io.Reader, error) {
	dec, _, err := newReader(r, contentType, Options{})
	return dec, err
}

// newReader is NewReaderResult: it reads what sniff needs of r (see
// readAndSniff) and returns the decoding reader.
func newReader(r io.Reader, contentType string, opts Options) (io.Reader, Result, error) {
	p := peeker{r: r}
	res, err := readAndSniff(&p, contentType, opts, prescan)
	if err != nil {
		return nil, Result{}, err
	}
	return p.decoder(res.BOMLength, res.Encoding.NewDecoder()), res, nil
}

// readAndSniff reads the bytes the steps of sniff need as they need them:
// up to 3 for the BOM, up to 1024 for the prescan, and the window only for
// detection or the check of a declaration; it decides as sniff does on
// what was read, which is what SniffOptions sees of the whole stream. It
// runs prescanFn (prescan; tests count its calls) at most once.
func readAndSniff(p *peeker, contentType string, opts Options, prescanFn func([]byte) (encoding.Encoding, Source)) (Result, error) {
	// Step 1: the BOM needs at most 3 bytes (1 when the first byte cannot
	// start one).
	if err := p.fill(1); err != nil {
		return Result{}, err
	}
	if len(p.buf) > 0 && (p.buf[0] == 0xEF || p.buf[0] == 0xFE || p.buf[0] == 0xFF) {
		if err := p.fill(3); err != nil {
			return Result{}, err
		}
	}
	if r, ok := sniffBOM(p.buf); ok {
		return r, nil
	}
	declared, ok := sniffContentType(contentType)
	if !ok {
		if err := p.fill(prescanLimit); err != nil {
			return Result{}, err
		}
		// The prescan reads no further than prescanLimit bytes, so its
		// answer on p.buf holds however much more is read below.
		declared, ok = prescanResult(prescanFn(p.buf))
	}
	if ok && opts.CheckDeclared || !ok && opts.Detect {
		if err := p.fill(opts.window()); err != nil {
			return Result{}, err
		}
	}
	return opts.decide(p.buf, declared, ok), nil
}

// peeker reads the start of a stream into buf, as little at a time as
// asked, and then gives the whole stream back.
type peeker struct {
	r   io.Reader
	buf []byte
	eof bool // r is exhausted
}

// fill reads until buf holds n bytes or r is exhausted. It returns r's
// error other than io.EOF.
func (p *peeker) fill(n int) error {
	if p.eof || len(p.buf) >= n {
		return nil
	}
	if cap(p.buf) < n {
		// Room for a BOM at first (the Content-Type often decides
		// then), for the prescan's window next, then for the detection
		// window.
		c := max(n, 3)
		if n > 3 {
			c = max(n, prescanLimit)
		}
		nb := make([]byte, len(p.buf), c)
		copy(nb, p.buf)
		p.buf = nb
	}
	m, err := io.ReadFull(p.r, p.buf[len(p.buf):n])
	p.buf = p.buf[:len(p.buf)+m]
	switch err {
	case nil:
		return nil
	case io.EOF, io.ErrUnexpectedEOF:
		p.eof = true
		return nil
	}
	return err
}

// decoder returns a reader of the stream from byte skip on, decoded by t.
func (p *peeker) decoder(skip int, t transform.Transformer) *stream.Reader {
	if stream.Rewind(p.r, len(p.buf)-skip) {
		return stream.NewReader(p.r, t)
	}
	var rest io.Reader = p.r
	if p.eof {
		rest = bytes.NewReader(nil)
	}
	return stream.NewReaderHead(p.buf[skip:], rest, t)
}

// NewReaderLabel returns a reader that converts from the encoding with the
// specified label to UTF-8. It uses Lookup to find the encoding that
// corresponds to label, and returns an error if Lookup returns nil. It is
// suitable for use as encoding/xml.Decoder's CharsetReader function.
//
// It decodes as the Encoding Standard's "decode" does with the labelled
// encoding as fallback: a byte order mark at the start of input overrides
// the label and is removed. It reads nothing from input before the first
// Read. It implements io.WriterTo, as NewReader's reader does.
func NewReaderLabel(label string, input io.Reader) (io.Reader, error) {
	// Lookup's encoding differs from getEncoding's in its encoder only;
	// getEncoding's lends idle decoders (Lookup makes a new copy each
	// time, whose decoders would all be new).
	e := getEncoding(label)
	if e == nil {
		return nil, fmt.Errorf("unsupported charset: %q", label)
	}
	return &labelReader{p: peeker{r: input}, e: e}, nil
}

// labelReader sniffs a BOM at its first Read or WriteTo, then decodes.
type labelReader struct {
	p   peeker
	e   encoding.Encoding
	dec *stream.Reader
}

// start sniffs the BOM and makes the decoding reader.
func (l *labelReader) start() error {
	if err := l.p.fill(1); err != nil {
		return err
	}
	if len(l.p.buf) > 0 && (l.p.buf[0] == 0xEF || l.p.buf[0] == 0xFE || l.p.buf[0] == 0xFF) {
		if err := l.p.fill(3); err != nil {
			return err
		}
	}
	e, skip := l.e, 0
	if r, ok := sniffBOM(l.p.buf); ok {
		e, skip = r.Encoding, r.BOMLength
	}
	l.dec = l.p.decoder(skip, e.NewDecoder())
	return nil
}

func (l *labelReader) Read(b []byte) (int, error) {
	if l.dec == nil {
		if err := l.start(); err != nil {
			return 0, err
		}
	}
	return l.dec.Read(b)
}

// WriteTo implements io.WriterTo, for io.Copy.
func (l *labelReader) WriteTo(w io.Writer) (int64, error) {
	if l.dec == nil {
		if err := l.start(); err != nil {
			return 0, err
		}
	}
	return l.dec.WriteTo(w)
}
