package whatwg_test

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/htmlindex"
	"github.com/webenc/webenc/whatwg/singlebyte"
)

func ExampleNewDecoder() {
	e, _ := htmlindex.Get("utf-8")

	// Replacement mode: every error becomes U+FFFD.
	s, _ := whatwg.NewDecoder(e, whatwg.Replacement).String("caf\xC3\xA9 \xF0\x9F\x98 ok")
	fmt.Printf("%+q\n", s)

	// Fatal mode: stop at the first error and say where it is.
	_, err := whatwg.NewDecoder(e, whatwg.Fatal).String("caf\xC3\xA9 \xF0\x9F\x98 ok")
	var de *whatwg.DecodeError
	if errors.As(err, &de) {
		fmt.Printf("%s: bytes % X at offset %d\n", de.Encoding, de.Bytes, de.Offset)
	}
	// Output:
	// "caf\u00e9 \ufffd ok"
	// UTF-8: bytes F0 9F 98 at offset 6
}

func ExampleNewEncoder() {
	enc := whatwg.NewEncoder(singlebyte.Windows1252, whatwg.HTML)
	s, _ := enc.String("€10 – ≈ ¥1600")
	fmt.Printf("%q\n", s)
	// Output: "\x8010 \x96 &#8776; \xa51600"
}

func ExampleDecode() {
	// A byte order mark overrides the fallback encoding, and is removed.
	fallback, _ := htmlindex.Get("windows-1252")
	for _, body := range []string{"caf\xE9", "\xEF\xBB\xBFcaf\xC3\xA9", "\xFF\xFEc\x00a\x00f\x00\xE9\x00"} {
		out, used := whatwg.Decode(fallback, []byte(body))
		fmt.Printf("%s: %s\n", used, out)
	}
	// Output:
	// windows-1252: café
	// UTF-8: café
	// UTF-16LE: café
}

// A URL percent-encoder in the style of the URL Standard's "percent-encode
// after encoding": the encoder instance is kept across errors.
func ExampleEncoderInstance_EncodeOrFail() {
	encoder, err := whatwg.GetEncoder(singlebyte.Windows1252)
	if err != nil {
		panic(err)
	}
	src := []byte("café ☃")
	var out []byte
	for {
		bytes, n, err := encoder.EncodeOrFail(nil, src)
		for _, b := range bytes {
			if b <= ' ' || b >= 0x7F {
				out = fmt.Appendf(out, "%%%02X", b)
			} else {
				out = append(out, b)
			}
		}
		src = src[n:]
		if err == nil {
			break
		}
		out = append(out, "%26%23"...)
		out = strconv.AppendInt(out, int64(err.(*whatwg.EncodeError).Rune), 10)
		out = append(out, "%3B"...)
	}
	fmt.Println(string(out))
	// Output: caf%E9%20%26%239731%3B
}

func ExampleGetOutputEncoding() {
	for _, label := range []string{"utf-16", "iso-2022-kr", "latin1"} {
		e, _ := htmlindex.Get(label)
		fmt.Printf("%s → %s\n", e, whatwg.GetOutputEncoding(e))
	}
	// Output:
	// UTF-16LE → UTF-8
	// replacement → UTF-8
	// windows-1252 → windows-1252
}
