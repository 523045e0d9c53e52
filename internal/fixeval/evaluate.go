package fixeval

import (
	"fmt"
	"strings"
)

// Case is a sample through one chain: Fix(Corrupted) must give Text.
type Case struct {
	Sample
	Chain     string // the chain's name, "short: " or "document: " before it for those kinds
	Clean     bool   // no chain: Corrupted is Text
	Corrupted string
}

var kindPrefix = [...]string{Line: "", Short: "short: ", Document: "document: "}

// Cases returns every sample through every chain that applies to it and
// changes it (or leaves it clean, for the clean chains), chain by chain
// and, within a chain, kind by kind.
func Cases(samples []Sample) []Case {
	var out []Case
	for _, ch := range Chains {
		for _, k := range ch.Kinds {
			for _, s := range samples {
				if s.Kind != k {
					continue
				}
				c, ok := ch.Apply(s)
				if ok && (ch.Clean || c != s.Text) {
					out = append(out, Case{Sample: s, Chain: kindPrefix[k] + ch.Name, Clean: ch.Clean, Corrupted: c})
				}
			}
		}
	}
	return out
}

// Row is one chain's result, by part.
type Row struct {
	Chain    string
	Clean    bool
	N, OK    [3]int // by Part
	Failures []Case // the first tuned ones, for tuning
}

// Rate returns the exact-repair percentage of the parts in ps together
// (-1 when they have no case).
func (r Row) Rate(ps ...Part) float64 {
	n, ok := 0, 0
	for _, p := range ps {
		n, ok = n+r.N[p], ok+r.OK[p]
	}
	if n == 0 {
		return -1
	}
	return 100 * float64(ok) / float64(n)
}

// Evaluate runs fix over the cases and tallies exact results (the clean
// text) per chain and part.
func Evaluate(cases []Case, fix func(string) string) []Row {
	var rows []Row
	at := map[string]int{}
	for _, c := range cases {
		i, ok := at[c.Chain]
		if !ok {
			i = len(rows)
			at[c.Chain] = i
			rows = append(rows, Row{Chain: c.Chain, Clean: c.Clean})
		}
		r := &rows[i]
		good := fix(c.Corrupted) == c.Text
		r.N[c.Part]++
		if good {
			r.OK[c.Part]++
		} else if c.Part == Tuned && len(r.Failures) < 12 {
			r.Failures = append(r.Failures, c)
		}
	}
	return rows
}

// Table formats rows as a text table: the tuned part, the held-back
// languages, the held-back source (Wikipedia) and both held-back parts
// together, with totals of the corrupted and of the clean cases.
func Table(rows []Row) string {
	var b strings.Builder
	cell := func(r Row, ps ...Part) string {
		n := 0
		for _, p := range ps {
			n += r.N[p]
		}
		if n == 0 {
			return fmt.Sprintf("%13s", "-")
		}
		return fmt.Sprintf("%5.1f%% %6d", r.Rate(ps...), n)
	}
	fmt.Fprintf(&b, "%-52s %13s %13s %13s %13s\n", "chain (exact repairs; clean: unchanged)", "tuned", "held: langs", "held: wiki", "held: all")
	var total [2]Row
	for _, r := range rows {
		fmt.Fprintf(&b, "%-52s %s %s %s %s\n", r.Chain, cell(r, Tuned), cell(r, HeldLanguage), cell(r, HeldSource), cell(r, HeldLanguage, HeldSource))
		t := &total[0]
		if r.Clean {
			if strings.Contains(r.Chain, ",") {
				continue // a subset of another clean row
			}
			t = &total[1]
		}
		for p := range t.N {
			t.N[p] += r.N[p]
			t.OK[p] += r.OK[p]
		}
	}
	total[0].Chain, total[1].Chain = "all corrupted", "all clean"
	for _, r := range total {
		fmt.Fprintf(&b, "%-52s %s %s %s %s\n", r.Chain, cell(r, Tuned), cell(r, HeldLanguage), cell(r, HeldSource), cell(r, HeldLanguage, HeldSource))
	}
	return b.String()
}
