package charset_test

import (
	"bytes"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/unicode/norm"

	"github.com/webenc/webenc/internal/specdata"
	tab "github.com/webenc/webenc/tables/detect"
	"github.com/webenc/webenc/whatwg/charset"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/singlebyte"
	wutf8 "github.com/webenc/webenc/whatwg/utf8"
)

// The accuracy harness. Samples come only from the held-back part of each
// corpus text (the bytes after the training split that tables/detect
// records), encoded in html mode, cut at character boundaries, plain and
// wrapped in synthetic markup. An answer is correct when it decodes the
// sample to exactly the text the true encoding gives.

// detectEncodings maps the Standard's names (and the lowercase names the
// detector returns) to encodings.
var detectEncodings = func() map[string]encoding.Encoding {
	m := map[string]encoding.Encoding{
		"windows-1252": singlebyte.Windows1252, "windows-1250": singlebyte.Windows1250, "ISO-8859-2": singlebyte.ISO8859_2,
		"windows-1251": singlebyte.Windows1251, "KOI8-R": singlebyte.KOI8R, "KOI8-U": singlebyte.KOI8U,
		"IBM866": singlebyte.IBM866, "ISO-8859-5": singlebyte.ISO8859_5, "windows-1253": singlebyte.Windows1253,
		"ISO-8859-7": singlebyte.ISO8859_7, "windows-1255": singlebyte.Windows1255, "ISO-8859-8": singlebyte.ISO8859_8,
		"windows-1256": singlebyte.Windows1256, "ISO-8859-6": singlebyte.ISO8859_6, "windows-874": singlebyte.Windows874,
		"windows-1254": singlebyte.Windows1254, "windows-1258": singlebyte.Windows1258,
		"Shift_JIS": cjk.ShiftJIS, "EUC-JP": cjk.EUCJP, "ISO-2022-JP": cjk.ISO2022JP, "GBK": cjk.GBK,
		"gb18030": cjk.GB18030, "Big5": cjk.Big5, "EUC-KR": cjk.EUCKR, "UTF-8": wutf8.UTF8,
	}
	for k, v := range m {
		m[strings.ToLower(k)] = v
	}
	return m
}()

// detectPairs is every (language, encoding) pair of the issue that the
// corpus has text for. Ukrainian (windows-1251, KOI8-U as Ukrainian) has
// none; Russian text in KOI8-U stands in for KOI8-U.
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

type detectSample struct {
	lang, enc string
	html      bool
	length    int
	data      []byte
}

// detectTrainSplit is the generator's training split (tables/detect's
// header): the first TrainPercent percent, extended to the next line break.
func detectTrainSplit(text []byte) int {
	n := len(text) * tab.TrainPercent / 100
	if i := bytes.IndexByte(text[n:], '\n'); i >= 0 {
		return n + i + 1
	}
	return len(text)
}

// detectWindows1258Form writes Vietnamese as windows-1258 text does: a
// character the encoding lacks becomes a base letter recomposed with the
// marks the encoding has, followed by the other combining marks.
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

