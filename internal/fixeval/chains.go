package fixeval

import (
	"fmt"
	"hash/fnv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/singlebyte"
)

// Chain is one way text gets mangled (or, with Clean, none: the text must
// come back unchanged).
type Chain struct {
	Name  string
	Kinds []Kind // the kinds of sample it applies to
	Clean bool
	// Apply returns the mangled text, or false when the chain does not
	// apply to s.
	Apply func(s Sample) (string, bool)
}

var (
	lines    = []Kind{Line}
	allKinds = []Kind{Line, Short, Document}
)

// Chains lists the mix-up chains, in report order: those of the issue's
// table, each legacy encoding of every script read as windows-1252, and
// the clean texts.
var Chains = func() []Chain {
	c := []Chain{
		{Name: "UTF-8 as windows-1252", Kinds: allKinds, Apply: utf8As(singlebyte.Windows1252)},
		{Name: "UTF-8 as ISO-8859-1 (C1)", Kinds: lines, Apply: func(s Sample) (string, bool) { return latin1(s.Text), true }},
		{Name: "UTF-8 as windows-1252 twice", Kinds: lines, Apply: nested(2)},
		{Name: "UTF-8 as windows-1252 three times", Kinds: lines, Apply: nested(3)},
		{Name: "UTF-8 as macintosh", Kinds: []Kind{Line, Short}, Apply: utf8As(singlebyte.Macintosh)},
		{Name: "UTF-8 as windows-1250", Kinds: lines, Apply: utf8As(singlebyte.Windows1250)},
		{Name: "UTF-8 as ISO-8859-2", Kinds: lines, Apply: utf8As(singlebyte.ISO8859_2)},
		{Name: "UTF-8 as windows-1251", Kinds: []Kind{Line, Short}, Apply: utf8As(singlebyte.Windows1251)},
		{Name: "UTF-8 as windows-1253", Kinds: lines, Apply: utf8As(singlebyte.Windows1253)},
		{Name: "UTF-8 as ISO-8859-15", Kinds: lines, Apply: utf8As(singlebyte.ISO8859_15)},
		{Name: "windows-1252, C1 dropped", Kinds: lines, Apply: c1Dropped},
		{Name: "1-2 words as windows-1252", Kinds: lines, Apply: words},
		{Name: "a span of 20-60 chars as windows-1252", Kinds: lines, Apply: span},
		{Name: "lines 2 and 4 as windows-1252", Kinds: []Kind{Document}, Apply: mixed},
		{Name: "legacy as windows-1252", Kinds: []Kind{Short, Document}, Apply: legacyMain(false)},
		{Name: "legacy as ISO-8859-1 (C1)", Kinds: lines, Apply: legacyMain(true)},
	}
	for _, l := range legacyEncodings {
		c = append(c, Chain{Name: "legacy " + fmt.Sprint(l.e) + " as windows-1252", Kinds: lines, Apply: legacyIn(l)})
	}
	return append(c,
		Chain{Name: "clean", Kinds: allKinds, Clean: true, Apply: func(s Sample) (string, bool) { return s.Text, true }},
		Chain{Name: "clean, windows-1252 languages", Kinds: lines, Clean: true, Apply: func(s Sample) (string, bool) {
			return s.Text, contains(w1252Languages, s.Lang)
		}},
	)
}()

// w1252Languages are languages whose text windows-1252 encodes (Vietnamese
// in windows-1258), the ones whose accents a repair could mistake for
// legacy text read as windows-1252.
var w1252Languages = []string{"fra", "ita", "cat", "por", "isl", "vie", "spa", "deu"}

// script names the scripts legacyEncodings serve.
type script uint8

const (
	noScript script = iota
	latin
	cyrillic
	greek
	hebrew
	arabic
	thai
	japanese // Han with kana
	han
	hangul
)

// latinLegacyLanguages are the languages whose text users meet in each
// Latin-script legacy encoding.
var latinLegacyLanguages = map[string][]string{
	"windows-1250": {"ces", "pol", "slk", "hun", "hrv", "slv", "ron", "bos", "hsb", "dsb"},
	"ISO-8859-2":   {"ces", "pol", "slk", "hun", "hrv", "slv", "ron", "bos", "hsb", "dsb"},
	"windows-1257": {"lit", "lvs", "ekk"},
	"windows-1254": {"tur", "azj"},
}

