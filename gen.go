//go:build ignore

// Command gen writes webenc's generated tables (tables/...) from the WHATWG
// Encoding Standard's index files and encodings.json.
//
//	go run gen.go [-whatwg DIR] [-check]
//
// DIR defaults to the repository's copy of the data, third_party/whatwg
// ($WEBENC_WHATWG if set).
// With -check it writes nothing and exits 1 if any generated file differs
// from what the data gives. Running it twice changes nothing.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/webenc/webenc/internal/gen"
	"github.com/webenc/webenc/internal/specdata"
)

func main() {
	// The default is the repository's copy, third_party/whatwg, or $WEBENC_WHATWG.
	def, _ := specdata.WHATWGDir()
	dir := flag.String("whatwg", def, "folder with the Standard's index files, encodings.json and encoding.bs")
	out := flag.String("out", ".", "module root to write the tables into")
	check := flag.Bool("check", false, "write nothing; fail if a generated file is out of date")
	flag.Parse()
	if err := gen.Run(*dir, *out, *check); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
