package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFix runs "webenc fix" on a file and standard input, with -o and
// -explain.
func TestFix(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(in, []byte("CrÃ¨me brÃ»lÃ©e\nclean déjà vu\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if st := run([]string{"fix", in}, strings.NewReader(""), &stdout, &stderr); st != 0 || stdout.String() != "Crème brûlée\nclean déjà vu\n" {
		t.Errorf("fix FILE: status %d, %q, %q", st, stdout.String(), stderr.String())
	}
	out := filepath.Join(dir, "out.txt")
	stdout.Reset()
	stderr.Reset()
	if st := run([]string{"fix", "-explain", "-o", out}, strings.NewReader("JosÃ©\n"), &stdout, &stderr); st != 0 {
		t.Fatalf("fix -explain -o: status %d, %q", st, stderr.String())
	}
	if b, _ := os.ReadFile(out); string(b) != "José\n" {
		t.Errorf("-o wrote %q", b)
	}
	if want := "stdin: bytes 3–7: encoded as windows-1252, decoded as UTF-8\n"; stderr.String() != want {
		t.Errorf("-explain wrote %q, want %q", stderr.String(), want)
	}
	if st := run([]string{"fix", filepath.Join(dir, "absent")}, strings.NewReader(""), &stdout, &stderr); st != 1 {
		t.Errorf("missing file: status %d, want 1", st)
	}
}
