package aspell

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"
)

// gzipped writes raw, gzipped, to a file of its own and returns its path.
func gzipped(t *testing.T, raw string) string {
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write([]byte(raw))
	w.Close()
	path := filepath.Join(t.TempDir(), "x.cwl.gz")
	if err := os.WriteFile(path, z.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestWords checks both prezip forms on hand-written lists, and that a
// bad shared length or a missing end mark is an error.
func TestWords(t *testing.T) {
	cases := []struct {
		name, raw, want string
		err             bool
	}{
		{"first form", "\x01abc\x03d\x01x", "abc\nabd\nx\n", false},
		{"second form", "\x02\x00abc\x02d\x00x\x00\x1f\xff", "abc\nabd\nx\n", false},
		{"first form, too long a share", "\x01ab\x05c", "", true},
		{"second form, no end mark", "\x02\x00abc", "", true},
	}
	for _, c := range cases {
		got, err := Words(gzipped(t, c.raw))
		if (err != nil) != c.err || string(got) != c.want {
			t.Errorf("%s: Words = %q, %v; want %q (error %v)", c.name, got, err, c.want, c.err)
		}
	}
}
