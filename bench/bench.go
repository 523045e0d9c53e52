package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/tables/labels"
	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/htmlindex"
)

// benchLanguages are the languages the bench picks for the encodings the
// corpus README does not list: a corpus language written in the script the
// encoding was made for (html mode escapes whatever it lacks).
var benchLanguages = map[string][]string{
	"IBM866":         {"ru"},
	"ISO-8859-3":     {"tr"},
	"ISO-8859-4":     {"de"},
	"ISO-8859-5":     {"ru"},
	"ISO-8859-6":     {"ar"},
	"ISO-8859-8":     {"he"},
	"ISO-8859-8-I":   {"he"},
	"ISO-8859-10":    {"de"},
	"ISO-8859-13":    {"de"},
	"ISO-8859-14":    {"fr"},
	"ISO-8859-15":    {"fr"},
	"ISO-8859-16":    {"fr"},
	"KOI8-U":         {"ru"},
	"macintosh":      {"fr"},
	"windows-1257":   {"de"},
	"x-mac-cyrillic": {"ru"},
}

// languagesFor returns the languages to measure encoding name with, and
// whether the bench picked them (the corpus README does not list it).
func languagesFor(name string) (langs []string, picked bool) {
	if l := specdata.LanguagesFor(name); l != nil {
		return l, false
	}
	return benchLanguages[name], true
}

// xtextEncodings are x/text's codecs for the Standard's encodings.
var xtextEncodings = map[string]encoding.Encoding{
	"UTF-8":          unicode.UTF8,
	"UTF-16BE":       unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM),
	"UTF-16LE":       unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM),
	"IBM866":         charmap.CodePage866,
	"ISO-8859-2":     charmap.ISO8859_2,
	"ISO-8859-3":     charmap.ISO8859_3,
	"ISO-8859-4":     charmap.ISO8859_4,
	"ISO-8859-5":     charmap.ISO8859_5,
	"ISO-8859-6":     charmap.ISO8859_6,
	"ISO-8859-7":     charmap.ISO8859_7,
	"ISO-8859-8":     charmap.ISO8859_8,
	"ISO-8859-8-I":   charmap.ISO8859_8I,
	"ISO-8859-10":    charmap.ISO8859_10,
	"ISO-8859-13":    charmap.ISO8859_13,
	"ISO-8859-14":    charmap.ISO8859_14,
	"ISO-8859-15":    charmap.ISO8859_15,
	"ISO-8859-16":    charmap.ISO8859_16,
	"KOI8-R":         charmap.KOI8R,
	"KOI8-U":         charmap.KOI8U,
	"macintosh":      charmap.Macintosh,
	"windows-874":    charmap.Windows874,
	"windows-1250":   charmap.Windows1250,
	"windows-1251":   charmap.Windows1251,
	"windows-1252":   charmap.Windows1252,
	"windows-1253":   charmap.Windows1253,
	"windows-1254":   charmap.Windows1254,
	"windows-1255":   charmap.Windows1255,
	"windows-1256":   charmap.Windows1256,
	"windows-1257":   charmap.Windows1257,
	"windows-1258":   charmap.Windows1258,
	"x-mac-cyrillic": charmap.MacintoshCyrillic,
	"GBK":            simplifiedchinese.GBK,
	"gb18030":        simplifiedchinese.GB18030,
	"Big5":           traditionalchinese.Big5,
	"EUC-JP":         japanese.EUCJP,
	"ISO-2022-JP":    japanese.ISO2022JP,
	"Shift_JIS":      japanese.ShiftJIS,
	"EUC-KR":         korean.EUCKR,
}

// corpus reads and caches the corpus files.
type corpus struct {
	dir   string
	files map[string][]byte
}

func (c *corpus) read(name string) ([]byte, error) {
	if b, ok := c.files[name]; ok {
		return b, nil
	}
	b, err := os.ReadFile(filepath.Join(c.dir, name))
	if err != nil {
		return nil, err
	}
	c.files[name] = b
	return b, nil
}

// sample is one language's prepared input for one encoding.
type sample struct {
	lang    string
	decode  []byte // legacy bytes to decode
	encode  []byte // UTF-8 text the encoding represents fully
	encSize int    // legacy size of encode
}

