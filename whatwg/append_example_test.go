package whatwg_test

import (
	"fmt"

	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/singlebyte"
	"github.com/webenc/webenc/whatwg/utf8"
)

func ExampleAppendDecode() {
	// Decode form fields or database rows one after another into one
	// reused buffer: after the first growth, nothing is allocated.
	var buf []byte
	for _, field := range [][]byte{[]byte("Gr\xC3\xBC\xC3\x9Fe"), []byte("caf\xC3 ok")} {
		var hadErrors bool
		buf, hadErrors = whatwg.AppendDecode(buf[:0], utf8.UTF8, field)
		fmt.Printf("%+q had errors: %v\n", buf, hadErrors)
	}
	// Output:
	// "Gr\u00fc\u00dfe" had errors: false
	// "caf\ufffd ok" had errors: true
}

func ExampleAppendEncode() {
	// HTML mode, as forms submit: what Shift_JIS lacks becomes "&#N;".
	out, hadUnmappables := whatwg.AppendEncode(nil, cjk.ShiftJIS, []byte("日本 €5"))
	fmt.Printf("%q %v\n", out, hadUnmappables)
	// Output: "\x93\xfa\x96{ &#8364;5" true
}

func ExampleMaxDecodedLen() {
	src := []byte("\x82\xb1\x82\xf1\x82\xc9\x82\xbf\x82\xcd") // Shift_JIS
	// Size the buffer once; AppendDecode then never grows it.
	dst := make([]byte, 0, whatwg.MaxDecodedLen(cjk.ShiftJIS, len(src)))
	dst, _ = whatwg.AppendDecode(dst, cjk.ShiftJIS, src)
	fmt.Println(string(dst), cap(dst))
	// Output: こんにちは 30
}

func ExampleMaxEncodedLen() {
	// An invalid byte counts as U+FFFD, which windows-1252 writes as
	// "&#65533;": 8 bytes for 1.
	fmt.Println(whatwg.MaxEncodedLen(singlebyte.Windows1252, 1), whatwg.MaxEncodedLen(cjk.GB18030, 1))
	out, _ := whatwg.AppendEncode(nil, singlebyte.Windows1252, []byte{0xFF})
	fmt.Println(string(out))
	// Output:
	// 8 4
	// &#65533;
}
