// Package fixeval builds the evaluation corpus of package mojibake from
// the Wikipedia and UDHR corpora: clean lines, short lines and small
// documents of every language, and the same through each mix-up chain
// users meet. It is held back by language and by source: every text of
// the languages in HeldLanguages, and the whole Wikipedia corpus, are
// never used for tuning (Part). The tests of package mojibake and
// `go run ./bench -fix` share it.
package fixeval

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/webenc/webenc/mojibake"
)

// Part says which part of the evaluation a sample is in.
type Part uint8

const (
	// Tuned samples are UDHR texts of the languages not held back: the
	// only ones any rule of package mojibake may be tuned on.
	Tuned Part = iota
	// HeldLanguage samples are UDHR texts of HeldLanguages.
	HeldLanguage
	// HeldSource samples are the Wikipedia texts, a source held back
	// entirely (whatever their language).
	HeldSource
)

// HeldLanguages are the ISO 639-3 codes of the languages held back in
// every source: a fixed list that covers each chain (Central European
// and Baltic Latin, Cyrillic, Arabic and Hebrew script, Indic, Ethiopic,
// Georgian, African Latin, and two windows-1252 languages).
var HeldLanguages = []string{
	"slk", "hrv", "lvs", "ekk", "ukr", "kaz", "mkd", "uzn", "pes", "ydd",
	"hin", "kat", "amh", "yor", "zul", "tgl", "cat", "isl",
}

// Kind is the shape of a sample.
type Kind uint8

const (
	Line     Kind = iota // a line of 40–400 bytes
	Short                // a line of 10–80 characters: an interface string, a title, a name
	Document             // five consecutive lines of one text, joined by "\n"
)

// Sample is one clean text of one language.
type Sample struct {
	Source string // "wiki" or "udhr"
	Lang   string // ISO 639-3 code ("fra"); "cmn" for both Chinese Wikipedia texts
	File   string // "wiki/fr", "udhr/fra"
	ID     int    // its number within the file and kind
	Kind   Kind
	Text   string
	Part   Part
}

// Held reports whether s is in a held-back part.
func (s Sample) Held() bool { return s.Part != Tuned }

// Per-file sample counts, of long lines and of short ones.
const (
	perWiki, perWikiShort = 40, 20
	perUDHR, perUDHRShort = 10, 4
	docLines              = 5
)

// wikiLang maps the Wikipedia files to ISO 639-3 codes.
var wikiLang = map[string]string{
	"ar": "arb", "cs": "ces", "de": "deu", "el": "ell", "en": "eng", "fr": "fra", "he": "heb",
	"ja": "jpn", "ko": "kor", "pt": "por", "ru": "rus", "th": "tha", "tr": "tur", "vi": "vie",
	"zh_cn": "cmn", "zh_tw": "cmn",
}

// Samples reads the clean samples: long lines, short lines and
// documents of each Wikipedia text in wikiDir and each UDHR text in
// wikiDir/../udhr (languages from its index.tsv).
func Samples(wikiDir string) ([]Sample, error) {
	var out []Sample
	for code, lang := range sortedMap(wikiLang) {
		s, err := samplesOf(filepath.Join(wikiDir, code+".txt"), "wiki", lang, "wiki/"+code, perWiki, perWikiShort)
		if err != nil {
			return nil, err
		}
		out = append(out, s...)
	}
	udhrDir := filepath.Join(wikiDir, "..", "udhr")
	langs, err := udhrLanguages(filepath.Join(udhrDir, "index.tsv"))
	if err != nil {
		return nil, err
	}
	for file, lang := range sortedMap(langs) {
		s, err := samplesOf(filepath.Join(udhrDir, file), "udhr", lang, "udhr/"+strings.TrimSuffix(file, ".txt"), perUDHR, perUDHRShort)
		if err != nil {
			return nil, err
		}
		out = append(out, s...)
	}
	return out, nil
}

// sortedMap yields m's pairs in key order.
func sortedMap(m map[string]string) func(func(string, string) bool) {
	return func(yield func(string, string) bool) {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if !yield(k, m[k]) {
				return
			}
		}
	}
}

// udhrLanguages reads index.tsv: file name to ISO 639-3 code.
func udhrLanguages(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("fixeval: the UDHR index: %w", err)
	}
	out := map[string]string{}
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Split(line, "\t")
		if i == 0 {
			continue // the header
		}
		if len(f) < 3 || !strings.HasSuffix(f[0], ".txt") {
			return nil, fmt.Errorf("fixeval: %s line %d: want file, bcp47, iso6393", path, i+1)
		}
		out[f[0]] = f[2]
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("fixeval: no UDHR texts in %s", path)
	}
	return out, nil
}

// partOf places a text of lang from source.
func partOf(source, lang string) Part {
	switch {
	case source == "wiki":
		return HeldSource
	case contains(HeldLanguages, lang):
		return HeldLanguage
	}
	return Tuned
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// samplesOf reads one text's samples: n long lines and nShort short
// ones spread evenly over the text, and its long lines in documents of
// docLines.
func samplesOf(path, source, lang, file string, n, nShort int) ([]Sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var long, short []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if !utf8.ValidString(l) || !hasNonASCIILetter(l) || strings.ContainsFunc(l, isC1) {
			continue // C1 controls: two UDHR texts write U+0092 for "’", themselves mojibake
		}
		if len(l) >= 40 && len(l) <= 400 {
			long = append(long, l)
		}
		if c := utf8.RuneCountInString(l); c >= 10 && c <= 80 {
			short = append(short, l)
		} else if p := wordsPrefix(l, 80); utf8.RuneCountInString(p) >= 10 && hasNonASCIILetter(p) {
			short = append(short, p)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("fixeval: %s: %w", path, err)
	}
	part := partOf(source, lang)
	var out []Sample
	add := func(kind Kind, id int, text string) {
		out = append(out, Sample{Source: source, Lang: lang, File: file, ID: id, Kind: kind, Text: text, Part: part})
	}
	for i, l := range spread(long, n) {
		add(Line, i, l)
	}
	for i, l := range spread(short, nShort) {
		add(Short, i, l)
	}
	lines := spread(long, n)
	for i := 0; i+docLines <= len(lines); i += docLines {
		add(Document, i/docLines, strings.Join(lines[i:i+docLines], "\n"))
	}
	return out, nil
}

// spread returns n items of list spread evenly (all when it has fewer).
func spread(list []string, n int) []string {
	n = min(n, len(list))
	out := make([]string, n)
	for i := range out {
		out[i] = list[i*len(list)/n]
	}
	return out
}

// wordsPrefix returns the longest prefix of whole words of s of at most
// max characters.
func wordsPrefix(s string, max int) string {
	end, count := 0, 0
	for i, r := range s {
		if count == max {
			break
		}
		if r == ' ' {
			end = i
		}
		count++
	}
	if count < max {
		return s
	}
	return s[:end]
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

func hasNonASCIILetter(s string) bool {
	for _, r := range s {
		if r >= utf8.RuneSelf && unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

func isC1(r rune) bool { return r >= 0x80 && r < 0xA0 }

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
