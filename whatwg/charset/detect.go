package charset

import (
	"io"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/charset/internal/detect"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/htmlindex"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/utf8"
)

// Hint is what the caller knows about a document besides its bytes. The
// zero value means "no hint, UTF-8 allowed".
type Hint struct {
	// TLD is the top-level domain of the document's host ("jp", "ru",
	// "com", …; case and a leading dot are ignored). Some domains make
	// the encodings their unlabelled pages use more likely: "jp" favours
	// Shift_JIS, EUC-JP and ISO-2022-JP, "ru" windows-1251 and KOI8-R,
	// "ua" windows-1251 and KOI8-U, "cn" GBK, "tw" and "hk" Big5, "kr"
	// EUC-KR, and so on. Generic domains change nothing.
	TLD string
	// ExcludeUTF8 keeps UTF-8 out of the answers, as browsers do for
	// unlabelled http(s) pages.
	ExcludeUTF8 bool
}

// Detector guesses the encoding of a stream from its content. Feed it with
// Write as bytes arrive; Guess may be called at any time and does not
// change it, so callers can stop feeding after N kilobytes. Any chunking of
// the same bytes gives the same answer.
//
// A Detector is not safe for concurrent use; distinct Detectors are
// independent.
type Detector struct {
	d *detect.Detector
}

// NewDetector returns a Detector that has seen nothing.
func NewDetector() *Detector {
	return &Detector{d: detect.New()}
}

// Write adds p to what the detector has seen. It never fails: it returns
// len(p), nil.
func (d *Detector) Write(p []byte) (int, error) {
	return d.d.Write(p)
}

// Guess returns the most likely encoding of what the detector has seen,
// its name as htmlindex.Name gives it, and a confidence in [0,1].
//
// e is always one of the Standard's encodings and never replacement,
// UTF-16BE, UTF-16LE or x-user-defined: windows-1250 to windows-1258,
// windows-874, ISO-8859-2 to ISO-8859-8, ISO-8859-13, ISO-8859-14,
// ISO-8859-15, ISO-8859-16, KOI8-R, KOI8-U, IBM866, Shift_JIS, EUC-JP,
// ISO-2022-JP, GBK (which decodes gb18030 text alike), Big5, EUC-KR or
// UTF-8.
//
// Input without non-ASCII bytes gives windows-1252 with confidence 0, which
// means "no evidence": every ASCII-compatible encoding decodes it alike.
// So does binary data: control bytes other than tab, line feed, form
// feed, carriage return and escape making more than 1% of the input (random
// bytes, compressed data, images, executables; SniffOptions reports it as
// Result.Binary).
// DetermineEncodingOptions replaces that answer with Options.Default, so
// callers who prefer UTF-8 for ASCII say so there. Valid UTF-8 with at
// least one multi-byte sequence gives UTF-8 unless hint.ExcludeUTF8, also
// when the sequences are only in markup (attribute values, comments).
// Anything else gets the candidate whose decoder reports the fewest
// errors, in text and markup, and whose decoded text (markup left out) is
// the most plausible for the languages the encoding serves; a CJK encoding
// only if it decodes without error and its text scores as the language.
//
// The confidence is a calibrated probability that the answer decodes the
// input right: the share of right answers, on the same evidence (the
// margin over the runner-up, or for UTF-8 the number of multi-byte
// sequences), among the answers on text the statistics never saw
// (languages left out of them, texts never trained on). It is never 1,
// and 0 only for no evidence. When encodings read the bytes alike but for
// letters that differ only in a diacritic's form (Romanian ș ț in
// ISO-8859-16, ş ţ in windows-1250 and ISO-8859-2), the answer is the most
// common of them and the confidence at most its share of their priors;
// Candidates lists the others. docs/detection.md lists the languages, the
// measured accuracy and the reliability of the confidence.
func (d *Detector) Guess(hint Hint) (e encoding.Encoding, name string, confidence float64) {
	c, conf := d.d.Guess(hint.TLD, !hint.ExcludeUTF8)
	return detectEncodings[c], detectNames[c], conf
}