// prepare builds e's samples for lang as the corpus README says.
func prepare(c *corpus, e encoding.Encoding, lang string) (sample, error) {
	html, err := c.read(lang + ".html")
	if err != nil {
		return sample{}, err
	}
	txt, err := c.read(lang + ".txt")
	if err != nil {
		return sample{}, err
	}
	s := sample{lang: lang}
	if s.decode, err = transformAll(whatwg.NewEncoder(e, whatwg.HTML), html); err != nil {
		return s, fmt.Errorf("encoding %s.html: %v", lang, err)
	}
	legacy, err := transformAll(whatwg.NewEncoder(e, whatwg.HTML), txt)
	if err != nil {
		return s, fmt.Errorf("encoding %s.txt: %v", lang, err)
	}
	if s.encode, err = transformAll(whatwg.NewDecoder(e, whatwg.Replacement), legacy); err != nil {
		return s, fmt.Errorf("decoding %s.txt back: %v", lang, err)
	}
	s.encSize = len(legacy)
	return s, nil
}

// transformAll runs t over all of src in one call into a large enough
// buffer, as the measurements do.
func transformAll(t transform.Transformer, src []byte) ([]byte, error) {
	dst := make([]byte, dstSize(len(src)))
	t.Reset()
	nDst, nSrc, err := t.Transform(dst, src, true)
	if err == nil && nSrc != len(src) {
		err = io.ErrNoProgress
	}
	return dst[:nDst], err
}

// dstSize is the output buffer size for n input bytes: enough for any
// conversion (html mode turns one byte into at most 10 ("&#65533;" for an
// invalid byte is 8), UTF-16 to UTF-8 grows at most 1.5×).
func dstSize(n int) int { return 10*n + 64 }

// impl is one implementation's transformer for one measurement.
type impl struct {
	t    transform.Transformer
	note string
}

