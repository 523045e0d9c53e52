package mojibake_test

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/webenc/webenc/internal/fixeval"
	"github.com/webenc/webenc/mojibake"
)

// TestLegacyGates (MOJIBAKE_GATES=1) counts, per legacy chain and part,
// the check that refuses each failing case's repair, and writes the tuned
// failures to MOJIBAKE_GATES_DUMP when set.
func TestLegacyGates(t *testing.T) {
	if os.Getenv("MOJIBAKE_GATES") == "" {
		t.Skip("set MOJIBAKE_GATES=1 to count the legacy repair's refusals")
	}
	_, cases := corpus(t)
	counts := map[string]map[string][2]int{}
	var dump strings.Builder
	for _, c := range cases {
		if !strings.Contains(c.Chain, "legacy") || c.Kind != fixeval.Line {
			continue
		}
		got := mojibake.Fix(c.Corrupted)
		if got == c.Text {
			continue
		}
		g := mojibake.LegacyGate(c.Corrupted)
		if counts[c.Chain] == nil {
			counts[c.Chain] = map[string][2]int{}
		}
		n := counts[c.Chain][g]
		held := 0
		if c.Held() {
			held = 1
		}
		n[held]++
		counts[c.Chain][g] = n
		if !c.Held() {
			fmt.Fprintf(&dump, "%s %s#%d [%s]\n in: %q\nout: %q\nwant %q\n", c.Chain, c.File, c.ID, g, c.Corrupted, got, c.Text)
		}
	}
	var chains []string
	for ch := range counts {
		chains = append(chains, ch)
	}
	sort.Strings(chains)
	for _, ch := range chains {
		for g, n := range counts[ch] {
			t.Logf("%-40s %-45s tuned %3d held %3d", ch, g, n[0], n[1])
		}
	}
	if p := os.Getenv("MOJIBAKE_GATES_DUMP"); p != "" {
		if err := os.WriteFile(p, []byte(dump.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
