package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

// TestBOMStreaming: the byte order mark is found however the input
// arrives (byte by byte, or all at once), for every converting command
// and each of the three marks, and the output is the page's text without
// it.
func TestBOMStreaming(t *testing.T) {
	for _, f := range []struct{ name, text string }{
		{"bom-utf-8.html", bomPage},
		{"bom-utf-16le.html", bomUTF16Page},
		{"bom-utf-16be.html", bomUTF16Page},
	} {
		in, err := os.ReadFile(filepath.Join(repoTestdata, f.name))
		if err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{
			{"decode", "-keep-declaration", "-f", "windows-1252"},
			{"convert", "-keep-declaration", "-f", "iso-2022-jp", "-t", "utf-8"},
			{"encode", "-keep-declaration", "-t", "utf-8"},
		} {
			var whole, bytewise, errb bytes.Buffer
			if st := run(args, bytes.NewReader(in), &whole, &errb); st != 0 {
				t.Fatalf("%s %q: exit %d: %s", f.name, args, st, errb.String())
			}
			if st := run(args, iotest.OneByteReader(bytes.NewReader(in)), &bytewise, &errb); st != 0 {
				t.Fatalf("%s %q: exit %d: %s", f.name, args, st, errb.String())
			}
			want := strings.TrimPrefix(f.text, "\uFEFF")
			if whole.String() != want || bytewise.String() != want {
				t.Errorf("%s %q:\n got %q\n and %q byte by byte\nwant %q", f.name, args, whole.String(), bytewise.String(), want)
			}
		}
	}
}
