// Package detecteval holds what the content-based encoding detector's
// generator and its evaluations share: which languages each family of
// legacy encodings serves and which texts train (Inventory), the training
// split of the corpus texts (TrainSplit), the form text takes in an
// encoding that lacks some of its letters (Form), and the evaluation
// samples with their scoring.
//
// internal/detectgen trains detect/tables on the first TrainPercent percent
// of each training text of the Wikipedia and UDHR corpora. The first
// evaluation set (BuildSamples; whatwg/charset's TestDetectAccuracy and
// `go run ./bench -detect`) is the rest of those texts, in every encoding
// of the language's family that writes it and in UTF-8; the second
// (BuildSecondSet; TestSecondSet here) is text the statistics were not
// built from at all and Wikipedia text in other families' encodings.
// Samples are taken plain and wrapped in synthetic markup (HTMLWrap),
// encoded in html mode and cut at a character boundary to each of Lengths
// (EncodeCut). Score counts an answer as correct when it decodes the sample
// to exactly the text the true encoding gives.
package detecteval

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/unicode/norm"

	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/htmlindex"
	"github.com/webenc/webenc/whatwg/singlebyte"
	wutf8 "github.com/webenc/webenc/whatwg/utf8"
)

// TrainPercent is the share of each corpus text the detector's tables are
// trained on; detect/tables records it as its TrainPercent.
const TrainPercent = 70

// TrainSplit returns the length of the training part of a corpus text: the
// first TrainPercent percent of its bytes, extended to just after the next
// line break (all of text when no line break follows). text[TrainSplit(text):]
// is the held-back part.
func TrainSplit(text []byte) int {
	n := len(text) * TrainPercent / 100
	if i := bytes.IndexByte(text[n:], '\n'); i >= 0 {
		return n + i + 1
	}
	return len(text)
}

// Windows1258Form rewrites s the way Vietnamese text is written in
// windows-1258: a character the encoding lacks is decomposed and its base
// recomposed with the marks the encoding allows, followed by the other
// combining marks (U+1EBF ế → ê + U+0301; ệ = e + U+0323 + U+0302 →
// ê + U+0323).
func Windows1258Form(s string) string {
	enc := singlebyte.Windows1258.NewEncoder()
	ok := func(s string) bool { _, err := enc.String(s); return err == nil }
	var b strings.Builder
	for _, r := range s {
		c := string(r)
		if r < 0x80 || ok(c) {
			b.WriteString(c)
			continue
		}
		b.WriteString(composeFor1258([]rune(norm.NFD.String(c)), ok))
	}
	return b.String()
}

// composeFor1258 writes the decomposition d as a base letter recomposed
// with the first combining mark that gives a character ok accepts (again,
// while one does), followed by the other marks.
func composeFor1258(d []rune, ok func(string) bool) string {
	base, marks := d[0], d[1:]
	for i, m := range marks {
		if p := norm.NFC.String(string([]rune{base, m})); ok(p) {
			rest := append(append([]rune(nil), marks[:i]...), marks[i+1:]...)
			return composeFor1258(append([]rune(p), rest...), ok)
		}
	}
	return string(d)
}

