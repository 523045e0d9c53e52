package utf8_test

import (
	"errors"
	"fmt"

	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/utf8"
)

// The decoder replaces each maximal invalid subsequence with one U+FFFD:
// "\xE2\x82" is a truncated euro sign, "\xC0" is never valid.
func ExampleUTF8_decode() {
	s, _ := utf8.UTF8.NewDecoder().String("caf\u00E9 \xE2\x82 \xC0\xAF ok")
	fmt.Printf("%+q\n", s)
	// Output: "caf\u00e9 \ufffd \ufffd\ufffd ok"
}

// The encoder sanitises its UTF-8 input the same way; it never fails.
func ExampleUTF8_encode() {
	b, err := utf8.UTF8.NewEncoder().Bytes([]byte("a\xED\xA0\x80b"))
	fmt.Printf("%+q %v\n", b, err)
	// Output: "a\ufffd\ufffd\ufffdb" <nil>
}

// In fatal mode (as package whatwg exposes it) the first error stops the
// decoder and reports the bytes and their offset.
func ExampleUTF8_fatal() {
	dec, _ := utf8.UTF8.(*codec.Encoding).Decoder(codec.Fatal)
	out := make([]byte, 64)
	n, _, err := dec.Transform(out, []byte("abc\xF0\x9F\x98!"), true)
	var de *codec.DecodeError
	fmt.Printf("%q %v %v\n", out[:n], errors.As(err, &de), err)
	// Output: "abc" true webenc: UTF-8: invalid byte sequence [F0 9F 98] at byte offset 3
}
