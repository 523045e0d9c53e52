package htmlindex

import "golang.org/x/text/language"

// LanguageDefault returns the lowercased name of the encoding the HTML
// Standard suggests as the default for documents in the language of tag
// when nothing declares one (section "determining the character encoding",
// its table of locale defaults): e.g. "shift_jis" for Japanese,
// "windows-1251" for Russian, "gb18030" for Simplified Chinese and
// "windows-1252" for languages without a particular default.
func LanguageDefault(tag language.Tag) string {
	base, _ := tag.Base()
	switch base.String() {
	case "zh":
		// Traditional Chinese (Hant script, or a region that uses it)
		// defaults to Big5, Simplified to gb18030.
		if script, _ := tag.Script(); script.String() == "Hant" {
			return "big5"
		}
		return "gb18030"
	}
	if name, ok := languageDefaults[base.String()]; ok {
		return name
	}
	return "windows-1252"
}

// languageDefaults is the HTML Standard's table of suggested defaults by
// language, for the languages that differ from windows-1252.
var languageDefaults = map[string]string{
	"ar": "windows-1256", "ba": "windows-1251", "be": "windows-1251", "bg": "windows-1251",
	"cs": "windows-1250", "el": "iso-8859-7", "et": "windows-1257", "fa": "windows-1256",
	"he": "windows-1255", "hr": "windows-1250", "hu": "iso-8859-2", "ja": "shift_jis",
	"kk": "windows-1251", "ko": "euc-kr", "ku": "windows-1254", "ky": "windows-1251",
	"lt": "windows-1257", "lv": "windows-1257", "mk": "windows-1251", "pl": "iso-8859-2",
	"ru": "windows-1251", "sah": "windows-1251", "sk": "windows-1250", "sl": "iso-8859-2",
	"sr": "windows-1251", "tg": "windows-1251", "th": "windows-874", "tr": "windows-1254",
	"tt": "windows-1251", "uk": "windows-1251", "vi": "windows-1258",
}
