// Command apilist prints the exported API of the webenc module, one
// identifier per line with its signature, sorted, in the style of Go's own
// api/ files:
//
//	pkg github.com/webenc/webenc/whatwg, func AppendDecode([]uint8, encoding.Encoding, []uint8) ([]uint8, bool)
//
// It lists every package of the module except main packages and those
// under internal/, cmd/, bench/ and scripts/, type-checking them from
// source with the standard library only. scripts/apicheck.sh compares its
// output with api/webenc.txt. Run it from the module root:
//
//	go run ./scripts/apilist
package main

import (
	"bufio"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

func main() {
	lines, err := list(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, "apilist:", err)
		os.Exit(1)
	}
	w := bufio.NewWriter(os.Stdout)
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "apilist:", err)
		os.Exit(1)
	}
}

// list returns the sorted API lines of the module rooted at root.
func list(root string) ([]string, error) {
	module, err := modulePath(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	var lines []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if skipDir(rel, d.Name()) {
			return filepath.SkipDir
		}
		bp, err := build.ImportDir(path, 0)
		var noGo *build.NoGoError
		if errors.As(err, &noGo) || (err == nil && bp.Name == "main") {
			return nil
		}
		if err != nil {
			return err
		}
		importPath := module
		if rel != "." {
			importPath += "/" + rel
		}
		pkg, err := check(fset, imp, importPath, path, bp.GoFiles)
		if err != nil {
			return err
		}
		lines = append(lines, pkgLines(pkg)...)
		return nil
	})
	slices.Sort(lines)
	return slices.Compact(lines), err
}

// skipDir reports whether the directory at rel (slash-separated, relative
// to the module root) holds no public API: internal, command, benchmark and
// tool trees, test data and hidden directories.
func skipDir(rel, name string) bool {
	if rel == "." {
		return false
	}
	switch name {
	case "internal", "testdata":
		return true
	}
	if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
		return true
	}
	top, _, _ := strings.Cut(rel, "/")
	return top == "cmd" || top == "bench" || top == "scripts"
}

// modulePath reads the module path from go.mod.
func modulePath(gomod string) (string, error) {
	b, err := os.ReadFile(gomod)
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`), nil
		}
	}
	return "", fmt.Errorf("%s: no module line", gomod)
}

// check parses and type-checks the package in dir.
func check(fset *token.FileSet, imp types.Importer, importPath, dir string, files []string) (*types.Package, error) {
	var parsed []*ast.File
	for _, f := range files {
		af, err := parser.ParseFile(fset, filepath.Join(dir, f), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		parsed = append(parsed, af)
	}
	conf := types.Config{Importer: imp}
	return conf.Check(importPath, fset, parsed, nil)
}

// pkgLines returns the API lines of pkg's exported names.
func pkgLines(pkg *types.Package) []string {
	prefix := "pkg " + pkg.Path() + ", "
	qual := func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	}
	typ := func(t types.Type) string { return types.TypeString(t, qual) }
	var lines []string
	add := func(s string) { lines = append(lines, prefix+s) }
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch obj := obj.(type) {
		case *types.Const:
			add(fmt.Sprintf("const %s %s = %s", name, typ(obj.Type()), obj.Val().ExactString()))
		case *types.Var:
			add(fmt.Sprintf("var %s %s", name, typ(obj.Type())))
		case *types.Func:
			add("func " + name + signature(obj.Type().(*types.Signature), typ))
		case *types.TypeName:
			if obj.IsAlias() {
				add(fmt.Sprintf("type %s = %s", name, typ(types.Unalias(obj.Type()))))
				continue
			}
			lines = append(lines, typeLines(prefix, name, obj.Type().(*types.Named), typ)...)
		}
	}
	return lines
}

// typeLines returns the lines of a defined type: its underlying type, its
// exported fields or interface methods, and its exported methods.
func typeLines(prefix, name string, named *types.Named, typ func(types.Type) string) []string {
	var lines []string
	add := func(s string) { lines = append(lines, prefix+s) }
	switch u := named.Underlying().(type) {
	case *types.Struct:
		add(fmt.Sprintf("type %s struct", name))
		for f := range u.Fields() {
			switch {
			case f.Embedded() && f.Exported():
				add(fmt.Sprintf("type %s struct, embedded %s", name, typ(f.Type())))
			case f.Exported():
				add(fmt.Sprintf("type %s struct, %s %s", name, f.Name(), typ(f.Type())))
			}
		}
	case *types.Interface:
		add(fmt.Sprintf("type %s interface", name))
		for m := range u.Methods() {
			if m.Exported() {
				add(fmt.Sprintf("type %s interface, %s%s", name, m.Name(), signature(m.Type().(*types.Signature), typ)))
			}
		}
	default:
		add(fmt.Sprintf("type %s %s", name, typ(u)))
	}
	// The method sets, promoted methods included: a method of the value's
	// set is listed with receiver T, one only of the pointer's with *T.
	value := types.NewMethodSet(named)
	for sel := range types.NewMethodSet(types.NewPointer(named)).Methods() {
		m := sel.Obj()
		if !m.Exported() {
			continue
		}
		recv := "*" + name
		if value.Lookup(m.Pkg(), m.Name()) != nil {
			recv = name
		}
		add(fmt.Sprintf("method (%s) %s%s", recv, m.Name(), signature(m.Type().(*types.Signature), typ)))
	}
	return lines
}

// signature writes sig without parameter names, which are not part of the
// API: "(T1, ...T2) (R1, R2)".
func signature(sig *types.Signature, typ func(types.Type) string) string {
	tuple := func(t *types.Tuple, variadic bool) string {
		var parts []string
		for i := range t.Len() {
			if variadic && i == t.Len()-1 {
				parts = append(parts, "..."+typ(t.At(i).Type().(*types.Slice).Elem()))
				continue
			}
			parts = append(parts, typ(t.At(i).Type()))
		}
		return strings.Join(parts, ", ")
	}
	s := "(" + tuple(sig.Params(), sig.Variadic()) + ")"
	switch r := sig.Results(); r.Len() {
	case 0:
	case 1:
		s += " " + tuple(r, false)
	default:
		s += " (" + tuple(r, false) + ")"
	}
	return s
}
