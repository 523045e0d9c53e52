package main

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	xcharset "golang.org/x/net/html/charset"

	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/charset"
)

// The -paths, -short and -mislabeled sets: the ways users call a codec
// besides Transform into a reused buffer, each beside x/text's same path.

// path is one way of converting a whole input.
type path struct {
	name string
	// web and xt return timers of webenc and of x/text (nil: x/text has
	// no such path, or no codec).
	web, xt func(c pathCase) timer
}

// pathCase is what a path converts.
type pathCase struct {
	name     string // the Standard's name of the encoding
	dir      string // "decode" or "encode"
	src      []byte
	web, xt  encoding.Encoding
	dst      []byte // a buffer large enough for any output
	xtEncode transform.Transformer
}

// loop returns a timer that runs f n times.
func loop(f func()) timer {
	return func(n int) (float64, error) {
		start := time.Now()
		for range n {
			f()
		}
		return float64(time.Since(start).Nanoseconds()) / float64(n), nil
	}
}

// decodePaths are the -paths columns for decoding. Transform comes first:
// the others are reported as ratios to it.
var decodePaths = []path{
	{"Transform",
		func(c pathCase) timer {
			return transformTimer(whatwg.NewDecoder(c.web, whatwg.Replacement), c.src, c.dst)
		},
		func(c pathCase) timer { return transformTimer(c.xt.NewDecoder(), c.src, c.dst) }},
	{"Bytes",
		func(c pathCase) timer { return loop(func() { c.web.NewDecoder().Bytes(c.src) }) },
		func(c pathCase) timer { return loop(func() { c.xt.NewDecoder().Bytes(c.src) }) }},
	{"Append",
		func(c pathCase) timer {
			buf := c.dst[:0]
			return loop(func() { buf, _ = whatwg.AppendDecode(buf[:0], c.web, c.src) })
		},
		nil},
	{"NewReader",
		func(c pathCase) timer {
			return loop(func() { io.Copy(io.Discard, transform.NewReader(bytes.NewReader(c.src), c.web.NewDecoder())) })
		},
		func(c pathCase) timer {
			return loop(func() { io.Copy(io.Discard, transform.NewReader(bytes.NewReader(c.src), c.xt.NewDecoder())) })
		}},
	{"charset",
		func(c pathCase) timer {
			ct := "text/html; charset=" + c.name
			return loop(func() {
				r, _ := charset.NewReader(bytes.NewReader(c.src), ct)
				io.Copy(io.Discard, r)
			})
		},
		func(c pathCase) timer {
			ct := "text/html; charset=" + c.name
			return loop(func() {
				r, _ := xcharset.NewReader(bytes.NewReader(c.src), ct)
				io.Copy(io.Discard, r)
			})
		}},
}

// encodePaths are the -paths columns for encoding.
var encodePaths = []path{
	{"Transform",
		func(c pathCase) timer { return transformTimer(whatwg.NewEncoder(c.web, whatwg.Fatal), c.src, c.dst) },
		func(c pathCase) timer { return transformTimer(c.xtEncode, c.src, c.dst) }},
	{"Bytes",
		func(c pathCase) timer { return loop(func() { c.web.NewEncoder().Bytes(c.src) }) },
		func(c pathCase) timer {
			return loop(func() { (&encoding.Encoder{Transformer: c.xtEncode}).Bytes(c.src) })
		}},
	{"Append",
		func(c pathCase) timer {
			buf := c.dst[:0]
			return loop(func() { buf, _ = whatwg.AppendEncode(buf[:0], c.web, c.src) })
		},
		nil},
}

// pathRow is one -paths row: MB/s per path, for webenc and x/text, and
// the ratios from paired measurements (see pairedRatio).
type pathRow struct {
	Encoding  string             `json:"encoding"`
	Lang      string             `json:"lang"`
	Direction string             `json:"direction"`
	Bytes     int                `json:"bytes"`
	Webenc    map[string]float64 `json:"webenc_mbps"`
	Xtext     map[string]float64 `json:"xtext_mbps,omitempty"`
	// ToTransform is each webenc path's speed over webenc's Transform;
	// VsXtext each webenc path's over x/text's peer path (see xtPeer).
	ToTransform map[string]float64 `json:"ratio_to_transform"`
	VsXtext     map[string]float64 `json:"ratio_to_xtext,omitempty"`
}

// pathsHeader is the -paths table header: webenc's MB/s with Transform,
// then each path as a ratio to webenc's Transform, then webenc / x/text
// on the same path (Append against x/text's Bytes).
func pathsHeader(paths []path) string {
	cells := []string{"encoding", "lang", "dir", "bytes", "Transform"}
	for _, p := range paths[1:] {
		cells = append(cells, p.name+"/T")
	}
	for _, p := range paths {
		cells = append(cells, "w/x "+p.name)
	}
	return formatWide(cells)
}

