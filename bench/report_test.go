package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/whatwg/htmlindex"
)

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		in   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{9, 9, 1, 9, 1}, 9},
	} {
		in := append([]float64(nil), tc.in...)
		if got := median(tc.in); got != tc.want {
			t.Errorf("median(%v) = %v, want %v", tc.in, got, tc.want)
		}
		for i := range in {
			if in[i] != tc.in[i] {
				t.Errorf("median modified its input: %v, was %v", tc.in, in)
			}
		}
	}
}

func TestGeomean(t *testing.T) {
	for _, tc := range []struct {
		in   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{7}, 7},
		{[]float64{1, 4}, 2},
		{[]float64{2, 8, 4}, 4},
		{[]float64{0.5, 2}, 1},
		{[]float64{3, 0}, 0},
		{[]float64{3, -1}, 0},
	} {
		if got := geomean(tc.in); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("geomean(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestMBps(t *testing.T) {
	// 10^6 bytes in 10^9 ns is 1 MB/s; 2000 bytes in 1000 ns is 2000 MB/s.
	if got := mbps(1e6, 1e9); got != 1 {
		t.Errorf("mbps(1e6, 1e9) = %v, want 1", got)
	}
	if got := mbps(2000, 1000); got != 2000 {
		t.Errorf("mbps(2000, 1000) = %v, want 2000", got)
	}
	if got := mbps(10, 0); got != 0 {
		t.Errorf("mbps(10, 0) = %v, want 0", got)
	}
}

func TestFormatRow(t *testing.T) {
	got := formatRow([]string{"windows-1252", "de", "decode", "321846", "1772.9", "542.7", "3.27x"})
	want := "windows-1252    de       decode     321846      1772.9       542.7    3.27x"
	if got != want {
		t.Errorf("formatRow:\n got %q\nwant %q", got, want)
	}
	// A long cell widens its column; extra cells follow; blanks trimmed.
	got = formatRow([]string{"a-very-long-encoding-name", "x", "", "", "", "", "", "(note)"})
	want = "a-very-long-encoding-name  x" + strings.Repeat(" ", 6+2+6+2+9+2+10+2+10+2+7+2) + "(note)"
	if got != want {
		t.Errorf("formatRow:\n got %q\nwant %q", got, want)
	}
	if got := formatRow([]string{"x", "", ""}); got != "x" {
		t.Errorf("formatRow trailing blanks: %q", got)
	}
}

func TestFormatResultAndGeo(t *testing.T) {
	r := result{Encoding: "KOI8-U", Lang: "ru", Direction: "encode", Bytes: 67910, Webenc: 67.14, Xtext: 20.86, Ratio: 67.14 / 20.86, Picked: true, Note: "a note"}
	got := formatResult(r)
	want := "KOI8-U          ru*      encode      67910        67.1        20.9    3.22x  (a note)"
	if got != want {
		t.Errorf("formatResult:\n got %q\nwant %q", got, want)
	}
	m := result{Encoding: "memmove", Lang: "en", Direction: "copy", Bytes: 10, Webenc: 14596.5}
	if got, want := formatResult(m), "memmove         en       copy           10     14596.5           -        -"; got != want {
		t.Errorf("formatResult(memmove):\n got %q\nwant %q", got, want)
	}
	g := geoLine{Encoding: "all", Direction: "both", Webenc: 693.4, Xtext: 273.2, Ratio: 2.538}
	if got, want := formatGeo(g), "all             geomean  both                    693.4       273.2    2.54x"; got != want {
		t.Errorf("formatGeo:\n got %q\nwant %q", got, want)
	}
}

func TestGeoOf(t *testing.T) {
	rows := []result{
		{Direction: "decode", Webenc: 100, Xtext: 50, Ratio: 2},
		{Direction: "decode", Webenc: 400, Xtext: 50, Ratio: 8},
		{Direction: "encode", Webenc: 9, Xtext: 3, Ratio: 3},
	}
	g, ok := geoOf("x", "decode", rows)
	if !ok || g.Rows != 2 || math.Abs(g.Webenc-200) > 1e-9 || math.Abs(g.Xtext-50) > 1e-9 || math.Abs(g.Ratio-4) > 1e-9 {
		t.Errorf("geoOf decode = %+v, %v", g, ok)
	}
	g, ok = geoOf("x", "", rows)
	if !ok || g.Rows != 3 || math.Abs(g.Ratio-math.Cbrt(48)) > 1e-9 {
		t.Errorf("geoOf all = %+v, %v", g, ok)
	}
	if _, ok := geoOf("x", "copy", rows); ok {
		t.Errorf("geoOf over no rows reported a line")
	}
}

// TestCoverage checks that every encoding the bench covers has languages
// and an x/text codec, and that the corpus README's table is complete.
func TestCoverage(t *testing.T) {
	all := names()
	if len(all) != 38 {
		t.Errorf("bench covers %d encodings, want the Standard's 40 minus replacement and x-user-defined", len(all))
	}
	pairs := 0
	for _, name := range all {
		langs, picked := languagesFor(name)
		if len(langs) == 0 {
			t.Errorf("%s: no languages", name)
		}
		if !picked {
			pairs += len(langs)
		}
		if xtextEncodings[name] == nil {
			t.Errorf("%s: no x/text codec", name)
		}
	}
	// The corpus README: "(70 language/encoding pairs.)"
	if pairs != 70 {
		t.Errorf("%d language/encoding pairs from the corpus README's table, want 70", pairs)
	}
}

// TestRunSmall runs the bench on two small selections and checks the
// table and the JSON have the rows asked for.
func TestRunSmall(t *testing.T) {
	dir := specdata.Corpus(t)
	var out, errb bytes.Buffer
	st := run([]string{"-corpus", dir, "-rounds", "1", "-mintime", time.Millisecond.String(), "-run", "^windows-1252/en/|^memmove/en/"}, &out, &errb)
	if st != 0 {
		t.Fatalf("exit %d, stderr: %s", st, errb.String())
	}
	for _, want := range []string{"windows-1252    en       decode", "windows-1252    en       encode", "memmove         en       copy", "windows-1252    geomean  decode", "all             geomean  both"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	st = run([]string{"-corpus", dir, "-rounds", "1", "-mintime", "1ms", "-run", "^KOI8-R/", "-json"}, &out, &errb)
	if st != 0 {
		t.Fatalf("exit %d, stderr: %s", st, errb.String())
	}
	var rep report
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out.String())
	}
	if len(rep.Results) != 2 || rep.Results[0].Encoding != "KOI8-R" || rep.Results[0].Webenc <= 0 || rep.Results[0].Xtext <= 0 {
		t.Errorf("JSON results: %+v", rep.Results)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"-rounds", "0"}, {"-run", "("}, {"extra"}, {"-nosuchflag"}} {
		var out, errb bytes.Buffer
		if st := run(args, &out, &errb); st != 2 {
			t.Errorf("run(%q) = %d, want 2; stderr: %s", args, st, errb.String())
		}
	}
}

