package charset_test

import (
	"bytes"
	"flag"
	"io"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/internal/detecteval"
	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/whatwg/charset"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/singlebyte"
	wutf8 "github.com/webenc/webenc/whatwg/utf8"
)

// The accuracy harness (package internal/detecteval, shared with
// `go run ./bench -detect`). Samples come only from the held-back part of
// each corpus text (the bytes after the training split that detect/tables
// records), encoded in html mode, cut at character boundaries, plain and
// wrapped in synthetic markup. An answer is correct when it decodes the
// sample to exactly the text the true encoding gives.

func detectBuildSamples(tb testing.TB, dir string, perCell int) []detecteval.Sample {
	samples, err := detecteval.BuildSamples(dir, perCell)
	if err != nil {
		tb.Fatal(err)
	}
	return samples
}

// detectShort lists the claimed cells that miss the targets today, with
// the floor each must keep (percent at 64 bytes, percent over 256–4096
// bytes): a cell not listed must meet the targets, a listed one must not
// fall below its floor. Run the test with -v for the table.
var detectShort = map[[2]string][2]float64{
	{"udhr/bos_latn", "ISO-8859-2"}: {96.9, 98.5},
}

// TestDetectAccuracy is the first evaluation set (internal/detecteval's
// BuildSamples): every language the detector claims, on the part of its
// text the statistics were not built from, in each encoding, plain and in
// markup, at 64, 256, 1024 and 4096 bytes. Targets: every claimed
// (language, encoding) cell ≥ 99% over 256–4096 bytes and ≥ 95% at 64
// bytes; all claimed samples ≥ 99.5%.
func TestDetectAccuracy(t *testing.T) {
	dir := specdata.Corpus(t)
	samples := detectBuildSamples(t, dir, detecteval.PerCell)
	rng := rand.New(rand.NewSource(1))
	i := 0
	sc := detecteval.Score(samples, func(s detecteval.Sample) (encoding.Encoding, string) {
		e, name, conf := charset.DetectEncoding(s.Data, charset.Hint{})
		if conf < 0 || conf > 1 {
			t.Fatalf("%s/%s: confidence %v", s.Lang, s.Enc, conf)
		}
		if i%5 == 0 {
			// Any chunking gives the same answer.
			d := charset.NewDetector()
			for rest := s.Data; len(rest) > 0; {
				k := min(len(rest), 1+rng.Intn(70))
				d.Write(rest[:k])
				rest = rest[k:]
			}
			if _, n2, c2 := d.Guess(charset.Hint{}); n2 != name || c2 != conf {
				t.Errorf("%s/%s: chunked %s %v, one-shot %s %v", s.Lang, s.Enc, n2, c2, name, conf)
			}
		}
		i++
		if *detectWrong {
			logWrong(t, s, e, name)
		}
		return e, name
	})
	t.Logf("first evaluation set, %d samples:\n%s", len(samples), sc.Table())
	at64 := map[[2]string]float64{}
	for _, c := range sc.Cells {
		if c.Length == 64 {
			at64[[2]string{c.Lang, c.Encoding}] = c.Accuracy
		}
	}
	_, pairs := sc.AtLeast(256)
	for _, c := range pairs {
		if !c.Claimed {
			continue
		}
		k := [2]string{c.Lang, c.Encoding}
		floor, short := detectShort[k]
		if !short {
			floor = [2]float64{95, 99}
		}
		if at64[k] < floor[0] || c.Accuracy < floor[1] {
			t.Errorf("%s in %s: %.1f%% at 64 bytes, %.1f%% at 256–4096 bytes; want ≥ %.0f%%, ≥ %.0f%%", c.Lang, c.Encoding, at64[k], c.Accuracy, floor[0], floor[1])
		} else if short && at64[k] >= 95 && c.Accuracy >= 99 {
			t.Logf("%s in %s meets the targets now: remove it from detectShort", c.Lang, c.Encoding)
		} else if short {
			t.Logf("%s in %s: %.2f%% at 64 bytes, %.2f%% at 256–4096 bytes (floor %.1f%%, %.1f%%)", c.Lang, c.Encoding, at64[k], c.Accuracy, floor[0], floor[1])
		}
	}
	if all := sc.Claimed(); all.Accuracy < detectOverall {
		t.Errorf("claimed cells: %.2f%% of %d, want ≥ %.2f%%", all.Accuracy, all.Total, detectOverall)
	}
}

// detectWrong makes TestDetectAccuracy log every claimed sample it gets
// wrong, with the text around each character where the answer's decoding
// differs from the true encoding's.
var detectWrong = flag.Bool("detect.wrong", false, "TestDetectAccuracy: log the claimed samples detected wrong")

