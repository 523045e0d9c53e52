package encerr_test

import (
	"errors"
	"fmt"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/encerr"
)

// A decoder in fatal mode stops at the first invalid sequence; its error is
// the same type under both names.
func ExampleDecodeError() {
	_, err := whatwg.NewDecoder(cjk.ShiftJIS, whatwg.Fatal).String("ok \x82\xFF")
	var de *encerr.DecodeError // or *whatwg.DecodeError: the same type
	if errors.As(err, &de) {
		fmt.Printf("%s: % X at byte %d; errors.Is(err, ErrDecode) = %v\n", de.Encoding, de.Bytes, de.Offset, errors.Is(err, encerr.ErrDecode))
	}
	// Output: Shift_JIS: 82 FF at byte 3; errors.Is(err, ErrDecode) = true
}

// An encoder stops before a code point its encoding lacks; x/text's
// handlers use the error's Replacement method.
func ExampleEncodeError() {
	_, err := cjk.EUCKR.NewEncoder().String("한글 ☃")
	var ee *whatwg.EncodeError
	if errors.As(err, &ee) {
		fmt.Printf("%s cannot encode U+%04X (%d bytes at offset %d)\n", ee.Encoding, ee.Rune, ee.Size, ee.Offset)
	}
	s, _ := encoding.ReplaceUnsupported(cjk.EUCKR.NewEncoder()).String("한글 ☃")
	fmt.Printf("% X\n", s)
	// Output:
	// EUC-KR cannot encode U+2603 (3 bytes at offset 7)
	// C7 D1 B1 DB 20 1A
}
