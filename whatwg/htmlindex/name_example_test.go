package htmlindex_test

import (
	"errors"
	"fmt"

	"golang.org/x/text/language"

	"github.com/webenc/webenc/whatwg/htmlindex"
	"github.com/webenc/webenc/whatwg/singlebyte"
)

// Name gives the lowercased Standard name, as x/text's htmlindex.Name does.
func ExampleName() {
	name, err := htmlindex.Name(singlebyte.ISO8859_8I)
	fmt.Println(name, err)
	// Output: iso-8859-8-i <nil>
}

// LanguageDefault is the HTML Standard's default for a page that declares
// nothing, by the language of the user's locale.
func ExampleLanguageDefault() {
	for _, tag := range []language.Tag{language.Japanese, language.Russian, language.SimplifiedChinese, language.French} {
		fmt.Println(tag, htmlindex.LanguageDefault(tag))
	}
	// Output:
	// ja shift_jis
	// ru windows-1251
	// zh-Hans gb18030
	// fr windows-1252
}

// Get's error for an unknown label is a *LabelError, which matches
// ErrUnknownLabel.
func ExampleLabelError() {
	_, err := htmlindex.Get("utf-7")
	var le *htmlindex.LabelError
	fmt.Println(errors.As(err, &le), le.Label, errors.Is(err, htmlindex.ErrUnknownLabel))
	// Output: true utf-7 true
}
