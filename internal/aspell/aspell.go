// Package aspell reads the word lists of Debian's aspell dictionary
// packages, for the generators that train on dictionary words
// (internal/detectgen, internal/plausiblegen).
package aspell

import (
	"compress/gzip"
	"fmt"
	"io"
	"os"
)

// Dir is where Debian's aspell packages put their word lists.
const Dir = "/usr/share/aspell"

// Words reads a gzipped aspell word list in prezip form and returns its
// words, one a line, in the list's charset. Each word is a byte that says
// how many leading bytes it shares with the word before, then the rest of
// it: in the first form the byte is one more than that count; in the
// second, which starts with the byte 2 and ends with 0x1F 0xFF, the byte
// is the count (the escapes for counts of 30 or more and for control
// bytes inside a word, which no list read here has, are reported as
// errors).
func Words(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	raw, err := io.ReadAll(z)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	base, i, end := 1, 0, len(raw)
	if len(raw) > 0 && raw[0] == 2 {
		base, i = 0, 1
		if end < 3 || raw[end-2] != 0x1F || raw[end-1] != 0xFF {
			return nil, fmt.Errorf("%s: no end mark 0x1F 0xFF", path)
		}
		end -= 2
	}
	var out, word []byte
	for i < end {
		shared := int(raw[i]) - base
		if shared < 0 || shared > len(word) || raw[i] >= 0x1E {
			return nil, fmt.Errorf("%s: byte %d: bad shared length %d", path, i, raw[i])
		}
		j := i + 1
		for j < end && raw[j] >= 0x20 {
			j++
		}
		word = append(word[:shared], raw[i+1:j]...)
		if len(word) > 0 { // the second form's last word is empty
			out = append(append(out, word...), '\n')
		}
		i = j
	}
	return out, nil
}
