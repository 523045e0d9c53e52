package charset_test

import (
	"fmt"

	"github.com/webenc/webenc/whatwg/charset"
)

// A page converted from Shift_JIS to EUC-JP must stop claiming Shift_JIS:
// RewriteDeclaration changes only the label the prescan found.
func ExampleRewriteDeclaration() {
	page := []byte(`<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"><title>`)
	// ... page converted to EUC-JP here ...
	out, ok := charset.RewriteDeclaration(page, "EUC-JP")
	fmt.Println(ok, string(out))
	fmt.Println(charset.Sniff(out, "").Name)

	d, _ := charset.FindDeclaration(out)
	fmt.Println(d.Source, d.Start, d.End, string(out[d.Start:d.End]))

	// A page that declares nothing is returned as it is.
	_, ok = charset.RewriteDeclaration([]byte("<p>plain</p>"), "UTF-8")
	fmt.Println(ok)
	// Output:
	// true <!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=EUC-JP"><title>
	// euc-jp
	// meta 87 93 EUC-JP
	// false
}
