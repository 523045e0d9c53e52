package webenc

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// docImports maps the package names the documents' Go blocks use to their
// import paths; a block that lacks its imports gets those it uses.
var docImports = map[string]string{
	"charset":     "github.com/webenc/webenc/whatwg/charset",
	"htmlindex":   "github.com/webenc/webenc/whatwg/htmlindex",
	"whatwg":      "github.com/webenc/webenc/whatwg",
	"utf8":        "github.com/webenc/webenc/whatwg/utf8",
	"utf16":       "github.com/webenc/webenc/whatwg/utf16",
	"singlebyte":  "github.com/webenc/webenc/whatwg/singlebyte",
	"cjk":         "github.com/webenc/webenc/whatwg/cjk",
	"replacement": "github.com/webenc/webenc/whatwg/replacement",
	"mojibake":    "github.com/webenc/webenc/mojibake",
	"encoding":    "golang.org/x/text/encoding",
	"transform":   "golang.org/x/text/transform",
	"bytes":       "bytes",
	"errors":      "errors",
	"fmt":         "fmt",
	"http":        "net/http",
	"io":          "io",
	"log":         "log",
	"mime":        "mime",
	"os":          "os",
	"strings":     "strings",
	"xml":         "encoding/xml",
}

// docVars are the variables the documents' Go blocks use without declaring
// them, with their types; a block that uses one gets it as a package-level
// variable (which its own declarations shadow).
var docVars = map[string]string{
	"resp":        "*http.Response",
	"body":        "io.Reader",
	"file":        "io.Reader",
	"f":           "io.Reader",
	"buf":         "[]byte",
	"dst":         "[]byte",
	"input":       "[]byte",
	"out":         "[]byte",
	"src":         "[]byte",
	"utf8Text":    "[]byte",
	"chunks":      "[][]byte",
	"text":        "string",
	"contentType": "string",
	"tld":         "string",
	"url":         "string",
	"e":           "encoding.Encoding",
}

// notCompiled marks a Go block that is deliberately not a program (e.g. a
// before/after pair of import lines): the line before its fence is
// "<!-- not compiled: REASON -->".
const notCompiled = "<!-- not compiled:"

// goBlock is a ```go block of a document.
type goBlock struct {
	file   string
	line   int    // of the fence
	code   string // without the fences
	reason string // why it is not compiled, if it is marked so
}

// goBlocks returns the ```go blocks of the Markdown file.
func goBlocks(t *testing.T, file string) []goBlock {
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(text), "\n")
	var out []goBlock
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "```") {
			continue
		}
		start := i
		for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
		}
		if strings.TrimSpace(lines[start]) != "```go" {
			continue
		}
		b := goBlock{file: file, line: start + 1, code: strings.Join(lines[start+1:min(i, len(lines))], "\n")}
		if start > 0 {
			if r, ok := strings.CutPrefix(lines[start-1], notCompiled); ok {
				b.reason = strings.TrimSpace(strings.TrimSuffix(r, "-->"))
			}
		}
		out = append(out, b)
	}
	return out
}

// program completes a block into a Go file of package p: a block with a
// package clause is taken as it is; otherwise its leading import
// declarations stay at the top, a block with top-level func or type
// declarations stays at the top level, and anything else becomes the body
// of a function returning error. A line "..." (an elision) is dropped. The
// imports (docImports) and variables (docVars) it uses are added.
func program(code string) string {
	if strings.HasPrefix(code, "package ") || strings.Contains(code, "\npackage ") {
		return code
	}
	var imports, body []string
	inImport := false
	for _, l := range strings.Split(code, "\n") {
		switch {
		case inImport || strings.HasPrefix(l, "import "):
			imports = append(imports, l)
			inImport = (inImport || strings.HasPrefix(l, "import (")) && l != ")"
		case strings.TrimSpace(l) == "...":
		default:
			body = append(body, l)
		}
	}
	rest := strings.Join(body, "\n")
	if !strings.Contains("\n"+rest, "\nfunc ") && !strings.Contains("\n"+rest, "\ntype ") {
		rest = "func _() error {\n" + rest + "\n\treturn nil\n}"
	}
	idents := identifiers(rest)
	var decls []string
	for name, typ := range docVars {
		if idents[name] {
			decls = append(decls, "var "+name+" "+typ)
			for q := range identifiers(typ) {
				idents[q] = true
			}
		}
	}
	sort.Strings(decls)
	declared := strings.Join(imports, "\n")
	var added []string
	for name, path := range docImports {
		if idents[name+"."] && !strings.Contains(declared, `"`+path+`"`) {
			added = append(added, fmt.Sprintf("import %q", path))
		}
	}
	sort.Strings(added)
	return "package p\n\n" + declared + "\n" + strings.Join(added, "\n") + "\n\n" + strings.Join(decls, "\n") + "\n\n" + rest + "\n"
}

