package main

import (
	"fmt"
	"io"
	"slices"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/htmlindex"
)

// runSets runs the -paths, -short and -mislabeled sets that opt selects,
// instead of the main table.
func runSets(opt options, m *measurer, c *corpus, rep *report, out io.Writer) error {
	selected := func(name, lang, dir string) bool {
		return opt.filter == nil || opt.filter.MatchString(name+"/"+lang+"/"+dir)
	}
	if opt.paths {
		if err := runPaths(m, c, rep, out, selected); err != nil {
			return err
		}
	}
	if opt.short {
		if err := runShort(m, c, rep, out, selected); err != nil {
			return err
		}
	}
	if opt.mislabeled {
		if err := runMislabeled(m, c, rep, out, selected); err != nil {
			return err
		}
	}
	return nil
}

// encodingsFor returns the webenc and x/text encodings named name.
func encodingsFor(name string) (encoding.Encoding, encoding.Encoding, error) {
	web, err := htmlindex.Get(name)
	return web, xtextEncodings[name], err
}

func runPaths(m *measurer, c *corpus, rep *report, out io.Writer, selected func(name, lang, dir string) bool) error {
	fmt.Fprintln(out, "-paths: webenc's MB/s with Transform into a reused buffer; the other ways of calling it as ratios to that (Bytes = e.NewDecoder().Bytes,")
	fmt.Fprintln(out, "Append = whatwg.AppendDecode/AppendEncode into a reused dst, NewReader = transform.NewReader + io.Copy to io.Discard, charset =")
	fmt.Fprintln(out, "charset.NewReader with \"text/html; charset=NAME\" + io.Copy; x/text's: x/net's html/charset); then webenc / x/text on the same path")
	fmt.Fprintln(out, "(Append against x/text's Bytes). Paired: each round times every path in turn, 32 slices of -mintime/32 each, and keeps")
	fmt.Fprintln(out, "each path's fastest slice; a ratio is the median over the rounds of that round's ratio, so a busy round moves both sides.")
	for _, dir := range []string{"decode", "encode"} {
		paths := decodePaths
		if dir == "encode" {
			paths = encodePaths
		}
		fmt.Fprintln(out)
		fmt.Fprintln(out, pathsHeader(paths))
		var all []pathRow
		for _, name := range names() {
			langs, _ := languagesFor(name)
			web, xt, err := encodingsFor(name)
			if err != nil {
				return err
			}
			var group []pathRow
			for _, lang := range langs {
				if !selected(name, lang, dir) {
					continue
				}
				s, err := prepare(c, web, lang)
				if err != nil {
					return fmt.Errorf("%s/%s: %v", name, lang, err)
				}
				row, err := m.measurePaths(name, dir, s, web, xt)
				if err != nil {
					return fmt.Errorf("%s/%s/%s: %v", name, lang, dir, err)
				}
				group = append(group, row)
				fmt.Fprintln(out, formatPathRow(row, paths))
			}
			if len(group) > 1 {
				pathsGeo(out, name, group, paths)
			}
			all = append(all, group...)
		}
		pathsGeo(out, "all", all, paths)
		rep.Paths = append(rep.Paths, all...)
	}
	fmt.Fprintln(out)
	return nil
}

func runShort(m *measurer, c *corpus, rep *report, out io.Writer, selected func(name, lang, dir string) bool) error {
	fmt.Fprintln(out, "-short: decoding a short string cut from the middle of LANG.txt: nanoseconds per call (the fastest round: at tens of nanoseconds")
	fmt.Fprintln(out, "other processes only ever add time) of webenc's Transform (reused decoder), e.NewDecoder().Bytes, AppendDecode (reused dst)")
	fmt.Fprintln(out, "and x/text's e.NewDecoder().Bytes; w/x = x/text's Bytes time / webenc's.")
	fast := m.fastest
	m.fastest = true
	defer func() { m.fastest = fast }()
	fmt.Fprintln(out)
	fmt.Fprintln(out, shortHeader())
	bySize := map[int][][2]float64{}
	for _, name := range names() {
		langs, _ := languagesFor(name)
		lang := langs[0]
		web, xt, err := encodingsFor(name)
		if err != nil {
			return err
		}
		for _, size := range shortSizes {
			if !selected(name, lang, fmt.Sprint(size)) {
				continue
			}
			row, err := m.measureShort(c, name, lang, size, web, xt)
			if err != nil {
				return fmt.Errorf("%s/%s/%d: %v", name, lang, size, err)
			}
			rep.Short = append(rep.Short, row)
			fmt.Fprintln(out, formatShort(row))
			if row.XtextBytes > 0 {
				bySize[size] = append(bySize[size], [2]float64{row.XtextBytes / row.Bytes, row.XtextBytes / row.Append})
			}
		}
	}
	fmt.Fprintln(out)
	for _, size := range shortSizes {
		rs := bySize[size]
		if len(rs) == 0 {
			continue
		}
		var b, a []float64
		for _, r := range rs {
			b, a = append(b, r[0]), append(a, r[1])
		}
		fmt.Fprintf(out, "%d bytes: Bytes w/x geomean %s (min %s), Append w/x geomean %s (min %s)\n", size,
			formatRatio(geomean(b)), formatRatio(slices.Min(b)), formatRatio(geomean(a)), formatRatio(slices.Min(a)))
	}
	fmt.Fprintln(out)
	return nil
}

