package charset_test

import (
	"fmt"

	"github.com/webenc/webenc/whatwg/charset"
)

func ExampleOptions_detectUTF16() {
	// "Hello, мир\r\n" as Notepad saves it: UTF-16LE without a byte order
	// mark.
	file := []byte("H\x00e\x00l\x00l\x00o\x00,\x00 \x00\x3c\x04\x38\x04\x40\x04\r\x00\n\x00")
	web := charset.SniffOptions(file, "", charset.Options{Detect: true})
	fmt.Println("web:", web.Name, web.Source, "binary:", web.Binary)
	local := charset.SniffOptions(file, "", charset.Options{Detect: true, DetectUTF16: true})
	fmt.Println("file:", local.Name, local.Source, local.Confidence)
	// Output:
	// web: windows-1252 default binary: true
	// file: utf-16le detected 0.99
}
