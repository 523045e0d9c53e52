package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/unicode/norm"

	tab "github.com/webenc/webenc/tables/detect"
	"github.com/webenc/webenc/whatwg/charset"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/singlebyte"
	wutf8 "github.com/webenc/webenc/whatwg/utf8"
)

// The -detect report: the accuracy of charset.DetectEncoding (no hint) on
// held-back corpus text, per (language, encoding, length), with the same
// samples as whatwg/charset's TestDetectAccuracy: the part of each LANG.txt
// after the generator's training split (tables/detect), encoded in html
// mode, cut at a character boundary to 64, 256, 1024 or 4096 bytes, plain
// and wrapped in synthetic markup. An answer is correct when it decodes the
// sample to exactly the text the true encoding gives.

var detectEncodings = map[string]encoding.Encoding{
	"windows-1252": singlebyte.Windows1252, "windows-1250": singlebyte.Windows1250, "ISO-8859-2": singlebyte.ISO8859_2,
	"windows-1251": singlebyte.Windows1251, "KOI8-R": singlebyte.KOI8R, "KOI8-U": singlebyte.KOI8U,
	"IBM866": singlebyte.IBM866, "ISO-8859-5": singlebyte.ISO8859_5, "windows-1253": singlebyte.Windows1253,
	"ISO-8859-7": singlebyte.ISO8859_7, "windows-1255": singlebyte.Windows1255, "ISO-8859-8": singlebyte.ISO8859_8,
	"windows-1256": singlebyte.Windows1256, "ISO-8859-6": singlebyte.ISO8859_6, "windows-874": singlebyte.Windows874,
	"windows-1254": singlebyte.Windows1254, "windows-1258": singlebyte.Windows1258,
	"Shift_JIS": cjk.ShiftJIS, "EUC-JP": cjk.EUCJP, "ISO-2022-JP": cjk.ISO2022JP, "GBK": cjk.GBK,
	"gb18030": cjk.GB18030, "Big5": cjk.Big5, "EUC-KR": cjk.EUCKR, "UTF-8": wutf8.UTF8,
}

// detectPairs is every (language, encoding) pair of the issue the corpus
// has text for (Ukrainian has none; Russian text in KOI8-U stands in).
var detectPairs = []struct{ lang, enc string }{
	{"ja", "Shift_JIS"}, {"ja", "EUC-JP"}, {"ja", "ISO-2022-JP"},
	{"zh_cn", "GBK"}, {"zh_cn", "gb18030"}, {"zh_tw", "Big5"}, {"ko", "EUC-KR"},
	{"ru", "windows-1251"}, {"ru", "KOI8-R"}, {"ru", "IBM866"}, {"ru", "ISO-8859-5"}, {"ru", "KOI8-U"},
	{"el", "windows-1253"}, {"el", "ISO-8859-7"}, {"he", "windows-1255"}, {"he", "ISO-8859-8"},
	{"ar", "windows-1256"}, {"ar", "ISO-8859-6"}, {"th", "windows-874"}, {"tr", "windows-1254"},
	{"vi", "windows-1258"}, {"cs", "windows-1250"}, {"cs", "ISO-8859-2"},
	{"de", "windows-1252"}, {"en", "windows-1252"}, {"fr", "windows-1252"}, {"pt", "windows-1252"},
	{"ar", "UTF-8"}, {"cs", "UTF-8"}, {"de", "UTF-8"}, {"el", "UTF-8"}, {"en", "UTF-8"}, {"fr", "UTF-8"},
	{"he", "UTF-8"}, {"ja", "UTF-8"}, {"ko", "UTF-8"}, {"pt", "UTF-8"}, {"ru", "UTF-8"}, {"th", "UTF-8"},
	{"tr", "UTF-8"}, {"vi", "UTF-8"}, {"zh_cn", "UTF-8"}, {"zh_tw", "UTF-8"},
}

var detectLengths = []int{64, 256, 1024, 4096}

