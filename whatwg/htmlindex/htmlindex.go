// Package htmlindex maps the WHATWG Encoding Standard's labels to webenc
// encodings, like golang.org/x/text/encoding/htmlindex does for x/text's.
package htmlindex

import (
	"errors"
	"fmt"
	"strings"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/tables/labels"
	"github.com/webenc/webenc/whatwg/internal/codec"
)

// ErrUnknownLabel matches (with errors.Is) the error Get returns for a
// label that is not one of the Standard's.
var ErrUnknownLabel = errors.New("htmlindex: unknown encoding label")

// LabelError is the error Get returns for a label it cannot resolve.
type LabelError struct {
	Label string // the label as given
	Err   error  // ErrUnknownLabel
}

// Error describes the label and why it did not resolve.
func (e *LabelError) Error() string {
	return fmt.Sprintf("%v: %q", e.Err, e.Label)
}

// Unwrap returns ErrUnknownLabel.
func (e *LabelError) Unwrap() error { return e.Err }

// Get implements the Standard's "get an encoding": it removes leading and
// trailing ASCII whitespace (TAB, LF, FF, CR, SPACE) from label and matches
// the rest ASCII case-insensitively against the Standard's labels. Anything
// else — including non-ASCII characters that look like ASCII letters — is a
// *LabelError.
//
// The labels of the replacement encoding (e.g. "iso-2022-kr") return
// replacement.Encoding, as the Standard says; callers that must reject it,
// like TextDecoder, check for it.
func Get(label string) (encoding.Encoding, error) {
	name, ok := lookupName(label)
	if !ok {
		return nil, &LabelError{Label: label, Err: ErrUnknownLabel}
	}
	// byName knows every name of the table (TestEveryLabel checks it);
	// the error is a guard for a name added to the table alone.
	if e := byName(name); e != nil {
		return e, nil
	}
	return nil, &LabelError{Label: label, Err: ErrUnknownLabel}
}

// lookupName returns the name of the encoding label refers to.
func lookupName(label string) (string, bool) {
	label = strings.Trim(label, "\t\n\f\r ")
	if len(label) == 0 || len(label) > maxLabelLen {
		return "", false
	}
	var buf [maxLabelLen]byte
	for i := 0; i < len(label); i++ {
		c := label[i]
		if c >= 0x80 {
			return "", false
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	key := string(buf[:len(label)])
	return labels.Lookup(key)
}

// maxLabelLen bounds the labels worth looking up: the longest of the
// Standard's is under 32 bytes.
const maxLabelLen = 64

// Name returns the lowercased name of a webenc encoding (e.g.
// "windows-1252", "utf-16le", "shift_jis"), the name x/text's htmlindex
// also uses. It fails for encodings from other packages.
func Name(e encoding.Encoding) (string, error) {
	ce, ok := e.(*codec.Encoding)
	if !ok || e == nil {
		return "", fmt.Errorf("htmlindex: %v is not a webenc encoding", e)
	}
	return strings.ToLower(ce.Name), nil
}