// logWrong logs s when the answer e (named name) decodes it otherwise than
// its true encoding: where the two decodings differ, a few characters
// around, under the true encoding → under the answer.
func logWrong(t *testing.T, s detecteval.Sample, e encoding.Encoding, name string) {
	want := []rune(detecteval.Decode(detecteval.Encoding(s.Enc), s.Data))
	got := []rune(detecteval.Decode(e, s.Data))
	if !s.Claimed || string(want) == string(got) {
		return
	}
	var diffs []string
	if len(want) == len(got) {
		for k := 0; k < len(want) && len(diffs) < 4; k++ {
			if want[k] != got[k] {
				lo, hi := max(0, k-6), min(len(want), k+7)
				diffs = append(diffs, strings.ReplaceAll(string(want[lo:hi])+"→"+string(got[lo:hi]), "\n", " "))
				k = hi
			}
		}
	}
	t.Logf("WRONG %s %s %d html=%v → %s: %q", s.Lang, s.Enc, s.Length, s.HTML, name, diffs)
}

// detectOverall is the floor of the accuracy over all claimed samples: the
// target, 99.5%, raised to keep what the detector reaches (measured on
// every sentence of the held-back text, see detecteval.BuildSamples, the
// detector is at 99.88%).
const detectOverall = 99.85

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
	// Where the bytes tell ISO-8859-15 from windows-1252 (œ is 0xBD, ½
	// in windows-1252; € is 0xA4, ¤) or ISO-8859-16 from ISO-8859-2 and
	// windows-1250 (Polish ą is 0xA2, ˘ in ISO-8859-2; ę 0xFD, ý), the
	// detector answers the encoding that reads letters; the same text in
	// the common encoding stays in it.
	detectFrenchEuro = "Le prix du billet est passé à 12 € : les sœurs de la chorale ont chanté de bon cœur pour le vœu de l'évêque."
	detectLithuanian = "Visi žmonės gimsta laisvi ir lygūs savo orumu ir teisėmis."
	detectTurkish    = "Bütün insanlar hür, haysiyet ve haklar bakımından eşit doğarlar."
	// Only ISO-8859-3 writes Esperanto's ĉ ĝ ĥ ĵ ŝ ŭ and Maltese ħ ġ ż ċ.
	detectEsperanto = "La ŝipo ĉirkaŭiris la insulon dum ĵaŭdo, kaj la ĥoro kantis ĝoje en la preĝejo."
	detectMaltese   = "Il-ħbieb tagħna marru l-belt biex jaraw il-knisja ta' San Ġwann, u kielu ħobż biż-żejt."
	// ISO-8859-14 writes Welsh ŵ ŷ at 0xF0 0xFE, windows-1252's ð þ.
	detectWelsh     = "Ni chaiff neb ei ddal yn gaeth, a bydd pob gŵr a gwraig yn rhydd i fyw yn ei dŷ ei hun."
	detectIcelandic = "Við fórum út á bát í gær og sáum þrjá hvali nálægt ströndinni; það var kalt en veðrið var fallegt."
	detectPolish    = "Wszyscy ludzie rodzą się wolni i równi pod względem swej godności i swych praw. Są oni obdarzeni rozumem i sumieniem i powinni postępować wobec innych w duchu braterstwa."
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
		{detectFrenchEuro, singlebyte.ISO8859_15, "iso-8859-15"},
		{detectFrenchEuro, singlebyte.Windows1252, "windows-1252"},
		{detectPolish, singlebyte.ISO8859_16, "iso-8859-16"},
		{detectPolish, singlebyte.ISO8859_2, "iso-8859-2"},
		{detectPolish, singlebyte.Windows1250, "windows-1250"},
		{detectLithuanian, singlebyte.Windows1257, "windows-1257"},
		{detectTurkish, singlebyte.Windows1254, "windows-1254"},
		{detectEsperanto, singlebyte.ISO8859_3, "iso-8859-3"},
		{detectMaltese, singlebyte.ISO8859_3, "iso-8859-3"},
		{detectWelsh, singlebyte.ISO8859_14, "iso-8859-14"},
		{detectIcelandic, singlebyte.Windows1252, "windows-1252"},
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
		// Nor a long inline script before the text: the ASCII letters
		// that tell a family's languages apart are those around the
		// non-ASCII ones, not the script's English words.
		page = append([]byte("<html><head>"+detectScript+"</head><body><p>"), b...)
		if _, name, _ := charset.DetectEncoding(page, charset.Hint{}); name != c.want {
			t.Errorf("%s after a script: got %s", c.want, name)
		}
	}
}

