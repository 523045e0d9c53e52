package charset_test

import (
	"fmt"

	"github.com/webenc/webenc/whatwg/charset"
)

// Lookup resolves a label as x/net/html/charset's Lookup does, with the
// Standard's names.
func ExampleLookup() {
	for _, label := range []string{"latin1", " SJIS ", "iso-2022-kr", "utf8", "latin-1"} {
		e, name := charset.Lookup(label)
		fmt.Printf("%q: %q %v\n", label, name, e != nil)
	}
	// Output:
	// "latin1": "windows-1252" true
	// " SJIS ": "shift_jis" true
	// "iso-2022-kr": "replacement" true
	// "utf8": "utf-8" true
	// "latin-1": "" false
}

// FindDeclaration tells where the prescan found the label and what it made
// of it: in an XML declaration, as in a <meta>, a UTF-16 label means UTF-8
// (a page the prescan can read is not UTF-16).
func ExampleFindDeclaration() {
	page := []byte(`<?xml version="1.0" encoding="UTF-16"?><html>`)
	d, ok := charset.FindDeclaration(page)
	fmt.Println(ok, d.Source, string(page[d.Start:d.End]), d.Encoding)

	_, ok = charset.FindDeclaration([]byte("<p>nothing declared</p>"))
	fmt.Println(ok)
	// Output:
	// true xml-declaration UTF-16 UTF-8
	// false
}
