package charset_test

import (
	"bytes"
	"fmt"
	"io"

	"github.com/webenc/webenc/whatwg/charset"
	"github.com/webenc/webenc/whatwg/singlebyte"
	wutf8 "github.com/webenc/webenc/whatwg/utf8"
)

func ExampleDetectEncoding() {
	// "Марс - четвёртая планета" in KOI8-R, inside markup that declares
	// nothing.
	page := []byte("<p class=\"lead\">\xed\xc1\xd2\xd3 - \xde\xc5\xd4\xd7\xa3\xd2\xd4\xc1\xd1 \xd0\xcc\xc1\xce\xc5\xd4\xc1</p>")
	_, name, confidence := charset.DetectEncoding(page, charset.Hint{})
	fmt.Println(name, confidence > 0.9)
	// Output: koi8-r true
}

func ExampleDetector() {
	// Feed a stream as it arrives; Guess at any point.
	d := charset.NewDetector()
	d.Write([]byte("<html><body><p>Caf"))
	d.Write([]byte("\xe9 cr\xe8me, cr\xe8me br\xfbl\xe9e et d\xe9jeuner \xe0 la fran\xe7aise.</p>"))
	_, name, _ := d.Guess(charset.Hint{ExcludeUTF8: true})
	fmt.Println(name)
	// Output: windows-1252
}

func ExampleDetermineEncodingOptions() {
	page := []byte("<p>\xcc\xe0\xf0\xf1 - \xf7\xe5\xf2\xe2\xb8\xf0\xf2\xe0\xff \xef\xeb\xe0\xed\xe5\xf2\xe0</p>") // windows-1251
	_, name, certain := charset.DetermineEncoding(page, "text/html")
	fmt.Println("x/net behaviour:", name, certain)
	_, name, certain = charset.DetermineEncodingOptions(page, "text/html", charset.Options{Detect: true})
	fmt.Println("with detection:", name, certain)
	// An ASCII page gives no evidence: the default decides.
	_, name, _ = charset.DetermineEncodingOptions([]byte("<p>Hello</p>"), "", charset.Options{Detect: true, Default: wutf8.UTF8})
	fmt.Println("ASCII:", name)
	// Output:
	// x/net behaviour: windows-1252 false
	// with detection: windows-1251 false
	// ASCII: utf-8
}

func ExampleNewReaderOptions() {
	text, _ := singlebyte.Windows1253.NewEncoder().String("Ο Άρης είναι ο τέταρτος πλανήτης του ηλιακού συστήματος.")
	r, err := charset.NewReaderOptions(bytes.NewReader([]byte("<p>"+text+"</p>")), "", charset.Options{Detect: true, Hint: charset.Hint{TLD: "gr"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	out, _ := io.ReadAll(r)
	fmt.Println(string(out))
	// Output: <p>Ο Άρης είναι ο τέταρτος πλανήτης του ηλιακού συστήματος.</p>
}

func ExampleSniffOptions() {
	page := []byte("<p>\xcc\xe0\xf0\xf1 - \xf7\xe5\xf2\xe2\xb8\xf0\xf2\xe0\xff \xef\xeb\xe0\xed\xe5\xf2\xe0</p>") // windows-1251
	r := charset.SniffOptions(page, "text/html", charset.Options{Detect: true})
	fmt.Println(r.Name, r.Source, r.Confidence > 0.5)

	// Served as UTF-8, but the bytes are not: CheckDeclared overrides.
	r = charset.SniffOptions(page, "text/html; charset=utf-8", charset.Options{CheckDeclared: true})
	fmt.Println(r.Name, r.Source, "declared:", r.Declared)
	// Output:
	// windows-1251 detected true
	// windows-1251 overridden declared: UTF-8
}

func ExampleNewReaderResult() {
	// A crawler: trust the BOM and the declarations, check them against
	// the first 64 KiB, detect when there are none, and log the decision.
	body := bytes.NewReader([]byte("<p>\xcc\xe0\xf0\xf1 - \xf7\xe5\xf2\xe2\xb8\xf0\xf2\xe0\xff \xef\xeb\xe0\xed\xe5\xf2\xe0</p>"))
	r, res, err := charset.NewReaderResult(body, "text/html; charset=utf-8", charset.Options{Detect: true, CheckDeclared: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	text, _ := io.ReadAll(r)
	fmt.Printf("%s (%v, confidence above 0.9: %v)\n", res.Name, res.Source, res.Confidence > 0.9)
	fmt.Println(string(text))
	// Output:
	// windows-1251 (overridden, confidence above 0.9: true)
	// <p>Марс - четвёртая планета</p>
}