// benchmark runs the measurements, printing the table as it goes unless
// opt.jsonOut, and returns the report.
func benchmark(opt options, stdout, stderr io.Writer) (*report, error) {
	rep := &report{Go: runtime.Version(), GOARCH: runtime.GOARCH, CPU: cpuModel(), Kernels: simdKernels(), Corpus: opt.corpus, Rounds: opt.rounds}
	c := &corpus{dir: opt.corpus, files: map[string][]byte{}}
	out := io.Discard
	if !opt.jsonOut {
		out = stdout
		stat := "median"
		if opt.fastest {
			stat = "fastest"
		}
		fmt.Fprintf(out, "webenc vs x/text: MB/s (10^6 bytes of the legacy encoding per second), %s of %d rounds; %s %s/%s\n",
			stat, opt.rounds, runtime.Version(), runtime.GOOS, runtime.GOARCH)
		fmt.Fprintf(out, "CPU: %s; kernels: %s\n", rep.CPU, rep.Kernels)
		sets := opt.paths || opt.short || opt.mislabeled
		if !sets {
			fmt.Fprintf(out, "decode = LANG.html encoded in html mode, decoded; encode = LANG.txt made encodable, encoded. ratio = webenc / x/text.\n")
		}
		if opt.ers != "" {
			fmt.Fprintf(out, "ers = encoding_rs (%s), timed by its batch helper's T op in rounds interleaved with webenc's and x/text's; w/ers = webenc / encoding_rs.\n", opt.ers)
		}
	}
	m := &measurer{rounds: opt.rounds, minTime: opt.minTime, fastest: opt.fastest}
	if opt.simdutf != "" && !(opt.paths || opt.short || opt.mislabeled) {
		p, version, err := startSimdutf(opt.simdutf)
		if err != nil {
			return nil, err
		}
		defer p.close()
		m.simdutf = p
		rep.Simdutf = opt.simdutf + ": " + version
		fmt.Fprintf(out, "simdutf = %s (%s), timed by its helper's T op likewise, on UTF-8 (validate + copy) and UTF-16 (same output as webenc's, checked); w/simd = webenc / simdutf.\n", version, opt.simdutf)
		fmt.Fprintf(out, "windows-1252's simdutf figures are a bound (%q: simdutf converts ISO-8859-1); the all/corpus means leave them out.\n", simdutfNote)
	}
	if !opt.jsonOut {
		fmt.Fprintln(out)
		if !(opt.paths || opt.short || opt.mislabeled) {
			fmt.Fprintln(out, formatHeader(opt.ers != "", m.simdutf != nil))
		}
	}
	if opt.ers != "" {
		p, err := startErs(opt.ers)
		if err != nil {
			return nil, err
		}
		defer p.close()
		m.ers = p
		rep.Ers = opt.ers
	}
	if opt.paths || opt.short || opt.mislabeled {
		if err := runSets(opt, m, c, rep, out); err != nil {
			return nil, err
		}
		fmt.Fprintln(out, strings.Join(append([]string{"Reproduce: go run ./bench"}, setFlags(opt)...), " "), "  (see -h)")
		return rep, nil
	}
	selected := func(name, lang, dir string) bool {
		return opt.filter == nil || opt.filter.MatchString(name+"/"+lang+"/"+dir)
	}

	// memmove: the ceiling, on each language's UTF-8 page.
	var group []result
	for _, lang := range specdata.AllLanguages {
		if !selected("memmove", lang, "copy") {
			continue
		}
		html, err := c.read(lang + ".html")
		if err != nil {
			return nil, err
		}
		r := result{Encoding: "memmove", Lang: lang, Direction: "copy", Bytes: len(html)}
		r.Webenc = mbps(len(html), m.copyTime(html))
		group = append(group, r)
		fmt.Fprintln(out, formatResult(r))
	}
	rep.add(out, "memmove", group)

	for _, enc := range labels.Encodings() {
		name := enc.Name
		if name == "replacement" || name == "x-user-defined" {
			continue
		}
		langs, picked := languagesFor(name)
		var want []string
		for _, lang := range langs {
			if selected(name, lang, "decode") || selected(name, lang, "encode") {
				want = append(want, lang)
			}
		}
		if len(want) == 0 {
			continue
		}
		web, err := htmlindex.Get(name)
		if err != nil {
			rep.Skipped = append(rep.Skipped, skipped{name, err.Error()})
			continue
		}
		xt := xtextEncodings[name]
		group = group[:0]
		for _, lang := range want {
			s, err := prepare(c, web, lang)
			if err != nil {
				return nil, fmt.Errorf("%s/%s: %v", name, lang, err)
			}
			if m.ers != nil {
				if err := m.ers.checkInputs(c, name, s); err != nil {
					return nil, fmt.Errorf("%s/%s: %v", name, lang, err)
				}
			}
			for _, dir := range []string{"decode", "encode"} {
				if !selected(name, lang, dir) {
					continue
				}
				r, err := m.measurePair(name, dir, s, web, xt)
				if err != nil {
					return nil, fmt.Errorf("%s/%s/%s: %v", name, lang, dir, err)
				}
				r.Picked = picked
				group = append(group, r)
				fmt.Fprintln(out, formatResult(r))
			}
		}
		rep.add(out, name, group)
	}
	rep.overall(out)
	if m.ers != nil || m.simdutf != nil {
		rep.summary(out, m.simdutf != nil)
	}
	if !opt.jsonOut {
		fmt.Fprintln(out)
		fmt.Fprintln(out, strings.Join(append([]string{"Reproduce: go run ./bench"}, setFlags(opt)...), " "), "  (see -h for -run, -rounds, -json, -ers, -simdutf, -paths, -short, -mislabeled)")
	}
	return rep, nil
}

// join joins notes.
func join(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + "; " + b
}

// add records one encoding's rows and prints its geometric means.
func (rep *report) add(out io.Writer, name string, rows []result) {
	rep.Results = append(rep.Results, rows...)
	dirs := []string{"decode", "encode"}
	if name == "memmove" {
		dirs = []string{"copy"}
	}
	for _, dir := range dirs {
		g, ok := geoOf(name, dir, rows)
		if !ok {
			continue
		}
		rep.Geomean = append(rep.Geomean, g)
		fmt.Fprintln(out, formatGeo(g))
	}
	if len(rows) > 0 {
		fmt.Fprintln(out)
	}
}

