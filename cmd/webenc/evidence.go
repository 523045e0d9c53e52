package main

import (
	"bytes"
	"fmt"
	"math"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/charset"
	"github.com/webenc/webenc/whatwg/htmlindex"
)

// detectWindow is how much of a file the detector examines: sniff -detect,
// and decode and convert without -f (or with -f auto); the library's default.
const detectWindow = charset.DefaultDetectWindow

// sniffLen is how much of a file the sniffing algorithm examines.
const sniffLen = 1024

// found is what a file's own evidence says about its encoding.
type found struct {
	enc encoding.Encoding
	// source is the step that decided: bom, content-type, meta,
	// xml-declaration, detected, or default (nothing declared, and no
	// detection or no evidence for it).
	source string
	// certain is the Standard's confidence: a BOM or the Content-Type.
	certain bool
	// confidence is what the evidence is worth, in [0,1]: 1 for a BOM, a
	// Content-Type or a declaration, the detector's for a guess, 0 for
	// the default.
	confidence float64
	// binary, when not empty, tells why head looks like binary data
	// (source is default).
	binary string
	// declared is the encoding the Content-Type or the page declared
	// when the content overrode it (source is overridden).
	declared encoding.Encoding
}

// evidence decides the encoding of a file whose first bytes (up to
// detectWindow) are head, as the HTML Standard's sniffing algorithm does
// (a byte order mark, the Content-Type, the prescan's declaration), and,
// with opts.Detect when nothing declared the encoding, by the content
// detector, which also detects UTF-16 without a byte order mark (this is
// files, not the web). It is the one place the command decides by a
// file's evidence: one call of charset.SniffOptions.
func evidence(head []byte, contentType string, opts charset.Options) found {
	opts.DetectUTF16 = opts.Detect
	opts.Window = detectWindow
	res := charset.SniffOptions(head, contentType, opts)
	f := found{enc: res.Encoding, source: res.Source.String(), certain: res.Certain, confidence: res.Confidence, declared: res.Declared}
	if res.Source == charset.Meta || res.Source == charset.XMLDeclaration {
		f.confidence = 1 // the file says so itself
	}
	if res.Binary {
		f.binary = binaryDetail(head)
	}
	return f
}

// describe says where the encoding came from, for sniff's lines and -v:
// "from meta", "detected, confidence 0.99".
func (f found) describe() string {
	// Rounded down: "0.99" promises at least 0.99.
	conf := math.Floor(f.confidence*100) / 100
	switch f.source {
	case charset.Detected.String():
		return fmt.Sprintf("detected, confidence %.2f", conf)
	case charset.Overridden.String():
		return fmt.Sprintf("detected, confidence %.2f, overriding the declared %s, which the content is not in", conf, f.declared)
	}
	return "from " + f.source
}

// explain is describe for -v, saying why the default stands.
func (f found) explain() string {
	if f.binary != "" {
		return "from default: the content looks binary (" + f.binary + ")"
	}
	if f.source == charset.Defaulted.String() {
		return "from default: nothing declares an encoding and there is no non-ASCII text to detect it from"
	}
	return f.describe()
}

// binaryReason tells why head, the first bytes of a file whose encoding
// -f names, look like binary data rather than text ("a NUL byte at offset
// 8"), or returns "" when they look like text. The test is the library's
// (charset.Result.Binary: control bytes text does not hold make more than
// 1% of the bytes, and nothing declares an encoding); UTF-16 text needs a
// byte order mark here, since it is not in -f's encoding.
func binaryReason(head []byte) string {
	if !charset.SniffOptions(head, "", charset.Options{Detect: true, Window: detectWindow}).Binary {
		return ""
	}
	return binaryDetail(head)
}

// binaryDetail says what makes head, which the library calls binary, look
// so: its first NUL byte, or its share of control bytes.
func binaryDetail(head []byte) string {
	if i := bytes.IndexByte(head, 0); i >= 0 {
		return fmt.Sprintf("a NUL byte at offset %d", i)
	}
	return fmt.Sprintf("control bytes make more than 1%% of the first %d", len(head))
}

// contradiction returns a warning when dec, the encoding -f named with
// label, is not the one the page's declaration in head names; "" when they
// agree or the page declares nothing. A byte order mark is not checked
// here: it decides the encoding, whatever -f says (see byteOrderMark).
func contradiction(label string, dec encoding.Encoding, head []byte) string {
	if whatwg.BOMSniff(head) != nil {
		return ""
	}
	d, ok := charset.FindDeclaration(head[:min(len(head), sniffLen)])
	if !ok || d.Encoding == dec {
		return ""
	}
	declared := string(head[d.Start:d.End])
	if e, err := htmlindex.Get(declared); err == nil && e == dec {
		return "" // a UTF-16 label, which the prescan reads as UTF-8
	}
	kind := "meta"
	if d.Source == charset.XMLDeclaration {
		kind = "XML declaration"
	}
	return fmt.Sprintf("-f %s but the page declares %s (%s at byte %d); decoding as %s", label, declared, kind, d.Start, dec)
}
