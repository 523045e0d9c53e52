package singlebyte_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/whatwg/htmlindex"
	"github.com/webenc/webenc/whatwg/singlebyte"
)

// byIdent maps each exported variable of encodings.go to its value.
var byIdent = map[string]encoding.Encoding{
	"IBM866": singlebyte.IBM866, "ISO8859_2": singlebyte.ISO8859_2, "ISO8859_3": singlebyte.ISO8859_3,
	"ISO8859_4": singlebyte.ISO8859_4, "ISO8859_5": singlebyte.ISO8859_5, "ISO8859_6": singlebyte.ISO8859_6,
	"ISO8859_7": singlebyte.ISO8859_7, "ISO8859_8": singlebyte.ISO8859_8, "ISO8859_8I": singlebyte.ISO8859_8I,
	"ISO8859_10": singlebyte.ISO8859_10, "ISO8859_13": singlebyte.ISO8859_13, "ISO8859_14": singlebyte.ISO8859_14,
	"ISO8859_15": singlebyte.ISO8859_15, "ISO8859_16": singlebyte.ISO8859_16, "KOI8R": singlebyte.KOI8R,
	"KOI8U": singlebyte.KOI8U, "Macintosh": singlebyte.Macintosh, "Windows874": singlebyte.Windows874,
	"Windows1250": singlebyte.Windows1250, "Windows1251": singlebyte.Windows1251, "Windows1252": singlebyte.Windows1252,
	"Windows1253": singlebyte.Windows1253, "Windows1254": singlebyte.Windows1254, "Windows1255": singlebyte.Windows1255,
	"Windows1256": singlebyte.Windows1256, "Windows1257": singlebyte.Windows1257, "Windows1258": singlebyte.Windows1258,
	"XMacCyrillic": singlebyte.XMacCyrillic, "XUserDefined": singlebyte.XUserDefined,
}

// varDocs returns the doc comment of each exported variable in encodings.go.
func varDocs(t *testing.T) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "encodings.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			for _, n := range s.(*ast.ValueSpec).Names {
				if n.IsExported() {
					docs[n.Name] = g.Doc.Text()
				}
			}
		}
	}
	return docs
}

// docLabels returns the labels of the doc's final "Labels: a, b, c." paragraph.
func docLabels(doc string) []string {
	paras := strings.Split(strings.TrimSpace(doc), "\n\n")
	last, ok := strings.CutPrefix(paras[len(paras)-1], "Labels: ")
	if !ok {
		return nil
	}
	last = strings.TrimSuffix(strings.ReplaceAll(last, "\n", " "), ".")
	return strings.Split(last, ", ")
}

// TestVarDocs checks that each variable's doc starts "X is <its name>" and
// lists exactly the labels htmlindex.Get maps to it, in encodings.json's
// order.
func TestVarDocs(t *testing.T) {
	docs := varDocs(t)
	if len(docs) != len(byIdent) {
		t.Errorf("encodings.go declares %d exported variables, the test knows %d", len(docs), len(byIdent))
	}
	var json map[string][]string
	if dir := specdata.WHATWG(t); dir != "" {
		groups, err := specdata.ReadEncodings(dir)
		if err != nil {
			t.Fatal(err)
		}
		json = map[string][]string{}
		for _, g := range groups {
			for _, e := range g.Encodings {
				json[strings.ToLower(e.Name)] = e.Labels
			}
		}
	}
	for id, doc := range docs {
		e, ok := byIdent[id]
		if !ok {
			t.Errorf("%s: not in the test's table", id)
			continue
		}
		name, err := htmlindex.Name(e)
		if err != nil {
			t.Fatal(err)
		}
		if first := strings.ToLower(strings.Join(strings.Fields(doc)[:3], " ")); !strings.HasPrefix(first, strings.ToLower(id)+" is "+name) {
			t.Errorf("%s: doc starts %q, want %q", id, first, id+" is "+name)
		}
		labels := docLabels(doc)
		if len(labels) == 0 {
			t.Errorf("%s: doc has no final \"Labels: ...\" paragraph", id)
		}
		for _, l := range labels {
			if got, err := htmlindex.Get(l); err != nil || got != e {
				t.Errorf("%s: doc lists label %q, which htmlindex.Get maps to %v (err %v)", id, l, got, err)
			}
		}
		if json != nil && !slices.Equal(labels, json[name]) {
			t.Errorf("%s: doc lists labels %q, encodings.json %q", id, labels, json[name])
		}
	}
}
