package main

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/webenc/webenc/internal/detecteval"
)

type group struct {
	name  string
	langs []detecteval.Language // the training texts
	cjk   bool
	main  *unicode.RangeTable
	form  string // the encoding whose Form the training text is put in
}

// scripts is the main script of each single-byte family.
var scripts = map[string]*unicode.RangeTable{
	"western": unicode.Latin, "central": unicode.Latin, "baltic": unicode.Latin,
	"turkish": unicode.Latin, "vietnamese": unicode.Latin, "south": unicode.Latin, "celtic": unicode.Latin, "cyrillic": unicode.Cyrillic,
	"greek": unicode.Greek, "hebrew": unicode.Hebrew, "arabic": unicode.Arabic, "thai": unicode.Thai,
}

// groupsOf makes one group per family of detecteval.Families, with the
// training texts of the languages the family serves.
func groupsOf(langs []detecteval.Language) ([]group, error) {
	var gs []group
	for _, f := range detecteval.Families {
		g := group{name: f.Name, cjk: f.CJK, main: scripts[f.Name], form: f.Encodings[0]}
		if !f.CJK && g.main == nil {
			return nil, fmt.Errorf("family %s has no script", f.Name)
		}
		for _, l := range langs {
			if l.Train && l.Family == f.Name {
				g.langs = append(g.langs, l)
			}
		}
		if len(g.langs) == 0 {
			return nil, fmt.Errorf("family %s has no training text", f.Name)
		}
		gs = append(gs, g)
	}
	return gs, nil
}

// leaveOut marks the text exclude and the texts of source excludeSource as
// not trained, and returns the tags of the languages exclude leaves without
// a trained text: their dictionaries and CLDR words are left out too, so
// that the language is one the statistics never saw. A source left out
// keeps the dictionaries, which are another source, and the texts of the
// families without a text of another source (a family is built on corpus
// text; lolo.sh -source does not evaluate those).
func leaveOut(langs []detecteval.Language, exclude, excludeSource string) map[string]bool {
	inSource := func(l detecteval.Language) bool {
		return excludeSource != "" && strings.HasPrefix(l.ID, excludeSource+"/")
	}
	keeps := map[string]bool{} // families with training text outside the source
	for _, l := range langs {
		if l.Train && !inSource(l) {
			keeps[l.Family] = true
		}
	}
	heldOut := map[string]bool{}
	for i, l := range langs {
		if l.ID == exclude {
			langs[i].Train = false
			heldOut[l.Tag] = true
		}
		if inSource(l) && keeps[l.Family] {
			langs[i].Train = false
		}
	}
	for _, l := range langs {
		if l.Train {
			delete(heldOut, l.Tag)
		}
	}
	return heldOut
}

// heldBackTexts returns the held-back part of each corpus text of group
// g (what TrainSplit leaves out of training), in its form.
func heldBackTexts(g group) ([]string, error) {
	var out []string
	for _, l := range g.langs {
		data, err := detecteval.ReadText(l.Path)
		if err != nil {
			return nil, err
		}
		out = append(out, detecteval.Form(g.form, string(data[detecteval.TrainSplit(data):])))
	}
	return out, nil
}

// groupTexts returns the training texts of group g in its form: the
// corpus's texts, then its dictionaries' and CLDR words' texts (ids names
// those), and the letters of its languages' alphabets.
func groupTexts(g group, langs []detecteval.Language, heldOut map[string]bool, dictDir, cldrDir string) (texts, ids []string, alphabet map[rune]bool, err error) {
	for _, l := range g.langs {
		data, err := detecteval.ReadText(l.Path)
		if err != nil {
			return nil, nil, nil, err
		}
		texts = append(texts, detecteval.Form(g.form, string(data[:detecteval.TrainSplit(data)])))
	}
	dicts, ids, err := dictTexts(dictDir, g, langs, heldOut)
	if err != nil {
		return nil, nil, nil, err
	}
	cldr, cldrIDs, err := cldrTexts(cldrDir, g, langs, heldOut)
	if err != nil {
		return nil, nil, nil, err
	}
	texts = append(append(texts, dicts...), cldr...)
	ids = append(ids, cldrIDs...)
	alphabet, err = cldrAlphabet(cldrDir, g, langs, heldOut)
	if err != nil {
		return nil, nil, nil, err
	}
	return texts, ids, alphabet, nil
}