// detectHTMLWrap surrounds the words of s with synthetic markup: links,
// inline tags with attributes, character references.
func detectHTMLWrap(s string, seed int) string {
	var b strings.Builder
	b.WriteString(`<p class="t">`)
	tags := []string{`<a href="/wiki/Page_%d" title="Page">`, `<b>`, `<span class="x%d">`, `<i>`, `<a href="#cite_note-%d">`}
	ends := []string{`</a>`, `</b>`, `</span>`, `</i>`, `</a>`}
	n, open, runes := seed, -1, 0
	for _, r := range s {
		runes++
		if r == ' ' || r == '\n' || runes%12 == 0 && !strings.Contains(s, " ") {
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

// detectEncodeCut encodes src in html mode and returns the longest
// encoding of a whole-character prefix of src that fits in n bytes.
func detectEncodeCut(e encoding.Encoding, src string, n int) []byte {
	enc := func(s string) []byte {
		out, err := encoding.HTMLEscapeUnsupported(e.NewEncoder()).Bytes([]byte(s))
		if err != nil {
			panic(err)
		}
		return out
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
			if len(enc(src[:idx[mid]])) <= n {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		return enc(src[:idx[lo]])
	}
	out := enc(src)
	// Stateless: cut where the encoding of each character ends.
	var buf [utf8.UTFMax]byte
	size, end := 0, 0
	for i, r := range src {
		k := len(enc(string(buf[:utf8.EncodeRune(buf[:], r)])))
		if size+k > n {
			end = i
			return enc(src[:end])
		}
		size += k
	}
	if len(out) <= n {
		return out
	}
	return enc(src[:end])
}

func detectBuildSamples(tb testing.TB, dir string, perCell int) []detectSample {
	var out []detectSample
	for _, p := range detectPairs {
		data, err := os.ReadFile(filepath.Join(dir, p.lang+".txt"))
		if err != nil {
			tb.Fatal(err)
		}
		text := string(data[detectTrainSplit(data):])
		if p.enc == "windows-1258" {
			text = detectWindows1258Form(text)
		}
		e := detectEncodings[p.enc]
		for _, html := range []bool{false, true} {
			for _, n := range detectLengths {
				span := n*3 + 64
				for j := 0; j < perCell; j++ {
					start := 0
					if len(text) > span {
						start = j * (len(text) - span) / perCell
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
					out = append(out, detectSample{p.lang, p.enc, html, n, detectEncodeCut(e, src, n)})
				}
			}
		}
	}
	return out
}

func detectDecode(e encoding.Encoding, b []byte) string {
	s, _ := e.NewDecoder().Bytes(b)
	return string(s)
}

func TestDetectAccuracy(t *testing.T) {
	dir, ok := specdata.CorpusDir()
	if !ok {
		t.Skip("corpus absent")
	}
	samples := detectBuildSamples(t, dir, detectPerCell)
	type key struct {
		lang, enc string
		n         int
	}
	type cell struct{ ok, total int }
	cells := map[key]*cell{}
	perLen := map[int]*cell{}
	pair := map[key]*cell{} // n = 0: all lengths ≥ 256
	rng := rand.New(rand.NewSource(1))
	for i, s := range samples {
		e, name, conf := charset.DetectEncoding(s.data, charset.Hint{})
		if conf < 0 || conf > 1 {
			t.Fatalf("%s/%s: confidence %v", s.lang, s.enc, conf)
		}
		if i%5 == 0 {
			// Any chunking gives the same answer.
			d := charset.NewDetector()
			for rest := s.data; len(rest) > 0; {
				k := min(len(rest), 1+rng.Intn(70))
				d.Write(rest[:k])
				rest = rest[k:]
			}
			if _, n2, c2 := d.Guess(charset.Hint{}); n2 != name || c2 != conf {
				t.Errorf("%s/%s: chunked %s %v, one-shot %s %v", s.lang, s.enc, n2, c2, name, conf)
			}
		}
		good := detectDecode(e, s.data) == detectDecode(detectEncodings[s.enc], s.data)
		for _, k := range []key{{s.lang, s.enc, s.length}, {"", "", s.length}} {
			if cells[k] == nil {
				cells[k] = &cell{}
			}
			cells[k].total++
			if good {
				cells[k].ok++
			}
		}
		if s.length >= 256 {
			k := key{s.lang, s.enc, 0}
			if pair[k] == nil {
				pair[k] = &cell{}
			}
			pair[k].total++
			if good {
				pair[k].ok++
			}
		}
		_ = perLen
	}
	pct := func(c *cell) float64 { return 100 * float64(c.ok) / float64(c.total) }
	var keys []key
	for k := range cells {
		if k.lang != "" {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.lang != b.lang {
			return a.lang < b.lang
		}
		if a.enc != b.enc {
			return a.enc < b.enc
		}
		return a.n < b.n
	})
	for _, k := range keys {
		t.Logf("%-6s %-13s %5d bytes: %6.1f%% of %d", k.lang, k.enc, k.n, pct(cells[k]), cells[k].total)
	}
	var long cell
	for _, n := range detectLengths {
		c := cells[key{"", "", n}]
		t.Logf("all pairs, %4d bytes: %6.2f%% of %d", n, pct(c), c.total)
		if n >= 256 {
			long.ok += c.ok
			long.total += c.total
		}
	}
	// Floors: the targets.
	if p := pct(cells[key{"", "", 64}]); p < 95 {
		t.Errorf("accuracy at 64 bytes %.2f%% < 95%%", p)
	}
	if p := pct(&long); p < 99 {
		t.Errorf("accuracy at ≥ 256 bytes %.2f%% < 99%%", p)
	}
	for k, c := range pair {
		if p := pct(c); p < 90 {
			t.Errorf("%s/%s at ≥ 256 bytes: %.1f%% < 90%%", k.lang, k.enc, p)
		}
	}
}

// detectText encodes s with e (it must be encodable).
func detectText(t testing.TB, e encoding.Encoding, s string) []byte {
	b, err := e.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

const (
	detectRussian  = "Марс - четвёртая по удалённости от Солнца и седьмая по размерам планета Солнечной системы; масса планеты составляет 10,7 % массы Земли."
	detectJapanese = "火星は、太陽系の太陽に近い方から4番目の惑星である。地球型惑星に分類され、地球の外側の軌道を公転している。"
	detectFrench   = "Mars est la quatrième planète par ordre de distance croissante au Soleil et la deuxième par masse et par taille croissantes."
)

func TestDetectKnown(t *testing.T) {
	for _, c := range []struct {
		text string
		enc  encoding.Encoding
		want string
	}{
		{detectRussian, singlebyte.Windows1251, "windows-1251"},
		{detectRussian, singlebyte.KOI8R, "koi8-r"},
		{detectRussian, singlebyte.IBM866, "ibm866"},
		{detectRussian, singlebyte.ISO8859_5, "iso-8859-5"},
		{detectJapanese, cjk.ShiftJIS, "shift_jis"},
		{detectJapanese, cjk.EUCJP, "euc-jp"},
		{detectJapanese, cjk.ISO2022JP, "iso-2022-jp"},
		{detectFrench, singlebyte.Windows1252, "windows-1252"},
		{detectRussian, wutf8.UTF8, "utf-8"},
	} {
		b := detectText(t, c.enc, c.text)
		_, name, conf := charset.DetectEncoding(b, charset.Hint{})
		if name != c.want || conf <= 0.5 {
			t.Errorf("%s text: got %s (%.2f), want %s", c.want, name, conf, c.want)
		}
		// Markup around and inside must not sway the answer.
		page := []byte(`<!DOCTYPE html><html><head><title>Mars</title><link rel="stylesheet" href="/w/load.php?lang=en&amp;modules=site"></head><body><div id="content" class="mw-body" role="main"><p>`)
		page = append(page, b...)
		page = append(page, `</p><p><a href="https://example.com/wiki/Special:Search?search=%C3%A9t%C3%A9&amp;go=Go" title="Search">Search</a></p></body></html>`...)
		if _, name, _ := charset.DetectEncoding(page, charset.Hint{}); name != c.want {
			t.Errorf("%s page: got %s", c.want, name)
		}
	}
}

func TestDetectASCIIAndOptions(t *testing.T) {
	ascii := []byte("<html><body><p>Plain ASCII text, nothing else &amp; no declaration.</p></body></html>")
	if e, name, conf := charset.DetectEncoding(ascii, charset.Hint{}); e != singlebyte.Windows1252 || name != "windows-1252" || conf != 0 {
		t.Errorf("ASCII: got %v %s %v, want windows-1252 with confidence 0", e, name, conf)
	}
	ru := detectText(t, singlebyte.Windows1251, detectRussian)
	for _, c := range []struct {
		content []byte
		ct      string
		opts    charset.Options
		want    string
		certain bool
	}{
		{ascii, "", charset.Options{Detect: true}, "windows-1252", false},
		{ascii, "", charset.Options{Detect: true, Default: wutf8.UTF8}, "utf-8", false},
		{ru, "", charset.Options{}, "windows-1252", false},
		{ru, "", charset.Options{Default: singlebyte.KOI8R}, "koi8-r", false},
		{ru, "", charset.Options{Detect: true}, "windows-1251", false},
		{ru, "text/html; charset=koi8-r", charset.Options{Detect: true}, "koi8-r", true},
		{append([]byte(`<meta charset="iso-8859-5">`), ru...), "", charset.Options{Detect: true}, "iso-8859-5", false},
		{append([]byte("\xEF\xBB\xBF"), ru...), "", charset.Options{Detect: true}, "utf-8", true},
	} {
		_, name, certain := charset.DetermineEncodingOptions(c.content, c.ct, c.opts)
		if name != c.want || certain != c.certain {
			t.Errorf("DetermineEncodingOptions(%.20q, %q, %+v) = %s, %v; want %s, %v", c.content, c.ct, c.opts, name, certain, c.want, c.certain)
		}
		r, err := charset.NewReaderOptions(bytes.NewReader(c.content), c.ct, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(r)
		e := detectEncodings[c.want]
		content := c.content
		if bytes.HasPrefix(content, []byte("\xEF\xBB\xBF")) {
			content = content[3:]
		}
		if want := detectDecode(e, content); string(got) != want {
			t.Errorf("NewReaderOptions(%.20q): got %.40q, want %.40q", c.content, got, want)
		}
	}
}

func TestDetectHints(t *testing.T) {
	u := detectText(t, wutf8.UTF8, detectRussian)
	if _, name, _ := charset.DetectEncoding(u, charset.Hint{ExcludeUTF8: true}); name == "utf-8" {
		t.Errorf("ExcludeUTF8: got utf-8")
	}
	// Russian KOI8-R text decodes alike in KOI8-U: the domain decides.
	k := detectText(t, singlebyte.KOI8R, detectRussian)
	if _, name, _ := charset.DetectEncoding(k, charset.Hint{}); name != "koi8-r" {
		t.Errorf("no TLD: got %s, want koi8-r", name)
	}
	if _, name, _ := charset.DetectEncoding(k, charset.Hint{TLD: "UA"}); name != "koi8-u" {
		t.Errorf("TLD ua: got %s, want koi8-u", name)
	}
}

// detectAllowed is every name Guess may return.
var detectAllowed = map[string]bool{
	"windows-1250": true, "windows-1251": true, "windows-1252": true, "windows-1253": true, "windows-1254": true,
	"windows-1255": true, "windows-1256": true, "windows-1258": true, "windows-874": true, "iso-8859-2": true,
	"iso-8859-5": true, "iso-8859-6": true, "iso-8859-7": true, "iso-8859-8": true, "koi8-r": true, "koi8-u": true,
	"ibm866": true, "shift_jis": true, "euc-jp": true, "iso-2022-jp": true, "gbk": true, "big5": true,
	"euc-kr": true, "utf-8": true,
}

func detectCheck(t *testing.T, data []byte, tld string) {
	hint := charset.Hint{TLD: tld, ExcludeUTF8: len(data)%2 == 1}
	e, name, conf := charset.DetectEncoding(data, hint)
	if e == nil || !detectAllowed[name] || !(conf >= 0 && conf <= 1) || detectEncodings[name] != e {
		t.Fatalf("DetectEncoding(%q) = %v, %q, %v", data, e, name, conf)
	}
	if hint.ExcludeUTF8 && name == "utf-8" {
		t.Fatalf("DetectEncoding(%q) = utf-8 despite ExcludeUTF8", data)
	}
	d := charset.NewDetector()
	for i := 0; i < len(data); {
		k := 1 + (i*7+len(data))%13
		k = min(k, len(data)-i)
		d.Write(data[i : i+k])
		i += k
	}
	if e2, n2, c2 := d.Guess(hint); e2 != e || n2 != name || c2 != conf {
		t.Fatalf("chunked %q: %s %v, one-shot %s %v", data, n2, c2, name, conf)
	}
}

func TestDetectGarbage(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for i := 0; i < 300; i++ {
		b := make([]byte, rng.Intn(2000))
		rng.Read(b)
		detectCheck(t, b, []string{"", "jp", "ru", "com"}[i%4])
	}
	detectCheck(t, nil, "")
	detectCheck(t, bytes.Repeat([]byte{0}, 100), "")
	detectCheck(t, bytes.Repeat([]byte{0xFF}, 100), "")
	detectCheck(t, []byte("<<<&&&;;;<a<b&#1;&x"), "")
}

func FuzzDetectEncoding(f *testing.F) {
	f.Add([]byte("<p>caf\xe9</p>"), "fr")
	f.Add(detectText(f, cjk.ShiftJIS, detectJapanese), "jp")
	f.Add(detectText(f, cjk.ISO2022JP, detectJapanese), "")
	f.Add(detectText(f, singlebyte.KOI8R, detectRussian), "ru")
	f.Fuzz(func(t *testing.T, data []byte, tld string) {
		detectCheck(t, data, tld)
	})
}

// BenchmarkDetectEncoding measures DetectEncoding on 1 KB held-back
// samples of every pair, plain and in markup (MB/s of input).
func BenchmarkDetectEncoding(b *testing.B) {
	dir, ok := specdata.CorpusDir()
	if !ok {
		b.Skip("corpus absent")
	}
	var ins [][]byte
	total := 0
	for _, s := range detectBuildSamples(b, dir, 4) {
		if s.length == 1024 {
			ins = append(ins, s.data)
			total += len(s.data)
		}
	}
	b.SetBytes(int64(total / len(ins)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		charset.DetectEncoding(ins[i%len(ins)], charset.Hint{})
	}
}