// HTMLWrap surrounds the words of s with synthetic markup (links, inline
// tags with attributes, character references, a paragraph per line), as
// web pages do; seed varies the markup. Removing the markup gives s back,
// with each line break preceded by "</p>" and followed by "<p>".
func HTMLWrap(s string, seed int) string {
	var b strings.Builder
	b.WriteString(`<p class="t">`)
	tags := []string{`<a href="/wiki/Page_%d" title="Page">`, `<b>`, `<span class="x%d">`, `<i>`, `<a href="#cite_note-%d">`}
	ends := []string{`</a>`, `</b>`, `</span>`, `</i>`, `</a>`}
	n, open, runes := seed, -1, 0
	spaced := strings.Contains(s, " ")
	for _, r := range s {
		runes++
		// Unspaced scripts (Japanese, Chinese, Thai) get markup every 12
		// characters.
		if r == ' ' || r == '\n' || runes%12 == 0 && !spaced {
			n++
			switch {
			case open >= 0:
				b.WriteString(ends[open])
				open = -1
			case n%3 == 0:
				open = n % len(tags)
				b.WriteString(strings.Replace(tags[open], "%d", fmt.Sprint(n), 1))
			case n%7 == 0:
				b.WriteString("&amp;")
			}
		}
		if r == '\n' {
			b.WriteString("</p>\n<p>")
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// EncodeCut encodes src (valid UTF-8) with e in html mode (characters e
// lacks become numeric character references) and returns the encoding of
// the longest whole-character prefix of src that fits in n bytes.
func EncodeCut(e encoding.Encoding, src string, n int) ([]byte, error) {
	enc := func(s string) ([]byte, error) {
		return encoding.HTMLEscapeUnsupported(e.NewEncoder()).Bytes([]byte(s))
	}
	if e == cjk.ISO2022JP {
		// Stateful: search the longest prefix.
		idx := []int{}
		for i := range src {
			idx = append(idx, i)
		}
		idx = append(idx, len(src))
		lo, hi := 0, len(idx)-1
		for lo < hi {
			mid := (lo + hi + 1) / 2
			b, err := enc(src[:idx[mid]])
			if err != nil {
				return nil, err
			}
			if len(b) <= n {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		return enc(src[:idx[lo]])
	}
	// Stateless: cut where the encoding of each character ends.
	size := 0
	for i, r := range src {
		b, err := enc(string(r))
		if err != nil {
			return nil, err
		}
		if size+len(b) > n {
			return enc(src[:i])
		}
		size += len(b)
	}
	return enc(src)
}

// cutter is EncodeCut for one stateless encoding, remembering the
// encoding of each character.
type cutter struct {
	enc   encoding.Encoding
	cache map[rune][]byte
}

func (c *cutter) cut(src string, n int) ([]byte, error) {
	if c.enc == cjk.ISO2022JP {
		return EncodeCut(c.enc, src, n)
	}
	if c.cache == nil {
		c.cache = map[rune][]byte{}
	}
	var out []byte
	for _, r := range src {
		b, ok := c.cache[r]
		if !ok {
			var err error
			b, err = encoding.HTMLEscapeUnsupported(c.enc.NewEncoder()).Bytes([]byte(string(r)))
			if err != nil {
				return nil, err
			}
			c.cache[r] = b
		}
		if len(out)+len(b) > n {
			break
		}
		out = append(out, b...)
	}
	return out, nil
}

// Decode decodes b with e in replacement mode.
func Decode(e encoding.Encoding, b []byte) string {
	s, _ := e.NewDecoder().Bytes(b)
	return string(s)
}

// Encoding returns the encoding of one of the Standard's names the
// evaluation uses (any case, so the detector's lowercase answers too), or
// nil.
func Encoding(name string) encoding.Encoding {
	switch strings.ToLower(name) {
	case "windows-1252":
		return singlebyte.Windows1252
	case "windows-1250":
		return singlebyte.Windows1250
	case "iso-8859-2":
		return singlebyte.ISO8859_2
	case "windows-1251":
		return singlebyte.Windows1251
	case "koi8-r":
		return singlebyte.KOI8R
	case "koi8-u":
		return singlebyte.KOI8U
	case "ibm866":
		return singlebyte.IBM866
	case "iso-8859-5":
		return singlebyte.ISO8859_5
	case "windows-1253":
		return singlebyte.Windows1253
	case "iso-8859-7":
		return singlebyte.ISO8859_7
	case "windows-1255":
		return singlebyte.Windows1255
	case "iso-8859-8":
		return singlebyte.ISO8859_8
	case "windows-1256":
		return singlebyte.Windows1256
	case "iso-8859-6":
		return singlebyte.ISO8859_6
	case "windows-874":
		return singlebyte.Windows874
	case "windows-1254":
		return singlebyte.Windows1254
	case "windows-1258":
		return singlebyte.Windows1258
	case "shift_jis":
		return cjk.ShiftJIS
	case "euc-jp":
		return cjk.EUCJP
	case "iso-2022-jp":
		return cjk.ISO2022JP
	case "gbk":
		return cjk.GBK
	case "gb18030":
		return cjk.GB18030
	case "big5":
		return cjk.Big5
	case "euc-kr":
		return cjk.EUCKR
	case "utf-8":
		return wutf8.UTF8
	}
	if e, err := htmlindex.Get(name); err == nil {
		return e
	}
	return nil
}

// Lengths are the sample sizes in bytes.
var Lengths = []int{64, 256, 1024, 4096}

// PerCell is the number of samples per (language, encoding, length, form)
// of the accuracy evaluation (fewer when the text is too short for that
// many distinct ones).
const PerCell = 24

// Cell is the detector's score on one group of samples: one pair at one
// length, or (Lang and Encoding "all") every pair at one length.
type Cell struct {
	Lang     string  `json:"lang"`
	Encoding string  `json:"encoding"`
	Length   int     `json:"length"`  // 0 when summed over lengths
	Claimed  bool    `json:"claimed"` // a cell the detector claims (pair cells only)
	Correct  int     `json:"correct"`
	Total    int     `json:"total"`
	Accuracy float64 `json:"accuracy"` // percent of Total that is Correct
	// Wrong counts the wrong answers by name (pair cells only).
	Wrong map[string]int `json:"wrong,omitempty"`
}

func (c *Cell) add(d Cell) {
	c.Correct += d.Correct
	c.Total += d.Total
	c.Accuracy = 100 * float64(c.Correct) / float64(c.Total)
}

// Scores is the result of Score.
type Scores struct {
	// Cells has one cell per pair and length, ordered by language,
	// encoding and length.
	Cells []Cell
	// PerLength has one cell per length over all pairs, by length.
	PerLength []Cell
}

// Score runs detect on every sample, in order, and scores its answers: an
// answer (the encoding and the name detect returns) is correct when it
// decodes the sample to the same text as the sample's true encoding.
func Score(samples []Sample, detect func(Sample) (e encoding.Encoding, name string)) Scores {
	type key struct {
		lang, enc string
		n         int
	}
	cells := map[key]*Cell{}
	get := func(k key) *Cell {
		if cells[k] == nil {
			cells[k] = &Cell{Lang: k.lang, Encoding: k.enc, Length: k.n}
		}
		return cells[k]
	}
	for _, s := range samples {
		e, name := detect(s)
		good := Decode(e, s.Data) == Decode(Encoding(s.Enc), s.Data)
		for _, k := range []key{{s.Lang, s.Enc, s.Length}, {"all", "all", s.Length}} {
			c := get(k)
			c.Total++
			if k.lang != "all" {
				c.Claimed = s.Claimed
			}
			if good {
				c.Correct++
			} else if k.lang != "all" {
				if c.Wrong == nil {
					c.Wrong = map[string]int{}
				}
				c.Wrong[name]++
			}
		}
	}
	var sc Scores
	for k, c := range cells {
		c.Accuracy = 100 * float64(c.Correct) / float64(c.Total)
		if k.lang == "all" {
			sc.PerLength = append(sc.PerLength, *c)
		} else {
			sc.Cells = append(sc.Cells, *c)
		}
	}
	sort.Slice(sc.PerLength, func(i, j int) bool { return sc.PerLength[i].Length < sc.PerLength[j].Length })
	sort.Slice(sc.Cells, func(i, j int) bool {
		a, b := sc.Cells[i], sc.Cells[j]
		if a.Lang != b.Lang {
			return a.Lang < b.Lang
		}
		if a.Encoding != b.Encoding {
			return a.Encoding < b.Encoding
		}
		return a.Length < b.Length
	})
	return sc
}

// Table formats sc as the README shows it: one row per (language,
// encoding) with whether the detector claims the cell, the accuracy at
// each length and the wrong answers, then the accuracy of all samples at
// each length and of the claimed ones.
func (sc Scores) Table() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-22s %-12s %-5s", "language", "encoding", "claim")
	for _, n := range Lengths {
		fmt.Fprintf(&b, " %7d", n)
	}
	b.WriteString("  wrong answers\n")
	for i := 0; i < len(sc.Cells); {
		j := i
		for j < len(sc.Cells) && sc.Cells[j].Lang == sc.Cells[i].Lang && sc.Cells[j].Encoding == sc.Cells[i].Encoding {
			j++
		}
		row := sc.Cells[i:j]
		i = j
		claim := "no"
		if row[0].Claimed {
			claim = "yes"
		}
		fmt.Fprintf(&b, "%-22s %-12s %-5s", row[0].Lang, row[0].Encoding, claim)
		wrong := map[string]int{}
		for _, c := range row {
			fmt.Fprintf(&b, " %6.1f%%", c.Accuracy)
			for w, n := range c.Wrong {
				wrong[w] += n
			}
		}
		var ws []string
		for w, n := range wrong {
			ws = append(ws, fmt.Sprintf("%s×%d", w, n))
		}
		sort.Strings(ws)
		fmt.Fprintf(&b, "  %s\n", strings.Join(ws, " "))
	}
	fmt.Fprintf(&b, "%-41s", "all samples")
	for _, c := range sc.PerLength {
		fmt.Fprintf(&b, " %6.2f%%", c.Accuracy)
	}
	claimed := sc.Claimed()
	fmt.Fprintf(&b, "\n%-41s %6.2f%% of %d (all lengths)\n", "claimed cells", claimed.Accuracy, claimed.Total)
	return b.String()
}

// Claimed sums the claimed cells over every length.
func (sc Scores) Claimed() Cell {
	all := Cell{Lang: "all", Encoding: "all", Claimed: true}
	for _, c := range sc.Cells {
		if c.Claimed {
			all.add(c)
		}
	}
	return all
}

// AtLeast sums the scores over the lengths of at least minLength: all
// pairs together, and each pair (ordered by language and encoding). The
// sums have Length 0 and no Wrong.
func (sc Scores) AtLeast(minLength int) (all Cell, pairs []Cell) {
	all = Cell{Lang: "all", Encoding: "all"}
	for _, c := range sc.PerLength {
		if c.Length >= minLength {
			all.add(c)
		}
	}
	for _, c := range sc.Cells {
		if c.Length < minLength {
			continue
		}
		if k := len(pairs) - 1; k < 0 || pairs[k].Lang != c.Lang || pairs[k].Encoding != c.Encoding {
			pairs = append(pairs, Cell{Lang: c.Lang, Encoding: c.Encoding, Claimed: c.Claimed})
		}
		pairs[len(pairs)-1].add(c)
	}
	return all, pairs
}
