package charset

import (
	"io"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/whatwg/charset/internal/detect"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/htmlindex"
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
// windows-874, ISO-8859-2, ISO-8859-4 to ISO-8859-8, ISO-8859-13,
// ISO-8859-15, ISO-8859-16, KOI8-R, KOI8-U, IBM866, Shift_JIS, EUC-JP,
// ISO-2022-JP, GBK (which decodes gb18030 text alike), Big5, EUC-KR or
// UTF-8.
//
// Input without non-ASCII bytes gives windows-1252 with confidence 0, which
// means "no evidence": every ASCII-compatible encoding decodes it alike.
// DetermineEncodingOptions replaces that answer with Options.Default, so
// callers who prefer UTF-8 for ASCII say so there. Valid UTF-8 with at
// least one multi-byte sequence gives UTF-8 unless hint.ExcludeUTF8, also
// when the sequences are only in markup (attribute values, comments).
// Anything else, binary data included, gets the candidate whose decoder
// reports the fewest errors, in text and markup, and whose decoded text
// (markup left out) is the most plausible for the languages the encoding
// serves; its confidence grows with the margin over the runner-up and
// shrinks with decoding errors. The README's "Detection of undeclared
// pages" lists the languages and their measured accuracy.
func (d *Detector) Guess(hint Hint) (e encoding.Encoding, name string, confidence float64) {
	c, conf := d.d.Guess(hint.TLD, !hint.ExcludeUTF8)
	e = detectEncodings[c]
	return e, nameOf(e), conf
}

// DetectEncoding guesses the encoding of content, as a Detector that was
// given all of content would (see Detector.Guess). It looks at content
// only: use DetermineEncodingOptions to honour a byte order mark, a
// Content-Type or a <meta> declaration first.
func DetectEncoding(content []byte, hint Hint) (e encoding.Encoding, name string, confidence float64) {
	if !hint.ExcludeUTF8 {
		// Valid UTF-8 is UTF-8 whatever the other candidates score; one
		// validation pass costs far less than scoring them.
		if ok, conf := detect.WholeUTF8(content); ok {
			return utf8.UTF8, nameOf(utf8.UTF8), conf
		}
	}
	c, conf := detect.Detect(content, hint.TLD, !hint.ExcludeUTF8)
	e = detectEncodings[c]
	return e, nameOf(e), conf
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

// Options adjusts DetermineEncodingOptions and NewReaderOptions.
type Options struct {
	// Detect makes content-based detection decide when nothing declares
	// the encoding (no byte order mark, no charset in the Content-Type, no
	// <meta> or XML declaration).
	Detect bool
	// Hint is passed to the detector.
	Hint Hint
	// Default is the encoding used when nothing declares one and Detect is
	// off or the content gives no evidence (no non-ASCII byte). Nil means
	// windows-1252, as in DetermineEncoding; set it to UTF-8 to have
	// ASCII-only pages read as UTF-8.
	Default encoding.Encoding
}

// detectPeek is how much of a stream NewReaderOptions reads before the
// detector decides (when it has to).
const detectPeek = 4096

// fallback is the last step of the sniffing algorithm under opts.
func (opts Options) fallback(content []byte) Result {
	def := opts.Default
	if def == nil {
		def = windows1252
	}
	if !opts.Detect {
		return result(def, Defaulted)
	}
	e, _, conf := DetectEncoding(content, opts.Hint)
	if conf == 0 {
		return result(def, Defaulted)
	}
	return result(e, Detected)
}

// DetermineEncodingOptions is DetermineEncoding with options: when no byte
// order mark, Content-Type charset or prescan declaration decides, it
// returns opts.Default (windows-1252 if nil), or, with opts.Detect, the
// detector's guess over all of content (Default again when content has no
// non-ASCII byte). certain is false for both.
func DetermineEncodingOptions(content []byte, contentType string, opts Options) (e encoding.Encoding, name string, certain bool) {
	r := sniff(content, contentType, opts.fallback)
	return r.Encoding, r.Name, r.Certain
}

// NewReaderOptions is NewReader with options: the encoding is determined
// as DetermineEncodingOptions does, the detector (with opts.Detect) seeing
// the first 4096 bytes of r. It reads no more of r than the decision needs
// before returning, and returns an error only if that read fails.
func NewReaderOptions(r io.Reader, contentType string, opts Options) (io.Reader, error) {
	peek := 0
	if opts.Detect {
		peek = detectPeek
	}
	return newReader(r, contentType, opts.fallback, peek)
}