// legacyOf returns the legacy encodings the corpus README gives lang.
func legacyOf(lang string) []string {
	var out []string
	for _, name := range names() {
		if slices.Contains(specdata.Languages[name], lang) {
			out = append(out, name)
		}
	}
	return out
}

func runMislabeled(m *measurer, c *corpus, rep *report, out io.Writer, selected func(name, lang, dir string) bool) error {
	fmt.Fprintln(out, "-mislabeled: each language's text in each of its legacy encodings (LANG.txt and LANG.html, html mode) decoded as UTF-8,")
	fmt.Fprintln(out, "and its UTF-8 decoded with each of its legacy decoders. dir = the bytes decoded (ENCODING.DOC). MB/s of the input.")
	fmt.Fprintln(out)
	fmt.Fprintln(out, formatHeader(m.ers != nil, false))
	utf8Enc, utf8X, err := encodingsFor("UTF-8")
	if err != nil {
		return err
	}
	var asUTF8, asLegacy []result
	for _, lang := range specdata.AllLanguages {
		for _, legacy := range legacyOf(lang) {
			web, xt, err := encodingsFor(legacy)
			if err != nil {
				return err
			}
			for _, doc := range []string{"txt", "html"} {
				text, err := c.read(lang + "." + doc)
				if err != nil {
					return err
				}
				if dir := legacy + "." + doc; selected("UTF-8", lang, dir) {
					src, _ := whatwg.AppendEncode(nil, web, text)
					r, err := m.measureDecode("UTF-8", lang, dir, src, utf8Enc, utf8X)
					if err != nil {
						return err
					}
					asUTF8 = append(asUTF8, r)
					fmt.Fprintln(out, formatResult(r))
				}
				if dir := "UTF-8." + doc; selected(legacy, lang, dir) {
					r, err := m.measureDecode(legacy, lang, dir, text, web, xt)
					if err != nil {
						return err
					}
					asLegacy = append(asLegacy, r)
					fmt.Fprintln(out, formatResult(r))
				}
			}
		}
	}
	fmt.Fprintln(out)
	var txt []result
	for _, r := range asUTF8 {
		if r.Direction[len(r.Direction)-3:] == "txt" {
			txt = append(txt, r)
		}
	}
	for _, g := range []struct {
		name string
		rows []result
	}{{"legacy as UTF-8, txt", txt}, {"legacy as UTF-8", asUTF8}, {"UTF-8 as legacy", asLegacy}, {"all mislabeled", append(slices.Clip(asUTF8), asLegacy...)}} {
		if line, ok := geoOf(g.name, "", g.rows); ok {
			line.Direction = "decode"
			rep.Geomean = append(rep.Geomean, line)
			fmt.Fprintln(out, formatGeo(line))
			if len(g.rows) > 0 {
				lo := slices.MinFunc(g.rows, func(a, b result) int { return cmpFloat(a.Ratio, b.Ratio) })
				fmt.Fprintf(out, "    lowest webenc/x/text: %s (%s/%s/%s)\n", formatRatio(lo.Ratio), lo.Encoding, lo.Lang, lo.Direction)
			}
		}
	}
	rep.Mislabeled = append(rep.Mislabeled, asUTF8...)
	rep.Mislabeled = append(rep.Mislabeled, asLegacy...)
	fmt.Fprintln(out)
	return nil
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// measureDecode times webenc's, x/text's and (with -ers) encoding_rs's
// replacement-mode decoders of encoding name over src.
func (m *measurer) measureDecode(name, lang, dir string, src []byte, web, xt encoding.Encoding) (result, error) {
	r := result{Encoding: name, Lang: lang, Direction: dir, Bytes: len(src)}
	dst := m.buf(dstSize(len(src)))
	timers := []timer{transformTimer(whatwg.NewDecoder(web, whatwg.Replacement), src, dst)}
	if xt != nil {
		timers = append(timers, transformTimer(xt.NewDecoder(), src, dst))
	}
	if m.ers != nil {
		timers = append(timers, m.ers.timer(name, "decode", src))
	}
	ns, err := m.measure(timers)
	if err != nil {
		return r, fmt.Errorf("%s/%s/%s: %v", name, lang, dir, err)
	}
	r.Webenc = mbps(r.Bytes, ns[0])
	if xt != nil {
		r.Xtext = mbps(r.Bytes, ns[1])
		r.Ratio = r.Webenc / r.Xtext
	}
	if m.ers != nil {
		r.Ers = mbps(r.Bytes, ns[len(ns)-1])
		r.ErsRatio = r.Webenc / r.Ers
	}
	return r, nil
}
