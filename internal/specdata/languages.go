package specdata

// The benchmark corpus's languages and the legacy encodings each is
// benchmarked in, transcribed from the corpus README
// (../shared/corpus/README.md, "Languages and encodings": "Every language
// is benchmarked in UTF-8, UTF-16LE and UTF-16BE, plus its legacy
// encodings", 70 language/encoding pairs). bench's TestCorpusREADMETable
// parses the README and checks Languages against it.

// AllLanguages are the corpus languages (the LANG of LANG.html and
// LANG.txt); every one is benchmarked in UTF-8, UTF-16LE and UTF-16BE.
var AllLanguages = []string{"ar", "cs", "de", "el", "en", "fr", "he", "ja", "ko", "pt", "ru", "th", "tr", "vi", "zh_cn", "zh_tw"}

// Languages maps a legacy encoding's name (as the Standard writes it) to
// the corpus languages the corpus README benchmarks it with, sorted.
// Encodings the README does not list are absent.
var Languages = map[string][]string{
	"windows-1256": {"ar"},
	"windows-1250": {"cs"},
	"ISO-8859-2":   {"cs"},
	"windows-1252": {"de", "en", "fr", "pt"},
	"windows-1253": {"el"},
	"ISO-8859-7":   {"el"},
	"windows-1255": {"he"},
	"Shift_JIS":    {"ja"},
	"EUC-JP":       {"ja"},
	"ISO-2022-JP":  {"ja"},
	"EUC-KR":       {"ko"},
	"windows-1251": {"ru"},
	"KOI8-R":       {"ru"},
	"windows-874":  {"th"},
	"windows-1254": {"tr"},
	"windows-1258": {"vi"},
	"GBK":          {"zh_cn"},
	"gb18030":      {"zh_cn"},
	"Big5":         {"zh_tw"},
}

// LanguagesFor returns the corpus languages the corpus README benchmarks
// the encoding name (the Standard's name) with: AllLanguages for UTF-8,
// UTF-16LE and UTF-16BE, Languages[name] otherwise (nil for an encoding the
// README does not list).
func LanguagesFor(name string) []string {
	switch name {
	case "UTF-8", "UTF-16LE", "UTF-16BE":
		return AllLanguages
	}
	return Languages[name]
}