// detectScript is a page's inline script.
var detectScript = strings.Repeat(`<script>function init(config) { if (window.mw && mw.config) { mw.config.set({"wgTitle":"Main Page","wgIsArticle":true,"wgAction":"view","wgUserName":null}); } document.getElementById("content").className += " loaded"; } window.addEventListener("load", function () { init(window.config); });</script>`, 3)

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
		e := detecteval.Encoding(c.want)
		content := c.content
		if bytes.HasPrefix(content, []byte("\xEF\xBB\xBF")) {
			content = content[3:]
		}
		if want := detecteval.Decode(e, content); string(got) != want {
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
	"euc-kr": true, "utf-8": true, "windows-1257": true, "iso-8859-4": true, "iso-8859-13": true,
	"iso-8859-15": true, "iso-8859-16": true, "iso-8859-3": true, "iso-8859-14": true,
}

func detectCheck(t testing.TB, data []byte, tld string) {
	hint := charset.Hint{TLD: tld, ExcludeUTF8: len(data)%2 == 1}
	e, name, conf := charset.DetectEncoding(data, hint)
	if e == nil || !detectAllowed[name] || !(conf >= 0 && conf <= 1) || detecteval.Encoding(name) != e {
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
	checkCandidates(t, data, hint, d, e, conf)
}

// checkCandidates checks DetectCandidates on data against DetectEncoding's
// answer (e, conf) and against Candidates of d, a Detector given data.
func checkCandidates(t testing.TB, data []byte, hint charset.Hint, d *charset.Detector, e encoding.Encoding, conf float64) {
	var room [8]charset.Candidate
	cs := charset.DetectCandidates(data, hint, room[:0])
	if len(cs) == 0 || cs[0].Encoding != e || cs[0].Confidence != conf {
		t.Fatalf("DetectCandidates(%q): %v, DetectEncoding %v %v", data, cs, e, conf)
	}
	sum := 0.0
	seen := map[string]bool{}
	for i, c := range cs {
		sum += c.Confidence
		if c.Encoding == nil || !detectAllowed[c.Name] || seen[c.Name] || !(c.Confidence >= 0 && c.Confidence <= 1) ||
			i > 1 && c.Confidence > cs[i-1].Confidence {
			t.Fatalf("DetectCandidates(%q): candidate %d of %v", data, i, cs)
		}
		seen[c.Name] = true
	}
	if sum > 1+1e-9 {
		t.Fatalf("DetectCandidates(%q): confidences sum to %v", data, sum)
	}
	if cd := d.Candidates(hint, nil); !slices.Equal(cd, cs) {
		t.Fatalf("chunked %q: candidates %v, one-shot %v", data, cd, cs)
	}
}

// TestCandidatesRomanian: Romanian whose bytes ISO-8859-16 reads with ș ț
// and windows-1250 and ISO-8859-2 with ş ţ is ambiguous: the answer is the
// most common of them, windows-1250, at no more than its share of the
// priors (windows-1250 one bit ahead of ISO-8859-2 and ISO-8859-16: 2/4 +
// 1/4 for the ş ţ reading, which ISO-8859-2 shares), and ISO-8859-16 is
// the second candidate.
func TestCandidatesRomanian(t *testing.T) {
	ro := []byte("Toate fiin\xfeele umane se nasc libere \xbai egale \xeen demnitate \xbai \xeen drepturi. " +
		"Ele sunt \xeenzestrate cu ra\xfeiune \xbai con\xbatiin\xfe\xe3 \xbai trebuie s\xe3 se comporte unele " +
		"fa\xfe\xe3 de altele \xeen spiritul fraternit\xe3\xfeii.")
	cs := charset.DetectCandidates(ro, charset.Hint{}, nil)
	if len(cs) < 2 || cs[0].Name != "windows-1250" || cs[0].Confidence > 0.75 || cs[1].Name != "iso-8859-16" {
		t.Fatalf("Romanian ș/ş: %v", cs)
	}
}

// TestCandidatesNoAlloc: DetectCandidates allocates nothing when dst has
// room.
func TestCandidatesNoAlloc(t *testing.T) {
	page := detectText(t, singlebyte.KOI8R, detectRussian)
	room := make([]charset.Candidate, 0, detectNumCandidates)
	if n := testing.AllocsPerRun(20, func() { charset.DetectCandidates(page, charset.Hint{}, room[:0]) }); n != 0 {
		t.Errorf("DetectCandidates: %v allocations", n)
	}
}

// detectNumCandidates is the most candidates Candidates can list: every
// answer Guess may give but gb18030's name (GBK stands for it).
const detectNumCandidates = 30

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
	f.Add(detectText(f, cjk.EUCJP, detectJapanese)[1:], "") // from inside a character
	f.Add(detectText(f, singlebyte.KOI8R, detectRussian), "ru")
	f.Fuzz(func(t *testing.T, data []byte, tld string) {
		detectCheck(t, data, tld)
	})
}

