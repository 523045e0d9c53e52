package singlebyte_test

import (
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/singlebyte"
)

// Decode a stream of windows-1252 bytes with x/text's transform.NewReader.
func Example_decodeReader() {
	r := transform.NewReader(strings.NewReader("caf\xe9 \x80 5"), singlebyte.Windows1252.NewDecoder())
	b, _ := io.ReadAll(r)
	fmt.Println(string(b))
	// Output: café € 5
}

// Encode with HTML escapes for what the encoding cannot represent.
func Example_encodeHTML() {
	enc := encoding.HTMLEscapeUnsupported(singlebyte.ISO8859_2.NewEncoder())
	s, _ := enc.String("Łódź 東")
	fmt.Printf("%q\n", s)
	// Output: "\xa3\xf3d\xbc &#26481;"
}
