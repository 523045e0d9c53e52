package htmlindex

import (
	"errors"
	"strings"
	"testing"

	"golang.org/x/text/language"

	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/whatwg/internal/codec"
)

// TestEveryLabel resolves every label of encodings.json, as given and
// upper-cased, to the encoding of that name ("get an encoding" step 2).
func TestEveryLabel(t *testing.T) {
	dir := specdata.WHATWG(t)
	groups, err := specdata.ReadEncodings(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range groups {
		for _, enc := range g.Encodings {
			for _, label := range enc.Labels {
				for _, l := range []string{label, strings.ToUpper(label), " \t" + label + "\n\f\r "} {
					e, err := Get(l)
					if err != nil {
						t.Errorf("Get(%q): %v", l, err)
						continue
					}
					if got := e.(*codec.Encoding).Name; got != enc.Name {
						t.Errorf("Get(%q) = %s, want %s", l, got, enc.Name)
					}
					if name, _ := Name(e); name != strings.ToLower(enc.Name) {
						t.Errorf("Name(Get(%q)) = %q, want %q", l, name, strings.ToLower(enc.Name))
					}
				}
				n++
			}
		}
	}
	if n < 200 {
		t.Errorf("only %d labels checked", n)
	}
}

// TestLabelEdgeCases pins "get an encoding" step 1 (strip ASCII whitespace:
// TAB, LF, FF, CR, SPACE only) and step 2 (ASCII case-insensitive match;
// nothing else matches).
func TestLabelEdgeCases(t *testing.T) {
	good := map[string]string{
		"utf-8":                "UTF-8",
		"UTF8":                 "UTF-8",
		"\t\n\f\r latin1 \t":   "windows-1252",
		"  ISO-8859-8-I ":      "ISO-8859-8-I",
		"x-user-DEFINED":       "x-user-defined",
		"iso-2022-kr":          "replacement",
		"Unicode-1-1-UTF-8":    "UTF-8",
		"csiso58gb231280":      "GBK",
		"ks_c_5601-1987":       "EUC-KR",
		"\fwindows-1251\f":     "windows-1251",
		"unicodefeff":          "UTF-16LE",
		"utf-16":               "UTF-16LE",
		"UTF-16BE":             "UTF-16BE",
		"x-mac-ukrainian":      "x-mac-cyrillic",
		"dos-874":              "windows-874",
		"iso_8859-1:1987":      "windows-1252",
		"visual":               "ISO-8859-8",
		"csisolatin9":          "ISO-8859-15",
		"cp1252":               "windows-1252",
		"ascii":                "windows-1252",
		"us-ascii":             "windows-1252",
		"x-cp1250":             "windows-1250",
		"koi":                  "KOI8-R",
		"koi8-ru":              "KOI8-U",
		"mac":                  "macintosh",
		"csmacintosh":          "macintosh",
		"x-user-defined\r\n  ": "x-user-defined",
	}
	for label, want := range good {
		name, ok := lookupName(label)
		if !ok || name != want {
			t.Errorf("lookupName(%q) = %q, %v; want %q", label, name, ok, want)
		}
	}
	bad := []string{
		"", "   ", "utf8 x", "utf-8\v", "\vutf-8", // VT is not ASCII whitespace here
		"\u00A0utf-8",     // NO-BREAK SPACE is not stripped
		"utf-8\u3000",     // IDEOGRAPHIC SPACE neither
		"utf-８",           // FULLWIDTH DIGIT EIGHT
		"\u212Aoi8-r",     // KELVIN SIGN lowercases to k in Unicode, not in ASCII
		"\u0131so-8859-2", // dotless i
		"ut\u017F-8",      // LONG S: not ASCII
		"utf_8", "latin-1", "windows1252", "iso-8859-1_", "x", "utf-8\x00",
		strings.Repeat("a", 1000),
	}
	for _, label := range bad {
		if name, ok := lookupName(label); ok {
			t.Errorf("lookupName(%q) = %q, want no match", label, name)
		}
		_, err := Get(label)
		var le *LabelError
		if !errors.Is(err, ErrUnknownLabel) || !errors.As(err, &le) || le.Label != label {
			t.Errorf("Get(%q): %v, want a LabelError for ErrUnknownLabel", label, err)
		}
	}
}

func TestNameRejectsForeignEncodings(t *testing.T) {
	if _, err := Name(nil); err == nil {
		t.Error("Name(nil) succeeded")
	}
}

// TestLanguageDefault pins entries of the HTML Standard's table of
// suggested defaults.
func TestLanguageDefault(t *testing.T) {
	for tag, want := range map[string]string{
		"ja": "shift_jis", "ru": "windows-1251", "zh-CN": "gb18030", "zh-TW": "big5",
		"zh-Hant": "big5", "ko": "euc-kr", "pl": "iso-8859-2", "el": "iso-8859-7",
		"th": "windows-874", "en": "windows-1252", "fr-CA": "windows-1252", "und": "windows-1252",
		"vi": "windows-1258", "uk": "windows-1251", "ar": "windows-1256", "he": "windows-1255",
	} {
		if got := LanguageDefault(language.MustParse(tag)); got != want {
			t.Errorf("LanguageDefault(%s) = %q, want %q", tag, got, want)
		}
		if _, err := Get(LanguageDefault(language.MustParse(tag))); err != nil {
			t.Errorf("LanguageDefault(%s) is not a label: %v", tag, err)
		}
	}
}

// TestEncodings: Encodings lists the encodings of encodings.json, in its
// order, each the one Get returns for its name, and a change to the slice
// it returns does not reach the next call.
func TestEncodings(t *testing.T) {
	groups, err := specdata.ReadEncodings(specdata.WHATWG(t))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, g := range groups {
		for _, enc := range g.Encodings {
			want = append(want, enc.Name)
		}
	}
	all := Encodings()
	if len(all) != len(want) {
		t.Fatalf("%d encodings, encodings.json has %d", len(all), len(want))
	}
	for i, e := range all {
		if got := e.(*codec.Encoding).Name; got != want[i] {
			t.Errorf("Encodings()[%d] = %s, want %s", i, got, want[i])
		}
		if g, err := Get(want[i]); err != nil || g != e {
			t.Errorf("Get(%q) = %v, %v; want Encodings()[%d]", want[i], g, err, i)
		}
	}
	all[0] = nil
	if Encodings()[0] == nil {
		t.Error("a change to the returned slice reached the next call")
	}
}