// DetectEncoding guesses the encoding of content, as a Detector that was
// given all of content would (see Detector.Guess). It looks at content
// only: use DetermineEncodingOptions to honour a byte order mark, a
// Content-Type or a <meta> declaration first. content may be a chunk of a
// stream: a character cut by its start or its end is no evidence against
// an encoding.
func DetectEncoding(content []byte, hint Hint) (e encoding.Encoding, name string, confidence float64) {
	c, conf := detect.Detect(content, hint.TLD, !hint.ExcludeUTF8)
	return detectEncodings[c], detectNames[c], conf
}

// detectEncodings maps the engine's candidates to encodings.
var detectEncodings = func() (t [detect.NumCandidates]encoding.Encoding) {
	for i := range t {
		switch i {
		case detect.ShiftJIS:
			t[i] = cjk.ShiftJIS
		case detect.EUCJP:
			t[i] = cjk.EUCJP
		case detect.GBK:
			t[i] = cjk.GBK
		case detect.Big5:
			t[i] = cjk.Big5
		case detect.EUCKR:
			t[i] = cjk.EUCKR
		case detect.ISO2022JP:
			t[i] = cjk.ISO2022JP
		case detect.UTF8:
			t[i] = utf8.UTF8
		default:
			e, err := htmlindex.Get(detect.Name(i))
			if err != nil {
				panic("charset: detector candidate " + detect.Name(i) + " has no encoding")
			}
			t[i] = e
		}
	}
	return t
}()

// Options adjusts SniffOptions, DetermineEncodingOptions and
// NewReaderOptions. The zero value is the Standard's algorithm with
// x/net's default (Sniff, DetermineEncoding, NewReader).
type Options struct {
	// Detect makes content-based detection decide when nothing declares
	// the encoding (no byte order mark, no charset in the Content-Type, no
	// <meta> or XML declaration). The detector sees the first Window
	// bytes.
	Detect bool
	// Hint is passed to the detector.
	Hint Hint
	// Default is the encoding used when nothing declares one and Detect is
	// off or the content gives no evidence (no non-ASCII byte, or binary
	// data). Nil means windows-1252, as in DetermineEncoding; set it to
	// UTF-8 to have ASCII-only pages read as UTF-8.
	Default encoding.Encoding
	// CheckDeclared checks an encoding the Content-Type or the prescan
	// declared against the first Window bytes: when its decoder meets an
	// error there and the detector (with Hint) answers another encoding
	// that decodes those bytes without error, with a confidence of at
	// least 0.9, that encoding decides (Source Overridden, the declared
	// one in Result.Declared). A byte order mark is never overridden, nor
	// a declared replacement encoding (the Standard maps to it the
	// encodings that are unsafe to decode).
	CheckDeclared bool
	// DetectUTF16 lets detection (with Detect) answer UTF-16LE or
	// UTF-16BE, with Confidence 0.99, for content without a byte order
	// mark that reads as text in UTF-16 (files from Windows tools), where
	// it would be Binary: nearly no code unit is a control, an unpaired
	// surrogate, private use or unassigned, and the letters are of one
	// writing system. Leave it off for web content: the Standard
	// recognises UTF-16 only by its byte order mark.
	DetectUTF16 bool
	// Window is how many bytes of the content the detector and the check
	// of a declaration look at; NewReaderOptions buffers at most that many
	// bytes of its stream before returning (or the 1024 the prescan
	// reads, if more). Zero or less means DefaultDetectWindow.
	Window int
}

// DefaultDetectWindow is the default of Options.Window: 64 KiB, enough for
// the long style sheets and scripts that come before the text of many
// pages.
const DefaultDetectWindow = 64 << 10

// window returns the detection window opts sets.
func (opts Options) window() int {
	if opts.Window <= 0 {
		return DefaultDetectWindow
	}
	return opts.Window
}

// overrideConfidence is how confident the detector must be for
// CheckDeclared to replace a declared encoding.
const overrideConfidence = 0.9

