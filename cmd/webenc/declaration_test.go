package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/webenc/webenc/internal/fuzzbench"
	"github.com/webenc/webenc/whatwg/charset"
	"github.com/webenc/webenc/whatwg/htmlindex"
)

// TestDeclarationWindow: the declaration is rewritten where the output's
// prescan finds it, which conversion can move across byte 1024.
func TestDeclarationWindow(t *testing.T) {
	pad := func(n int) string { return strings.Repeat(" ", n) }
	meta := `<meta charset=koi8-r>` // '>' at offset 20
	// "П" is one byte in KOI8-R and two in UTF-8.
	cyr := func(n int) string { return "<title>" + strings.Repeat("\xF0", n) + "</title>" }
	for _, tc := range []struct {
		name   string
		args   []string
		stdin  string
		stdout string
		note   string
	}{
		{name: "ends at byte 1023, same length",
			args:  []string{"convert", "-v", "-f", "koi8-r", "-t", "koi8-u"},
			stdin: pad(1024-len(meta)) + meta, stdout: pad(1024-len(meta)) + `<meta charset=KOI8-U>`,
			note: `rewrote the <meta> declaration "koi8-r" to "KOI8-U" (byte offset 1017)` + "\n"},
		{name: "a longer name pushes the end past 1024",
			args:  []string{"convert", "-v", "-f", "koi8-r", "-t", "windows-1251"},
			stdin: pad(1024-len(meta)) + meta, stdout: pad(1024-len(meta)) + `<meta charset=windows-1251>`,
			note: `rewrote the <meta> declaration "koi8-r" to "windows-1251" (byte offset 1017), but that moves the declaration's end past byte 1024`},
		{name: "the input's declaration moves past 1024 in the output",
			args:  []string{"decode", "-v", "-f", "koi8-r"},
			stdin: cyr(500) + meta, stdout: "<title>" + strings.Repeat("П", 500) + "</title>" + meta,
			note: `the input's <meta> declaration "koi8-r" is not within the first 1024 bytes of the output, where the prescan looks: left as it is`},
		{name: "a declaration the input's prescan missed moves within 1024 in the output",
			args:  []string{"encode", "-v", "-t", "koi8-r"},
			stdin: "<title>" + strings.Repeat("П", 500) + "</title>" + `<meta charset=utf-8>`, stdout: cyr(500) + `<meta charset=KOI8-R>`,
			note: `rewrote the <meta> declaration "utf-8" to "KOI8-R" (byte offset 529)`},
		{name: "a UTF-16 page's BOM is dropped",
			args:  []string{"decode", "-v", "-f", "utf-16le"},
			stdin: string(utf16le("\uFEFF<?xml version='1.0' encoding='utf-16'?><a/>")), stdout: "<?xml version='1.0' encoding='UTF-8'?><a/>",
			note: "starts with a UTF-16LE byte order mark: dropped\n" +
				`webenc decode: stdin: rewrote the XML declaration's encoding "utf-16" to "UTF-8" (byte offset 30)`},
		// A U+FEFF after the BOM is text: it stays, in front of the
		// declaration.
		{name: "UTF-8 BOM from a UTF-16 page's second U+FEFF",
			args:  []string{"decode", "-v", "-f", "utf-16le"},
			stdin: string(utf16le("\uFEFF\uFEFF<?xml version='1.0' encoding='utf-16'?><a/>")), stdout: "\uFEFF<?xml version='1.0' encoding='UTF-8'?><a/>",
			note: `rewrote the XML declaration's encoding "utf-16" to "UTF-8" (byte offset 33)`},
		{name: "UTF-16 output already with a BOM",
			args:  []string{"encode", "-v", "-t", "utf-16be"},
			stdin: "\uFEFF\uFEFF<?xml version='1.0' encoding='utf-16be'?><a/>", stdout: string(utf16be("\uFEFF<?xml version='1.0' encoding='utf-16be'?><a/>")),
			note: "starts with a UTF-16BE byte order mark already\n"},
		{name: "UTF-16 output gets a BOM for the UTF-8 BOM dropped",
			args:  []string{"encode", "-v", "-t", "utf-16be"},
			stdin: "\uFEFF<?xml version='1.0' encoding='utf-16be'?><a/>", stdout: string(utf16be("\uFEFF<?xml version='1.0' encoding='utf-16be'?><a/>")),
			note: "starts with a UTF-8 byte order mark: dropped\nwebenc encode: stdin: wrote a UTF-16BE byte order mark first"},
		{name: "UTF-16 output of plain text",
			args:  []string{"encode", "-v", "-t", "utf-16le"},
			stdin: "plain text", stdout: string(utf16le("plain text")),
			note: "does not start with '<': not a page, so no byte order mark was added"},
	} {
		var stdout, stderr bytes.Buffer
		if st := run(tc.args, strings.NewReader(tc.stdin), &stdout, &stderr); st != 0 {
			t.Errorf("%s: exit %d: %s", tc.name, st, stderr.String())
			continue
		}
		if stdout.String() != tc.stdout {
			t.Errorf("%s: stdout\n got %q\nwant %q", tc.name, stdout.String(), tc.stdout)
		}
		if !strings.Contains(stderr.String(), tc.note) {
			t.Errorf("%s: stderr lacks %q:\n%s", tc.name, tc.note, stderr.String())
		}
		// What a browser makes of it: the prescan agrees with the notes.
		res := charset.Sniff(stdout.Bytes(), "")
		t.Logf("%s: sniffs as %s from %v", tc.name, res.Name, res.Source)
	}
}