// BenchmarkDetectEncoding measures DetectEncoding on 1 KB held-back
// samples of every pair, plain and in markup (MB/s of input).
func BenchmarkDetectEncoding(b *testing.B) {
	dir := specdata.Corpus(b)
	var ins [][]byte
	total := 0
	for _, s := range detectBuildSamples(b, dir, 4) {
		// The Wikipedia texts: the first evaluation set also has the
		// UDHR languages, whose texts are short and mostly Latin.
		if s.Length == 1024 && strings.HasPrefix(s.Lang, "wiki/") {
			ins = append(ins, s.Data)
			total += len(s.Data)
		}
	}
	b.SetBytes(int64(total / len(ins)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		charset.DetectEncoding(ins[i%len(ins)], charset.Hint{})
	}
}

// TestDetectUTF8InMarkup: valid UTF-8 whose only non-ASCII bytes are in
// markup (attributes, comments, <script>/<style> contents, <title>) is
// UTF-8; invalid UTF-8 inside a tag is not, and an encoding whose decoder
// rejects the bytes inside a tag loses to one that accepts them.
func TestDetectUTF8InMarkup(t *testing.T) {
	for _, s := range []string{
		`<img alt="Grüße">`,
		`<a title="日本語">link</a>`,
		`<!-- Grüße -->hello`,
		`<p class="Grüße">x</p>`,
		`<script>var s = "Grüße";</script><p>hello</p>`,
		`<style>p::before { content: "→"; }</style><p>hello</p>`,
		`<title>Grüße</title><p>hello</p>`,
		`<p data-x='Привет'>x</p>`,
	} {
		e, name, conf := charset.DetectEncoding([]byte(s), charset.Hint{})
		if e != wutf8.UTF8 || name != "utf-8" || conf <= 0 {
			t.Errorf("DetectEncoding(%q) = %s %.2f, want utf-8", s, name, conf)
		}
		for _, k := range []int{1, 2, 3, 5} {
			d := charset.NewDetector()
			for rest := []byte(s); len(rest) > 0; {
				n := min(k, len(rest))
				d.Write(rest[:n])
				rest = rest[n:]
			}
			if _, n2, c2 := d.Guess(charset.Hint{}); n2 != name || c2 != conf {
				t.Errorf("%q in chunks of %d: %s %v, one-shot %s %v", s, k, n2, c2, name, conf)
			}
		}
		// Excluding UTF-8 still finds evidence (non-ASCII bytes).
		if _, name, _ := charset.DetectEncoding([]byte(s), charset.Hint{ExcludeUTF8: true}); name == "utf-8" {
			t.Errorf("DetectEncoding(%q, ExcludeUTF8) = utf-8", s)
		}
	}
	for _, s := range []string{
		"<img alt=\"Gr\xfc\xdfe\">",       // windows-1252 in an attribute
		"<!-- caf\xe9 -->hello",           // in a comment
		"<p class=\"\xc3\">x</p>",         // a lone lead byte
		"<p title=\"\xc3\xbc\xfc\">x</p>", // valid, then invalid
	} {
		if _, name, conf := charset.DetectEncoding([]byte(s), charset.Hint{}); name == "utf-8" || conf == 0 {
			t.Errorf("DetectEncoding(%q) = %s %.2f, want a legacy encoding with evidence", s, name, conf)
		}
	}
	// Japanese text in Shift_JIS with an EUC-JP-only attribute value: the
	// bytes 0x8F 0xA1 0xA1 (JIS X 0212, an error in Shift_JIS… and a
	// valid EUC-JP prefix) must keep EUC-JP ahead of Shift_JIS.
	text := detectText(t, cjk.EUCJP, detectJapanese)
	page := append([]byte(`<p title="`), detectText(t, cjk.EUCJP, "火星の写真")...)
	page = append(page, `">`...)
	page = append(page, text...)
	if _, name, _ := charset.DetectEncoding(page, charset.Hint{}); name != "euc-jp" {
		t.Errorf("EUC-JP page with an EUC-JP attribute: got %s", name)
	}
	// A single-byte encoding whose decoder rejects a byte in a tag loses:
	// 0xA1 0xFF is an error in ISO-8859-8 (0xFF unmapped) but not in
	// windows-1255.
	he := detectText(t, singlebyte.Windows1255, "שלום עולם, זהו טקסט בעברית על כוכב הלכת מאדים.")
	page = append([]byte("<p title=\"\xff\">"), he...)
	if _, name, _ := charset.DetectEncoding(page, charset.Hint{}); name == "iso-8859-8" {
		t.Errorf("Hebrew page with 0xFF in a tag: got iso-8859-8, whose decoder rejects it")
	}
}
