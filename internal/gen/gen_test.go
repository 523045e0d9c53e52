package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/tables/labels"
)

// generatedTables are the packages this generator writes, each a single
// file (tables/detect is internal/detectgen's).
var generatedTables = []string{
	"tables/big5/big5.go",
	"tables/euckr/euckr.go",
	"tables/gb18030/gb18030.go",
	"tables/jis/jis.go",
	"tables/labels/labels.go",
	"tables/singlebyte/tables.go",
}

// TestSectionsNumbering: h2 is a top-level section, deeper headings count
// within it, no-num headings take no number, markup leaves the title.
func TestSectionsNumbering(t *testing.T) {
	src := "<h2 id=a>A</h2>\n<h3 id=b dfn>B <a>x</a></h3>\n<h4 id=c>C</h4>\n<h3 id=d>{{D}}</h3>\n" +
		"<h2 id=e>E</h2>\n<h2 class=no-num id=g>G</h2>\n<h2 id=h>H</h2>\n"
	want := map[string]string{"a": "§1 A", "b": "§1.1 B x", "c": "§1.1.1 C", "d": "§1.2 D", "e": "§2 E", "h": "§3 H"}
	got := Sections(src)
	if len(got) != len(want) {
		t.Errorf("got %d sections %v, want %d", len(got), got, len(want))
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s: got %q, want %q", id, got[id], w)
		}
	}
}

// TestSectionsOfTheStandard: the numbers the generated docs cite are the
// rendered Standard's (https://encoding.spec.whatwg.org/).
func TestSectionsOfTheStandard(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(specdata.WHATWG(t), "encoding.bs"))
	if err != nil {
		t.Fatal(err)
	}
	got := Sections(string(src))
	for id, want := range map[string]string{
		"names-and-labels":             "§4.2 Names and labels",
		"indexes":                      "§5 Indexes",
		"legacy-single-byte-encodings": "§9 Legacy single-byte encodings",
		"single-byte-decoder":          "§9.1 single-byte decoder",
		"gbk-decoder":                  "§10.1.1 GBK decoder",
		"gb18030-encoder":              "§10.2.2 gb18030 encoder",
		"big5-encoder":                 "§11.1.2 Big5 encoder",
		"euc-jp-decoder":               "§12.1.1 EUC-JP decoder",
		"iso-2022-jp-encoder":          "§12.2.2 ISO-2022-JP encoder",
		"shift_jis-decoder":            "§12.3.1 Shift_JIS decoder",
		"euc-kr-decoder":               "§13.1.1 EUC-KR decoder",
		"x-user-defined":               "§14.5 x-user-defined",
	} {
		if got[id] != want {
			t.Errorf("%s: got %q, want %q", id, got[id], want)
		}
	}
}

func TestUnexported(t *testing.T) {
	for in, want := range map[string]string{
		"Decode": "decode", "JIS0208": "jis0208", "EUCEncode3": "eucEncode3", "ShiftJISEncodeLow": "shiftJISEncodeLow",
		"ISO2022JPKatakana": "iso2022jpKatakana", "XMacCyrillic": "xMacCyrillic", "KOI8R": "koi8r",
		"ISO8859_8I": "iso8859_8i", "Windows1252": "windows1252", "IBM866": "ibm866",
	} {
		if got := Unexported(in); got != want {
			t.Errorf("Unexported(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestGeneratedFiles: each generated file starts with the line go
// generate's convention asks for (https://pkg.go.dev/cmd/go#hdr-Generate_Go_files_by_processing_source)
// and declares no exported variable: the data is reached through functions.
func TestGeneratedFiles(t *testing.T) {
	root, err := specdata.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	generated := regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.$`)
	for _, rel := range append(generatedTables, "whatwg/htmlindex/registry.go") {
		path := filepath.Join(root, rel)
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if first, _, _ := strings.Cut(string(src), "\n"); !generated.MatchString(first) {
			t.Errorf("%s: first line %q is not a Code generated line", rel, first)
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.VAR {
				for _, s := range g.Specs {
					for _, n := range s.(*ast.ValueSpec).Names {
						if n.IsExported() {
							t.Errorf("%s: exported variable %s", rel, n.Name)
						}
					}
				}
			}
		}
	}
}

// TestLabelsAreCopies: what labels.Encodings and labels.Labels return can
// be changed without changing the table.
func TestLabelsAreCopies(t *testing.T) {
	e := labels.Encodings()
	e[0].Name, e[0].Labels[0] = "changed", "changed"
	l := labels.Labels()
	l[0].Name = "changed"
	if e2 := labels.Encodings(); e2[0].Name != "UTF-8" || e2[0].Labels[0] != "unicode-1-1-utf-8" {
		t.Errorf("Encodings()[0] after a change to a copy: %+v", e2[0])
	}
	if l2 := labels.Labels(); l2[0] != (labels.Label{Label: "866", Name: "IBM866"}) {
		t.Errorf("Labels()[0] after a change to a copy: %+v", l2[0])
	}
	if name, ok := labels.Lookup("866"); !ok || name != "IBM866" {
		t.Errorf(`Lookup("866") = %q, %v`, name, ok)
	}
	if name, ok := labels.Lookup("86"); ok {
		t.Errorf(`Lookup("86") = %q, true`, name)
	}
}
