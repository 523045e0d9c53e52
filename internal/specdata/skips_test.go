package specdata

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCorpusSkipsCounted checks that each skip of Corpus is counted for
// Main's summary, and that a failure under WEBENC_REQUIRE_DATA=1 is not.
func TestCorpusSkipsCounted(t *testing.T) {
	t.Setenv("WEBENC_CORPUS", t.TempDir()+"/absent")
	for _, c := range []struct {
		require string
		want    int64
	}{{"0", 2}, {"1", 0}} {
		t.Setenv(RequireEnv, c.require)
		before := corpusSkips.Load()
		f := run(func(tb TB) { Corpus(tb) })
		run(func(tb TB) { Corpus(tb) })
		if got := corpusSkips.Load() - before; got != c.want {
			t.Errorf("%s=%s: two skips counted %d, want %d", RequireEnv, c.require, got, c.want)
		}
		if !strings.Contains(f.msg, "CONTRIBUTING.md") || !strings.Contains(f.msg, "absent") {
			t.Errorf("the message does not name the folder and how to get the corpus: %q", f.msg)
		}
	}
	corpusSkips.Store(0)
}

// TestEveryCorpusTestCounted checks that every package with a test that
// needs the corpus (calls specdata.Corpus(t)) runs its tests through Main,
// so that plain `go test ./...` says how many of them skipped.
func TestEveryCorpusTestCounted(t *testing.T) {
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	uses := map[string]bool{}  // package folder → a test calls Corpus(t)
	mains := map[string]bool{} // package folder → TestMain calls Main
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		dir, _ := filepath.Rel(root, filepath.Dir(path))
		uses[dir] = uses[dir] || strings.Contains(string(b), "specdata.Corpus(t)")
		mains[dir] = mains[dir] || strings.Contains(string(b), "specdata.Main(m)")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for dir, u := range uses {
		if !u {
			continue
		}
		n++
		if !mains[dir] {
			t.Errorf("%s: a test calls specdata.Corpus(t) but no TestMain calls specdata.Main(m)", dir)
		}
	}
	if n < 5 {
		t.Errorf("found %d packages whose tests need the corpus; the search is broken", n)
	}
}

// TestWHATWGInRepository checks that the Standard's data defaults to the
// repository's copy.
func TestWHATWGInRepository(t *testing.T) {
	t.Setenv("WEBENC_WHATWG", "")
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir, ok := WHATWGDir()
	if want := filepath.Join(root, "third_party", "whatwg"); dir != want {
		t.Errorf("WHATWGDir() = %q, want %q", dir, want)
	}
	if !ok {
		Missing(t, "the repository's copy of the Standard's data", dir, "WEBENC_WHATWG")
	}
	for _, f := range []string{"encodings.json", "encoding.bs", "index-jis0208.txt", "LICENSE", "SOURCE-COMMIT", "go.mod"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
}
