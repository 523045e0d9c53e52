package htmlindex_test

import (
	"fmt"

	"github.com/webenc/webenc/whatwg/htmlindex"
)

func ExampleGet() {
	e, err := htmlindex.Get(" Latin1 ")
	if err != nil {
		fmt.Println(err)
		return
	}
	name, _ := htmlindex.Name(e)
	fmt.Println(name)
	_, err = htmlindex.Get("latin-1")
	fmt.Println(err)
	// Output:
	// windows-1252
	// htmlindex: unknown encoding label: "latin-1"
}

func ExampleEncodings() {
	all := htmlindex.Encodings()
	fmt.Println(len(all), "encodings")
	for _, e := range all[:3] {
		fmt.Println(e)
	}
	fmt.Println("...")
	fmt.Println(all[len(all)-1])
	// Output:
	// 40 encodings
	// UTF-8
	// IBM866
	// ISO-8859-2
	// ...
	// x-user-defined
}