// legacyEncodings lists, for each script, the legacy encodings the
// detector knows, the commonest first.
var legacyEncodings = []struct {
	sc script
	e  encoding.Encoding
}{
	{latin, singlebyte.Windows1250}, {latin, singlebyte.ISO8859_2}, {latin, singlebyte.Windows1257}, {latin, singlebyte.Windows1254},
	{cyrillic, singlebyte.Windows1251}, {cyrillic, singlebyte.KOI8R}, {cyrillic, singlebyte.KOI8U}, {cyrillic, singlebyte.ISO8859_5},
	{cyrillic, singlebyte.IBM866}, {cyrillic, singlebyte.XMacCyrillic},
	{greek, singlebyte.Windows1253}, {greek, singlebyte.ISO8859_7},
	{hebrew, singlebyte.Windows1255}, {hebrew, singlebyte.ISO8859_8},
	{arabic, singlebyte.Windows1256}, {arabic, singlebyte.ISO8859_6},
	{thai, singlebyte.Windows874},
	{japanese, cjk.ShiftJIS}, {japanese, cjk.EUCJP},
	{han, cjk.GBK}, {han, cjk.GB18030}, {han, cjk.Big5},
	{hangul, cjk.EUCKR},
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

// words mangles one or two of the words holding non-ASCII letters (the
// first, and the last when there are three or more), leaving the rest.
func words(s Sample) (string, bool) {
	ws := strings.Split(s.Text, " ")
	var idx []int
	for i, w := range ws {
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
		w, ok := decode(singlebyte.Windows1252, []byte(ws[i]))
		if !ok {
			return "", false
		}
		ws[i] = w
	}
	return strings.Join(ws, " "), true
}

// span mangles one span of 20 to 60 characters at a character offset
// (both from a hash of the sample), edges inside words included, in a
// line at least 10 characters longer.
func span(s Sample) (string, bool) {
	rs := []rune(s.Text)
	h := hash(s, "span")
	n := 20 + int(h%41)
	if len(rs) < n+10 {
		return "", false
	}
	at := int(h>>8) % (len(rs) - n + 1)
	mid, ok := decode(singlebyte.Windows1252, []byte(string(rs[at:at+n])))
	if !ok {
		return "", false
	}
	return string(rs[:at]) + mid + string(rs[at+n:]), true
}

func hash(s Sample, salt string) uint32 {
	h := fnv.New32a()
	fmt.Fprintf(h, "%s/%d/%d/%s", s.File, s.Kind, s.ID, salt)
	return h.Sum32()
}

// mixed mangles lines 2 and 4 of a document as windows-1252.
func mixed(s Sample) (string, bool) {
	ls := strings.Split(s.Text, "\n")
	for _, i := range []int{1, 3} {
		m, ok := decode(singlebyte.Windows1252, []byte(ls[i]))
		if !ok || m == ls[i] {
			return "", false
		}
		ls[i] = m
	}
	return strings.Join(ls, "\n"), true
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

// legacyIn encodes a sample of l's script in l's encoding and reads the
// bytes as windows-1252. It applies when the encoding has every
// character and the reading changes the text.
func legacyIn(l struct {
	sc script
	e  encoding.Encoding
}) func(Sample) (string, bool) {
	return func(s Sample) (string, bool) {
		if scriptOf(s.Text) != l.sc || l.sc == latin && !contains(latinLegacyLanguages[fmt.Sprint(l.e)], s.Lang) {
			return "", false
		}
		return legacyAs(s.Text, l.e, false)
	}
}

// legacyMain is legacyIn with the first encoding of the sample's script
// that has its characters (with c1, read as ISO-8859-1 outside the
// Standard).
func legacyMain(c1 bool) func(Sample) (string, bool) {
	return func(s Sample) (string, bool) {
		sc := scriptOf(s.Text)
		for _, l := range legacyEncodings {
			if l.sc != sc || sc == latin && !contains(latinLegacyLanguages[fmt.Sprint(l.e)], s.Lang) {
				continue
			}
			if m, ok := legacyAs(s.Text, l.e, c1); ok {
				return m, true
			}
		}
		return "", false
	}
}

func legacyAs(text string, e encoding.Encoding, c1 bool) (string, bool) {
	b, unmappable := whatwg.AppendEncode(nil, e, []byte(text))
	if unmappable {
		return "", false
	}
	var m string
	if c1 {
		m = latin1(string(b))
	} else {
		m, _ = decode(singlebyte.Windows1252, b)
	}
	return m, m != text
}

// scriptTables are the scripts of scriptOf (kana counts as Han).
var scriptTables = []struct {
	sc script
	t  *unicode.RangeTable
}{
	{latin, unicode.Latin}, {cyrillic, unicode.Cyrillic}, {greek, unicode.Greek}, {hebrew, unicode.Hebrew},
	{arabic, unicode.Arabic}, {thai, unicode.Thai}, {han, unicode.Hiragana}, {han, unicode.Katakana},
	{han, unicode.Han}, {hangul, unicode.Hangul},
}

// scriptOf returns the script of most of s's non-ASCII letters
// (japanese when it has kana), noScript when under half are of one.
func scriptOf(s string) script {
	var count [hangul + 1]int
	total := 0
	kana := false
	for _, r := range s {
		if r < utf8.RuneSelf || !unicode.IsLetter(r) {
			continue
		}
		total++
		if unicode.In(r, unicode.Hiragana, unicode.Katakana) {
			kana = true
		}
		for _, st := range scriptTables {
			if unicode.Is(st.t, r) {
				count[st.sc]++
				break
			}
		}
	}
	best := noScript
	for sc := latin; sc <= hangul; sc++ {
		if count[sc] > count[best] {
			best = sc
		}
	}
	if 2*count[best] < total || best == noScript {
		return noScript
	}
	if best == han && kana {
		return japanese
	}
	return best
}
