package gen

import (
	"fmt"
	"sort"
	"strings"

	"github.com/webenc/webenc/internal/specdata"
)

func init() { register("labels", genLabels) }

// genLabels writes tables/labels: every label of encodings.json with its
// encoding's name, sorted by label for binary search, and the encodings in
// the Standard's order with their group heading.
func genLabels(g *Gen) error {
	groups, err := specdata.ReadEncodings(g.Dir)
	if err != nil {
		return err
	}
	type pair struct{ label, name string }
	var pairs []pair
	seen := map[string]string{}
	section := g.Section("names-and-labels")
	b := g.Header("labels")
	b.WriteString("import \"slices\"\n\n")
	Comment(b, "Encoding is one encoding of the Standard's table of encodings (encodings.json, "+section+").")
	b.WriteString("type Encoding struct {\n\tName    string   // the Standard's name\n\tHeading string   // the group it is listed under\n\tLabels  []string // its labels, as listed\n}\n\n")
	Comment(b, "Encodings returns every encoding of encodings.json ("+section+") in the Standard's order. "+
		"The slice and each Labels slice are fresh copies: changing them changes nothing here.")
	b.WriteString("func Encodings() []Encoding {\n\tout := slices.Clone(encodingList[:])\n\tfor i := range out {\n\t\tout[i].Labels = slices.Clone(out[i].Labels)\n\t}\n\treturn out\n}\n\n")
	b.WriteString("var encodingList = [...]Encoding{\n")
	for _, grp := range groups {
		for _, e := range grp.Encodings {
			fmt.Fprintf(b, "\t{%q, %q, []string{", e.Name, grp.Heading)
			for i, l := range e.Labels {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(b, "%q", l)
				if prev, dup := seen[l]; dup {
					return fmt.Errorf("label %q belongs to both %s and %s", l, prev, e.Name)
				}
				seen[l] = e.Name
				pairs = append(pairs, pair{l, e.Name})
			}
			b.WriteString("}},\n")
		}
	}
	b.WriteString("}\n\n")
	sort.Slice(pairs, func(i, j int) bool { return pairs[i].label < pairs[j].label })
	b.WriteString("// Label is a label and the name of its encoding.\ntype Label struct{ Label, Name string }\n\n")
	Comment(b, "Labels returns every label of encodings.json ("+section+"), sorted, with its encoding's name, "+
		"in a fresh slice.")
	b.WriteString("func Labels() []Label { return slices.Clone(labelList[:]) }\n\n")
	Comment(b, "Lookup returns the name of the encoding whose label (encodings.json, "+section+") is label, "+
		"which must already be lowercased and trimmed as \"get an encoding\" says.")
	b.WriteString(`func Lookup(label string) (name string, ok bool) {
	// A binary search for the first label not below label.
	lo, hi := 0, len(labelList)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if labelList[m].Label < label {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(labelList) && labelList[lo].Label == label {
		return labelList[lo].Name, true
	}
	return "", false
}

`)
	b.WriteString("var labelList = [...]Label{\n")
	for _, p := range pairs {
		fmt.Fprintf(b, "\t{%q, %q},\n", p.label, p.name)
	}
	b.WriteString("}\n")
	if err := g.WriteGo("tables/labels/labels.go", b.Bytes()); err != nil {
		return err
	}
	return genRegistry(g, groups)
}

// registryExceptions gives the Go value of the encodings whose package or
// identifier the rules of registryValue do not give.
var registryExceptions = map[string]string{
	"UTF-8":          "utf8.UTF8",
	"UTF-16BE":       "utf16.BE",
	"UTF-16LE":       "utf16.LE",
	"replacement":    "replacement.Encoding",
	"x-user-defined": "singlebyte.XUserDefined",
	"gb18030":        "cjk.GB18030",
	"Shift_JIS":      "cjk.ShiftJIS",
}

// registryValue returns the Go value (package.Identifier) of the encoding
// name listed under heading: the single-byte encodings are in package
// singlebyte, the multi-byte ones in cjk; the identifier is the name with
// "ISO-8859-" written ISO8859_ and its other parts, split at "-",
// capitalised and joined (KOI8-R → KOI8R, x-mac-cyrillic → XMacCyrillic).
func registryValue(heading, name string) (string, error) {
	if v, ok := registryExceptions[name]; ok {
		return v, nil
	}
	var pkg string
	switch {
	case heading == "Legacy single-byte encodings":
		pkg = "singlebyte"
	case strings.HasPrefix(heading, "Legacy multi-byte "):
		pkg = "cjk"
	default:
		return "", fmt.Errorf("encoding %q under %q: no package for it (add it to registryExceptions)", name, heading)
	}
	id, rest := "", name
	if r, ok := strings.CutPrefix(name, "ISO-8859-"); ok {
		id, rest = "ISO8859_", r
	}
	for _, part := range strings.Split(rest, "-") {
		if part == "" {
			return "", fmt.Errorf("encoding %q: empty part", name)
		}
		id += strings.ToUpper(part[:1]) + part[1:]
	}
	return pkg + "." + id, nil
}

// genRegistry writes whatwg/htmlindex/registry.go: byName, from each name
// of encodings.json to the webenc encoding that implements it, and
// Encodings, all of them in the Standard's order. A new encoding in the
// Standard fails generation until it gets a package.
func genRegistry(g *Gen, groups []specdata.Group) error {
	b := g.Header("htmlindex")
	b.WriteString("import (\n\t\"golang.org/x/text/encoding\"\n\n")
	for _, p := range []string{"cjk", "replacement", "singlebyte", "utf16", "utf8"} {
		fmt.Fprintf(b, "\t\"github.com/webenc/webenc/whatwg/%s\"\n", p)
	}
	b.WriteString(")\n\n")
	b.WriteString("// byName returns the encoding with the Standard's name, or nil for a name\n")
	b.WriteString("// the Standard's table of encodings does not have.\n")
	var names, values []string
	for _, grp := range groups {
		for _, e := range grp.Encodings {
			v, err := registryValue(grp.Heading, e.Name)
			if err != nil {
				return err
			}
			names, values = append(names, e.Name), append(values, v)
		}
	}
	b.WriteString("func byName(name string) encoding.Encoding {\n\tswitch name {\n")
	for i, n := range names {
		fmt.Fprintf(b, "\tcase %q:\n\t\treturn %s\n", n, values[i])
	}
	b.WriteString("\t}\n\treturn nil // not reached: TestEveryLabel resolves every name of the table\n}\n")
	b.WriteString("\n")
	Comment(b, "Encodings returns every encoding of the Standard, in the order of its table of encodings "+
		"(encodings.json, "+g.Section("names-and-labels")+"), replacement included: "+
		"UTF-8 first, x-user-defined last.\n"+
		"It returns a fresh slice on each call, where x/text's charmap.All is a variable, so that no "+
		"caller can change the list another one sees.")
	b.WriteString("func Encodings() []encoding.Encoding {\n\treturn []encoding.Encoding{\n")
	for _, v := range values {
		fmt.Fprintf(b, "\t\t%s,\n", v)
	}
	b.WriteString("\t}\n}\n")
	return g.WriteGo("whatwg/htmlindex/registry.go", b.Bytes())
}
