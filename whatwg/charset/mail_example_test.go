package charset_test

import (
	"fmt"
	"io"
	"mime"
	"strings"

	"github.com/webenc/webenc/whatwg/charset"
)

// Mail headers: mime.WordDecoder decodes RFC 2047 encoded words in
// UTF-8, ISO-8859-1 and US-ASCII itself (ISO-8859-1 as true Latin-1, not
// as the Standard's windows-1252) and asks its CharsetReader for every
// other charset. NewReaderLabel has the right signature; mail also uses
// labels the Encoding Standard lacks, which a program maps itself (here
// cp932, Microsoft's Shift_JIS) before asking.
func ExampleNewReaderLabel_mailHeaders() {
	mailLabels := map[string]string{"cp932": "shift_jis"} // labels mail uses that the Standard does not know
	dec := mime.WordDecoder{CharsetReader: func(label string, input io.Reader) (io.Reader, error) {
		if l, ok := mailLabels[strings.ToLower(label)]; ok {
			label = l
		}
		return charset.NewReaderLabel(label, input)
	}}
	for _, h := range []string{
		"=?windows-1252?q?caf=E9_=80?=",  // 0x80 is € in windows-1252
		"=?cp932?b?k/qWe4zq?=",           // 日本語 in Shift_JIS
		"=?iso-2022-kr?b?GyQpQw4hIQ8=?=", // a replacement label: one U+FFFD for the whole text
		"=?utf-7?q?+AGEAYgBj-?=",         // unknown to the Standard: an error
	} {
		s, err := dec.DecodeHeader(h)
		fmt.Printf("%+q %v\n", s, err)
	}
	// Output:
	// "caf\u00e9 \u20ac" <nil>
	// "\u65e5\u672c\u8a9e" <nil>
	// "\ufffd" <nil>
	// "" unsupported charset: "utf-7"
}