// fallback is the last step of the sniffing algorithm under opts, on the
// detection window.
func (opts Options) fallback(window []byte) Result {
	def := opts.Default
	if def == nil {
		def = windows1252
	}
	r := result(def, Defaulted)
	if !opts.Detect {
		return r
	}
	e, _, conf := DetectEncoding(window, opts.Hint)
	if conf == 0 {
		// No evidence, binary data included (the detector answers it
		// so): only then is the window's share of control bytes worth a
		// second pass.
		r.Binary = detect.Binary(window)
		if r.Binary && opts.DetectUTF16 {
			return opts.utf16Fallback(r, window)
		}
		return r
	}
	r = result(e, Detected)
	r.Confidence = conf
	return r
}

// check is CheckDeclared: declared stands unless its decoder meets an
// error in window and the detector answers, with at least
// overrideConfidence, an encoding whose decoder meets none. atEOF says
// whether window is the whole content (otherwise a character cut at its
// end is no error).
func (opts Options) check(declared Result, window []byte, atEOF bool) Result {
	if declared.Name == "replacement" || decodesCleanly(declared.Encoding, window, atEOF) {
		return declared
	}
	e, name, conf := DetectEncoding(window, opts.Hint)
	if conf < overrideConfidence || name == declared.Name || !decodesCleanly(e, window, atEOF) {
		return declared
	}
	r := result(e, Overridden)
	r.Confidence = conf
	r.Declared = declared.Encoding
	return r
}

// decodesCleanly reports whether e's decoder decodes b without error (an
// encoding that is not a webenc codec counts as clean). Unless atEOF, a
// character cut at the end of b is no error.
func decodesCleanly(e encoding.Encoding, b []byte, atEOF bool) bool {
	ce, ok := e.(*codec.Encoding)
	if !ok {
		return true
	}
	t := ce.NewDecoderMode(true)
	var buf [4096]byte
	for {
		_, n, err := t.Transform(buf[:], b, atEOF)
		b = b[n:]
		switch err {
		case nil, transform.ErrShortSrc:
			return true
		case transform.ErrShortDst:
			continue
		}
		return false
	}
}

// SniffOptions determines the encoding of an HTML document as Sniff does,
// with options: when no byte order mark, Content-Type charset or prescan
// declaration decides, the result is opts.Default (windows-1252 if nil),
// or, with opts.Detect, the detector's guess over the first opts.Window
// bytes of content (Source Detected; Defaulted again when they hold no
// non-ASCII byte or are binary data, which Result.Binary reports). With
// opts.CheckDeclared a declaration is checked against those bytes and may
// be Overridden. Result.Confidence says what the decision is worth.
//
// DetermineEncodingOptions and NewReaderResult (on a stream of the same
// bytes) make exactly this decision.
func SniffOptions(content []byte, contentType string, opts Options) Result {
	return sniff(content, contentType, opts)
}

// DetermineEncodingOptions is DetermineEncoding with options: it returns
// the encoding SniffOptions decides. certain is true only for a byte order
// mark or a Content-Type that was not overridden.
func DetermineEncodingOptions(content []byte, contentType string, opts Options) (e encoding.Encoding, name string, certain bool) {
	r := sniff(content, contentType, opts)
	return r.Encoding, r.Name, r.Certain
}

// NewReaderOptions is NewReaderResult without the Result.
func NewReaderOptions(r io.Reader, contentType string, opts Options) (io.Reader, error) {
	dec, _, err := newReader(r, contentType, opts)
	return dec, err
}

// NewReaderResult is NewReader with options: it returns a reader that
// converts r to UTF-8 in the encoding SniffOptions decides on r's bytes,
// and that decision. It reads no more of r than the decision needs before
// returning (the first opts.Window bytes when detection or the check of a
// declaration needs them, at most 1024 otherwise), and returns an error
// only if that read fails. Only those bytes are buffered: the rest of r
// streams through the decoder, so memory stays bounded whatever r's
// length.
func NewReaderResult(r io.Reader, contentType string, opts Options) (io.Reader, Result, error) {
	return newReader(r, contentType, opts)
}
