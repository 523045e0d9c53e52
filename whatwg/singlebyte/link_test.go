package singlebyte

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// TestLinksNoCJKTables builds a program that imports only this package and
// checks with go tool nm that none of the CJK or detector tables is linked.
func TestLinksNoCJKTables(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found")
	}
	bin := filepath.Join(t.TempDir(), "sbonly")
	if out, err := exec.Command(goTool, "build", "-o", bin, "./testdata/sbonly").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	syms, err := exec.Command(goTool, "tool", "nm", bin).Output()
	if err != nil {
		t.Fatalf("go tool nm: %v", err)
	}
	if !regexp.MustCompile(`webenc/tables/singlebyte\.`).Match(syms) {
		t.Fatal("the single-byte tables are not in the binary: the check would pass vacuously")
	}
	if m := regexp.MustCompile(`webenc/(tables/(big5|euckr|gb18030|jis|detect)|whatwg/cjk)\.\S+`).Find(syms); m != nil {
		t.Errorf("a singlebyte-only binary links %s", m)
	}
	if st, err := os.Stat(bin); err == nil {
		t.Logf("binary size: %d bytes", st.Size())
	}
}