// TestCorpusREADMETable checks the table of languages per legacy encoding
// that the bench (and internal/benchdata) use, specdata.Languages,
// against the corpus README's, which it transcribes.
func TestCorpusREADMETable(t *testing.T) {
	dir := specdata.Corpus(t)
	readme, err := os.ReadFile(filepath.Join(filepath.Dir(dir), "README.md"))
	if err != nil {
		specdata.Missing(t, "the corpus README ("+err.Error()+")", filepath.Dir(dir), "WEBENC_CORPUS")
	}
	got := map[string][]string{}
	for _, line := range strings.Split(string(readme), "\n") {
		cells := strings.Split(strings.Trim(line, "| "), "|")
		if !strings.HasPrefix(line, "|") || len(cells) != 2 || strings.HasPrefix(cells[0], "-") || strings.TrimSpace(cells[0]) == "file" {
			continue
		}
		for _, enc := range strings.Split(cells[1], ",") {
			for _, lang := range strings.Split(cells[0], ",") {
				e := strings.TrimSpace(enc)
				got[e] = append(got[e], strings.TrimSpace(lang))
			}
		}
	}
	if len(got) == 0 {
		t.Fatal("no table found in the corpus README")
	}
	for enc, langs := range got {
		slices.Sort(langs)
		if want := specdata.Languages[enc]; !slices.Equal(langs, want) {
			t.Errorf("%s: README lists %q, specdata.Languages has %q", enc, langs, want)
		}
	}
	for enc := range specdata.Languages {
		if got[enc] == nil {
			t.Errorf("%s: in specdata.Languages, not in the README", enc)
		}
	}
}