// overall prints and records the geometric means over every encoding.
func (rep *report) overall(out io.Writer) {
	var rows []result
	for _, r := range rep.Results {
		if r.Encoding != "memmove" {
			rows = append(rows, r)
		}
	}
	var corpusRows []result
	for _, r := range rows {
		if !r.Picked {
			corpusRows = append(corpusRows, r)
		}
	}
	sets := []struct {
		name string
		rows []result
	}{{"all", rows}}
	if len(corpusRows) < len(rows) && len(corpusRows) > 0 {
		// The (language, encoding) pairs of the corpus README (70 in a
		// full run), without the languages the bench picked: the set
		// `ers bench` measures.
		sets = append(sets, struct {
			name string
			rows []result
		}{"corpus", corpusRows})
	}
	for _, set := range sets {
		for _, dir := range []string{"decode", "encode", ""} {
			g, ok := geoOf(set.name, dir, set.rows)
			if !ok {
				continue
			}
			if dir == "" {
				g.Direction = "both"
			}
			rep.Geomean = append(rep.Geomean, g)
			fmt.Fprintln(out, formatGeo(g))
		}
	}
	for _, s := range rep.Skipped {
		fmt.Fprintf(out, "%s was skipped: %s\n", s.Encoding, s.Reason)
	}
	for _, r := range rep.Results {
		if r.Picked {
			fmt.Fprintln(out, "* the corpus README assigns no language to this encoding: the bench picked one in its script")
			break
		}
	}
}

// geoOf is the geometric mean line of the rows in direction dir ("" for
// all).
func geoOf(name, dir string, rows []result) (geoLine, bool) {
	var web, xt, ratio, ers, ersRatio []float64
	simd, simdRatio, bound := simdutfRows(rows, dir)
	for _, r := range rows {
		if dir != "" && r.Direction != dir {
			continue
		}
		web = append(web, r.Webenc)
		if r.Xtext > 0 {
			xt = append(xt, r.Xtext)
			ratio = append(ratio, r.Ratio)
		}
		if r.Ers > 0 {
			ers = append(ers, r.Ers)
			ersRatio = append(ersRatio, r.ErsRatio)
		}
	}
	if len(web) == 0 {
		return geoLine{}, false
	}
	return geoLine{Encoding: name, Direction: dir, Rows: len(web), Webenc: geomean(web), Xtext: geomean(xt), Ratio: geomean(ratio),
		Ers: geomean(ers), ErsRatio: geomean(ersRatio), Simdutf: geomean(simd), SimdRatio: geomean(simdRatio), SimdBound: bound}, true
}

// measurer times transformers.
type measurer struct {
	rounds  int
	minTime time.Duration
	dst     []byte
	ers     *batchPeer // nil without -ers
	simdutf *batchPeer // nil without -simdutf
	// fastest makes measure report the fastest round instead of the
	// median (-short: calls of tens of nanoseconds, where the other
	// processes' noise only ever adds time).
	fastest bool
}

func (m *measurer) buf(n int) []byte {
	if cap(m.dst) < n {
		m.dst = make([]byte, n)
	}
	return m.dst[:n]
}

// timer runs a conversion n times and returns the nanoseconds per run.
type timer func(n int) (float64, error)

// transformTimer times t converting all of src into dst in one call, after
// a Reset, as Transform users with a reused buffer do.
func transformTimer(t transform.Transformer, src, dst []byte) timer {
	return func(n int) (float64, error) { return timeRuns(t, src, dst, n), nil }
}

// measure calibrates every timer to last m.minTime, then runs m.rounds
// rounds in which each timer runs once, rotating which goes first so that
// drifts hit all alike, and returns each timer's median (or, if
// m.fastest, minimum) nanoseconds per run.
func (m *measurer) measure(timers []timer) ([]float64, error) {
	iters, err := calibrate(timers, float64(m.minTime.Nanoseconds()))
	if err != nil {
		return nil, err
	}
	times := make([][]float64, len(timers))
	for round := 0; round < m.rounds; round++ {
		for k := range timers {
			i := (round + k) % len(timers)
			ns, err := timers[i](iters[i])
			if err != nil {
				return nil, err
			}
			times[i] = append(times[i], ns)
		}
	}
	med := make([]float64, len(timers))
	for i := range times {
		med[i] = median(times[i])
		if m.fastest {
			med[i] = slices.Min(times[i])
		}
	}
	return med, nil
}

