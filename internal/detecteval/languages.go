package detecteval

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/language"
	"golang.org/x/text/unicode/norm"

	"github.com/webenc/webenc/whatwg/htmlindex"
)

// Family is a set of single-byte encodings written for the same languages:
// the detector scores all of them with one model, trained on the text of
// every language the family serves. The CJK groups are families of one
// language each.
type Family struct {
	Name string
	// Encodings are the Standard's names of the family's encodings, the
	// most common first (it wins an exact tie).
	Encodings []string
	// CJK marks the double-byte families.
	CJK bool
	// Serves are the tags of languages this family serves ahead of their
	// default family, whatever their text's share of non-ASCII letters:
	// languages with letters only this family writes, which their corpus
	// text may lack (Welsh ŵ ŷ, which the UDHR translation never uses).
	Serves []string
}

// Families is every family the detector scores, in order of preference.
// The single-byte encodings are those of the HTML Standard's locale table
// (htmlindex.LanguageDefault) and the ISO and KOI8/DOS counterparts that
// browsers detect for the same languages; ISO-8859-15 and ISO-8859-16 are
// detected where a text tells them apart from windows-1252/-1250.
// ISO-8859-3 serves the languages only it writes (Esperanto, Maltese); it
// comes after the Turkish family, which wins a tie. ISO-8859-14 serves
// Welsh (ŵ ŷ); Irish, Breton and Scottish Gaelic read alike in it and
// windows-1252 and stay Western. ISO-8859-10, macintosh and x-mac-cyrillic
// are not detected.
var Families = []Family{
	{Name: "western", Encodings: []string{"windows-1252", "ISO-8859-15"}},
	{Name: "central", Encodings: []string{"windows-1250", "ISO-8859-2", "ISO-8859-16"}},
	{Name: "baltic", Encodings: []string{"windows-1257", "ISO-8859-13", "ISO-8859-4"}},
	{Name: "cyrillic", Encodings: []string{"windows-1251", "KOI8-R", "KOI8-U", "IBM866", "ISO-8859-5"}},
	{Name: "greek", Encodings: []string{"windows-1253", "ISO-8859-7"}},
	{Name: "hebrew", Encodings: []string{"windows-1255", "ISO-8859-8"}},
	{Name: "arabic", Encodings: []string{"windows-1256", "ISO-8859-6"}},
	{Name: "thai", Encodings: []string{"windows-874"}},
	{Name: "turkish", Encodings: []string{"windows-1254"}},
	{Name: "vietnamese", Encodings: []string{"windows-1258"}},
	{Name: "south", Encodings: []string{"ISO-8859-3"}},
	{Name: "celtic", Encodings: []string{"ISO-8859-14"}, Serves: []string{"cy"}},
	{Name: "ja", Encodings: []string{"Shift_JIS", "EUC-JP", "ISO-2022-JP"}, CJK: true},
	{Name: "zh_cn", Encodings: []string{"GBK", "gb18030"}, CJK: true},
	{Name: "zh_tw", Encodings: []string{"Big5"}, CJK: true},
	{Name: "ko", Encodings: []string{"EUC-KR"}, CJK: true},
}

// familyOf returns the family that has encoding name (any case), or nil.
func familyOf(name string) *Family {
	return familyListing(name, func(f *Family) []string { return f.Encodings })
}

// servingFamily returns the family whose Serves names the language of
// tag, or nil.
func servingFamily(tag string) *Family {
	return familyListing(tag, func(f *Family) []string { return f.Serves })
}

// familyListing returns the first family whose list holds name (any
// case), or nil.
func familyListing(name string, list func(*Family) []string) *Family {
	for i := range Families {
		for _, x := range list(&Families[i]) {
			if strings.EqualFold(x, name) {
				return &Families[i]
			}
		}
	}
	return nil
}

