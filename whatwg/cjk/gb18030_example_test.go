package cjk_test

import (
	"fmt"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/whatwg/cjk"
)

func ExampleGB18030() {
	// 0x81 0x30 0x81 0x30 is a four-byte sequence (U+0080); 0x81 0x30 at
	// the end is incomplete and decodes to U+FFFD.
	s, _ := cjk.GB18030.NewDecoder().String("\xc4\xe3\xba\xc3\x81\x30\x81\x30!\x81\x30")
	fmt.Printf("%+q\n", s)

	b, _ := cjk.GB18030.NewEncoder().String("你好😀")
	fmt.Printf("% X\n", b)
	// Output:
	// "\u4f60\u597d\u0080!\ufffd"
	// C4 E3 BA C3 94 39 FC 36
}

func ExampleGBK() {
	// GBK writes the euro sign as 0x80 and cannot write what gb18030 would
	// write as four bytes; x/text's HTMLEscapeUnsupported turns those into
	// character references.
	enc := encoding.HTMLEscapeUnsupported(cjk.GBK.NewEncoder())
	b, _ := enc.String("€5 😀")
	fmt.Printf("%q\n", b)
	// Output:
	// "\x805 &#128512;"
}
