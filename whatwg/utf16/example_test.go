package utf16_test

import (
	"fmt"

	"github.com/webenc/webenc/whatwg/utf16"
)

// A surrogate pair decodes to one code point; a lone surrogate and an odd
// last byte are errors (U+FFFD).
func ExampleLE_decode() {
	in := "\x3D\xD8\x00\xDE" + // U+1F600 as a surrogate pair
		"\x3D\xD8" + "A\x00" + // a lone leading surrogate, then "A"
		"B" // an odd last byte
	s, _ := utf16.LE.NewDecoder().String(in)
	fmt.Printf("%+q\n", s)
	// Output: "\U0001f600\ufffdA\ufffd"
}

// The encoders (an extension: the Standard defines none) write UTF-16 in
// their byte order, with no byte order mark.
func ExampleBE_encode() {
	b, _ := utf16.BE.NewEncoder().Bytes([]byte("h\u00E9\U0001F600"))
	fmt.Printf("% X\n", b)
	// Output: 00 68 00 E9 D8 3D DE 00
}
