// Command browsercheck is a differential conformance check of webenc's
// decoders against a real browser: headless Chromium's TextDecoder.
//
//	go run ./internal/browsercheck [-chromium PATH] [-n N] [-streams N] [-seed S] [-only ENC,...]
//
// For every encoding of the Encoding Standard but replacement (which
// TextDecoder rejects) it decodes every single byte, every two-byte
// sequence of the multi-byte encodings, boundary three- and four-byte
// sequences (UTF-8, UTF-16, gb18030's four-byte ranges), ISO-2022-JP's
// escape sequences in every state, truncated sequences and N seeded random
// byte strings biased toward the encoding's lead and trail ranges, in
// replacement mode (the code points) and in fatal mode (whether it fails).
// It also checks streaming decodes with the default BOM handling (random
// inputs split into chunks, whatwg.TextDecoder against TextDecoder with
// {stream: true}) and label resolution.
//
// The browser's results come from a page per batch of vectors, loaded with
// chromium --headless --dump-dom, where every vector gets fresh TextDecoders
// (a TextDecoder reused for the whole batch is checked too, and a difference
// is reported as a Chromium-only class); webenc's come from e.NewDecoder(),
// whatwg.NewDecoder(e, whatwg.Fatal) and whatwg.NewTextDecoder. Each raw
// input that differs is shrunk (bytes removed while the difference stays,
// one Chromium page per round) to a minimal example; differences are then
// grouped into classes (encoding, what differs, and the kind of differing
// output) with the shortest examples of each. Which side is right is for
// the reader to decide from the Standard; the repository's notes give the
// verdicts for the classes seen with Chromium 156.
//
// Run it from the module so that the Standard's data (encodings.json, for
// every label, and index gb18030 ranges) is found.
//
// When Chromium is not installed the command says so and exits 0.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"
)

func main() {
	chromePath := flag.String("chromium", "", "path of the Chromium binary (default: chromium, chromium-browser or google-chrome from $PATH)")
	n := flag.Int("n", 3000, "random byte strings per encoding")
	nStreams := flag.Int("streams", 300, "random streaming (chunked, BOM-handling) inputs per encoding")
	seed := flag.Uint64("seed", 1, "seed of the random inputs")
	only := flag.String("only", "", "comma-separated encoding names to check (default: all)")
	examples := flag.Int("examples", 3, "examples printed per mismatch class")
	batch := flag.Int("batch", 70000, "vectors per Chromium page")
	keep := flag.Bool("keep", false, "keep the working folder")
	maxMin := flag.Int("minimize", 5000, "differing inputs to shrink to a minimal example before classifying (-1: all)")
	flag.Parse()

	path := *chromePath
	if path == "" {
		for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
			if p, err := exec.LookPath(name); err == nil {
				path = p
				break
			}
		}
	}
	if path == "" {
		fmt.Println("browsercheck: Chromium not found; skipping (install it with: apt-get install -y chromium, or pass -chromium PATH)")
		return
	}
	if _, err := os.Stat(path); err != nil {
		fmt.Printf("browsercheck: Chromium not found at %s; skipping\n", path)
		return
	}
	dir, err := os.MkdirTemp("", "browsercheck")
	if err != nil {
		fatalf("%v", err)
	}
	if !*keep {
		defer os.RemoveAll(dir)
	}
	c := &chromium{path: path, dir: dir}
	fmt.Printf("Chromium: %s (%s)\n", c.version(), path)

	names, labels, ok := standardEncodings()
	if !ok {
		fmt.Println("note: the Standard's data (encodings.json, index files) not found: run from the module, or set $WEBENC_WHATWG;")
		fmt.Println("      using the built-in list of encodings, their names as the only labels, and no gb18030 range boundaries")
	}
	want := map[string]bool{}
	for _, e := range strings.Split(*only, ",") {
		if e != "" {
			want[strings.ToLower(e)] = true
		}
	}
	r := rand.New(rand.NewPCG(*seed, 0x62726f7773657263))
	var vs []vector
	var encs []string
	for _, name := range names {
		if name == "replacement" || (len(want) > 0 && !want[strings.ToLower(name)]) {
			continue
		}
		encs = append(encs, name)
		vs = append(vs, systematic(name)...)
		vs = append(vs, random(name, *n, r)...)
		vs = append(vs, streams(name, *nStreams, r)...)
	}
	if len(want) == 0 || want["labels"] {
		vs = append(vs, labelVectors(labels)...)
		encs = append(encs, "")
	}

	start := time.Now()
	w := newWebencSide()
	mine := make([]string, len(vs))
	for i := range vs {
		mine[i] = w.result(&vs[i])
	}
	fmt.Printf("%d vectors; webenc decoded them in %v\n", len(vs), time.Since(start).Round(time.Millisecond))

	theirs := make([]string, 0, len(vs))
	for lo := 0; lo < len(vs); lo += *batch {
		hi := min(lo+*batch, len(vs))
		t := time.Now()
		out, err := c.run(vs[lo:hi])
		if err != nil {
			fatalf("%v", err)
		}
		fmt.Fprintf(os.Stderr, "batch %d: %d vectors in %v\n", lo / *batch, hi-lo, time.Since(t).Round(time.Millisecond))
		theirs = append(theirs, out...)
	}
	rep := newReport()
	var diffs []int
	for i := range vs {
		if rep.count(&vs[i], mine[i], theirs[i]) {
			if vs[i].mode == modeRaw && (*maxMin < 0 || len(diffs) < *maxMin) {
				diffs = append(diffs, i)
			} else {
				rep.add(&vs[i], mine[i], stripReuse(theirs[i]), nil)
			}
		}
	}
	if len(diffs) > 0 {
		t := time.Now()
		mins, rounds := minimize(c, w, vs, diffs, mine, theirs, *batch)
		fmt.Printf("minimized %d differing inputs in %d rounds (%v)\n", len(diffs), rounds, time.Since(t).Round(time.Millisecond))
		for k, i := range diffs {
			m := mins[k]
			rep.add(&m.v, m.mine, m.theirs, &vs[i])
		}
	}
	rep.print(encs, *examples)
	if len(w.inconsistent) > 0 {
		fmt.Printf("\nwebenc internal inconsistencies (fatal decode succeeded with other output, or odd error): %d\n", len(w.inconsistent))
		for i, s := range w.inconsistent {
			if i == 10 {
				break
			}
			fmt.Println("  " + s)
		}
	}
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "browsercheck: "+format+"\n", args...)
	os.Exit(1)
}