// calibrate returns how many runs of each timer last about ns
// nanoseconds (at least one, at most 2^20), after a warm-up run.
func calibrate(timers []timer, ns float64) ([]int, error) {
	iters := make([]int, len(timers))
	for i, t := range timers {
		if _, err := t(1); err != nil { // warm up
			return nil, err
		}
		one, err := t(1)
		if err != nil {
			return nil, err
		}
		iters[i] = min(int(ns/max(one, 1))+1, 1<<20)
	}
	return iters, nil
}

// measurePair measures webenc, x/text and (with -ers) encoding_rs
// converting s in direction dir.
func (m *measurer) measurePair(name, dir string, s sample, web, xt encoding.Encoding) (result, error) {
	r := result{Encoding: name, Lang: s.lang, Direction: dir}
	var src []byte
	var w, x impl
	switch dir {
	case "decode":
		src, r.Bytes = s.decode, len(s.decode)
		w.t = whatwg.NewDecoder(web, whatwg.Replacement)
		if xt != nil {
			x.t = xt.NewDecoder()
		}
	case "encode":
		src, r.Bytes = s.encode, s.encSize
		w.t = whatwg.NewEncoder(web, whatwg.Fatal)
		if xt != nil {
			x.t = xt.NewEncoder()
			if _, err := transformAll(x.t, src); err != nil {
				// x/text's table lacks characters the Standard's has:
				// let it escape them, as the html mode does.
				x.t = encoding.HTMLEscapeUnsupported(xt.NewEncoder())
				x.note = "x/text cannot encode some of the text: measured with HTMLEscapeUnsupported"
			}
		}
	}
	want, err := transformAll(w.t, src)
	if err != nil {
		return r, fmt.Errorf("webenc: %v", err)
	}
	if x.t != nil {
		if _, err := transformAll(x.t, src); err != nil {
			return r, fmt.Errorf("x/text: %v", err)
		}
	}
	dst := m.buf(dstSize(len(src)))
	timers := []timer{transformTimer(w.t, src, dst)}
	if x.t != nil {
		timers = append(timers, transformTimer(x.t, src, dst))
	}
	ersAt := len(timers)
	if m.ers != nil {
		timers = append(timers, m.ers.timer(name, dir, src))
	}
	simd, err := m.simdutfTimer(&r, dir, src, want)
	if err != nil {
		return r, err
	}
	simdAt := len(timers)
	if simd != nil {
		timers = append(timers, simd)
	}
	ns, err := m.measure(timers)
	if err != nil {
		return r, err
	}
	r.Webenc = mbps(r.Bytes, ns[0])
	if x.t != nil {
		r.Xtext = mbps(r.Bytes, ns[1])
		r.Ratio = r.Webenc / r.Xtext
	} else {
		r.Note = join(r.Note, "x/text has no codec for it")
	}
	if m.ers != nil {
		r.Ers = mbps(r.Bytes, ns[ersAt])
		r.ErsRatio = r.Webenc / r.Ers
	}
	if simd != nil {
		r.Simdutf = mbps(r.Bytes, ns[simdAt])
		r.SimdRatio = r.Webenc / r.Simdutf
	}
	r.Note = join(r.Note, x.note)
	return r, nil
}

// timeRuns converts src n times with t and returns the nanoseconds per run.
func timeRuns(t transform.Transformer, src, dst []byte, n int) float64 {
	start := time.Now()
	for range n {
		t.Reset()
		t.Transform(dst, src, true)
	}
	return float64(time.Since(start).Nanoseconds()) / float64(n)
}

// copyTime returns the median nanoseconds of copying src.
func (m *measurer) copyTime(src []byte) float64 {
	dst := m.buf(len(src))
	one := func(n int) float64 {
		start := time.Now()
		for range n {
			copy(dst, src)
		}
		return float64(time.Since(start).Nanoseconds()) / float64(n)
	}
	one(1)
	n := int(float64(m.minTime.Nanoseconds())/max(one(1), 1)) + 1
	var times []float64
	for range m.rounds {
		times = append(times, one(n))
	}
	return median(times)
}

// names returns the encodings the bench covers, in the Standard's order.
func names() []string {
	var out []string
	for _, e := range labels.Encodings() {
		if e.Name != "replacement" && e.Name != "x-user-defined" {
			out = append(out, e.Name)
		}
	}
	return slices.Clip(out)
}