// formatWide formats a row of a -paths table: the first four cells as in
// the main table, the rest right-aligned in 12 columns.
func formatWide(cells []string) string {
	var b strings.Builder
	b.WriteString(formatRow(cells[:4]))
	b.WriteString(strings.Repeat(" ", max(0, 14+2+7+2+6+2+9-len(formatRow(cells[:4])))))
	for _, c := range cells[4:] {
		fmt.Fprintf(&b, "  %12s", c)
	}
	return strings.TrimRight(b.String(), " ")
}

// xtPeer returns the x/text path a webenc path is compared with.
func xtPeer(paths []path, i int) int {
	if paths[i].xt == nil {
		return 1 // Append: x/text's Bytes
	}
	return i
}

// formatPathRow formats one -paths row.
func formatPathRow(r pathRow, paths []path) string {
	cells := []string{r.Encoding, r.Lang, r.Direction, fmt.Sprint(r.Bytes), formatMBps(r.Webenc["Transform"])}
	for _, p := range paths[1:] {
		cells = append(cells, formatRatio(r.ToTransform[p.name]))
	}
	for _, p := range paths {
		cells = append(cells, formatRatio(r.VsXtext[p.name]))
	}
	return formatWide(cells)
}

// measurePaths times every path of dir on s.
func (m *measurer) measurePaths(name, dir string, s sample, web, xt encoding.Encoding) (pathRow, error) {
	row := pathRow{Encoding: name, Lang: s.lang, Direction: dir, Webenc: map[string]float64{}, Xtext: map[string]float64{}}
	c := pathCase{name: name, dir: dir, web: web, xt: xt}
	paths := decodePaths
	if dir == "encode" {
		paths = encodePaths
		c.src, row.Bytes = s.encode, s.encSize
		if xt != nil {
			c.xtEncode = xt.NewEncoder()
			if _, err := transformAll(c.xtEncode, c.src); err != nil {
				c.xtEncode = encoding.HTMLEscapeUnsupported(xt.NewEncoder())
			}
		}
	} else {
		c.src, row.Bytes = s.decode, len(s.decode)
	}
	c.dst = make([]byte, dstSize(len(c.src)))
	var timers []timer
	webAt, xtAt := map[string]int{}, map[string]int{}
	for _, p := range paths {
		webAt[p.name] = len(timers)
		timers = append(timers, p.web(c))
		if xt != nil && p.xt != nil {
			xtAt[p.name] = len(timers)
			timers = append(timers, p.xt(c))
		}
	}
	times, err := m.pairedTimes(timers, pathSlices)
	if err != nil {
		return row, err
	}
	row.ToTransform, row.VsXtext = map[string]float64{}, map[string]float64{}
	for i, p := range paths {
		w := times[webAt[p.name]]
		row.Webenc[p.name] = mbps(row.Bytes, m.summary(w))
		if i > 0 {
			row.ToTransform[p.name] = pairedRatio(w, times[webAt["Transform"]])
		}
		if j, ok := xtAt[p.name]; ok {
			row.Xtext[p.name] = mbps(row.Bytes, m.summary(times[j]))
		}
		if j, ok := xtAt[paths[xtPeer(paths, i)].name]; ok {
			row.VsXtext[p.name] = pairedRatio(w, times[j])
		}
	}
	return row, nil
}

// pathSlices is how many times a -paths round runs each timer, in turn,
// for a slice of -mintime each, so that two paths compared are timed
// within a millisecond or so of each other, under the same load, and
// short slices that no other process interrupted are common even on a
// busy machine.
const pathSlices = 32

// pairedTimes runs m.rounds rounds of timers, in each of which every
// timer runs slices times for m.minTime/slices (after one untimed run),
// in turn (every other sweep backwards, the first rotating every two
// sweeps), and returns each timer's fastest slice
// of each round, times[timer][round] in nanoseconds per run: other
// processes only ever add time to a slice.
func (m *measurer) pairedTimes(timers []timer, slices int) ([][]float64, error) {
	iters, err := calibrate(timers, float64(m.minTime.Nanoseconds())/float64(slices))
	if err != nil {
		return nil, err
	}
	times := make([][]float64, len(timers))
	for round := range m.rounds {
		best := make([]float64, len(timers))
		for s := range slices {
			for k := range timers {
				i := (round + s/2 + k) % len(timers)
				if s%2 == 1 {
					// Every other sweep backwards, so that no timer
					// always follows the same one.
					i = len(timers) - 1 - i
				}
				// One run untimed: the caches held what the timer
				// before left (another codec's tables, garbage).
				if _, err := timers[i](1); err != nil {
					return nil, err
				}
				ns, err := timers[i](iters[i])
				if err != nil {
					return nil, err
				}
				if s == 0 || ns < best[i] {
					best[i] = ns
				}
			}
		}
		for i := range timers {
			times[i] = append(times[i], best[i])
		}
	}
	return times, nil
}

