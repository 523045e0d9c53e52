package singlebyte_test

import (
	"fmt"

	"github.com/webenc/webenc/whatwg/htmlindex"
	"github.com/webenc/webenc/whatwg/singlebyte"
)

// The label "iso-8859-1" means windows-1252, whose bytes 0x80–0x9F are
// letters and punctuation (€, “, ”), not C1 controls; the few bytes
// windows-1252 leaves out (0x81 here) decode to the control of the same
// number.
func ExampleWindows1252() {
	e, _ := htmlindex.Get("iso-8859-1")
	fmt.Println(e == singlebyte.Windows1252)
	s, _ := e.NewDecoder().String("\x93\x80 5\x94 \x81")
	fmt.Printf("%+q\n", s)
	// Output:
	// true
	// "\u201c\u20ac 5\u201d \u0081"
}

// x-user-defined maps bytes 0x80–0xFF to U+F780–U+F7FF, so that any bytes
// survive a round trip through text.
func ExampleXUserDefined() {
	s, _ := singlebyte.XUserDefined.NewDecoder().String("a\x80\xFF")
	fmt.Printf("%+q\n", s)
	b, _ := singlebyte.XUserDefined.NewEncoder().Bytes([]byte(s))
	fmt.Printf("% X\n", b)
	// Output:
	// "a\uf780\uf7ff"
	// 61 80 FF
}
