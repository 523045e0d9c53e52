package main

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestManual checks that the manual (the package comment in doc.go) and
// the overview of "webenc help" name every command, and that the manual
// names every flag each command's help lists.
func TestManual(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	manual := string(src)
	var help bytes.Buffer
	if st := run([]string{"help"}, strings.NewReader(""), &help, &help); st != 0 {
		t.Fatalf("webenc help: exit %d", st)
	}
	flagLine := regexp.MustCompile(`(?m)^  (-[a-z-]+)`)
	for _, cmd := range append(commandNames(), "help") {
		if !strings.Contains(manual, "//\twebenc "+cmd+" ") {
			t.Errorf("doc.go's usage lacks a line for %q", cmd)
		}
		if !strings.Contains(help.String(), "\n  "+cmd+" ") {
			t.Errorf("webenc help does not list %q", cmd)
		}
		if cmd == "help" {
			continue
		}
		var out bytes.Buffer
		if st := run([]string{"help", cmd}, strings.NewReader(""), &out, &out); st != 0 {
			t.Fatalf("webenc help %s: exit %d", cmd, st)
		}
		for _, m := range flagLine.FindAllStringSubmatch(out.String(), -1) {
			if !strings.Contains(manual, m[1]) {
				t.Errorf("doc.go does not mention %s's flag %s", cmd, m[1])
			}
		}
	}
}
