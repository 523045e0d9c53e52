package main

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// columns of the table: name, width, right-aligned.
var columns = []struct {
	width int
	right bool
}{
	{14, false}, // encoding
	{7, false},  // lang
	{6, false},  // direction
	{9, true},   // bytes
	{10, true},  // webenc MB/s
	{10, true},  // x/text MB/s
	{7, true},   // ratio
}

// header is the table's header row.
var header = []string{"encoding", "lang", "dir", "bytes", "webenc", "x/text", "ratio"}

// formatRow formats one table row: cells padded to the column widths
// (longer cells widen their column), separated by two spaces, trailing
// blanks trimmed. Cells beyond the columns are appended as they are.
func formatRow(cells []string) string {
	var b strings.Builder
	for i, c := range cells {
		if i > 0 {
			b.WriteString("  ")
		}
		if i >= len(columns) {
			b.WriteString(c)
			continue
		}
		pad := strings.Repeat(" ", max(columns[i].width-len([]rune(c)), 0))
		if columns[i].right {
			b.WriteString(pad + c)
		} else {
			b.WriteString(c + pad)
		}
	}
	return strings.TrimRight(b.String(), " ")
}

// formatResult formats a result row; a note follows the ratio, and a "*"
// marks a language the bench picked.
func formatResult(r result) string {
	lang := r.Lang
	if r.Picked {
		lang += "*"
	}
	cells := []string{r.Encoding, lang, r.Direction, fmt.Sprint(r.Bytes), formatMBps(r.Webenc), formatMBps(r.Xtext), formatRatio(r.Ratio)}
	if r.Note != "" {
		cells = append(cells, "("+r.Note+")")
	}
	return formatRow(cells)
}

// formatGeo formats a geometric-mean row.
func formatGeo(g geoLine) string {
	return formatRow([]string{g.Encoding, "geomean", g.Direction, "", formatMBps(g.Webenc), formatMBps(g.Xtext), formatRatio(g.Ratio)})
}

// formatMBps formats a throughput, "-" for none.
func formatMBps(v float64) string {
	if v <= 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return "-"
	}
	return fmt.Sprintf("%.1f", v)
}

// formatRatio formats a ratio, "-" for none.
func formatRatio(v float64) string {
	if v <= 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return "-"
	}
	return fmt.Sprintf("%.2fx", v)
}

// mbps is the throughput, in 10^6 bytes per second, of converting size
// bytes in ns nanoseconds (0 if ns is not positive).
func mbps(size int, ns float64) float64 {
	if ns <= 0 {
		return 0
	}
	return float64(size) / ns * 1e3
}

// median returns the median of xs (the mean of the middle two for an even
// count), 0 for none. xs is not modified.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// geomean returns the geometric mean of xs, 0 for none or if any is not
// positive.
func geomean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sum := 0.0
	for _, x := range xs {
		if x <= 0 {
			return 0
		}
		sum += math.Log(x)
	}
	return math.Exp(sum / float64(len(xs)))
}