// Language is one text of the corpus and what the detector claims for it.
type Language struct {
	// ID names the text: "wiki/cs" for the Wikipedia corpus's cs.txt,
	// "udhr/ces" for the UDHR corpus's ces.txt.
	ID string
	// Tag is its BCP 47 tag.
	Tag string
	// Name is the language's name.
	Name string
	// Path is the text's file.
	Path string
	// Family is the family that serves the language.
	Family string
	// Encodings are the family's encodings that can write the text
	// (Representable), each a claimed (language, encoding) cell, and
	// UTF-8.
	Encodings []string
	// Unclaimed are the family's encodings that can write the text but
	// give the same bytes as an earlier encoding of Encodings for a
	// different text (Romanian in ISO-8859-16 is windows-1250's Romanian
	// with ș for ş): no detector can tell them apart, so they are
	// evaluated but not claimed.
	Unclaimed []string
	// Locale is true for a language with an ISO 639-1 code (the languages
	// browsers have locales for, and the HTML Standard's table lists).
	// The second evaluation set reports the other translations of
	// languages with and without one apart.
	Locale bool
	// Default is true when Family is the family of the language's
	// default encoding in the HTML Standard's table (windows-1252 for the
	// languages it does not list), false when the text needed another
	// family.
	Default bool
	// Train is false for the second translations the UDHR corpus has of a
	// few languages and for the UDHR translations of the Wikipedia
	// corpus's languages: they are held out of training entirely and make
	// up part of the second evaluation set. It is false too for a
	// language without an ISO 639-1 code that its default family cannot
	// write (Hawaiian, which only ISO-8859-4 writes): not a page anyone
	// wrote, so neither trained nor evaluated.
	Train bool
}

// MinCoverage is the share of a text's letters an encoding must be able to
// write for the text to count as written in it.
const MinCoverage = 0.99

// MinNonASCII is the share of non-ASCII letters a text needs to be a
// language the detector has to tell apart (below it, text is ASCII and
// every candidate decodes it alike: English, Dutch, Swahili; Italian, at
// 0.8%, is in).
const MinNonASCII = 0.005

// Coverage returns the share of the letters of s whose Form encoding enc
// can write, and the share of letters that are non-ASCII.
func Coverage(enc string, s string) (covered, nonASCII float64) {
	return letterCounts(s).coverage(enc, true)
}

// letters counts the letters of a text. Combining marks do not count: an
// encoding without Hebrew points or Arabic vowel marks writes the text
// without them (and Vietnamese in windows-1258 is counted in its Form).
type letters map[rune]int

func letterCounts(s string) letters {
	l := letters{}
	for _, r := range s {
		if unicode.IsLetter(r) {
			l[r]++
		}
	}
	return l
}

// coverage is Coverage over l; form false checks the letters as they are.
func (l letters) coverage(enc string, form bool) (covered, nonASCII float64) {
	encoder := Encoding(enc).NewEncoder()
	var total, ok, hi int
	for r, n := range l {
		total += n
		if r < 0x80 {
			ok += n
			continue
		}
		hi += n
		c := string(r)
		if form {
			c = Form(enc, c)
		}
		if _, err := encoder.String(c); err == nil {
			ok += n
		}
	}
	if total == 0 {
		return 0, 0
	}
	return float64(ok) / float64(total), float64(hi) / float64(total)
}

// legacyLetters are the letters that text in a legacy encoding lacking
// them was written with instead: Persian and Urdu ی (Farsi yeh) as the
// Arabic ي in windows-1256 and ISO-8859-6, and Azerbaijani ə as ä (the
// Latin alphabet of 1991–92) in windows-1254.
var legacyLetters = map[rune]rune{
	0x06CC: 0x064A, // ی → ي
	0x0259: 0x00E4, // ə → ä
	0x018F: 0x00C4, // Ə → Ä
}

// Form rewrites s the way text is written in encoding enc where the
// encoding lacks a character: Vietnamese in windows-1258's decomposed form
// (Windows1258Form), and a letter with comma below as the letter with
// cedilla or the reverse (Romanian ș, ț as ş, ţ in windows-1250 and
// ISO-8859-2, which lack the comma forms). Other characters are left as
// they are (html-mode encoding writes them as character references).
func Form(enc string, s string) string {
	if strings.EqualFold(enc, "windows-1258") {
		return Windows1258Form(s)
	}
	e := Encoding(enc)
	if e == nil {
		return s
	}
	encoder := e.NewEncoder()
	ok := func(s string) bool { _, err := encoder.String(s); return err == nil }
	var b strings.Builder
	changed := false
	for _, r := range s {
		if r < 0x80 || ok(string(r)) {
			b.WriteRune(r)
			continue
		}
		if sub, ok2 := legacyLetters[r]; ok2 && ok(string(sub)) {
			b.WriteRune(sub)
			changed = true
			continue
		}
		if c, ok2 := swapCedilla(r, ok); ok2 {
			b.WriteRune(c)
			changed = true
			continue
		}
		b.WriteRune(r)
	}
	if !changed {
		return s
	}
	return b.String()
}