// report accumulates comparisons.
type report struct {
	total, same map[string]int
	classes     map[string]*class
}

// class is one kind of difference.
type class struct {
	key      string
	count    int
	cats     map[string]int
	ids      map[string]bool // examples kept or seen
	examples []sample
}

// sample is one example of a class, ordered by input size.
type sample struct {
	size int
	text string
}

func newReport() *report {
	return &report{total: map[string]int{}, same: map[string]int{}, classes: map[string]*class{}}
}

// count compares one vector's results, notes a reused TextDecoder that
// decodes differently from a fresh one, and reports whether they differ.
func (rp *report) count(v *vector, mine, theirs string) bool {
	enc := v.enc
	if v.mode == modeLabel {
		enc = "labels"
	}
	rp.total[enc]++
	if t, reuse, ok := strings.Cut(theirs, " R:"); ok {
		rp.note(enc+": Chromium only: a reused TextDecoder decodes differently from a fresh one (state left by the previous non-stream decode())",
			v, len(v.chunks[0]), fmt.Sprintf("[%s] %s  fresh: %s  reused: %s", v.cat, encodeVector(v), t, reuse))
		theirs = t
	}
	if mine == theirs {
		rp.same[enc]++
		return false
	}
	return true
}

// stripReuse removes the reused-decoder note from a Chromium result line.
func stripReuse(s string) string {
	s, _, _ = strings.Cut(s, " R:")
	return s
}

// add classifies a difference. v is the (minimized) vector; orig, if not
// nil, the vector it was shrunk from.
func (rp *report) add(v *vector, mine, theirs string, orig *vector) {
	enc := v.enc
	in := encodeVector(v)
	if v.mode == modeLabel {
		enc = "labels"
		in = fmt.Sprintf("%q", v.chunks[0])
	}
	ex := fmt.Sprintf("[%s] %s  webenc: %s  chromium: %s", v.cat, in, mine, theirs)
	cat := v
	if orig != nil {
		cat = orig
		ex = fmt.Sprintf("%s  webenc: %s  chromium: %s  (shrunk from [%s] %s)", in, mine, theirs, orig.cat, encodeVector(orig))
	}
	size := 0
	for _, c := range v.chunks {
		size += len(c) + 1
	}
	key := classify(v, mine, theirs)
	if key == afterThrowClass {
		// One class for every encoding; its categories are the encodings.
		rp.noteDistinct("every encoding: "+key, &vector{cat: enc}, size, enc+in, fmt.Sprintf("%s %s", enc, ex))
		return
	}
	rp.noteDistinct(enc+": "+key, cat, size, in, ex)
}

// note counts v in the class key and keeps the shortest examples.
func (rp *report) note(key string, v *vector, size int, example string) {
	rp.noteDistinct(key, v, size, example, example)
}

// noteDistinct is note with examples deduplicated by id.
func (rp *report) noteDistinct(key string, v *vector, size int, id, example string) {
	cl := rp.classes[key]
	if cl == nil {
		cl = &class{key: key, cats: map[string]int{}, ids: map[string]bool{}}
		rp.classes[key] = cl
	}
	cl.count++
	cl.cats[v.cat]++
	if cl.ids[id] {
		return
	}
	cl.ids[id] = true
	cl.examples = append(cl.examples, sample{size, example})
	sort.SliceStable(cl.examples, func(i, j int) bool { return cl.examples[i].size < cl.examples[j].size })
	if len(cl.examples) > 20 {
		cl.examples = cl.examples[:20]
	}
}

