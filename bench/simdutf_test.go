package main

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/webenc/webenc/internal/specdata"
)

func TestSimdutfWork(t *testing.T) {
	for _, tc := range []struct {
		name           string
		covered, bound bool
	}{
		{"UTF-8", true, false},
		{"UTF-16LE", true, false},
		{"UTF-16BE", true, false},
		{"windows-1252", true, true},
		{"ISO-8859-1", false, false}, // not an encoding name of the Standard
		{"windows-1250", false, false},
		{"Shift_JIS", false, false},
	} {
		if c, b := simdutfWork(tc.name); c != tc.covered || b != tc.bound {
			t.Errorf("simdutfWork(%q) = %v, %v; want %v, %v", tc.name, c, b, tc.covered, tc.bound)
		}
	}
}

// TestGeoOfSimdutf checks that an encoding's own line gives its bound and
// that a line over rows of the same work leaves bounds out.
func TestGeoOfSimdutf(t *testing.T) {
	rows := []result{
		{Encoding: "UTF-8", Direction: "decode", Webenc: 100, Simdutf: 50, SimdRatio: 2},
		{Encoding: "UTF-8", Direction: "decode", Webenc: 100, Simdutf: 200, SimdRatio: 0.5},
		{Encoding: "UTF-8", Direction: "encode", Webenc: 100, Simdutf: 25, SimdRatio: 4},
		{Encoding: "windows-1252", Direction: "decode", Webenc: 100, Simdutf: 1000, SimdRatio: 0.1, SimdBound: true},
		{Encoding: "KOI8-R", Direction: "decode", Webenc: 100},
	}
	g, _ := geoOf("all", "decode", rows)
	if g.Rows != 4 || g.SimdBound || math.Abs(g.SimdRatio-1) > 1e-9 || math.Abs(g.Simdutf-100) > 1e-9 {
		t.Errorf("all decode: %+v; want the two UTF-8 rows only (ratio 1, 100 MB/s)", g)
	}
	g, _ = geoOf("all", "", rows)
	if g.SimdBound || math.Abs(g.SimdRatio-math.Cbrt(4)) > 1e-9 {
		t.Errorf("all: %+v; want ratio cbrt(4) over the UTF-8 rows", g)
	}
	g, _ = geoOf("windows-1252", "decode", rows[3:4])
	if !g.SimdBound || math.Abs(g.SimdRatio-0.1) > 1e-9 {
		t.Errorf("windows-1252 decode: %+v; want the bound 0.1", g)
	}
	g, _ = geoOf("KOI8-R", "decode", rows[4:])
	if g.SimdBound || g.Simdutf != 0 || g.SimdRatio != 0 {
		t.Errorf("KOI8-R decode: %+v; want no simdutf figures", g)
	}
}

func TestFormatSimdutf(t *testing.T) {
	r := result{Encoding: "UTF-16LE", Lang: "de", Direction: "decode", Bytes: 10, Webenc: 100, Xtext: 50, Ratio: 2, Ers: 400, ErsRatio: 0.25, Simdutf: 80, SimdRatio: 1.25}
	want := "UTF-16LE        de       decode         10       100.0        50.0    2.00x       400.0    0.25x        80.0    1.25x"
	if got := formatResult(r); got != want {
		t.Errorf("formatResult:\n got %q\nwant %q", got, want)
	}
	if got, want := formatHeader(true, true), "encoding        lang     dir         bytes      webenc      x/text    ratio         ers    w/ers     simdutf   w/simd"; got != want {
		t.Errorf("formatHeader(true, true):\n got %q\nwant %q", got, want)
	}
	if got, want := formatHeader(false, true), "encoding        lang     dir         bytes      webenc      x/text    ratio     simdutf   w/simd"; got != want {
		t.Errorf("formatHeader(false, true):\n got %q\nwant %q", got, want)
	}
	g := geoLine{Encoding: "windows-1252", Direction: "decode", Webenc: 100, Xtext: 50, Ratio: 2, Simdutf: 200, SimdRatio: 0.5, SimdBound: true}
	want = "windows-1252    geomean  decode                  100.0        50.0    2.00x       200.0    0.50x  (simdutf: Latin-1, a bound)"
	if got := formatGeo(g); got != want {
		t.Errorf("formatGeo:\n got %q\nwant %q", got, want)
	}
}

