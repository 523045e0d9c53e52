// Package fixeval builds the evaluation corpus of package mojibake from
// the Wikipedia and UDHR corpora: clean lines of every language and the
// same lines through each mix-up chain, split deterministically into a
// tuning part and a held-back part. The tests of package mojibake and
// `go run ./bench -fix` share it.
package fixeval

import (
	"bufio"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/mojibake"
	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/singlebyte"
)

// Sample is one clean line of one language.
type Sample struct {
	Lang string // "wiki/fr", "udhr/fra"
	ID   int    // its number within the language
	Text string
	// Held is true for the held-back part (a quarter of the samples,
	// by a hash of Lang and ID), which no tuning may look at.
	Held bool
}

// Case is a sample through one chain.
type Case struct {
	Sample
	Chain     string
	Corrupted string
}

// Per-language sample counts.
const (
	perWiki = 40
	perUDHR = 8
)

// Samples reads the clean lines: perWiki of each Wikipedia text and
// perUDHR of each UDHR text in wikiDir/../udhr, spread evenly over the
// lines of 40–400 bytes that hold a non-ASCII letter.
func Samples(wikiDir string) ([]Sample, error) {
	var out []Sample
	wiki, err := filepath.Glob(filepath.Join(wikiDir, "*.txt"))
	if err != nil {
		return nil, err
	}
	for _, p := range wiki {
		name := strings.TrimSuffix(filepath.Base(p), ".txt")
		if name == "sources" || strings.Contains(name, "-") {
			continue
		}
		s, err := linesOf(p, "wiki/"+name, perWiki)
		if err != nil {
			return nil, err
		}
		out = append(out, s...)
	}
	udhrDir := filepath.Join(wikiDir, "..", "udhr")
	udhr, err := filepath.Glob(filepath.Join(udhrDir, "*.txt"))
	if err != nil {
		return nil, err
	}
	if len(udhr) == 0 {
		return nil, fmt.Errorf("fixeval: no UDHR texts in %s", udhrDir)
	}
	for _, p := range udhr {
		s, err := linesOf(p, "udhr/"+strings.TrimSuffix(filepath.Base(p), ".txt"), perUDHR)
		if err != nil {
			return nil, err
		}
		out = append(out, s...)
	}
	return out, nil
}

// Files returns the clean texts whole (every Wikipedia .txt and .html and
// every UDHR text), by name.
func Files(wikiDir string) (map[string]string, error) {
	out := map[string]string{}
	var paths []string
	for _, pat := range []string{filepath.Join(wikiDir, "*.txt"), filepath.Join(wikiDir, "*.html"), filepath.Join(wikiDir, "..", "udhr", "*.txt")} {
		m, err := filepath.Glob(pat)
		if err != nil {
			return nil, err
		}
		paths = append(paths, m...)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		out[filepath.Base(filepath.Dir(p))+"/"+filepath.Base(p)] = string(b)
	}
	return out, nil
}

