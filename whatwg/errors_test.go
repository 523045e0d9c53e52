package whatwg_test

import (
	"errors"
	"testing"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/htmlindex"
)

// The error types are shared by every codec: errors.As finds a
// *whatwg.DecodeError in the error of any decoder in Fatal mode and a
// *whatwg.EncodeError in the error of the encoder of e.NewEncoder(), which
// x/text's HTMLEscapeUnsupported relies on.
func TestErrorTypesOfEveryCodec(t *testing.T) {
	// Every encoding of the Standard but replacement (which has no
	// encoder of its own), by label; the inputs below are invalid or
	// unencodable in each.
	for _, label := range []string{
		"utf-8", "utf-16le", "utf-16be", "ibm866", "iso-8859-2", "iso-8859-8-i",
		"koi8-u", "macintosh", "windows-874", "windows-1252", "x-mac-cyrillic",
		"gbk", "gb18030", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "euc-kr",
	} {
		e, err := htmlindex.Get(label)
		if err != nil {
			t.Fatalf("htmlindex.Get(%q): %v", label, err)
		}
		// An unpaired low surrogate in UTF-16 and a lone 0xFF or
		// continuation byte are invalid in every decoder here but the
		// single-byte ones with 0xFF mapped.
		bad := []byte{0xFF, 0xFF, 0xFF}
		if label == "utf-16le" {
			bad = []byte{0x00, 0xDC}
		} else if label == "utf-16be" {
			bad = []byte{0xDC, 0x00}
		}
		_, err = whatwg.NewDecoder(e, whatwg.Fatal).Bytes(bad)
		var de *whatwg.DecodeError
		if err != nil && (!errors.As(err, &de) || !errors.Is(err, whatwg.ErrDecode)) {
			t.Errorf("%s: decoder error %T %v is not a *whatwg.DecodeError", label, err, err)
		}
		// U+E5E5 is unencodable in gb18030 (the one code point), the
		// others lack U+10FFFF; UTF-8 and UTF-16 encode everything.
		r := "\U0010FFFF"
		if label == "gb18030" {
			r = "\uE5E5"
		}
		_, err = e.NewEncoder().String("a" + r)
		var ee *whatwg.EncodeError
		switch label {
		case "utf-8", "utf-16le", "utf-16be":
			if err != nil {
				t.Errorf("%s: encoder error %v", label, err)
			}
			continue
		}
		if !errors.As(err, &ee) || !errors.Is(err, whatwg.ErrEncode) || ee.Offset != 1 {
			t.Errorf("%s: encoder error %T %v is not a *whatwg.EncodeError at offset 1", label, err, err)
		}
		got, err := encoding.HTMLEscapeUnsupported(e.NewEncoder()).String("a" + r)
		if want := "a&#" + map[bool]string{true: "58853", false: "1114111"}[label == "gb18030"] + ";"; err != nil || got != want {
			t.Errorf("%s: HTMLEscapeUnsupported = %q, %v; want %q", label, got, err, want)
		}
	}
}
