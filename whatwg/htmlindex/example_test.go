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
