package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputFileWithSeveralInputs: -o naming an existing file with several
// inputs (or a directory operand) is one usage error, exit 2, and the file
// is left as it was (issue 27; before, each input failed on its own).
func TestOutputFileWithSeveralInputs(t *testing.T) {
	dir := t.TempDir()
	a, b, out := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt"), filepath.Join(dir, "out.txt")
	sub := filepath.Join(dir, "sub")
	writeFile(t, a, []byte("a\n"), 0o644)
	writeFile(t, b, []byte("b\n"), 0o644)
	writeFile(t, filepath.Join(sub, "c.txt"), []byte("c\n"), 0o644)
	writeFile(t, out, []byte("keep me\n"), 0o644)
	want := "webenc %s: -o " + out + " is a file: with several inputs or a directory, -o names the output directory\nRun 'webenc %s -h' for usage.\n"
	for _, args := range [][]string{
		{"convert", "-t", "utf-8", "-o", out, a, b},
		{"convert", "-t", "utf-8", "-o", out, sub},
		{"fix", "-o", out, a, b},
	} {
		var stdout, stderr bytes.Buffer
		st := run(args, strings.NewReader(""), &stdout, &stderr)
		if w := strings.ReplaceAll(want, "%s", args[0]); st != exitUsage || stderr.String() != w || stdout.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q; want exit 2, %q", args, st, stderr.String(), w)
		}
		if got, _ := os.ReadFile(out); string(got) != "keep me\n" {
			t.Errorf("%q: -o file now holds %q", args, got)
		}
	}
	// One input and -o naming a file still writes that file.
	var stdout, stderr bytes.Buffer
	if st := run([]string{"convert", "-t", "utf-8", "-o", out, a}, strings.NewReader(""), &stdout, &stderr); st != 0 {
		t.Fatalf("one input: exit %d: %s", st, stderr.String())
	}
	if got, _ := os.ReadFile(out); string(got) != "a\n" {
		t.Errorf("one input: -o file holds %q, want %q", got, "a\n")
	}
}

// TestFixBinary: fix leaves binary files alone as decode does (issue 26):
// a failure on standard output, a skip in a tree.
func TestFixBinary(t *testing.T) {
	dir := t.TempDir()
	png := filepath.Join(dir, "in", "logo.png")
	text := filepath.Join(dir, "in", "note.txt")
	writeFile(t, png, []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), 0o644)
	writeFile(t, text, []byte("CafÃ©\n"), 0o644)
	var stdout, stderr bytes.Buffer
	if st := run([]string{"fix", png}, strings.NewReader(""), &stdout, &stderr); st != exitError || stdout.Len() != 0 ||
		stderr.String() != "webenc fix: "+png+": binary (a NUL byte at offset 8): not fixed\n" {
		t.Errorf("fix PNG: exit %d, stdout %q, stderr %q", st, stdout.String(), stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	out := filepath.Join(dir, "out")
	if st := run([]string{"fix", "-o", out, filepath.Join(dir, "in")}, strings.NewReader(""), &stdout, &stderr); st != exitOK {
		t.Fatalf("fix -o tree: exit %d: %s", st, stderr.String())
	}
	if !strings.Contains(stderr.String(), "webenc fix: "+png+": binary (a NUL byte at offset 8): skipped\n") {
		t.Errorf("fix -o tree: stderr %q", stderr.String())
	}
	if got, _ := os.ReadFile(filepath.Join(out, "note.txt")); string(got) != "Café\n" {
		t.Errorf("fix -o tree: note.txt %q", got)
	}
	if _, err := os.Stat(filepath.Join(out, "logo.png")); !os.IsNotExist(err) {
		t.Errorf("fix -o tree wrote logo.png (%v)", err)
	}
}

// TestTreeBinaryWithF: in a tree converted with -f, the binary test is the
// library's: a page that declares its encoding is text whatever its
// control bytes (the CLI's own test skipped it for its NUL), and UTF-16
// without a byte order mark, not in -f's encoding, is binary.
func TestTreeBinaryWithF(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	writeFile(t, filepath.Join(in, "page.html"), []byte("<meta charset=windows-1252>\x00caf\xe9\x00"), 0o644)
	writeFile(t, filepath.Join(in, "notes.txt"), utf16le("Notepad wrote this.\r\n"), 0o644)
	out := filepath.Join(dir, "out")
	var stdout, stderr bytes.Buffer
	if st := run([]string{"convert", "-f", "windows-1252", "-t", "utf-8", "-o", out, in}, strings.NewReader(""), &stdout, &stderr); st != exitOK {
		t.Fatalf("exit %d: %s", st, stderr.String())
	}
	if got, _ := os.ReadFile(filepath.Join(out, "page.html")); string(got) != "<meta charset=UTF-8>\x00café\x00" {
		t.Errorf("page.html: %q", got)
	}
	if want := "webenc convert: " + filepath.Join(in, "notes.txt") + ": binary (a NUL byte at offset 1): skipped\n"; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr %q lacks %q", stderr.String(), want)
	}
}
