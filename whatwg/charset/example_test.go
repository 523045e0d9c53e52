package charset_test

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/webenc/webenc/whatwg/charset"
)

func ExampleDetermineEncoding() {
	page := []byte(`<!DOCTYPE html><html><head><meta charset="ISO-8859-2"><title>Pr\xf3ba</title>`)
	_, name, certain := charset.DetermineEncoding(page, "text/html")
	fmt.Println(name, certain)

	// The Content-Type header beats <meta>.
	_, name, certain = charset.DetermineEncoding(page, `text/html; charset="koi8-r"`)
	fmt.Println(name, certain)
	// Output:
	// iso-8859-2 false
	// koi8-r true
}

func ExampleSniff() {
	r := charset.Sniff([]byte(`<?xml version="1.0" encoding="windows-1251"?><html/>`), "")
	fmt.Println(r.Name, r.Source, r.Certain)

	r = charset.Sniff([]byte("<p>no declaration</p>"), "")
	fmt.Println(r.Name, r.Source, r.Certain)
	// Output:
	// windows-1251 xml-declaration false
	// windows-1252 default false
}

func ExampleNewReader() {
	// A Latin-2 page; the <meta> decides. The reader converts to UTF-8.
	page := strings.NewReader("<meta charset=iso-8859-2><p>\xa3\xf3d\xbc</p>")
	r, err := charset.NewReader(page, "text/html")
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := io.ReadAll(r)
	fmt.Println(string(b))
	// Output:
	// <meta charset=iso-8859-2><p>Łódź</p>
}

func ExampleNewReaderLabel() {
	doc := `<?xml version="1.0" encoding="windows-1252"?><name>Caf` + "\xe9" + `</name>`
	d := xml.NewDecoder(strings.NewReader(doc))
	d.CharsetReader = charset.NewReaderLabel
	var name string
	if err := d.Decode(&name); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(name)
	// Output:
	// Café
}