// TestEveryEncodingMeasurable checks that no encoding would be skipped:
// webenc provides each one and its inputs can be prepared from the corpus.
func TestEveryEncodingMeasurable(t *testing.T) {
	dir := specdata.Corpus(t)
	c := &corpus{dir: dir, files: map[string][]byte{}}
	for _, name := range names() {
		e, err := htmlindex.Get(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		langs, _ := languagesFor(name)
		s, err := prepare(c, e, langs[0])
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(s.decode) == 0 || len(s.encode) == 0 || s.encSize == 0 {
			t.Errorf("%s/%s: empty inputs", name, langs[0])
		}
	}
}

// ersPath is encoding_rs's batch helper as ../shared/peers/encoding_rs
// builds it, or $WEBENC_ERS.
func ersPath(t *testing.T) string {
	return helperPath(t, "WEBENC_ERS", "/tmp/ers-peer/target-simd/release/ers", "encoding_rs")
}

// helperPath returns $env, else def, skipping the test if no peer helper
// is there.
func helperPath(t *testing.T, env, def, peer string) string {
	p := os.Getenv(env)
	if p == "" {
		p = def
	}
	if _, err := os.Stat(p); err != nil {
		t.Skipf("%s's helper not built: %v", peer, err)
	}
	return p
}

// TestRunErs runs the bench with -ers on a small selection and checks the
// encoding_rs columns, the input check and the summary.
func TestRunErs(t *testing.T) {
	dir := specdata.Corpus(t)
	ers := ersPath(t)
	var out, errb bytes.Buffer
	st := run([]string{"-corpus", dir, "-rounds", "1", "-mintime", "1ms", "-run", "^(KOI8-R|UTF-16BE)/ru/", "-ers", ers}, &out, &errb)
	if st != 0 {
		t.Fatalf("exit %d, stderr: %s", st, errb.String())
	}
	for _, want := range []string{"ratio         ers    w/ers", "Summary:", "decode w/ers", "KOI8-R              1", "UTF-16BE            1", "all                 2"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	st = run([]string{"-corpus", dir, "-rounds", "1", "-mintime", "1ms", "-run", "^ISO-2022-JP/", "-ers", ers, "-json"}, &out, &errb)
	if st != 0 {
		t.Fatalf("exit %d, stderr: %s", st, errb.String())
	}
	var rep report
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out.String())
	}
	if len(rep.Results) != 2 || rep.Ers != ers {
		t.Fatalf("JSON: %+v", rep)
	}
	for _, r := range rep.Results {
		if r.Ers <= 0 || math.Abs(r.ErsRatio-r.Webenc/r.Ers) > 1e-9 {
			t.Errorf("encoding_rs column: %+v", r)
		}
	}
}

func TestErsNotAPeer(t *testing.T) {
	dir := specdata.Corpus(t)
	var out, errb bytes.Buffer
	if st := run([]string{"-corpus", dir, "-run", "^KOI8-R/", "-ers", "/bin/true"}, &out, &errb); st != 1 || !strings.Contains(errb.String(), "-ers") {
		t.Errorf("-ers /bin/true: exit %d, stderr %q", st, errb.String())
	}
}

func TestFormatErs(t *testing.T) {
	r := result{Encoding: "KOI8-R", Lang: "ru", Direction: "decode", Bytes: 10, Webenc: 100, Xtext: 50, Ratio: 2, Ers: 400, ErsRatio: 0.25}
	want := "KOI8-R          ru       decode         10       100.0        50.0    2.00x       400.0    0.25x"
	if got := formatResult(r); got != want {
		t.Errorf("formatResult:\n got %q\nwant %q", got, want)
	}
	if got, want := formatHeader(true, false), "encoding        lang     dir         bytes      webenc      x/text    ratio         ers    w/ers"; got != want {
		t.Errorf("formatHeader(true, false):\n got %q\nwant %q", got, want)
	}
	if got := formatHeader(false, false); got != formatRow(header) {
		t.Errorf("formatHeader(false, false) = %q", got)
	}
}

// TestRunSets runs -paths, -short and -mislabeled on small selections.
func TestRunSets(t *testing.T) {
	dir := specdata.Corpus(t)
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"-paths", "-run", "^KOI8-R/ru/"}, []string{"Transform       Bytes/T      Append/T   NewReader/T     charset/T", "KOI8-R          ru       decode", "KOI8-R          ru       encode", "all             geomean  encode", "Reproduce: go run ./bench -paths"}},
		{[]string{"-short", "-run", "^(KOI8-R|UTF-16BE)/"}, []string{"Bytes w/x  Append w/x", "KOI8-R          ru   ", "UTF-16BE", "256 bytes: Bytes w/x geomean"}},
		{[]string{"-mislabeled", "-run", "/ru/(KOI8-R|UTF-8)\\.txt"}, []string{"UTF-8           ru       KOI8-R.txt", "KOI8-R          ru       UTF-8.txt", "legacy as UTF-8, txt  geomean", "lowest webenc/x/text"}},
	} {
		var out, errb bytes.Buffer
		args := append([]string{"-corpus", dir, "-rounds", "1", "-mintime", "1ms"}, tc.args...)
		if st := run(args, &out, &errb); st != 0 {
			t.Fatalf("%q: exit %d, stderr: %s", tc.args, st, errb.String())
		}
		for _, w := range tc.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%q: output lacks %q:\n%s", tc.args, w, out.String())
			}
		}
	}
	var out, errb bytes.Buffer
	if st := run([]string{"-corpus", dir, "-rounds", "1", "-mintime", "1ms", "-mislabeled", "-run", "/ru/KOI8-R.txt", "-json"}, &out, &errb); st != 0 {
		t.Fatalf("exit %d: %s", st, errb.String())
	}
	var rep report
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil || len(rep.Mislabeled) != 1 || rep.Mislabeled[0].Xtext <= 0 {
		t.Errorf("-mislabeled -json: %v, %+v", err, rep.Mislabeled)
	}
}

func TestCutText(t *testing.T) {
	e, _ := htmlindex.Get("Shift_JIS")
	got := cutText(e, []byte("日本語abc"), 5)
	if string(got) != "\x93\xfa\x96\x7b" {
		t.Errorf("cutText = % X", got)
	}
}
