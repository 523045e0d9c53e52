// Command bench compares the throughput of webenc's codecs with
// golang.org/x/text's on the benchmark corpus, in one process, interleaved.
//
// Usage (from the module root):
//
//	go run ./bench [-corpus DIR] [-rounds N] [-mintime D] [-fastest] [-run REGEXP] [-json] [-cpuprofile FILE] [-ers PATH] [-simdutf PATH]
//	               [-paths] [-short] [-mislabeled] [-detect] [-detect-dump FILE] [-fix]
//
// A full run takes about a minute on a 2-core machine.
//
// For every encoding of the WHATWG Encoding Standard except replacement and
// x-user-defined, it takes the corpus texts of the encoding's languages (the
// corpus README maps languages to encodings; UTF-8 and UTF-16 use all of
// them; encodings the README does not list get a language the bench picks)
// and prepares them as the README says: the decode input is LANG.html
// encoded in the encoding in html mode; the encode input is LANG.txt encoded
// the same way and decoded back to UTF-8. It then measures decoding and
// encoding with webenc and with x/text's codec for the same encoding
// (charmap, japanese, korean, simplifiedchinese, traditionalchinese,
// unicode), alternating the two in every round, and reports the median of
// the rounds in MB/s of the legacy-encoded size (10^6 bytes per second),
// with the ratio webenc/x/text and geometric means per encoding and
// overall. The memmove rows (a copy of each language's UTF-8 page) give the
// ceiling.
//
// The corpus is -corpus (the folder of LANG.html and LANG.txt, or its
// parent holding them in wikipedia/), else $WEBENC_CORPUS, else
// ../shared/corpus/wikipedia relative to the module root. -run selects the
// rows whose "ENCODING/LANG/DIRECTION" matches the regular expression (e.g.
// -run 'Shift_JIS|EUC-JP', -run '/ja/', -run 'windows-1252/de/decode',
// -run memmove). -json prints the results as JSON instead of the table.
// -detect runs the encoding-detection accuracy report instead (-detect-dump
// FILE writes every detection answer on the evaluation sets, to cmp two
// builds); -fix runs
// the mojibake repair report (package mojibake: rates per chain, speed on
// the clean pages). -fastest
// reports the fastest round instead of the median, for a busy machine.
//
// -ers PATH adds encoding_rs (Firefox's implementation of the Standard) as a
// third column: PATH is its batch helper, built by
// ../shared/peers/encoding_rs/build.sh (which prints the path). The bench
// checks that the helper prepares the same inputs as webenc (the inputs
// `ers bench` measures), then times encoding_rs with the helper's T op (its
// own loop, in its own process) in the same interleaved rounds as webenc and
// x/text, and prints webenc/encoding_rs per case, the geometric means per
// encoding and overall, and a summary of the ratios.
//
// -simdutf PATH adds simdutf (the fastest published SIMD transcoder) the
// same way, where its work equals webenc's: UTF-8 (validation and a copy)
// and UTF-16LE/BE both ways, checked to give webenc's output; and
// windows-1252 as a bound (simdutf converts Latin-1, whose mapping differs
// at 0x80–0x9F). PATH is its helper, built by
// ../shared/peers/simdutf/build.sh. Its overall means leave the bound out.
//
// -paths, -short and -mislabeled run other sets instead of the main table
// (any combination, in that order; -run filters their rows too):
//
//   - -paths: on the main table's inputs, the ways users call a codec
//     besides Transform: e.NewDecoder().Bytes (e.NewEncoder().Bytes),
//     whatwg.AppendDecode (AppendEncode) into a reused dst,
//     transform.NewReader + io.Copy, and charset.NewReader + io.Copy of the
//     page with "text/html; charset=NAME". Each is given as a ratio to
//     webenc's Transform and to x/text's same path (x/net's html/charset
//     for charset.NewReader; x/text's Bytes for the append functions).
//     The ratios are paired: each round runs every path in turn 32
//     times for a 32nd of -mintime and keeps each path's fastest
//     slice, and a ratio is the median over the rounds of the ratio of
//     that round's two times (the MB/s column is the median, or with
//     -fastest the fastest, of the rounds' times).
//   - -short: decoding strings of 16, 64 and 256 bytes cut from the middle
//     of LANG.txt: nanoseconds per call (the fastest of the rounds, not
//     the median) of e.NewDecoder().Bytes and AppendDecode, and x/text's
//     e.NewDecoder().Bytes time over each. Rows are "ENCODING/LANG/SIZE".
//   - -mislabeled: each language's legacy bytes (LANG.txt and LANG.html
//     encoded in each of its legacy encodings, html mode) decoded as UTF-8,
//     and its UTF-8 decoded with each of its legacy decoders, with
//     webenc/x/text (and webenc/encoding_rs with -ers) per case and
//     geometric means. Rows are "DECODER/LANG/INPUT.DOC", e.g.
//     "UTF-8/ru/windows-1251.txt" or "Shift_JIS/ja/UTF-8.html".
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime/pprof"
	"time"

	"github.com/webenc/webenc/internal/specdata"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// options are the command-line settings.
