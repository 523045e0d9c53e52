package htmlindex

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/webenc/webenc/internal/specdata"
)

// encodingVarDocs returns the doc comment of every exported variable of type
// encoding.Encoding in the codec packages, keyed "pkg.Ident".
func encodingVarDocs(t *testing.T) map[string]string {
	t.Helper()
	docs := map[string]string{}
	for _, pkg := range []string{"cjk", "replacement", "singlebyte", "utf16", "utf8"} {
		files, err := filepath.Glob(filepath.Join("..", pkg, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no Go files in ../%s (%v)", pkg, err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range f.Decls {
				g, ok := d.(*ast.GenDecl)
				if !ok || g.Tok != token.VAR {
					continue
				}
				for _, s := range g.Specs {
					vs := s.(*ast.ValueSpec)
					if sel, ok := vs.Type.(*ast.SelectorExpr); !ok || sel.Sel.Name != "Encoding" {
						continue
					}
					doc := g.Doc.Text() + vs.Doc.Text()
					for _, n := range vs.Names {
						if n.IsExported() {
							docs[pkg+"."+n.Name] = doc
						}
					}
				}
			}
		}
	}
	return docs
}

// registryIdents returns, from the generated registry.go, the "pkg.Ident"
// that byName returns for each of the Standard's names.
func registryIdents(t *testing.T) map[string]string {
	t.Helper()
	src, err := os.ReadFile("registry.go")
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), "registry.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	idents := map[string]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		fd, ok := n.(*ast.FuncDecl)
		if !ok || fd.Name.Name != "byName" {
			return true
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			cc, ok := n.(*ast.CaseClause)
			if !ok || len(cc.List) != 1 || len(cc.Body) != 1 {
				return true
			}
			lit, ok1 := cc.List[0].(*ast.BasicLit)
			ret, ok2 := cc.Body[0].(*ast.ReturnStmt)
			if ok1 && ok2 && len(ret.Results) == 1 {
				name, _ := strconv.Unquote(lit.Value)
				idents[name] = string(src[ret.Results[0].Pos()-1 : ret.Results[0].End()-1])
			}
			return true
		})
		return false
	})
	return idents
}

// docLabels returns the labels of a doc's final "Labels: a, b, c."
// paragraph, or nil.
func docLabels(doc string) []string {
	paras := strings.Split(strings.TrimSpace(doc), "\n\n")
	last, ok := strings.CutPrefix(paras[len(paras)-1], "Labels: ")
	if !ok {
		return nil
	}
	return strings.Split(strings.TrimSuffix(strings.ReplaceAll(last, "\n", " "), "."), ", ")
}

// TestEncodingVarDocs checks the godoc of every encoding variable in the
// codec packages: its first sentence names the encoding, and it ends with
// a "Labels:" paragraph listing exactly the encoding's labels in
// encodings.json, each of which Get maps to that variable.
func TestEncodingVarDocs(t *testing.T) {
	groups, err := specdata.ReadEncodings(specdata.WHATWG(t))
	if err != nil {
		t.Fatal(err)
	}
	docs, idents := encodingVarDocs(t), registryIdents(t)
	seen := map[string]bool{}
	for _, g := range groups {
		for _, e := range g.Encodings {
			id, ok := idents[e.Name]
			doc, ok2 := docs[id]
			if !ok || !ok2 {
				t.Errorf("%s: no documented variable (registry says %q)", e.Name, id)
				continue
			}
			seen[id] = true
			if first, _, _ := strings.Cut(strings.ReplaceAll(doc, "\n", " "), ". "); !strings.Contains(strings.ToLower(first), strings.ToLower(e.Name)) {
				t.Errorf("%s: first sentence %q does not name %s", id, first, e.Name)
			}
			labels := docLabels(doc)
			if !slices.Equal(labels, e.Labels) {
				t.Errorf("%s: doc lists labels %q, encodings.json %q", id, labels, e.Labels)
			}
			for _, l := range labels {
				if got, err := Get(l); err != nil || got != byName(e.Name) {
					t.Errorf("%s: doc lists label %q, which Get maps to %v (err %v)", id, l, got, err)
				}
			}
		}
	}
	for id := range docs {
		if !seen[id] {
			t.Errorf("%s: an exported encoding variable that is not one of the Standard's encodings", id)
		}
	}
}
