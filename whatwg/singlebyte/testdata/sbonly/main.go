// Command sbonly uses only package singlebyte; TestLinksNoCJKTables checks
// that its binary holds none of the CJK or detector tables.
package main

import (
	"fmt"

	"github.com/webenc/webenc/whatwg/singlebyte"
)

func main() {
	s, _ := singlebyte.Windows1252.NewDecoder().String("caf\xe9")
	fmt.Println(s)
}