// swapCedilla returns r with its comma below replaced by a cedilla or the
// reverse (ș ↔ ş), if ok accepts the result.
func swapCedilla(r rune, ok func(string) bool) (rune, bool) {
	d := []rune(norm.NFD.String(string(r)))
	for i, m := range d {
		switch m {
		case 0x0326:
			d[i] = 0x0327
		case 0x0327:
			d[i] = 0x0326
		default:
			continue
		}
		if c := norm.NFC.String(string(d)); utf8.RuneCountInString(c) == 1 && ok(c) {
			r, _ := utf8.DecodeRuneInString(c)
			return r, true
		}
		d[i] = m
	}
	return r, false
}

// Inventory lists the languages of the Wikipedia corpus in wikiDir and of
// the UDHR corpus in udhrDir ("" or an absent folder: none) that a family
// serves, in order of ID.
//
// A language is served by the family of its default encoding in the HTML
// Standard's table (htmlindex.LanguageDefault; windows-1252 for unlisted
// languages) when one of that family's encodings writes its text
// (Coverage ≥ MinCoverage); otherwise by the family whose encodings write
// most of it as it is (before Form), if they write it in Form. Texts with
// fewer than MinNonASCII non-ASCII letters (the Wikipedia texts excepted),
// UDHR drafts (stage below 4) and texts no family writes are left out.
//
// Training texts (Train): the Wikipedia texts, and for every other
// language its first UDHR translation (plain file names before numbered
// ones), if it has an ISO 639-1 code (Locale) or its default family writes
// it (Default): a language whose text the corpus has gets statistics. The
// UDHR translations of the Wikipedia languages and second translations
// are held out of training entirely.
func Inventory(wikiDir, udhrDir string) ([]Language, error) {
	var out []Language
	trained := map[string]bool{}
	for _, l := range []struct{ id, tag, name string }{
		{"ar", "ar", "Arabic"}, {"cs", "cs", "Czech"}, {"de", "de", "German"}, {"el", "el", "Greek"},
		{"en", "en", "English"}, {"fr", "fr", "French"}, {"he", "he", "Hebrew"}, {"ja", "ja", "Japanese"},
		{"ko", "ko", "Korean"}, {"pt", "pt", "Portuguese"}, {"ru", "ru", "Russian"}, {"th", "th", "Thai"},
		{"tr", "tr", "Turkish"}, {"vi", "vi", "Vietnamese"}, {"zh_cn", "zh-Hans", "Chinese (Simplified)"},
		{"zh_tw", "zh-Hant", "Chinese (Traditional)"},
	} {
		path := filepath.Join(wikiDir, l.id+".txt")
		data, err := ReadText(path)
		if err != nil {
			return nil, err
		}
		lang, ok := classify(l.tag, string(data), 0)
		if !ok {
			return nil, fmt.Errorf("%s: no family writes it", path)
		}
		lang.ID, lang.Tag, lang.Name, lang.Path, lang.Train, lang.Locale = "wiki/"+l.id, l.tag, l.name, path, true, true
		out = append(out, lang)
		trained[baseOf(l.tag)] = true
	}
	if udhrDir == "" {
		return out, nil
	}
	if st, err := os.Stat(udhrDir); err != nil || !st.IsDir() {
		return out, nil
	}
	f, err := os.Open(filepath.Join(udhrDir, "index.tsv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	first := true
	var udhr []Language
	for sc.Scan() {
		if first {
			first = false
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 7 {
			return nil, fmt.Errorf("index.tsv: bad line %q", sc.Text())
		}
		if stage, _ := strconv.Atoi(cols[4]); stage < 4 {
			continue
		}
		path := filepath.Join(udhrDir, cols[0])
		data, err := ReadText(path)
		if err != nil {
			return nil, err
		}
		lang, ok := classify(cols[1], string(data), MinNonASCII)
		if !ok {
			continue
		}
		lang.ID = "udhr/" + strings.TrimSuffix(cols[0], ".txt")
		lang.Tag, lang.Name, lang.Path = cols[1], cols[6], path
		udhr = append(udhr, lang)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	// The first UDHR translation of each tag trains, unless Wikipedia has
	// the language; index.tsv lists files by name, which puts the
	// numbered (second) translations first, so prefer names that are
	// not numbers and have no trailing digit.
	sort.SliceStable(udhr, func(i, j int) bool { return secondary(udhr[i].ID) < secondary(udhr[j].ID) })
	seenTag := map[string]bool{}
	for i := range udhr {
		l := &udhr[i]
		key := strings.ToLower(l.Tag)
		l.Locale = len(baseOf(l.Tag)) == 2
		l.Train = (l.Locale || l.Default) && !seenTag[key] && !trained[baseOf(l.Tag)]
		seenTag[key] = true
	}
	out = append(out, udhr...)
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// secondary ranks a UDHR file name: 0 for a plain name ("fin"), 1 for a
// name ending in a digit ("fin_2"... "ron_1993"), 2 for a number ("067").
func secondary(id string) int {
	name := strings.TrimPrefix(id, "udhr/")
	switch {
	case name != "" && name[0] >= '0' && name[0] <= '9':
		return 2
	case name != "" && name[len(name)-1] >= '0' && name[len(name)-1] <= '9':
		return 1
	}
	return 0
}

func baseOf(tag string) string {
	t, err := language.Parse(tag)
	if err != nil {
		return strings.ToLower(tag)
	}
	b, _ := t.Base()
	return b.String()
}

// classify finds the family that serves a text of language tag and the
// encodings it claims; the text needs minNonASCII non-ASCII letters (the
// Wikipedia texts, English among them, are kept whatever their share).
func classify(tag, text string, minNonASCII float64) (Language, bool) {
	t, err := language.Parse(tag)
	def := "windows-1252"
	if err == nil {
		def = htmlindex.LanguageDefault(t)
	}
	if strings.EqualFold(def, "gb18030") {
		def = "GBK"
	}
	// The default's family first, then the others by how much of the
	// text their best encoding writes as it is (before Form), so that
	// Kurdish ş goes to windows-1254 rather than to ISO-8859-16's ș.
	order := make([]*Family, 0, len(Families)+2)
	serving := servingFamily(tag)
	if serving != nil {
		order = append(order, serving)
	}
	if f := familyOf(def); f != nil {
		order = append(order, f)
	}
	counts := letterCounts(text)
	raw := map[*Family]float64{}
	var rest []*Family
	for i := range Families {
		f := &Families[i]
		rest = append(rest, f)
		for _, e := range f.Encodings {
			c, _ := counts.coverage(e, false)
			raw[f] = max(raw[f], c)
		}
	}
	sort.SliceStable(rest, func(i, j int) bool { return raw[rest[i]] > raw[rest[j]] })
	order = append(order, rest...)
	for _, f := range order {
		if (f.CJK || f.Name == "vietnamese") && familyOf(def) != f {
			// The CJK families serve only their own languages, and
			// windows-1258 writes other languages only with combining
			// marks, which no one used for them.
			continue
		}
		var encs, unclaimed []string
		var seen []string // the bytes of each claimed encoding
		for _, e := range f.Encodings {
			cov, hi := counts.coverage(e, true)
			if cov < MinCoverage || hi < minNonASCII && !f.CJK && f != serving {
				continue
			}
			b := sampleBytes(e, text)
			dup := false
			for k, prev := range seen {
				if prev == b && Decode(Encoding(encs[k]), []byte(b)) != Decode(Encoding(e), []byte(b)) {
					dup = true
				}
			}
			if dup {
				unclaimed = append(unclaimed, e)
				continue
			}
			encs = append(encs, e)
			seen = append(seen, b)
		}
		if len(encs) > 0 {
			return Language{Family: f.Name, Encodings: append(encs, "UTF-8"), Unclaimed: unclaimed, Default: f == familyOf(def)}, true
		}
	}
	return Language{}, false
}

// sampleBytes is text in encoding e (html mode), as a string.
func sampleBytes(e, text string) string {
	b, err := encoding.HTMLEscapeUnsupported(Encoding(e).NewEncoder()).String(Form(e, text))
	if err != nil {
		return ""
	}
	return b
}
