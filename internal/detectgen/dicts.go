package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/webenc/webenc/internal/aspell"
	"github.com/webenc/webenc/internal/detecteval"
	"github.com/webenc/webenc/whatwg/htmlindex"
)

// dictionary is a Debian hunspell (or aspell) dictionary whose words are
// training text for a language besides its corpus text, so that the
// language keeps statistics of its own when that text is left out
// (leave-one-out) and has more than one text's letters.
// scripts/detect-dicts.sh installs exactly these package versions.
type dictionary struct {
	tag     string // the language's BCP 47 tag (detecteval.Language.Tag)
	pkg     string // the Debian package
	version string // its version
	file    string // the .dic and .aff files' name in the dictionaries folder
	// aspell, when set, is the charset of an aspell word list
	// (aspell.Dir/file.cwl.gz) read instead of a hunspell .dic.
	aspell string
}

// Left out, because the first evaluation set fell under its per-cell
// targets with them: Czech's, Slovak's, Slovene's, Croatian's, Bosnian's
// and Serbian's (hunspell-cs, -sk, -sl, -hr, -bs, -sr 1:7.5.0-1, alone or
// together: they shift the family's š/č balance, so that Slovene and
// Bosnian in ISO-8859-2 whose only telling byte is 0xB9, ISO-8859-16's č,
// read as ISO-8859-16 at 64 bytes; docs/detection.md).
var dictionaries = []dictionary{
	{"cy", "aspell-cy", "0.50-3-8", "cy", "ISO8859-14"},
	{"eo", "myspell-eo", "2.1.2000.02.25-61", "eo", ""},
	{"et", "myspell-et", "1:20030606-32", "et_EE", ""},
	{"hu", "hunspell-hu", "1:7.5.0-1", "hu_HU", ""},
	{"lt", "hunspell-lt", "1:7.5.0-1", "lt_LT", ""},
	{"lv", "hunspell-lv", "1.4.0-4", "lv_LV", ""},
	{"pl", "hunspell-pl", "1:7.5.0-1", "pl_PL", ""},
	{"ro", "hunspell-ro", "1:7.5.0-1", "ro_RO", ""},
	{"tr", "hunspell-tr", "1:7.5.0-1", "tr_TR", ""},
}

// dictBytes is about how many bytes of words a dictionary contributes: a
// few times a UDHR translation, so that the word list (every word once,
// no running text) adds letters without outweighing the texts.
const dictBytes = 30000

// dictWordsPerLine is how many words make a line of a dictionary's text.
const dictWordsPerLine = 12

// dictText returns the training text of dictionary d in folder dir: its
// words (the stems before '/', letters only, acronyms left out), every
// k-th one so that about dictBytes remain, dictWordsPerLine to a line.
func dictText(dir string, d dictionary) (string, error) {
	if d.aspell != "" {
		text, err := aspellWords(filepath.Join(aspell.Dir, d.file+".cwl.gz"), d.aspell)
		if err != nil {
			return "", fmt.Errorf("%v (scripts/detect-dicts.sh installs %s %s)", err, d.pkg, d.version)
		}
		return sampleWords("\n"+text, dictBytes), nil
	}
	aff, err := os.ReadFile(filepath.Join(dir, d.file+".aff"))
	if err != nil {
		return "", fmt.Errorf("%v (scripts/detect-dicts.sh installs %s %s)", err, d.pkg, d.version)
	}
	raw, err := os.ReadFile(filepath.Join(dir, d.file+".dic"))
	if err != nil {
		return "", fmt.Errorf("%v (scripts/detect-dicts.sh installs %s %s)", err, d.pkg, d.version)
	}
	text, err := decodeDict(aff, raw)
	if err != nil {
		return "", fmt.Errorf("%s: %v", d.file, err)
	}
	return sampleWords(text, dictBytes), nil
}

// sampleWords returns every k-th word of a word list (one a line after a
// first line, the count, that is skipped) so that about dictBytes remain,
// dictWordsPerLine to a line.
func sampleWords(text string, size int) string {
	var words []string
	total := 0
	for i, line := range strings.Split(text, "\n") {
		if i == 0 {
			continue // the word count
		}
		w, _, _ := strings.Cut(line, "/")
		f := strings.Fields(w)
		if len(f) == 0 {
			continue
		}
		w = f[0]
		if strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 ||
			len([]rune(w)) > 1 && strings.ToUpper(w) == w {
			continue
		}
		words = append(words, w)
		total += len(w) + 1
	}
	step := max(1, total/size)
	var b strings.Builder
	n := 0
	for i := 0; i < len(words); i += step {
		if n > 0 {
			if n%dictWordsPerLine == 0 {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString(words[i])
		n++
	}
	b.WriteByte('\n')
	return b.String()
}

// aspellWords reads a gzipped aspell word list (internal/aspell) and
// decodes it from charset set.
func aspellWords(path, set string) (string, error) {
	out, err := aspell.Words(path)
	if err != nil {
		return "", err
	}
	return decodeSet(set, out)
}

// decodeDict decodes a .dic file in the encoding its .aff file's SET line
// names (ISO8859-13, UTF-8, …).
func decodeDict(aff, raw []byte) (string, error) {
	set := "UTF-8"
	for _, line := range strings.Split(string(aff), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "SET" {
			set = f[1]
			break
		}
	}
	return decodeSet(set, raw)
}

// decodeSet decodes raw from a dictionary's charset name (ISO8859-13,
// UTF-8, …).
func decodeSet(set string, raw []byte) (string, error) {
	label := strings.ToLower(set)
	if strings.HasPrefix(label, "iso8859-") {
		label = "iso-8859-" + strings.TrimPrefix(label, "iso8859-")
	}
	e, err := htmlindex.Get(label)
	if err != nil {
		return "", fmt.Errorf("SET %s: %v", set, err)
	}
	return detecteval.Decode(e, raw), nil
}

// dictTexts returns the dictionary texts of family g, put in its form:
// those of the languages of langs that g serves (a language whose texts are
// not trained keeps its dictionary) but the languages of heldOut.
func dictTexts(dir string, g group, langs []detecteval.Language, heldOut map[string]bool) ([]string, []string, error) {
	var texts, ids []string
	for _, d := range dictionaries {
		if !serves(g, d.tag, langs) || heldOut[d.tag] {
			continue
		}
		t, err := dictText(dir, d)
		if err != nil {
			return nil, nil, err
		}
		texts = append(texts, detecteval.Form(g.form, t))
		ids = append(ids, "dict/"+d.tag)
	}
	return texts, ids, nil
}

// serves reports whether family g serves the language of langs tagged tag.
func serves(g group, tag string, langs []detecteval.Language) bool {
	for _, l := range langs {
		if l.Tag == tag && l.Family == g.name {
			return true
		}
	}
	return false
}
