package main

import (
	"fmt"
	"io"
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

// ersCells are the encoding_rs cells that follow the ratio with -ers:
// encoding_rs's MB/s and webenc / encoding_rs, padded like the columns
// before them.
func ersCells(mbps, ratio float64) []string {
	return []string{fmt.Sprintf("%10s", formatMBps(mbps)), fmt.Sprintf("%7s", formatRatio(ratio))}
}

// formatHeader is the table's header row, with the encoding_rs columns if
// ers and then the simdutf ones if simdutf (ersCells' widths).
func formatHeader(ers, simdutf bool) string {
	h := slices.Clip(header)
	if ers {
		h = append(h, fmt.Sprintf("%10s", "ers"), fmt.Sprintf("%7s", "w/ers"))
	}
	if simdutf {
		h = append(h, fmt.Sprintf("%10s", "simdutf"), fmt.Sprintf("%7s", "w/simd"))
	}
	return formatRow(h)
}

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
	if r.Ers > 0 {
		cells = append(cells, ersCells(r.Ers, r.ErsRatio)...)
	}
	if r.Simdutf > 0 {
		cells = append(cells, ersCells(r.Simdutf, r.SimdRatio)...)
	}
	if r.Note != "" {
		cells = append(cells, "("+r.Note+")")
	}
	return formatRow(cells)
}

// formatGeo formats a geometric-mean row.
func formatGeo(g geoLine) string {
	cells := []string{g.Encoding, "geomean", g.Direction, "", formatMBps(g.Webenc), formatMBps(g.Xtext), formatRatio(g.Ratio)}
	if g.Ers > 0 {
		cells = append(cells, ersCells(g.Ers, g.ErsRatio)...)
	}
	if g.Simdutf > 0 {
		cells = append(cells, ersCells(g.Simdutf, g.SimdRatio)...)
	}
	if g.SimdBound {
		cells = append(cells, "("+simdutfNote+")")
	}
	return formatRow(cells)
}

// summary prints the ratios of the geometric-mean lines, one line per
// encoding and the overall ones: webenc / encoding_rs and webenc / x/text,
// for decode and encode, and webenc / simdutf if simdutf.
func (rep *report) summary(out io.Writer, simdutf bool) {
	type line struct {
		rows                       int
		decErs, encErs, decX, encX float64
		decSimd, encSimd           float64
		bound                      bool
	}
	var order []string
	lines := map[string]*line{}
	for _, g := range rep.Geomean {
		if g.Encoding == "memmove" || g.Direction == "both" {
			continue
		}
		l := lines[g.Encoding]
		if l == nil {
			l = &line{}
			lines[g.Encoding] = l
			order = append(order, g.Encoding)
		}
		l.rows = max(l.rows, g.Rows)
		if g.Direction == "decode" {
			l.decErs, l.decX, l.decSimd = g.ErsRatio, g.Ratio, g.SimdRatio
		} else {
			l.encErs, l.encX, l.encSimd = g.ErsRatio, g.Ratio, g.SimdRatio
		}
		l.bound = l.bound || g.SimdBound
	}
	fmt.Fprintln(out)
	legend := "w = webenc, ers = encoding_rs, x = x/text"
	if simdutf {
		legend += ", simd = simdutf"
	}
	fmt.Fprintf(out, "Summary: geometric means of the ratios (%s; >1 means webenc is faster)\n", legend)
	row := func(cells ...string) string {
		s := fmt.Sprintf("%-14s  %5s  %12s  %12s  %10s  %10s", cells[0], cells[1], cells[2], cells[3], cells[4], cells[5])
		if simdutf {
			s += fmt.Sprintf("  %13s  %13s  %s", cells[6], cells[7], cells[8])
		}
		return strings.TrimRight(s, " ")
	}
	fmt.Fprintln(out, row("encoding", "cases", "decode w/ers", "encode w/ers", "decode w/x", "encode w/x", "decode w/simd", "encode w/simd", ""))
	for _, name := range order {
		l := lines[name]
		note := ""
		if l.bound {
			note = "(" + simdutfNote + ")"
		}
		fmt.Fprintln(out, row(name, fmt.Sprint(l.rows), formatRatio(l.decErs), formatRatio(l.encErs), formatRatio(l.decX), formatRatio(l.encX),
			formatRatio(l.decSimd), formatRatio(l.encSimd), note))
	}
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
