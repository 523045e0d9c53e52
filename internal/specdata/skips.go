package specdata

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
)

// corpusSkips counts the tests of this test binary that Corpus skipped.
// It is the one piece of state the package keeps: Main reads it once the
// tests have run.
var corpusSkips atomic.Int64

// M is the part of *testing.M that Main uses.
type M interface{ Run() int }

// Main runs the tests of a package whose tests need the corpus and then,
// if some skipped for want of it, says how many in one line, e.g. "webenc
// mojibake: 4 tests skipped for want of the corpus ... at DIR". It returns
// the tests' exit code:
//
//	func TestMain(m *testing.M) { os.Exit(specdata.Main(m)) }
func Main(m M) int {
	code := m.Run()
	if n := corpusSkips.Load(); n > 0 {
		dir, _ := CorpusDir()
		tests := "tests"
		if n == 1 {
			tests = "test"
		}
		announce(fmt.Sprintf("webenc %s: %d %s skipped for want of %s at %s (or set $WEBENC_CORPUS)", packageDir(), n, tests, CorpusHelp, dir))
	}
	return code
}

// packageDir is the test's package folder relative to the module root
// (go test runs a test binary in its package's folder).
func packageDir() string {
	wd, err1 := os.Getwd()
	root, err2 := ModuleRoot()
	if err1 != nil || err2 != nil {
		return "?"
	}
	rel, err := filepath.Rel(root, wd)
	if err != nil {
		return wd
	}
	return filepath.ToSlash(rel)
}

// announce writes line where a person running `go test ./...` sees it. go
// test prints a passing package's output only with -v, so without -v the
// line goes to the terminal (/dev/tty) when there is one; otherwise, and
// with -v or -json, to the test's output.
func announce(line string) {
	if !verbose() {
		if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
			fmt.Fprintln(tty, line)
			tty.Close()
			return
		}
	}
	fmt.Println(line)
}

// verbose reports whether the test binary runs with -test.v (go test -v,
// or -json, which sets it to "test2json").
func verbose() bool {
	f := flag.Lookup("test.v")
	return f != nil && f.Value.String() != "false"
}
