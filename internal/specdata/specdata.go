// Package specdata locates and parses the WHATWG Encoding Standard's data
// files (the index files and encodings.json) and the benchmark corpus. The
// generator and the tests share it; nothing in the codecs imports it.
package specdata

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// WHATWGRel is the repository's copy of the Standard's data, relative to
// the module root (third_party/whatwg/README.md says where it comes from).
// It is a module of its own, so the module zip users download leaves it out.
const WHATWGRel = "third_party/whatwg"

// WHATWGDir returns the folder holding the Standard's data: $WEBENC_WHATWG
// if set, else the repository's copy (WHATWGRel under the module root). ok
// is false when the folder does not exist (tests then skip): only outside a
// clone, e.g. in the module cache.
func WHATWGDir() (dir string, ok bool) {
	return locate("WEBENC_WHATWG", WHATWGRel)
}

// CorpusDir returns the folder of the benchmark corpus texts: $WEBENC_CORPUS
// if set, else ../shared/corpus/wikipedia relative to the module root.
func CorpusDir() (dir string, ok bool) {
	return locate("WEBENC_CORPUS", filepath.Join("..", "shared", "corpus", "wikipedia"))
}

func locate(env, rel string) (string, bool) {
	dir := os.Getenv(env)
	if dir == "" {
		root, err := ModuleRoot()
		if err != nil {
			return "", false
		}
		dir = filepath.Join(root, rel)
	}
	st, err := os.Stat(dir)
	return dir, err == nil && st.IsDir()
}

// ModuleRoot returns the nearest folder at or above the working directory
// that holds a go.mod.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("specdata: no go.mod above the working directory")
		}
		dir = parent
	}
}

// Index is one parsed index file.
type Index struct {
	Name       string // e.g. "windows-1252", "jis0208", "gb18030-ranges"
	Identifier string // the header's Identifier
	Date       string // the header's Date
	Entries    []Entry
}

// Entry is one line of an index: pointer and code point.
type Entry struct {
	Pointer   int
	CodePoint rune
}

// ReadIndex reads dir/index-NAME.txt.
func ReadIndex(dir, name string) (*Index, error) {
	path := filepath.Join(dir, "index-"+name+".txt")
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ix := &Index{Name: name}
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if strings.HasPrefix(text, "#") {
			if v, ok := strings.CutPrefix(text, "# Identifier:"); ok {
				ix.Identifier = strings.TrimSpace(v)
			} else if v, ok := strings.CutPrefix(text, "# Date:"); ok {
				ix.Date = strings.TrimSpace(v)
			}
			continue
		}
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		if len(fields) < 2 {
			return nil, fmt.Errorf("%s:%d: want pointer and code point", path, line)
		}
		p, err := strconv.Atoi(fields[0])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: pointer: %v", path, line, err)
		}
		cp, err := strconv.ParseUint(strings.TrimPrefix(fields[1], "0x"), 16, 32)
		if err != nil || !strings.HasPrefix(fields[1], "0x") {
			return nil, fmt.Errorf("%s:%d: code point %q", path, line, fields[1])
		}
		ix.Entries = append(ix.Entries, Entry{Pointer: p, CodePoint: rune(cp)})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if ix.Identifier == "" || ix.Date == "" {
		return nil, fmt.Errorf("%s: header lacks Identifier or Date", path)
	}
	return ix, nil
}

// Map returns the index as pointer → code point.
func (ix *Index) Map() map[int]rune {
	m := make(map[int]rune, len(ix.Entries))
	for _, e := range ix.Entries {
		m[e.Pointer] = e.CodePoint
	}
	return m
}

// Group is one heading of encodings.json.
type Group struct {
	Heading   string     `json:"heading"`
	Encodings []Encoding `json:"encodings"`
}

// Encoding is one encoding of encodings.json.
type Encoding struct {
	Name   string   `json:"name"`
	Labels []string `json:"labels"`
}

// ReadEncodings reads dir/encodings.json.
func ReadEncodings(dir string) ([]Group, error) {
	b, err := os.ReadFile(filepath.Join(dir, "encodings.json"))
	if err != nil {
		return nil, err
	}
	var groups []Group
	if err := json.Unmarshal(b, &groups); err != nil {
		return nil, fmt.Errorf("encodings.json: %v", err)
	}
	return groups, nil
}
