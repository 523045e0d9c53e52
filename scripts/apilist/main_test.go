package main

import (
	"slices"
	"strings"
	"testing"
)

// The lister finds the public API of the module and nothing of its
// internal, command, benchmark and tool packages.
func TestList(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the module from source")
	}
	lines, err := list("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"pkg github.com/webenc/webenc/whatwg, func AppendDecode([]byte, encoding.Encoding, []byte) ([]byte, bool)",
		"pkg github.com/webenc/webenc/whatwg, const Fatal ErrorMode = 1",
		"pkg github.com/webenc/webenc/whatwg, method (*TextDecoder) Encoding() string",
		"pkg github.com/webenc/webenc/whatwg, type DecodeError = encerr.DecodeError",
		"pkg github.com/webenc/webenc/whatwg/encerr, type DecodeError struct, Offset int64",
		"pkg github.com/webenc/webenc/whatwg/charset, method (Source) String() string",
		"pkg github.com/webenc/webenc/whatwg/utf8, var UTF8 encoding.Encoding",
	} {
		if !slices.Contains(lines, want) {
			t.Errorf("missing %q", want)
		}
	}
	for _, l := range lines {
		if strings.Contains(l, "/internal/") || strings.Contains(l, "/cmd/") || strings.Contains(l, "/bench") || strings.Contains(l, "/scripts/") {
			t.Errorf("listed a non-public package: %q", l)
		}
	}
	if !slices.IsSorted(lines) {
		t.Error("lines not sorted")
	}
}
