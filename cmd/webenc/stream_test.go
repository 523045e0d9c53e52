package main

import (
	"bytes"
	"errors"
	"fmt"
	"go/build"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/webenc/webenc/internal/specdata"
)

// genReader generates n bytes cycling through every byte value except the
// C0 controls, a windows-1252 text with every non-ASCII character.
type genReader struct {
	n   int64
	pos int64
}

func (g *genReader) Read(p []byte) (int, error) {
	if g.pos >= g.n {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), g.n-g.pos)]
	for i := range p {
		p[i] = byte(0x20 + (g.pos+int64(i))%0xE0)
	}
	g.pos += int64(len(p))
	return len(p), nil
}

// countWriter counts what is written to it.
type countWriter struct{ n int64 }

func (c *countWriter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return len(p), nil
}

// TestConstantMemory streams a large generated input through run and checks
// that its memory does not grow with the input. Where the conversion
// allocates nothing per character, the whole run must allocate less than
// 1 MB; in html mode (where the encoders allocate an error per escaped
// character, garbage the collector reclaims) the heap must stay small.
func TestConstantMemory(t *testing.T) {
	size := int64(32 << 20)
	if testing.Short() {
		size = 8 << 20
	}
	for _, tc := range []struct {
		args          []string
		allocsPerChar bool
	}{
		{args: []string{"decode", "-f", "windows-1252"}},
		{args: []string{"decode", "-fatal", "-f", "windows-1252"}},
		{args: []string{"convert", "-f", "windows-1252", "-t", "windows-1252"}},
		{args: []string{"encode", "-t", "utf-8"}},
		{args: []string{"convert", "-f", "windows-1252", "-t", "iso-8859-15", "-html"}, allocsPerChar: true},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		var out, errb countWriter
		st := run(tc.args, &genReader{n: size}, &out, &errb)
		runtime.ReadMemStats(&after)
		if st != 0 {
			t.Fatalf("%q: exit %d", tc.args, st)
		}
		if out.n < size {
			t.Errorf("%q: %d bytes out for %d in", tc.args, out.n, size)
		}
		alloc := after.TotalAlloc - before.TotalAlloc
		heap := int64(after.HeapSys) - int64(before.HeapSys)
		t.Logf("%q: %d MB streamed, %d bytes allocated, heap grew %d bytes", tc.args, size>>20, alloc, heap)
		if !tc.allocsPerChar && alloc > 1<<20 {
			t.Errorf("%q: allocated %d bytes for a %d-byte stream; want constant memory", tc.args, alloc, size)
		}
		if heap > 32<<20 {
			t.Errorf("%q: heap grew by %d bytes for a %d-byte stream; want constant memory", tc.args, heap, size)
		}
	}
}

// binDir holds the binary built by buildBinary; TestMain removes it.
var (
	binOnce sync.Once
	binDir  string
	binPath string
	binErr  error
)

// TestMain runs the tests, says how many skipped for want of the corpus
// (specdata.Main), and removes the binary.
func TestMain(m *testing.M) {
	code := specdata.Main(m)
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// buildBinary builds the webenc command (once per test run).
func buildBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		goCmd, err := exec.LookPath("go")
		if err != nil {
			goCmd = filepath.Join(build.Default.GOROOT, "bin", "go")
		}
		if binDir, binErr = os.MkdirTemp("", "webenc-test"); binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "webenc")
		out, err := exec.Command(goCmd, "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// exitCode returns the exit status of a finished command.
func exitCode(t *testing.T, err error) int {
	t.Helper()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0
}

// TestBinary builds the real command and runs it on files, pipes and bad
// arguments, checking output and exit codes.
func TestBinary(t *testing.T) {
	bin := buildBinary(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args      []string
		stdin     string
		exit      int
		stdout    string
		stderrHas string
	}{
		{args: []string{"decode", "-f", "windows-1252", "testdata/windows-1252.txt"}, stdout: frText},
		{args: []string{"sniff", "testdata/shift_jis.html"}, stdout: "testdata/shift_jis.html: Shift_JIS (tentative, from meta)\n"},
		{args: []string{"encode", "-t", "latin1"}, stdin: "日", exit: 1, stderrHas: "-html"},
		{args: []string{"decode", "-f", "nope"}, exit: 2, stderrHas: "unknown encoding label"},
		{args: []string{"decode", "-f", "utf-8", "-fatal"}, stdin: "a\xFF", exit: 1, stdout: "a", stderrHas: "byte offset 1"},
	} {
		cmd := exec.Command(bin, tc.args...)
		cmd.Dir = root
		cmd.Stdin = strings.NewReader(tc.stdin)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if got := exitCode(t, cmd.Run()); got != tc.exit {
			t.Errorf("webenc %q: exit %d, want %d; stderr: %s", tc.args, got, tc.exit, stderr.String())
		}
		if stdout.String() != tc.stdout {
			t.Errorf("webenc %q: stdout %q, want %q", tc.args, stdout.String(), tc.stdout)
		}
		if !strings.Contains(stderr.String(), tc.stderrHas) {
			t.Errorf("webenc %q: stderr %q lacks %q", tc.args, stderr.String(), tc.stderrHas)
		}
	}
}

// TestBinaryPipeMemory pipes a large generated stream through the real
// command and checks its peak memory (maximum resident set size) stays far
// below the stream's size.
func TestBinaryPipeMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("peak RSS is read from Linux rusage")
	}
	size := int64(256 << 20)
	if testing.Short() {
		size = 32 << 20
	}
	bin := buildBinary(t)
	cmd := exec.Command(bin, "convert", "-f", "windows-1252", "-t", "utf-16be")
	cmd.Stdin = &genReader{n: size}
	var out countWriter
	cmd.Stdout = &out
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	// Every byte decodes to one BMP code point: two bytes of UTF-16.
	if out.n != 2*size {
		t.Errorf("%d bytes out, want %d", out.n, 2*size)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no rusage")
	}
	maxRSS := int64(ru.Maxrss) << 10 // kilobytes on Linux
	t.Logf("%d MB through a pipe: peak RSS %.1f MB", size>>20, float64(maxRSS)/(1<<20))
	if maxRSS > 64<<20 {
		t.Errorf("peak RSS %d bytes for a %d-byte stream; want constant memory", maxRSS, size)
	}
}