// print writes the totals and the classes.
func (rp *report) print(encs []string, examples int) {
	fmt.Printf("\n%-16s %9s %9s %9s\n", "encoding", "vectors", "identical", "differ")
	var tv, ts int
	for _, e := range encs {
		name := e
		if e == "" {
			name = "labels"
		}
		t, s := rp.total[name], rp.same[name]
		tv += t
		ts += s
		fmt.Printf("%-16s %9d %9d %9d\n", name, t, s, t-s)
	}
	fmt.Printf("%-16s %9d %9d %9d\n", "total", tv, ts, tv-ts)
	if len(rp.classes) == 0 {
		fmt.Println("\nno differences")
		return
	}
	var cls []*class
	for _, c := range rp.classes {
		cls = append(cls, c)
	}
	sort.Slice(cls, func(i, j int) bool { return cls[i].key < cls[j].key })
	fmt.Printf("\n%d classes of difference:\n", len(cls))
	for _, c := range cls {
		var cats []string
		for k, v := range c.cats {
			cats = append(cats, fmt.Sprintf("%s %d", k, v))
		}
		sort.Strings(cats)
		fmt.Printf("\n%s\n  %d vectors (%s)\n", c.key, c.count, strings.Join(cats, ", "))
		for i, ex := range c.examples {
			if i == examples {
				break
			}
			fmt.Println("  " + ex.text)
		}
	}
}

// classify names the shape of a difference.
func classify(v *vector, mine, theirs string) string {
	switch v.mode {
	case modeLabel:
		if mine != "RangeError" && theirs != "RangeError" {
			return "label resolves to different encodings"
		}
		return fmt.Sprintf("label resolves to %s in webenc, %s in Chromium", kindOfLabel(mine), kindOfLabel(theirs))
	case modeStream:
		mr, mf, _ := strings.Cut(mine, " ; ")
		tr, tf, _ := strings.Cut(theirs, " ; ")
		var what []string
		if mr != tr {
			what = append(what, "replacement-mode output")
		}
		if mf != tf {
			f := streamFatal(strings.Split(mf, "/"), strings.Split(tf, "/"))
			if mr == tr && strings.HasPrefix(f, "first difference "+afterThrow) {
				return afterThrowClass
			}
			what = append(what, "fatal mode, "+f)
		}
		return "streaming TextDecoder: " + strings.Join(what, ", ")
	}
	mflag, mcps, _ := strings.Cut(mine, " ")
	tflag, tcps, _ := strings.Cut(theirs, " ")
	var parts []string
	if mcps != tcps {
		a, b := parseCPS(mcps), parseCPS(tcps)
		p := 0
		for p < len(a) && p < len(b) && a[p] == b[p] {
			p++
		}
		s := 0
		for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
			s++
		}
		parts = append(parts, fmt.Sprintf("output webenc [%s] vs Chromium [%s]", shape(a[p:len(a)-s]), shape(b[p:len(b)-s])))
	}
	if mflag != tflag {
		parts = append(parts, fmt.Sprintf("fatal: webenc %s, Chromium %s", fails(mflag), fails(tflag)))
	}
	return strings.Join(parts, "; ")
}

// afterThrowClass is the class of streaming vectors that differ only in
// fatal mode after a chunk that threw; it is one class for all encodings.
const (
	afterThrow      = "after a {stream: true} chunk that threw"
	afterThrowClass = "streaming TextDecoder, fatal mode only: results differ after a {stream: true} decode() that threw"
)

// streamFatal describes the first chunk whose fatal-mode result differs.
func streamFatal(mine, theirs []string) string {
	k := 0
	for k < len(mine) && k < len(theirs) && mine[k] == theirs[k] {
		k++
	}
	if k == len(mine) || k == len(theirs) {
		return "different number of chunks"
	}
	after := "with no earlier throw"
	for _, c := range mine[:k] {
		if c == "!" {
			after = afterThrow
		}
	}
	switch {
	case mine[k] == "!":
		return "first difference " + after + ": webenc throws, Chromium does not"
	case theirs[k] == "!":
		return "first difference " + after + ": Chromium throws, webenc does not"
	}
	return "first difference " + after + ": different output"
}

func fails(flag string) string {
	if flag == "T" {
		return "fails"
	}
	return "succeeds"
}

// shape describes a run of code points by kind.
func shape(rs []rune) string {
	var ks []string
	for _, r := range rs {
		var k string
		switch {
		case r == 0xFFFD:
			k = "U+FFFD"
		case r < 0x80:
			k = "ASCII"
		case r >= 0xE000 && r <= 0xF8FF, r >= 0xF0000:
			k = "PUA"
		case r > 0xFFFF:
			k = "astral"
		default:
			k = "BMP"
		}
		if len(ks) > 0 && strings.TrimSuffix(ks[len(ks)-1], "+") == k {
			ks[len(ks)-1] = k + "+"
			continue
		}
		ks = append(ks, k)
	}
	if len(ks) > 4 {
		ks = append(ks[:4], "…")
	}
	return strings.Join(ks, " ")
}

func kindOfLabel(s string) string {
	if s == "RangeError" {
		return "RangeError"
	}
	return "an encoding"
}