func TestSummarySimdutf(t *testing.T) {
	rep := &report{Geomean: []geoLine{
		{Encoding: "windows-1252", Direction: "decode", Rows: 4, Ratio: 30, ErsRatio: 2.5, SimdRatio: 0.86, SimdBound: true},
		{Encoding: "windows-1252", Direction: "encode", Rows: 4, Ratio: 19, ErsRatio: 4.1},
		{Encoding: "UTF-8", Direction: "decode", Rows: 16, Ratio: 35, ErsRatio: 1.3, SimdRatio: 0.9},
		{Encoding: "UTF-8", Direction: "encode", Rows: 16, Ratio: 30, ErsRatio: 6.2, SimdRatio: 1.1},
	}}
	var out bytes.Buffer
	rep.summary(&out, true)
	for _, want := range []string{
		"encoding        cases  decode w/ers  encode w/ers  decode w/x  encode w/x  decode w/simd  encode w/simd\n",
		"windows-1252        4         2.50x         4.10x      30.00x      19.00x          0.86x              -  (simdutf: Latin-1, a bound)\n",
		"UTF-8              16         1.30x         6.20x      35.00x      30.00x          0.90x          1.10x\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	rep.summary(&out, false)
	if strings.Contains(out.String(), "simd ") || !strings.Contains(out.String(), "UTF-8              16         1.30x         6.20x      35.00x      30.00x\n") {
		t.Errorf("summary without simdutf:\n%s", out.String())
	}
}

// simdutfPath is simdutf's helper as ../shared/peers/simdutf builds it, or
// $WEBENC_SIMDUTF.
func simdutfPath(t *testing.T) string {
	return helperPath(t, "WEBENC_SIMDUTF", "/tmp/simdutf-peer/simdutf-helper", "simdutf")
}

// TestRunSimdutf runs the bench with -simdutf on UTF-16BE (the same work,
// checked) and windows-1252 (a bound; its encoder's input holds characters
// Latin-1 lacks, which simdutf rejects).
func TestRunSimdutf(t *testing.T) {
	dir := specdata.Corpus(t)
	helper := simdutfPath(t)
	var out, errb bytes.Buffer
	st := run([]string{"-corpus", dir, "-rounds", "1", "-mintime", "1ms", "-run", "^(UTF-16BE|windows-1252|KOI8-R)/(de|ru)/", "-simdutf", helper, "-json"}, &out, &errb)
	if st != 0 {
		t.Fatalf("exit %d, stderr: %s", st, errb.String())
	}
	var rep report
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out.String())
	}
	if !strings.HasPrefix(rep.Simdutf, helper+": simdutf ") {
		t.Errorf("report's simdutf = %q", rep.Simdutf)
	}
	seen := map[string]bool{}
	for _, r := range rep.Results {
		key := r.Encoding + "/" + r.Direction
		seen[key] = true
		switch {
		case r.Encoding == "UTF-16BE":
			if r.Simdutf <= 0 || r.SimdBound || math.Abs(r.SimdRatio-r.Webenc/r.Simdutf) > 1e-9 {
				t.Errorf("%s/%s: %+v", key, r.Lang, r)
			}
		case key == "windows-1252/decode":
			if r.Simdutf <= 0 || !r.SimdBound || !strings.Contains(r.Note, simdutfNote) {
				t.Errorf("%s/%s: %+v", key, r.Lang, r)
			}
		case key == "windows-1252/encode":
			if r.Simdutf != 0 || !strings.Contains(r.Note, "simdutf rejects the input") {
				t.Errorf("%s/%s: %+v (de.txt holds characters Latin-1 lacks)", key, r.Lang, r)
			}
		default:
			if r.Simdutf != 0 || r.SimdBound {
				t.Errorf("%s/%s: simdutf timed where it does not cover the encoding: %+v", key, r.Lang, r)
			}
		}
	}
	if len(seen) != 6 {
		t.Errorf("rows: %v; want decode and encode of UTF-16BE, windows-1252 and KOI8-R", seen)
	}
	for _, g := range rep.Geomean {
		if g.Encoding == "all" && (g.SimdBound || g.Simdutf <= 0) {
			t.Errorf("overall line %+v: want UTF-16BE's simdutf figures, no bound", g)
		}
	}
	out.Reset()
	if st := run([]string{"-corpus", dir, "-rounds", "1", "-mintime", "1ms", "-run", "^UTF-8/de/decode", "-simdutf", helper}, &out, &errb); st != 0 {
		t.Fatalf("exit %d, stderr: %s", st, errb.String())
	}
	for _, want := range []string{"ratio     simdutf   w/simd", "decode w/simd", "-simdutf $(../shared/peers/simdutf/build.sh)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestSimdutfNotAPeer(t *testing.T) {
	dir := specdata.Corpus(t)
	var out, errb bytes.Buffer
	if st := run([]string{"-corpus", dir, "-run", "^UTF-8/", "-simdutf", "/bin/true"}, &out, &errb); st != 1 || !strings.Contains(errb.String(), "-simdutf /bin/true: not simdutf's helper") {
		t.Errorf("-simdutf /bin/true: exit %d, stderr %q", st, errb.String())
	}
}
