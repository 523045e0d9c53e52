package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"

	"github.com/webenc/webenc/internal/detecteval"
)

// cldrLocale is a CLDR locale whose localized names (languages,
// territories, scripts, months, days, date fields) are training text for
// a language that has no Debian dictionary, so that it keeps statistics of
// its own when its corpus text is left out. scripts/detect-cldr.sh fetches
// the packages of cldrPackages and unpacks these locales.
type cldrLocale struct {
	tag    string // the language's BCP 47 tag (detecteval.Language.Tag)
	locale string // the CLDR locale
}

// cldrLocales lists the languages trained on CLDR text (Maltese has no
// Debian dictionary; Esperanto has both). Tahitian has no CLDR locale. Left out, because the second evaluation set fell with
// them: Turkmen's (tk) and Azerbaijani's (az), whose ş-rich words make
// Portuguese written in windows-1258 (ã as a and the combining tilde
// byte, windows-1254's Ş) read as windows-1254 or windows-1250.
var cldrLocales = []cldrLocale{
	{"cy", "cy"},
	{"eo", "eo"},
	{"mt", "mt"},
	{"se", "se"},
}

// cldrPackages are the npm packages (exact versions) whose files cldrText
// reads; scripts/detect-cldr.sh names the same ones.
var cldrPackages = []struct{ name, version string }{
	{"cldr-dates-full", "48.2.0"},
	{"cldr-localenames-full", "48.2.0"},
	{"cldr-misc-full", "48.2.0"},
}

// cldrFiles are the files of a locale read for its text: the localized
// names of languages, territories and scripts, and the Gregorian
// calendar's and the date fields' words (time zone names are left out:
// mostly city names).
var cldrFiles = []struct{ pkg, file string }{
	{"cldr-localenames-full", "languages.json"},
	{"cldr-localenames-full", "territories.json"},
	{"cldr-localenames-full", "scripts.json"},
	{"cldr-dates-full", "ca-gregorian.json"},
	{"cldr-dates-full", "dateFields.json"},
}

// cldrText returns the training text of locale c from the unpacked
// packages in dir (dir/PACKAGE/main/LOCALE/FILE): every distinct word of
// its strings, in the order of their sorted JSON keys, dictWordsPerLine to
// a line. A word is kept only when all its letters are in the locale's
// exemplar characters (cldr-misc-full's characters.json): names of other
// countries and languages are often written in their own spelling (Azerbaijani
// "Côte d’Ivoire"), whose letters are not the language's.
func cldrText(dir string, c cldrLocale) (string, error) {
	exemplar, err := cldrExemplar(dir, c.locale)
	if err != nil {
		return "", err
	}
	seen := map[string]bool{}
	var words []string
	for _, f := range cldrFiles {
		var v any
		if err := readCLDR(dir, f.pkg, c.locale, f.file, &v); err != nil {
			return "", err
		}
		var walk func(v any)
		walk = func(v any) {
			switch v := v.(type) {
			case string:
				if strings.ContainsAny(v, "{}'") {
					return // a pattern ("{0} ago", "d MMM y")
				}
				for _, w := range strings.FieldsFunc(v, func(r rune) bool { return !unicode.IsLetter(r) }) {
					if len([]rune(w)) < 2 || seen[w] || !allIn(w, exemplar) {
						continue
					}
					seen[w] = true
					words = append(words, w)
				}
			case map[string]any:
				keys := make([]string, 0, len(v))
				for k := range v {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				for _, k := range keys {
					walk(v[k])
				}
			case []any:
				for _, x := range v {
					walk(x)
				}
			}
		}
		walk(v)
	}
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			if i%dictWordsPerLine == 0 {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString(w)
	}
	b.WriteByte('\n')
	return b.String(), nil
}

// readCLDR decodes file of locale from package pkg unpacked in dir.
func readCLDR(dir, pkg, locale, file string, v any) error {
	raw, err := os.ReadFile(filepath.Join(dir, pkg, "main", locale, file))
	if err != nil {
		return fmt.Errorf("%v (scripts/detect-cldr.sh fetches the CLDR packages)", err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("%s/%s/%s: %v", pkg, locale, file, err)
	}
	return nil
}

// cldrExemplar returns the letters of locale's main exemplar characters,
// lowercase.
func cldrExemplar(dir, locale string) (map[rune]bool, error) {
	var v struct {
		Main map[string]struct {
			Characters struct {
				ExemplarCharacters string `json:"exemplarCharacters"`
			} `json:"characters"`
		} `json:"main"`
	}
	if err := readCLDR(dir, "cldr-misc-full", locale, "characters.json", &v); err != nil {
		return nil, err
	}
	set := map[rune]bool{}
	for _, r := range v.Main[locale].Characters.ExemplarCharacters {
		if unicode.IsLetter(r) {
			set[unicode.ToLower(r)] = true
		}
	}
	if len(set) == 0 {
		return nil, fmt.Errorf("cldr-misc-full/%s: no exemplar characters", locale)
	}
	return set, nil
}

// allIn reports whether every letter of w, lowercased, is in set.
func allIn(w string, set map[rune]bool) bool {
	for _, r := range w {
		if !set[unicode.ToLower(r)] && !set[r] {
			return false
		}
	}
	return true
}

// cldrTexts returns the CLDR texts of family g, put in its form: those of
// the languages of langs that g serves but those of heldOut, as dictTexts.
func cldrTexts(dir string, g group, langs []detecteval.Language, heldOut map[string]bool) ([]string, []string, error) {
	var texts, ids []string
	for _, c := range cldrLocales {
		if !serves(g, c.tag, langs) || heldOut[c.tag] {
			continue
		}
		t, err := cldrText(dir, c)
		if err != nil {
			return nil, nil, err
		}
		texts = append(texts, detecteval.Form(g.form, t))
		ids = append(ids, "cldr/"+c.tag)
	}
	return texts, ids, nil
}

// cldrAlphabet returns the non-ASCII letters of the alphabets (CLDR's
// exemplar characters, lowercase) of the CLDR-trained languages of family
// g but those of heldOut that a family encoding writes.
func cldrAlphabet(dir string, g group, langs []detecteval.Language, heldOut map[string]bool) (map[rune]bool, error) {
	set := map[rune]bool{}
	for _, c := range cldrLocales {
		if !serves(g, c.tag, langs) || heldOut[c.tag] {
			continue
		}
		ex, err := cldrExemplar(dir, c.locale)
		if err != nil {
			return nil, err
		}
		for r := range ex {
			if r >= 0x80 && unicode.Is(g.main, r) && writes(g, r) {
				set[r] = true
			}
		}
	}
	return set, nil
}

// writes reports whether the first encoding of family g writes r.
func writes(g group, r rune) bool {
	_, err := detecteval.Encoding(g.form).NewEncoder().String(string(r))
	return err == nil
}

// defaultCLDRDir is where scripts/detect-cldr.sh unpacks the CLDR
// packages by default: webenc/cldr in the user's cache folder.
func defaultCLDRDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "webenc-cldr"
	}
	return filepath.Join(dir, "webenc", "cldr")
}