// TestDeclarationStreaming: the output does not depend on how the input
// arrives or how the output is written: byte by byte gives the same as all
// at once.
func TestDeclarationStreaming(t *testing.T) {
	page := "<!DOCTYPE html>" + strings.Repeat("<!-- x -->", 95) + `<meta charset="koi8-r">` + strings.Repeat("\xF0\xD2\xC9\xD7\xC5\xD4 ", 400)
	for _, args := range [][]string{
		{"convert", "-f", "koi8-r", "-t", "windows-1251"},
		{"convert", "-f", "koi8-r", "-t", "utf-16be"},
		{"decode", "-f", "koi8-r"},
	} {
		var want, got, errb bytes.Buffer
		if st := run(args, strings.NewReader(page), &want, &errb); st != 0 {
			t.Fatalf("%q: exit %d: %s", args, st, errb.String())
		}
		if st := run(args, iotest.OneByteReader(strings.NewReader(page)), oneByteWriter{&got}, &errb); st != 0 {
			t.Fatalf("%q: exit %d: %s", args, st, errb.String())
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%q: byte by byte differs from all at once", args)
		}
		if res := charset.Sniff(want.Bytes(), ""); res.Source == charset.Defaulted {
			t.Errorf("%q: the output declares nothing", args)
		}
	}
}

// oneByteWriter writes to w one byte per Write call.
type oneByteWriter struct{ w *bytes.Buffer }

func (o oneByteWriter) Write(p []byte) (int, error) {
	for i := range p {
		o.w.WriteByte(p[i])
	}
	return len(p), nil
}

// TestMessageOnItsOwnLine: when standard output and standard error are the
// same (a terminal, 2>&1), an error after output that does not end a line
// starts on a new line; when they are separate, the streams are exactly
// the output and the message.
func TestMessageOnItsOwnLine(t *testing.T) {
	args := []string{"decode", "-f", "utf-8", "-fatal"}
	const msg = "webenc decode: stdin: invalid UTF-8 input: byte sequence [E8] at byte offset 2 (without -fatal it decodes as U+FFFD)\n"
	var both bytes.Buffer
	if st := run(args, strings.NewReader("Cr\xE8me"), &both, &both); st != 1 {
		t.Fatalf("exit %d", st)
	}
	if want := "Cr\n" + msg; both.String() != want {
		t.Errorf("same stream:\n got %q\nwant %q", both.String(), want)
	}
	var stdout, stderr bytes.Buffer
	run(args, strings.NewReader("Cr\xE8me"), &stdout, &stderr)
	if stdout.String() != "Cr" || stderr.String() != msg {
		t.Errorf("separate streams: stdout %q, stderr %q", stdout.String(), stderr.String())
	}
	// Output that ends a line needs no new line.
	both.Reset()
	run(args, strings.NewReader("Cr\n\xE8me"), &both, &both)
	if want := "Cr\n" + strings.Replace(msg, "offset 2", "offset 3", 1); both.String() != want {
		t.Errorf("after a newline:\n got %q\nwant %q", both.String(), want)
	}

	// Files: two descriptors of the same file are the same place.
	path := filepath.Join(t.TempDir(), "out")
	f1, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f1.Close()
	f2, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f2.Close()
	f3, err := os.Create(path + "2")
	if err != nil {
		t.Fatal(err)
	}
	defer f3.Close()
	if !sameDestination(f1, f2) || sameDestination(f1, f3) {
		t.Errorf("sameDestination on files: same %v, different %v", sameDestination(f1, f2), sameDestination(f1, f3))
	}
}

// FuzzConvertDeclaration: converting a page changes, compared with
// -keep-declaration, only the label of the declaration that the prescan
// finds in the output (and nothing when that label already names the
// output encoding), however the input arrives.
func FuzzConvertDeclaration(f *testing.F) {
	f.Add([]byte(`<meta charset="windows-1252"><p>caf\xE9</p>`), uint8(0))
	f.Add([]byte(`<meta http-equiv=content-type content="text/html; charset=latin1">`), uint8(0))
	f.Add([]byte(`<?xml version="1.0" encoding='iso-8859-1'?><a>\xFF</a>`), uint8(0))
	f.Add([]byte(strings.Repeat("\xE9", 1003)+`<meta charset=koi8-r>`), uint8(0))
	f.Fuzz(func(t *testing.T, page []byte, reads uint8) { fuzzConvertDeclarationBody(t, page, reads) })
}

// fuzzConvertDeclarationBody is FuzzConvertDeclaration's body (also run
// by BenchmarkFuzzBodies). The second conversion reads the page in reads
// of 1, 2, … up to 1–8 bytes (from reads; 0 is one byte at a time).
func fuzzConvertDeclarationBody(t testing.TB, page []byte, reads uint8) {
	args := []string{"convert", "-html", "-f", "windows-1252", "-t", "koi8-r"}
	var keep, out, errb bytes.Buffer
	if st := run(append(args, "-keep-declaration"), bytes.NewReader(page), &keep, &errb); st != 0 {
		t.Fatalf("exit %d: %s", st, errb.String())
	}
	if st := run(args, fuzzbench.PieceReader(bytes.NewReader(page), 1+int(reads%8)), &out, &errb); st != 0 {
		t.Fatalf("exit %d: %s", st, errb.String())
	}
	want := keep.Bytes()
	koi8r, _ := htmlindex.Get("koi8-r")
	if d, ok := charset.FindDeclaration(want); ok {
		// A label of KOI8-R ("get an encoding", tested in htmlindex)
		// is left alone.
		if e, _ := htmlindex.Get(string(want[d.Start:d.End])); e != koi8r {
			want = append(append(append([]byte{}, want[:d.Start]...), "KOI8-R"...), want[d.End:]...)
		}
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("page %q:\n got %q\nwant %q", page, out.Bytes(), want)
	}
}
