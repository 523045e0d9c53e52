package gen

import (
	"fmt"
	"sort"

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
	b := Header("labels")
	b.WriteString("// Encoding is one encoding of the Standard's table of encodings.\n")
	b.WriteString("type Encoding struct {\n\tName    string   // the Standard's name\n\tHeading string   // the group it is listed under\n\tLabels  []string // its labels, as listed\n}\n\n")
	b.WriteString("// Encodings lists every encoding in the Standard's order.\nvar Encodings = [...]Encoding{\n")
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
	b.WriteString("// Labels lists every label, sorted, with its encoding's name.\nvar Labels = [...]Label{\n")
	for _, p := range pairs {
		fmt.Fprintf(b, "\t{%q, %q},\n", p.label, p.name)
	}
	b.WriteString("}\n")
	return g.WriteGo("tables/labels/labels.go", b.Bytes())
}