func linesOf(path, lang string, n int) ([]Sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if len(l) >= 40 && len(l) <= 400 && utf8.ValidString(l) && hasNonASCIILetter(l) {
			lines = append(lines, l)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	var out []Sample
	for i := 0; i < n && i < len(lines); i++ {
		s := Sample{Lang: lang, ID: i, Text: lines[i*len(lines)/min(n, len(lines))]}
		h := fnv.New32a()
		fmt.Fprintf(h, "%s/%d", lang, i)
		s.Held = h.Sum32()%4 == 0
		out = append(out, s)
	}
	return out, nil
}

func hasNonASCIILetter(s string) bool {
	for _, r := range s {
		if r >= utf8.RuneSelf && unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// Chain is one way text gets mangled.
type Chain struct {
	Name string
	// Apply returns the mangled text, or false when the chain does not
	// apply to s or loses information (a decoder error).
	Apply func(s Sample) (string, bool)
}

// Chains lists the mix-up chains, in report order.
var Chains = []Chain{
	{"UTF-8 as windows-1252", utf8As(singlebyte.Windows1252)},
	{"UTF-8 as ISO-8859-1 (C1)", func(s Sample) (string, bool) { return latin1(s.Text), true }},
	{"UTF-8 as macintosh", utf8As(singlebyte.Macintosh)},
	{"UTF-8 as windows-1251", utf8As(singlebyte.Windows1251)},
	{"UTF-8 as windows-1250", utf8As(singlebyte.Windows1250)},
	{"UTF-8 as windows-1253", utf8As(singlebyte.Windows1253)},
	{"UTF-8 as ISO-8859-2", utf8As(singlebyte.ISO8859_2)},
	{"UTF-8 as ISO-8859-15", utf8As(singlebyte.ISO8859_15)},
	{"UTF-8 as windows-1252 twice", nested(2)},
	{"UTF-8 as windows-1252 three times", nested(3)},
	{"spans as windows-1252", spans},
	{"windows-1252, C1 dropped", c1Dropped},
	{"legacy as windows-1252", legacyAs(false)},
	{"legacy as ISO-8859-1 (C1)", legacyAs(true)},
}

func decode(e encoding.Encoding, b []byte) (string, bool) {
	out, hadErrors := whatwg.AppendDecode(nil, e, b)
	return string(out), !hadErrors
}

func utf8As(e encoding.Encoding) func(Sample) (string, bool) {
	return func(s Sample) (string, bool) { return decode(e, []byte(s.Text)) }
}

// latin1 decodes s's bytes as ISO-8859-1 outside the Standard does: each
// byte is the code point of its value.
func latin1(s string) string {
	r := make([]rune, len(s))
	for i := 0; i < len(s); i++ {
		r[i] = rune(s[i])
	}
	return string(r)
}

func nested(n int) func(Sample) (string, bool) {
	return func(s Sample) (string, bool) {
		t := s.Text
		for range n {
			var ok bool
			if t, ok = decode(singlebyte.Windows1252, []byte(t)); !ok {
				return "", false
			}
		}
		return t, true
	}
}

// spans mangles one or two of the words holding non-ASCII letters (the
// first, and the last when there are three or more), leaving the rest.
func spans(s Sample) (string, bool) {
	words := strings.Split(s.Text, " ")
	var idx []int
	for i, w := range words {
		if hasNonASCIILetter(w) {
			idx = append(idx, i)
		}
	}
	if len(idx) < 2 {
		return "", false
	}
	pick := []int{idx[0]}
	if len(idx) >= 3 {
		pick = append(pick, idx[len(idx)-1])
	}
	for _, i := range pick {
		w, ok := decode(singlebyte.Windows1252, []byte(words[i]))
		if !ok {
			return "", false
		}
		words[i] = w
	}
	return strings.Join(words, " "), true
}

// c1Dropped is UTF-8 read as windows-1252 with the C1 controls of its
// undefined bytes removed; it applies only where one was.
func c1Dropped(s Sample) (string, bool) {
	t, _ := decode(singlebyte.Windows1252, []byte(s.Text))
	d := strings.Map(func(r rune) rune {
		if r == 0x81 || r == 0x8D || r == 0x8F || r == 0x90 || r == 0x9D {
			return -1
		}
		return r
	}, t)
	return d, d != t
}

// legacyAs encodes a sample in the legacy encoding of its script and
// reads the bytes as windows-1252 (or, with c1, as ISO-8859-1 outside the
// Standard).
func legacyAs(c1 bool) func(Sample) (string, bool) {
	return func(s Sample) (string, bool) {
		e := legacyOf(s)
		if e == nil {
			return "", false
		}
		b, unmappable := whatwg.AppendEncode(nil, e, []byte(s.Text))
		if unmappable {
			return "", false
		}
		if c1 {
			return latin1(string(b)), true
		}
		return decode(singlebyte.Windows1252, b)
	}
}

// legacyOf picks the legacy encoding of a sample's main script (nil for
// Latin and scripts without one).
func legacyOf(s Sample) encoding.Encoding {
	counts := map[string]int{}
	total := 0
	for _, r := range s.Text {
		if r < utf8.RuneSelf || !unicode.IsLetter(r) {
			continue
		}
		total++
		for _, sc := range []string{"Cyrillic", "Greek", "Hebrew", "Arabic", "Thai", "Hiragana", "Katakana", "Han", "Hangul"} {
			if unicode.Is(unicode.Scripts[sc], r) {
				counts[sc]++
			}
		}
	}
	var top string
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if top == "" || counts[k] > counts[top] {
			top = k
		}
	}
	if top == "" || counts[top]*2 < total {
		return nil
	}
	japanese := counts["Hiragana"]+counts["Katakana"] > 0
	switch {
	case top == "Cyrillic":
		return singlebyte.Windows1251
	case top == "Greek":
		return singlebyte.Windows1253
	case top == "Hebrew":
		return singlebyte.Windows1255
	case top == "Arabic":
		return singlebyte.Windows1256
	case top == "Thai":
		return singlebyte.Windows874
	case japanese:
		return cjk.ShiftJIS
	case top == "Han" && strings.HasSuffix(s.Lang, "hant") || strings.HasSuffix(s.Lang, "zh_tw"):
		return cjk.Big5
	case top == "Han":
		return cjk.GBK
	case top == "Hangul":
		return cjk.EUCKR
	}
	return nil
}

// Cases returns every sample through every chain that applies to it and
// changes it.
func Cases(samples []Sample) []Case {
	var out []Case
	for _, ch := range Chains {
		for _, s := range samples {
			c, ok := ch.Apply(s)
			if ok && c != s.Text {
				out = append(out, Case{Sample: s, Chain: ch.Name, Corrupted: c})
			}
		}
	}
	return out
}

// Row is one chain's result on one part.
type Row struct {
	Chain          string
	Tuned, TunedOK int
	Held, HeldOK   int
	Failures       []Case // up to a few, for the report
}

// Evaluate runs fix over the cases and tallies exact repairs per chain.
func Evaluate(cases []Case, fix func(string) string) []Row {
	var rows []Row
	at := map[string]int{}
	for _, c := range cases {
		i, ok := at[c.Chain]
		if !ok {
			i = len(rows)
			at[c.Chain] = i
			rows = append(rows, Row{Chain: c.Chain})
		}
		r := &rows[i]
		good := fix(c.Corrupted) == c.Text
		if c.Held {
			r.Held++
			if good {
				r.HeldOK++
			}
		} else {
			r.Tuned++
			if good {
				r.TunedOK++
			}
		}
		if !good && len(r.Failures) < 12 {
			r.Failures = append(r.Failures, c)
		}
	}
	return rows
}

// Table formats rows as a text table with overall totals.
func Table(rows []Row) string {
	var b strings.Builder
	pct := func(ok, n int) string {
		if n == 0 {
			return "     -"
		}
		return fmt.Sprintf("%5.1f%%", 100*float64(ok)/float64(n))
	}
	var t, tok, h, hok int
	fmt.Fprintf(&b, "%-36s %13s %13s\n", "chain", "tuned", "held back")
	for _, r := range rows {
		fmt.Fprintf(&b, "%-36s %s %6d %s %6d\n", r.Chain, pct(r.TunedOK, r.Tuned), r.Tuned, pct(r.HeldOK, r.Held), r.Held)
		t, tok, h, hok = t+r.Tuned, tok+r.TunedOK, h+r.Held, hok+r.HeldOK
	}
	fmt.Fprintf(&b, "%-36s %s %6d %s %6d\n", "all corrupted", pct(tok, t), t, pct(hok, h), h)
	return b.String()
}

// C1Only reports whether every step of a repair only read C1 controls as
// windows-1252: the repair two UDHR texts get for writing U+0092 for "’"
// (windows-1252 read as ISO-8859-1 in the source), which is no change to
// clean text.
func C1Only(steps []mojibake.Step) bool {
	for _, s := range steps {
		if len(s.Layers) != 1 || s.Layers[0].Encoding != "ISO-8859-1" {
			return false
		}
	}
	return true
}