type options struct {
	corpus  string
	rounds  int
	minTime time.Duration
	filter  *regexp.Regexp
	jsonOut bool
	ers     string // encoding_rs's batch helper, "" for none
	simdutf string // simdutf's batch helper, "" for none

	paths, short, mislabeled bool // the sets run instead of the main table
	fastest                  bool // report the fastest round, not the median
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	corpus := fs.String("corpus", "", "the corpus folder `DIR` holding LANG.html and LANG.txt (default $WEBENC_CORPUS, else ../shared/corpus/wikipedia from the module root)")
	rounds := fs.Int("rounds", 5, "the number `N` of measurement rounds (the median is reported)")
	minTime := fs.Duration("mintime", 20*time.Millisecond, "the minimum `duration` of one measurement (it repeats the conversion)")
	runRE := fs.String("run", "", "only the rows whose ENCODING/LANG/DIRECTION matches `REGEXP`")
	jsonOut := fs.Bool("json", false, "print JSON instead of the table")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile to `FILE`")
	ers := fs.String("ers", "", "also time encoding_rs with its batch helper at `PATH` (e.g. -ers $(../shared/peers/encoding_rs/build.sh)), interleaved with webenc and x/text; adds webenc/encoding_rs ratios per case, per encoding and overall")
	simdutf := fs.String("simdutf", "", "also time simdutf with its batch helper at `PATH` (e.g. -simdutf $(../shared/peers/simdutf/build.sh)) on UTF-8 and UTF-16 (the same work) and windows-1252 (Latin-1, a bound), interleaved; adds webenc/simdutf ratios (main table only)")
	paths := fs.Bool("paths", false, "instead of the main table, time the other ways of calling a codec on the same inputs: e.NewDecoder().Bytes, AppendDecode/AppendEncode (reused dst), transform.NewReader + io.Copy and charset.NewReader + io.Copy, as ratios to Transform and beside x/text's (x/net's) same path; each ratio is the median over rounds of one round's ratio, every path timed in turn in 32 slices a round (its fastest slice kept)")
	short := fs.Bool("short", false, "instead of the main table, time decoding 16-, 64- and 256-byte strings: e.NewDecoder().Bytes and AppendDecode against x/text's e.NewDecoder().Bytes")
	mislabeled := fs.Bool("mislabeled", false, "instead of the main table, time mislabeled input: each language's legacy bytes (LANG.txt, LANG.html) decoded as UTF-8 and its UTF-8 decoded with each of its legacy decoders (with -ers, encoding_rs too)")
	fastest := fs.Bool("fastest", false, "report the fastest of the rounds instead of the median (on a busy machine, where other processes only ever add time; -short always does)")
	detect := fs.Bool("detect", false, "run the encoding-detection accuracy report instead of the throughput benchmark")
	detectDump := fs.String("detect-dump", "", "write every detection answer on the evaluation sets (both sets, mid-character windows, several hints, one-shot and chunked) to `FILE`, one line a sample and hint, to cmp two builds")
	fix := fs.Bool("fix", false, "run the mojibake repair report instead: exact repairs per mix-up chain (tuned and held-back parts) and mojibake.Fix's speed on the clean pages")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: go run ./bench [flags]\n\nCompares the decode and encode throughput of webenc and x/text on the corpus.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "bench: unexpected arguments %q\n", fs.Args())
		return 2
	}
	if *rounds < 1 {
		fmt.Fprintln(stderr, "bench: -rounds must be at least 1")
		return 2
	}
	opt := options{rounds: *rounds, minTime: *minTime, jsonOut: *jsonOut, ers: *ers, simdutf: *simdutf, paths: *paths, short: *short, mislabeled: *mislabeled, fastest: *fastest}
	if *runRE != "" {
		re, err := regexp.Compile(*runRE)
		if err != nil {
			fmt.Fprintf(stderr, "bench: -run: %v\n", err)
			return 2
		}
		opt.filter = re
	}
	dir, err := corpusDir(*corpus)
	if err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 1
	}
	opt.corpus = dir

	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintf(stderr, "bench: %v\n", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(stderr, "bench: %v\n", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}

	if *fix {
		if err := runFix(dir, stdout, *rounds, *minTime); err != nil {
			fmt.Fprintf(stderr, "bench: %v\n", err)
			return 1
		}
		return 0
	}

	if *detectDump != "" {
		if err := runDetectDump(dir, *detectDump); err != nil {
			fmt.Fprintf(stderr, "bench: %v\n", err)
			return 1
		}
		return 0
	}

	if *detect {
		if err := runDetect(dir, stdout, *jsonOut); err != nil {
			fmt.Fprintf(stderr, "bench: %v\n", err)
			return 1
		}
		return 0
	}

	rep, err := benchmark(opt, stdout, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 1
	}
	if opt.jsonOut {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(stderr, "bench: %v\n", err)
			return 1
		}
	}
	return 0
}

