package replacement_test

import (
	"errors"
	"fmt"

	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/htmlindex"
	"github.com/webenc/webenc/whatwg/replacement"
)

// Labels of encodings that could smuggle markup past filters (here
// ISO-2022-KR) give the replacement encoding: whatever the bytes, the
// text is a single U+FFFD, and nothing when there are no bytes.
func Example() {
	e, _ := htmlindex.Get("iso-2022-kr")
	fmt.Println(e == replacement.Encoding)

	s, _ := e.NewDecoder().String("\x1b$)C\x0e!!\x0f<script>")
	fmt.Printf("%+q\n", s)
	s, _ = e.NewDecoder().String("")
	fmt.Printf("%q\n", s)

	// In fatal mode the first byte is the error.
	_, err := whatwg.NewDecoder(e, whatwg.Fatal).String("abc")
	var de *whatwg.DecodeError
	if errors.As(err, &de) {
		fmt.Printf("%s: [% X] at byte offset %d\n", de.Encoding, de.Bytes, de.Offset)
	}
	// Output:
	// true
	// "\ufffd"
	// ""
	// replacement: [61] at byte offset 0
}
