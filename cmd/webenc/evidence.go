package main

import (
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
	// binary, when not empty, tells why head looks like binary data, for
	// which detection was not asked (source is default).
	binary string
}

// evidence decides the encoding of a file whose first bytes (up to
// detectWindow) are head, as the HTML Standard's sniffing algorithm does
// (a byte order mark, the Content-Type, the prescan's declaration), and,
// when detect is set and nothing declared the encoding, by the content
// detector. It is the one place the command asks package charset, so that
// it can become one call of charset.SniffOptions.
func evidence(head []byte, contentType string, detect bool, hint charset.Hint) found {
	if detect {
		if why := binaryReason(head); why != "" { // "" after a byte order mark
			if res := charset.Sniff(head, contentType); res.Source == charset.Defaulted {
				return found{enc: res.Encoding, source: res.Source.String(), binary: why}
			}
		}
	}
	res := charset.SniffOptions(head, contentType, charset.Options{Detect: detect, Hint: hint, Window: detectWindow})
	f := found{enc: res.Encoding, source: res.Source.String(), certain: res.Certain, confidence: res.Confidence}
	if res.Source == charset.Meta || res.Source == charset.XMLDeclaration {
		f.confidence = 1 // the file says so itself
	}
	return f
}

// describe says where the encoding came from, for sniff's lines and -v:
// "from meta", "detected, confidence 0.99".
func (f found) describe() string {
	if f.source == charset.Detected.String() {
		// Rounded down: "0.99" promises at least 0.99.
		return fmt.Sprintf("detected, confidence %.2f", math.Floor(f.confidence*100)/100)
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

// binaryReason tells why head, the first bytes of a file, look like
// binary data rather than text ("a NUL byte at offset 8"), or returns ""
// when they look like text: a
// NUL byte, or more than one byte in 32 being a C0 control that text does
// not use (tab, line breaks, form feed, and the escapes and shifts of
// ISO-2022-JP are text). UTF-16 text has NUL bytes: it is text when it
// starts with a byte order mark, which is how the Standard recognises it.
func binaryReason(head []byte) string {
	if e := whatwg.BOMSniff(head); e != nil {
		return ""
	}
	controls := 0
	for i, b := range head {
		switch {
		case b == 0:
			return fmt.Sprintf("a NUL byte at offset %d", i)
		case b < 0x20 && !isTextControl(b):
			controls++
		}
	}
	if controls > len(head)/32 {
		return fmt.Sprintf("%d control bytes in the first %d", controls, len(head))
	}
	return ""
}

// isTextControl reports whether the C0 control b occurs in text: tab, line
// feed, vertical tab, form feed, carriage return, the shifts SO and SI,
// escape (ISO-2022-JP's escape sequences) and DOS's end of file (1A).
func isTextControl(b byte) bool {
	switch b {
	case '\t', '\n', '\v', '\f', '\r', 0x0E, 0x0F, 0x1A, 0x1B:
		return true
	}
	return false
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