// detectPerCell is the number of samples per (pair, length, form).
const detectPerCell = 24

func detectTrainSplit(text []byte) int {
	n := len(text) * tab.TrainPercent / 100
	if i := bytes.IndexByte(text[n:], '\n'); i >= 0 {
		return n + i + 1
	}
	return len(text)
}

func detectWindows1258Form(s string) string {
	enc := singlebyte.Windows1258.NewEncoder()
	ok := func(s string) bool { _, err := enc.String(s); return err == nil }
	var compose func(d []rune) string
	compose = func(d []rune) string {
		base, marks := d[0], d[1:]
		for i, m := range marks {
			if p := norm.NFC.String(string([]rune{base, m})); ok(p) {
				rest := append(append([]rune(nil), marks[:i]...), marks[i+1:]...)
				return compose(append([]rune(p), rest...))
			}
		}
		return string(d)
	}
	var b strings.Builder
	for _, r := range s {
		c := string(r)
		if r < 0x80 || ok(c) {
			b.WriteString(c)
			continue
		}
		b.WriteString(compose([]rune(norm.NFD.String(c))))
	}
	return b.String()
}

func detectHTMLWrap(s string, seed int) string {
	var b strings.Builder
	b.WriteString(`<p class="t">`)
	tags := []string{`<a href="/wiki/Page_%d" title="Page">`, `<b>`, `<span class="x%d">`, `<i>`, `<a href="#cite_note-%d">`}
	ends := []string{`</a>`, `</b>`, `</span>`, `</i>`, `</a>`}
	n, open, runes := seed, -1, 0
	spaced := strings.Contains(s, " ")
	for _, r := range s {
		runes++
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

func detectEncodeCut(e encoding.Encoding, src string, n int) ([]byte, error) {
	enc := func(s string) ([]byte, error) {
		return encoding.HTMLEscapeUnsupported(e.NewEncoder()).Bytes([]byte(s))
	}
	if e == cjk.ISO2022JP {
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

type detectSample struct {
	lang, enc string
	length    int
	data      []byte
}

func detectBuildSamples(dir string) ([]detectSample, error) {
	var out []detectSample
	for _, p := range detectPairs {
		data, err := os.ReadFile(filepath.Join(dir, p.lang+".txt"))
		if err != nil {
			return nil, err
		}
		text := string(data[detectTrainSplit(data):])
		if p.enc == "windows-1258" {
			text = detectWindows1258Form(text)
		}
		e := detectEncodings[p.enc]
		for _, html := range []bool{false, true} {
			for _, n := range detectLengths {
				span := n*3 + 64
				for j := 0; j < detectPerCell; j++ {
					start := 0
					if len(text) > span {
						start = j * (len(text) - span) / detectPerCell
					}
					for start < len(text) && !utf8.RuneStart(text[start]) {
						start++
					}
					src := text[start:min(len(text), start+span)]
					for len(src) > 0 && !utf8.ValidString(src) {
						src = src[:len(src)-1]
					}
					if html {
						src = detectHTMLWrap(src, j)
					}
					b, err := detectEncodeCut(e, src, n)
					if err != nil {
						return nil, err
					}
					out = append(out, detectSample{p.lang, p.enc, n, b})
				}
			}
		}
	}
	return out, nil
}

func detectDecode(e encoding.Encoding, b []byte) string {
	s, _ := e.NewDecoder().Bytes(b)
	return string(s)
}

// detectCell is one line of the report.
type detectCell struct {
	Lang     string         `json:"lang"`
	Encoding string         `json:"encoding"`
	Length   int            `json:"length"`
	Correct  int            `json:"correct"`
	Total    int            `json:"total"`
	Accuracy float64        `json:"accuracy"`
	Wrong    map[string]int `json:"wrong,omitempty"`
}

type detectReport struct {
	Cells      []detectCell `json:"cells"`
	PerLength  []detectCell `json:"per_length"`
	Throughput float64      `json:"throughput_mb_per_s_1k"`
}

// runDetect writes the detection accuracy report for the corpus in
// corpusDir to w, as a text table or (jsonOut) JSON.
func runDetect(corpusDir string, w io.Writer, jsonOut bool) error {
	samples, err := detectBuildSamples(corpusDir)
	if err != nil {
		return err
	}
	type key struct {
		lang, enc string
		n         int
	}
	cells := map[key]*detectCell{}
	get := func(k key) *detectCell {
		if cells[k] == nil {
			cells[k] = &detectCell{Lang: k.lang, Encoding: k.enc, Length: k.n}
		}
		return cells[k]
	}
	var oneK [][]byte
	oneKBytes := 0
	for _, s := range samples {
		e, name, _ := charset.DetectEncoding(s.data, charset.Hint{})
		good := detectDecode(e, s.data) == detectDecode(detectEncodings[s.enc], s.data)
		for _, k := range []key{{s.lang, s.enc, s.length}, {"all", "all", s.length}} {
			c := get(k)
			c.Total++
			if good {
				c.Correct++
			} else if k.lang != "all" {
				if c.Wrong == nil {
					c.Wrong = map[string]int{}
				}
				c.Wrong[name]++
			}
		}
		if s.length == 1024 {
			oneK = append(oneK, s.data)
			oneKBytes += len(s.data)
		}
	}
	var rep detectReport
	for k, c := range cells {
		c.Accuracy = 100 * float64(c.Correct) / float64(c.Total)
		if k.lang == "all" {
			rep.PerLength = append(rep.PerLength, *c)
		} else {
			rep.Cells = append(rep.Cells, *c)
		}
	}
	sort.Slice(rep.PerLength, func(i, j int) bool { return rep.PerLength[i].Length < rep.PerLength[j].Length })
	sort.Slice(rep.Cells, func(i, j int) bool {
		a, b := rep.Cells[i], rep.Cells[j]
		if a.Lang != b.Lang {
			return a.Lang < b.Lang
		}
		if a.Encoding != b.Encoding {
			return a.Encoding < b.Encoding
		}
		return a.Length < b.Length
	})
	// Throughput on the 1 KB samples: repeat for at least 300 ms.
	start, rounds := time.Now(), 0
	for time.Since(start) < 300*time.Millisecond {
		for _, b := range oneK {
			charset.DetectEncoding(b, charset.Hint{})
		}
		rounds++
	}
	rep.Throughput = float64(oneKBytes*rounds) / time.Since(start).Seconds() / 1e6

	if jsonOut {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	fmt.Fprintf(w, "Detection accuracy on held-back corpus text (%d samples per cell, plain and in markup; correct = decodes to the same text)\n\n", 2*detectPerCell)
	fmt.Fprintf(w, "%-6s %-13s %8s %8s %8s %8s   wrong answers\n", "lang", "encoding", "64", "256", "1024", "4096")
	for i := 0; i < len(rep.Cells); i += len(detectLengths) {
		row := rep.Cells[i : i+len(detectLengths)]
		fmt.Fprintf(w, "%-6s %-13s", row[0].Lang, row[0].Encoding)
		wrong := map[string]int{}
		for _, c := range row {
			fmt.Fprintf(w, " %7.1f%%", c.Accuracy)
			for k, v := range c.Wrong {
				wrong[k] += v
			}
		}
		var ws []string
		for k, v := range wrong {
			ws = append(ws, fmt.Sprintf("%s×%d", k, v))
		}
		sort.Strings(ws)
		fmt.Fprintf(w, "   %s\n", strings.Join(ws, " "))
	}
	fmt.Fprintf(w, "%-20s", "all pairs")
	for _, c := range rep.PerLength {
		fmt.Fprintf(w, " %7.2f%%", c.Accuracy)
	}
	fmt.Fprintf(w, "\n\nDetectEncoding throughput on the 1 KB samples: %.0f MB/s\n", rep.Throughput)
	return nil
}