// summary is the time m reports from one timer's rounds: their median,
// or with -fastest the fastest.
func (m *measurer) summary(ns []float64) float64 {
	if m.fastest {
		return slices.Min(ns)
	}
	return median(ns)
}

// pairedRatio returns a's speed over b's from times of the same rounds:
// the median over the rounds of b's time over a's, so that a round in
// which the machine was busy moves both sides, not one.
func pairedRatio(a, b []float64) float64 {
	r := make([]float64, len(a))
	for i := range a {
		r[i] = b[i] / a[i]
	}
	return median(r)
}

// pathsGeo prints the geometric means of the -paths ratios over rows.
func pathsGeo(out io.Writer, label string, rows []pathRow, paths []path) {
	if len(rows) == 0 {
		return
	}
	cells := []string{label, "geomean", rows[0].Direction, "", ""}
	ratio := func(f func(r pathRow) float64) string {
		var xs []float64
		for _, r := range rows {
			if v := f(r); v > 0 {
				xs = append(xs, v)
			}
		}
		return formatRatio(geomean(xs))
	}
	for _, p := range paths[1:] {
		cells = append(cells, ratio(func(r pathRow) float64 { return r.ToTransform[p.name] }))
	}
	for _, p := range paths {
		cells = append(cells, ratio(func(r pathRow) float64 { return r.VsXtext[p.name] }))
	}
	fmt.Fprintln(out, formatWide(cells))
}

// cutText returns a prefix of text (whole characters) whose encoding in
// e (html mode) is at most n bytes, and that encoding.
func cutText(e encoding.Encoding, text []byte, n int) (legacy []byte) {
	end := 0
	for end < len(text) {
		_, size := utf8.DecodeRune(text[end:])
		next, _ := whatwg.AppendEncode(nil, e, text[:end+size])
		if len(next) > n {
			break
		}
		legacy, end = next, end+size
	}
	return legacy
}

// shortRow is one -short row: nanoseconds per call.
type shortRow struct {
	Encoding   string  `json:"encoding"`
	Lang       string  `json:"lang"`
	Size       int     `json:"bytes"`
	Transform  float64 `json:"webenc_transform_ns"`
	Bytes      float64 `json:"webenc_bytes_ns"`
	Append     float64 `json:"webenc_append_ns"`
	XtextBytes float64 `json:"xtext_bytes_ns,omitempty"`
}

// shortSizes are the -short input sizes.
var shortSizes = []int{16, 64, 256}

// measureShort times decoding a short piece of s's text (from the middle
// of LANG.txt, cut to at most size bytes at a character boundary).
func (m *measurer) measureShort(c *corpus, name string, lang string, size int, web, xt encoding.Encoding) (shortRow, error) {
	row := shortRow{Encoding: name, Lang: lang}
	txt, err := c.read(lang + ".txt")
	if err != nil {
		return row, err
	}
	start := len(txt) / 2
	for start < len(txt) && !utf8.RuneStart(txt[start]) {
		start++
	}
	src := cutText(web, txt[start:min(len(txt), start+4*size)], size)
	row.Size = len(src)
	dst := make([]byte, dstSize(len(src)))
	dec := whatwg.NewDecoder(web, whatwg.Replacement)
	buf := dst[:0]
	timers := []timer{
		transformTimer(dec, src, dst),
		loop(func() { web.NewDecoder().Bytes(src) }),
		loop(func() { buf, _ = whatwg.AppendDecode(buf[:0], web, src) }),
	}
	if xt != nil {
		timers = append(timers, loop(func() { xt.NewDecoder().Bytes(src) }))
	}
	ns, err := m.measure(timers)
	if err != nil {
		return row, err
	}
	row.Transform, row.Bytes, row.Append = ns[0], ns[1], ns[2]
	if xt != nil {
		row.XtextBytes = ns[3]
	}
	return row, nil
}

// shortHeader and formatShort lay out the -short table: nanoseconds per
// call and the ratios of the targets (x/text's Bytes time over webenc's).
func shortHeader() string {
	return fmt.Sprintf("%-14s  %-7s  %5s  %10s  %10s  %10s  %10s  %10s  %10s", "encoding", "lang", "bytes", "T ns", "Bytes ns", "Append ns", "x Bytes ns", "Bytes w/x", "Append w/x")
}

func formatShort(r shortRow) string {
	ratio := func(ns float64) string {
		if r.XtextBytes == 0 || ns == 0 {
			return "-"
		}
		return formatRatio(r.XtextBytes / ns)
	}
	return fmt.Sprintf("%-14s  %-7s  %5d  %10.1f  %10.1f  %10.1f  %10s  %10s  %10s", r.Encoding, r.Lang, r.Size, r.Transform, r.Bytes, r.Append,
		formatMBps(r.XtextBytes), ratio(r.Bytes), ratio(r.Append))
}
