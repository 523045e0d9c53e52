package whatwg_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/singlebyte"
)

// BOMSniff names the encoding of a byte order mark. Two bytes of a UTF-8
// BOM are none.
func ExampleBOMSniff() {
	for _, b := range []string{"\xEF\xBB\xBF<p>", "\xFE\xFF\x00<", "\xFF\xFE<\x00", "\xEF\xBB<p>", "<p>"} {
		fmt.Println(whatwg.BOMSniff([]byte(b)))
	}
	// Output:
	// UTF-8
	// UTF-16BE
	// UTF-16LE
	// <nil>
	// <nil>
}

// UTF8Decode, the hook new formats use, drops a UTF-8 byte order mark;
// UTF8DecodeWithoutBOM keeps it as U+FEFF. Both replace invalid bytes.
func ExampleUTF8Decode() {
	in := []byte("\xEF\xBB\xBFcaf\xC3\xA9 \xFF")
	fmt.Printf("%+q\n", whatwg.UTF8Decode(in))
	fmt.Printf("%+q\n", whatwg.UTF8DecodeWithoutBOM(in))
	// Output:
	// "caf\u00e9 \ufffd"
	// "\ufeffcaf\u00e9 \ufffd"
}

// UTF8DecodeWithoutBOMOrFail stops at the first invalid sequence and says
// where it is.
func ExampleUTF8DecodeWithoutBOMOrFail() {
	out, err := whatwg.UTF8DecodeWithoutBOMOrFail([]byte("ok \xE2\x82 then"))
	fmt.Printf("%q\n", out)
	var de *whatwg.DecodeError
	if errors.As(err, &de) {
		fmt.Printf("%s: [% X] at byte offset %d\n", de.Encoding, de.Bytes, de.Offset)
	}
	// Output:
	// "ok "
	// UTF-8: [E2 82] at byte offset 3
}

// Encode is what a browser does to a form field: characters the encoding
// lacks become HTML character references.
func ExampleEncode() {
	fmt.Printf("%q\n", whatwg.Encode(singlebyte.Windows1252, []byte("naïve ☃")))
	// Output: "na\xefve &#9731;"
}

// An encoder in fatal mode stops before a character the encoding lacks;
// the error tells which and where.
func ExampleEncodeError() {
	// "Łódź " is 8 bytes of UTF-8: Ł, ó and ź take two each.
	_, err := whatwg.NewEncoder(singlebyte.ISO8859_2, whatwg.Fatal).String("Łódź ☃")
	var ee *whatwg.EncodeError
	if errors.As(err, &ee) {
		fmt.Printf("%s: U+%04X at byte offset %d (%d bytes)\n", ee.Encoding, ee.Rune, ee.Offset, ee.Size)
	}
	fmt.Println(errors.Is(err, whatwg.ErrEncode))
	// Output:
	// ISO-8859-2: U+2603 at byte offset 8 (3 bytes)
	// true
}

// NewDecodeReader is Decode on a stream: a byte order mark wins over the
// fallback encoding.
func ExampleNewDecodeReader() {
	for _, body := range []string{"caf\xE9", "\xFF\xFEc\x00a\x00f\x00\xE9\x00"} {
		r, used, err := whatwg.NewDecodeReader(singlebyte.Windows1252, strings.NewReader(body))
		if err != nil {
			panic(err)
		}
		text, _ := io.ReadAll(r)
		fmt.Printf("%s: %s\n", used, text)
	}
	// Output:
	// windows-1252: café
	// UTF-16LE: café
}

// NewEncodeWriter encodes what is written to it; Close writes what the
// encoder holds back (here ISO-2022-JP's return to ASCII).
func ExampleNewEncodeWriter() {
	var out bytes.Buffer
	w := whatwg.NewEncodeWriter(&out, cjk.ISO2022JP)
	io.WriteString(w, "日本 ☃")
	w.Close()
	fmt.Printf("%q\n", out.String())
	// Output: "\x1b$BF|K\\\x1b(B &#9731;"
}