// identifiers returns the identifiers of Go source, outside comments and
// strings, and each one followed by a period as "name.".
func identifiers(src string) map[string]bool {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", -1, len(src)), []byte(src), nil, 0)
	out := map[string]bool{}
	prev := ""
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok == token.PERIOD && prev != "" {
			out[prev+"."] = true
		}
		prev = ""
		if tok == token.IDENT {
			out[lit] = true
			prev = lit
		}
	}
}

// TestDocsGoBlocks type-checks every ```go block of README.md,
// CONTRIBUTING.md and docs/*.md against the module's packages, completed by
// program. Only "declared and not used" and "is not used" are forgiven: a
// fragment shows values without using them. A block marked not compiled is
// listed.
func TestDocsGoBlocks(t *testing.T) {
	docs, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	var blocks []goBlock
	for _, f := range append([]string{"README.md", "CONTRIBUTING.md"}, docs...) {
		blocks = append(blocks, goBlocks(t, f)...)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	var checked []goBlock
	for _, b := range blocks {
		if b.reason != "" {
			t.Logf("%s:%d: not compiled: %s", b.file, b.line, b.reason)
			continue
		}
		src := program(b.code)
		f, err := parser.ParseFile(fset, fmt.Sprintf("%s:%d", b.file, b.line), src, 0)
		if err != nil {
			t.Errorf("%s:%d: the Go block does not parse: %v\n%s", b.file, b.line, err, src)
			continue
		}
		files = append(files, f)
		checked = append(checked, b)
	}
	imp := exportImporter(t, fset, files)
	for i, f := range files {
		b := checked[i]
		failed := false
		conf := types.Config{Importer: imp, Error: func(err error) {
			e, ok := err.(types.Error)
			if !ok {
				failed = true
				t.Errorf("%s:%d: the Go block does not compile: %v", b.file, b.line, err)
				return
			}
			if strings.Contains(e.Msg, "declared and not used") || strings.HasSuffix(e.Msg, " is not used") {
				return
			}
			failed = true
			t.Errorf("%s:%d: the Go block does not compile: line %d of the program below: %s", b.file, b.line, fset.Position(e.Pos).Line, e.Msg)
		}}
		conf.Check(fmt.Sprintf("docblock%d", i), fset, []*ast.File{f}, nil)
		if failed {
			t.Logf("%s:%d completed as:\n%s", b.file, b.line, numbered(program(b.code)))
		}
	}
	t.Logf("%d Go blocks compiled, %d marked not compiled", len(checked), len(blocks)-len(checked))
	if len(checked) < 8 {
		t.Errorf("compiled only %d Go blocks; the parser or the documents changed", len(checked))
	}
}

// numbered returns src with line numbers.
func numbered(src string) string {
	var b strings.Builder
	for i, l := range strings.Split(src, "\n") {
		fmt.Fprintf(&b, "%4d  %s\n", i+1, l)
	}
	return b.String()
}

// exportImporter returns an importer of the packages the files import,
// from the export data one `go list -export -deps` builds.
func exportImporter(t *testing.T, fset *token.FileSet, files []*ast.File) types.Importer {
	seen := map[string]bool{}
	args := []string{"list", "-export", "-deps", "-f", "{{if .Export}}{{.ImportPath}}={{.Export}}{{end}}"}
	for _, f := range files {
		for _, s := range f.Imports {
			if p := strings.Trim(s.Path.Value, `"`); !seen[p] {
				seen[p] = true
				args = append(args, p)
			}
		}
	}
	var stderr bytes.Buffer
	cmd := exec.Command("go", args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -export: %v\n%s", err, stderr.Bytes())
	}
	exports := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if path, file, ok := strings.Cut(l, "="); ok {
			exports[path] = file
		}
	}
	return importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	})
}