// corpusDir finds the corpus folder.
func corpusDir(flagDir string) (string, error) {
	dir := flagDir
	if dir == "" {
		d, ok := specdata.CorpusDir()
		if !ok {
			if d == "" {
				return "", fmt.Errorf("corpus not found: run from the module, or give -corpus DIR or $WEBENC_CORPUS")
			}
			return "", fmt.Errorf("corpus not found at %s: give -corpus DIR or set $WEBENC_CORPUS", d)
		}
		dir = d
	}
	if _, err := os.Stat(filepath.Join(dir, "en.html")); err != nil {
		// The corpus folder itself ("-corpus ../shared/corpus") holds the
		// texts in wikipedia/.
		if sub := filepath.Join(dir, "wikipedia"); flagDir != "" {
			if _, err := os.Stat(filepath.Join(sub, "en.html")); err == nil {
				return sub, nil
			}
		}
		return "", fmt.Errorf("%s does not look like the corpus (no en.html): %v", dir, err)
	}
	return dir, nil
}

// report is the whole result, as -json prints it.
type report struct {
	Go      string   `json:"go"`
	GOARCH  string   `json:"goarch"`
	CPU     string   `json:"cpu"`     // the model name in /proc/cpuinfo
	Kernels string   `json:"kernels"` // the level of vector kernels (whatwg/internal/simd)
	Corpus  string   `json:"corpus"`
	Rounds  int      `json:"rounds"`
	Ers     string   `json:"ers,omitempty"`     // encoding_rs's batch helper, with -ers
	Simdutf string   `json:"simdutf,omitempty"` // simdutf's helper and version, with -simdutf
	Results []result `json:"results"`
	// The -paths, -short and -mislabeled sets.
	Paths      []pathRow  `json:"paths,omitempty"`
	Short      []shortRow `json:"short,omitempty"`
	Mislabeled []result   `json:"mislabeled,omitempty"`
	Geomean    []geoLine  `json:"geomean"`
	Skipped    []skipped  `json:"skipped,omitempty"`
}

// result is one row: one encoding, language and direction.
type result struct {
	Encoding  string  `json:"encoding"`
	Lang      string  `json:"lang"`
	Direction string  `json:"direction"` // "decode", "encode" or "copy" (memmove)
	Bytes     int     `json:"bytes"`     // legacy-encoded size
	Webenc    float64 `json:"webenc_mbps"`
	Xtext     float64 `json:"xtext_mbps,omitempty"`
	Ratio     float64 `json:"ratio,omitempty"`
	Ers       float64 `json:"ers_mbps,omitempty"`      // encoding_rs, with -ers
	ErsRatio  float64 `json:"ratio_ers,omitempty"`     // webenc / encoding_rs
	Simdutf   float64 `json:"simdutf_mbps,omitempty"`  // simdutf, with -simdutf
	SimdRatio float64 `json:"ratio_simdutf,omitempty"` // webenc / simdutf
	// SimdBound is set where simdutf's work only bounds webenc's
	// (windows-1252 timed as Latin-1).
	SimdBound bool   `json:"simdutf_bound,omitempty"`
	Note      string `json:"note,omitempty"`
	// Picked is set when the corpus README lists no language for the
	// encoding and the bench picked Lang.
	Picked bool `json:"language_picked,omitempty"`
}

// geoLine is a geometric mean over rows.
type geoLine struct {
	Encoding  string  `json:"encoding"` // "all" for the overall lines
	Direction string  `json:"direction"`
	Rows      int     `json:"rows"`
	Webenc    float64 `json:"webenc_mbps"`
	Xtext     float64 `json:"xtext_mbps,omitempty"`
	Ratio     float64 `json:"ratio,omitempty"`
	Ers       float64 `json:"ers_mbps,omitempty"`
	ErsRatio  float64 `json:"ratio_ers,omitempty"`
	Simdutf   float64 `json:"simdutf_mbps,omitempty"`
	SimdRatio float64 `json:"ratio_simdutf,omitempty"`
	SimdBound bool    `json:"simdutf_bound,omitempty"` // over bound rows only
}

// skipped is an encoding the bench could not measure.
type skipped struct {
	Encoding string `json:"encoding"`
	Reason   string `json:"reason"`
}

// setFlags are the flags that selected the sets, for the Reproduce line.
func setFlags(opt options) []string {
	var f []string
	for _, x := range []struct {
		on   bool
		flag string
	}{{opt.paths, "-paths"}, {opt.short, "-short"}, {opt.mislabeled, "-mislabeled"}, {opt.fastest, "-fastest"}, {opt.ers != "", "-ers $(../shared/peers/encoding_rs/build.sh)"}, {opt.simdutf != "", "-simdutf $(../shared/peers/simdutf/build.sh)"}} {
		if x.on {
			f = append(f, x.flag)
		}
	}
	return f
}
