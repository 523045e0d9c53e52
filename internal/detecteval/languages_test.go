package detecteval

import (
	"testing"

	"github.com/webenc/webenc/internal/specdata"
)

func TestForm(t *testing.T) {
	for _, c := range []struct{ enc, in, want string }{
		// Romanian comma-below letters as windows-1250 writes them, and
		// the reverse for ISO-8859-16.
		{"windows-1250", "știință Ț", "ştiinţă Ţ"},
		{"ISO-8859-2", "ș", "ş"},
		{"ISO-8859-16", "ştiinţă", "știință"},
		// Persian yeh in windows-1256; Azerbaijani ə in windows-1254.
		{"windows-1256", "ایران", "اي\u0631ان"},
		{"windows-1254", "Azərbaycan Ə", "Azärbaycan Ä"},
		// Vietnamese: windows-1258's decomposed form.
		{"windows-1258", "ế", "\u00EA\u0301"},
		// Letters the encoding has, or no substitute for, are kept.
		{"windows-1252", "ș ł é", "ș ł é"},
	} {
		if got := Form(c.enc, c.in); got != c.want {
			t.Errorf("Form(%s, %q) = %+q, want %+q", c.enc, c.in, got, c.want)
		}
	}
}

func TestCoverage(t *testing.T) {
	for _, c := range []struct {
		enc, text     string
		cover, nonASC float64
	}{
		{"windows-1252", "abcd", 1, 0},
		{"windows-1252", "abcé", 1, 0.25},
		{"windows-1252", "abcł", 0.75, 0.25},
		{"windows-1250", "łódź", 1, 0.75},
		// Marks do not count: Hebrew points are optional.
		{"ISO-8859-8", "שָׁלוֹם", 1, 1},
	} {
		cov, hi := Coverage(c.enc, c.text)
		if cov != c.cover || hi != c.nonASC {
			t.Errorf("Coverage(%s, %q) = %v, %v; want %v, %v", c.enc, c.text, cov, hi, c.cover, c.nonASC)
		}
	}
}

// TestInventory checks the decisions the README reports on the corpus:
// families and claimed encodings of a few languages.
func TestInventory(t *testing.T) {
	dir := specdata.Corpus(t)
	langs, err := Inventory(dir, UDHRDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]Language{}
	for _, l := range langs {
		byID[l.ID] = l
	}
	for _, c := range []struct {
		id, family string
		encs       []string
		train      bool
	}{
		{"wiki/cs", "central", []string{"windows-1250", "ISO-8859-2", "UTF-8"}, true},
		{"udhr/pol", "central", []string{"windows-1250", "ISO-8859-2", "ISO-8859-16", "UTF-8"}, true},
		{"udhr/ron_1953", "central", []string{"windows-1250", "ISO-8859-2", "UTF-8"}, true},
		{"udhr/lit", "baltic", []string{"windows-1257", "ISO-8859-13", "ISO-8859-4", "UTF-8"}, true},
		{"udhr/ukr", "cyrillic", []string{"windows-1251", "KOI8-U", "ISO-8859-5", "UTF-8"}, true},
		{"udhr/pes_1", "arabic", []string{"windows-1256", "UTF-8"}, true},
		{"udhr/ydd", "hebrew", []string{"windows-1255", "UTF-8"}, true},
		{"udhr/ces", "central", []string{"windows-1250", "ISO-8859-2", "UTF-8"}, false},               // Wikipedia has Czech
		{"udhr/041", "baltic", []string{"windows-1257", "ISO-8859-13", "ISO-8859-4", "UTF-8"}, false}, // Latvian (2)
	} {
		l, ok := byID[c.id]
		if !ok {
			t.Errorf("%s: not in the inventory", c.id)
			continue
		}
		if l.Family != c.family || l.Train != c.train || len(l.Encodings) != len(c.encs) {
			t.Errorf("%s: %s %v train %v, want %s %v train %v", c.id, l.Family, l.Encodings, l.Train, c.family, c.encs, c.train)
			continue
		}
		for i := range c.encs {
			if l.Encodings[i] != c.encs[i] {
				t.Errorf("%s: encodings %v, want %v", c.id, l.Encodings, c.encs)
				break
			}
		}
	}
	if l := byID["udhr/ron_1953"]; len(l.Unclaimed) != 1 || l.Unclaimed[0] != "ISO-8859-16" {
		t.Errorf("Romanian: unclaimed %v, want ISO-8859-16", l.Unclaimed)
	}
}
