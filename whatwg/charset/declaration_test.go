package charset

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
)

// rewriteCase is a page, the name to write, and the page expected back,
// written by hand from the HTML Standard's prescan (shared/html/encoding-sniffing.md).
type rewriteCase struct {
	name  string
	page  string
	to    string
	want  string // "" with ok false: the page comes back unchanged
	wantS Source // the declaration's source, when ok
}

func runRewriteCases(t *testing.T, cases []rewriteCase) {
	t.Helper()
	for _, c := range cases {
		got, ok := RewriteDeclaration([]byte(c.page), c.to)
		if c.want == "" {
			if ok || string(got) != c.page {
				t.Errorf("%s: RewriteDeclaration(%q, %q) = %q, %v; want the page unchanged, false", c.name, c.page, c.to, got, ok)
			}
			if d, found := FindDeclaration([]byte(c.page)); found && isPlainLabel(c.to) && getEncoding(c.to) != nil {
				t.Errorf("%s: FindDeclaration found %+v, but RewriteDeclaration rewrote nothing", c.name, d)
			}
			continue
		}
		if !ok || string(got) != c.want {
			t.Errorf("%s: RewriteDeclaration(%q, %q) =\n %q, %v; want\n %q, true", c.name, c.page, c.to, got, ok, c.want)
			continue
		}
		d, found := FindDeclaration([]byte(c.page))
		if !found || d.Source != c.wantS {
			t.Errorf("%s: FindDeclaration = %+v, %v; want source %v", c.name, d, found, c.wantS)
		}
		// The rewritten page sniffs as the new name says (these pages end
		// well before byte 1024), as the reference prescan confirms.
		if len(c.want) < 1000 {
			checkAgainstRef(t, got)
			if r := Sniff(got, ""); r.Source != c.wantS || r.Encoding != prescanMapped(c.to, c.wantS) {
				t.Errorf("%s: the rewritten page sniffs as %s from %v", c.name, r.Name, r.Source)
			}
		}
	}
}

// prescanMapped is what the prescan makes of label in a declaration of
// source src: UTF-16 means UTF-8, and x-user-defined in a <meta> means
// windows-1252 (prescan steps 3b.14–15, get an XML encoding step 17).
func prescanMapped(label string, src Source) encoding.Encoding {
	e := getEncoding(label)
	switch nameOf(e) {
	case "utf-16le", "utf-16be":
		return utf8Encoding
	case "x-user-defined":
		if src == Meta {
			return windows1252
		}
	}
	return e
}

func TestRewriteMetaCharset(t *testing.T) {
	runRewriteCases(t, []rewriteCase{
		{"double quotes", `<meta charset="shift_jis"><title>x</title>`, "EUC-JP", `<meta charset="EUC-JP"><title>x</title>`, Meta},
		{"single quotes", `<meta charset='shift_jis'>`, "EUC-JP", `<meta charset='EUC-JP'>`, Meta},
		{"unquoted", `<meta charset=shift_jis>`, "EUC-JP", `<meta charset=EUC-JP>`, Meta},
		{"unquoted before whitespace", "<meta charset=sjis\t/>", "EUC-JP", "<meta charset=EUC-JP\t/>", Meta},
		{"upper case kept around the label", `<META CHARSET="SHIFT_JIS">`, "UTF-8", `<META CHARSET="UTF-8">`, Meta},
		{"self-closing", `<meta charset="koi8-r"/>`, "windows-1251", `<meta charset="windows-1251"/>`, Meta},
		{"whitespace inside the quotes is part of the label", "<meta charset=' koi8-r\t'>", "UTF-8", `<meta charset='UTF-8'>`, Meta},
		{"spaces around =", "<meta charset \t= \n\"koi8-r\" >", "UTF-8", "<meta charset \t= \n\"UTF-8\" >", Meta},
		{"slash after meta", `<meta/charset=koi8-r>`, "UTF-8", `<meta/charset=UTF-8>`, Meta},
		{"after other markup", `<!DOCTYPE html><!-- <meta charset=gbk> --><p title="<meta charset=gbk>"><meta charset=big5>`, "UTF-8",
			`<!DOCTYPE html><!-- <meta charset=gbk> --><p title="<meta charset=gbk>"><meta charset=UTF-8>`, Meta},
		{"duplicate charset: the first counts", `<meta charset=koi8-r charset=iso-8859-2>`, "UTF-8", `<meta charset=UTF-8 charset=iso-8859-2>`, Meta},
		{"first meta with a charset wins", `<meta charset=koi8-r><meta charset=iso-8859-2>`, "UTF-8", `<meta charset=UTF-8><meta charset=iso-8859-2>`, Meta},
		{"failed meta, then one that counts", `<meta charset=bogus><meta charset=koi8-r>`, "UTF-8", `<meta charset=bogus><meta charset=UTF-8>`, Meta},
		{"meta inside script", `<script>"<meta charset=koi8-r>"</script>`, "UTF-8", `<script>"<meta charset=UTF-8>"</script>`, Meta},
		{"utf-16 label (the prescan says UTF-8)", `<meta charset="utf-16">`, "EUC-KR", `<meta charset="EUC-KR">`, Meta},
		{"x-user-defined (the prescan says windows-1252)", `<meta charset="x-user-defined">`, "GBK", `<meta charset="GBK">`, Meta},
		{"to a UTF-16 name", `<meta charset="gbk">`, "UTF-16LE", `<meta charset="UTF-16LE">`, Meta},
		{"longer name", `<meta charset=l5>`, "ISO-8859-2", `<meta charset=ISO-8859-2>`, Meta},
		{"replacement (a label of itself)", `<meta charset=koi8-r>`, "replacement", `<meta charset=replacement>`, Meta},
		{"a label that is not the name", `<meta charset=big5>`, "sjis", `<meta charset=sjis>`, Meta},
		// Already true: nothing changes, not even the case.
		{"label already names the encoding", `<meta charset="shift_jis">`, "Shift_JIS", `<meta charset="shift_jis">`, Meta},
		{"other label of the same encoding", `<meta charset="latin1">`, "windows-1252", `<meta charset="latin1">`, Meta},
		{"utf-16 label for UTF-16LE", `<meta charset="utf-16">`, "UTF-16LE", `<meta charset="utf-16">`, Meta},
	})
}

func TestRewriteMetaContent(t *testing.T) {
	const pragma = `http-equiv="Content-Type" `
	runRewriteCases(t, []rewriteCase{
		{"pragma then content", `<meta ` + pragma + `content="text/html; charset=Shift_JIS">`, "EUC-JP",
			`<meta ` + pragma + `content="text/html; charset=EUC-JP">`, Meta},
		{"content then pragma", `<meta content="text/html; charset=koi8-r" http-equiv=content-type>`, "UTF-8",
			`<meta content="text/html; charset=UTF-8" http-equiv=content-type>`, Meta},
		{"text after the label", `<meta ` + pragma + `content="text/html; charset=koi8-r; foo=bar">`, "UTF-8",
			`<meta ` + pragma + `content="text/html; charset=UTF-8; foo=bar">`, Meta},
		{"label ended by whitespace", `<meta ` + pragma + `content="text/html; charset=koi8-r foo">`, "UTF-8",
			`<meta ` + pragma + `content="text/html; charset=UTF-8 foo">`, Meta},
		{"no space before charset", `<meta ` + pragma + `content="text/html;charset=koi8-r">`, "UTF-8",
			`<meta ` + pragma + `content="text/html;charset=UTF-8">`, Meta},
		{"spaces around =", "<meta " + pragma + "content=\"text/html; charset \f=\n koi8-r\">", "UTF-8",
			"<meta " + pragma + "content=\"text/html; charset \f=\n UTF-8\">", Meta},
		{"quoted label inside the content", `<meta ` + pragma + `content='text/html; charset="koi8-r"'>`, "UTF-8",
			`<meta ` + pragma + `content='text/html; charset="UTF-8"'>`, Meta},
		{"quoted label with text after it", `<meta ` + pragma + `content="text/html; charset='koi8-r'trailing">`, "UTF-8",
			`<meta ` + pragma + `content="text/html; charset='UTF-8'trailing">`, Meta},
		{"unquoted content attribute", `<meta http-equiv=content-type content=text/html;charset=koi8-r>`, "UTF-8",
			`<meta http-equiv=content-type content=text/html;charset=UTF-8>`, Meta},
		{"charset inside other text", `<meta ` + pragma + `content="xcharset=koi8-r">`, "UTF-8",
			`<meta ` + pragma + `content="xcharset=UTF-8">`, Meta},
		{"the search goes on after a charset without =", `<meta ` + pragma + `content="charset; charset=koi8-r">`, "UTF-8",
			`<meta ` + pragma + `content="charset; charset=UTF-8">`, Meta},
		{"upper case", `<META HTTP-EQUIV="CONTENT-TYPE" CONTENT="TEXT/HTML; CHARSET=KOI8-R">`, "UTF-8",
			`<META HTTP-EQUIV="CONTENT-TYPE" CONTENT="TEXT/HTML; CHARSET=UTF-8">`, Meta},
		{"duplicate content: the first counts", `<meta ` + pragma + `content="charset=koi8-r" content="charset=iso-8859-2">`, "UTF-8",
			`<meta ` + pragma + `content="charset=UTF-8" content="charset=iso-8859-2">`, Meta},
		{"charset attribute after content wins", `<meta ` + pragma + `content="charset=koi8-r" charset=iso-8859-2>`, "UTF-8",
			`<meta ` + pragma + `content="charset=koi8-r" charset=UTF-8>`, Meta},
		{"charset attribute before content wins", `<meta charset=iso-8859-2 ` + pragma + `content="charset=koi8-r">`, "UTF-8",
			`<meta charset=UTF-8 ` + pragma + `content="charset=koi8-r">`, Meta},
		// Declarations the prescan must ignore: nothing to rewrite.
		{"content without the pragma", `<meta content="text/html; charset=koi8-r">`, "UTF-8", "", Meta},
		{"other http-equiv", `<meta http-equiv=refresh content="charset=koi8-r">`, "UTF-8", "", Meta},
		{"failed charset attribute blocks content", `<meta charset=bogus ` + pragma + `content="charset=koi8-r">`, "UTF-8", "", Meta},
		{"unterminated quoted label", `<meta ` + pragma + `content='charset="koi8-r'>`, "UTF-8", "", Meta},
	})
}

func TestRewriteXMLDeclaration(t *testing.T) {
	runRewriteCases(t, []rewriteCase{
		{"double quotes", `<?xml version="1.0" encoding="Shift_JIS"?><root/>`, "EUC-JP", `<?xml version="1.0" encoding="EUC-JP"?><root/>`, XMLDeclaration},
		{"single quotes", `<?xml version='1.0' encoding='koi8-r'?>`, "UTF-8", `<?xml version='1.0' encoding='UTF-8'?>`, XMLDeclaration},
		{"controls around =", "<?xml encoding \x01\x1f= \t\"koi8-r\"?>", "UTF-8", "<?xml encoding \x01\x1f= \t\"UTF-8\"?>", XMLDeclaration},
		{"utf-16 label", `<?xml version="1.0" encoding="UTF-16"?>`, "windows-1252", `<?xml version="1.0" encoding="windows-1252"?>`, XMLDeclaration},
		{"x-user-defined stays in XML", `<?xml encoding="koi8-r"?>`, "x-user-defined", `<?xml encoding="x-user-defined"?>`, XMLDeclaration},
		{"failed meta, then the XML declaration", `<?xml encoding="koi8-r"?><meta charset=bogus>`, "UTF-8", `<?xml encoding="UTF-8"?><meta charset=bogus>`, XMLDeclaration},
		{"meta beats the XML declaration", `<?xml encoding="koi8-r"?><meta charset=iso-8859-2>`, "UTF-8", `<?xml encoding="koi8-r"?><meta charset=UTF-8>`, Meta},
		{"not at offset 0", ` <?xml encoding="koi8-r"?>`, "UTF-8", "", XMLDeclaration},
		{"case-sensitive", `<?xml ENCODING="koi8-r"?>`, "UTF-8", "", XMLDeclaration},
		{"unquoted", `<?xml encoding=koi8-r?>`, "UTF-8", "", XMLDeclaration},
		{"encoding after the first '>'", `<?xml version="1.0"?><p encoding="koi8-r">`, "UTF-8", "", XMLDeclaration},
		{"space inside the quotes", `<?xml encoding=" koi8-r"?>`, "UTF-8", "", XMLDeclaration},
		// The UTF-16 byte patterns decide without a label.
		{"UTF-16LE pattern", "<\x00?\x00x\x00m\x00l\x00", "UTF-8", "", XMLDeclaration},
		{"UTF-16BE pattern", "\x00<\x00?\x00x\x00m\x00l", "UTF-8", "", XMLDeclaration},
	})
}

func TestRewriteNothingDeclared(t *testing.T) {
	runRewriteCases(t, []rewriteCase{
		{"empty", ``, "UTF-8", "", Meta},
		{"no declaration", `<!DOCTYPE html><title>café</title>`, "UTF-8", "", Meta},
		{"meta in a comment", `<!-- <meta charset=koi8-r> -->`, "UTF-8", "", Meta},
		{"--!> does not end a comment", `<!-- --!><meta charset=koi8-r> -->`, "UTF-8", "", Meta},
		{"unknown label", `<meta charset=bogus>`, "UTF-8", "", Meta},
		{"self-closing unquoted keeps the slash", `<meta charset=koi8-r/>`, "UTF-8", "", Meta},
		{"charset on another element", `<html charset=koi8-r>`, "UTF-8", "", Meta},
		{"'< meta' is not a tag", `< meta charset=koi8-r>`, "UTF-8", "", Meta},
		// Names that are not labels are refused, whatever the page.
		{"not a label", `<meta charset=koi8-r>`, "koi8-rr", "", Meta},
		{"a quote would end the value", `<meta charset=koi8-r>`, `utf-8"`, "", Meta},
		{"whitespace would end the value", `<meta charset=koi8-r>`, " utf-8", "", Meta},
		{"empty name", `<meta charset=koi8-r>`, "", "", Meta},
	})
}

// TestRewriteWindow: only a declaration complete within the first 1024
// bytes counts, and a longer name can push it out of the window.
func TestRewriteWindow(t *testing.T) {
	pad := func(n int) string { return strings.Repeat(" ", n) }
	meta := `<meta charset=koi8-r>` // ">" at offset 20
	quoted := `<meta charset="koi8-r">`
	content := `<meta http-equiv=content-type content="charset=koi8-r">`
	xmlDecl := func(n int) string { return `<?xml version="1.0"` + pad(n) + `encoding="koi8-r"?>` }
	runRewriteCases(t, []rewriteCase{
		{"meta ends at byte 1023", pad(1024-len(meta)) + meta + "<p>", "KOI8-U", pad(1024-len(meta)) + `<meta charset=KOI8-U>` + "<p>", Meta},
		{"meta '>' at byte 1024", pad(1024-len(meta)+1) + meta, "KOI8-U", "", Meta},
		{"quoted label split by the boundary", pad(1024-len(quoted)+5) + quoted, "KOI8-U", "", Meta},
		{"quoted meta: closing quote at byte 1023", pad(1024-len(quoted)+1) + quoted, "KOI8-U", "", Meta},
		{"meta starts at byte 1024", pad(1024) + meta, "KOI8-U", "", Meta},
		{"content meta ends at byte 1023", pad(1024-len(content)) + content, "UTF-8",
			pad(1024-len(content)) + `<meta http-equiv=content-type content="charset=UTF-8">`, Meta},
		{"content meta '>' at byte 1024", pad(1024-len(content)+1) + content, "UTF-8", "", Meta},
		{"comment ending after 1024 hides a meta", `<!--` + pad(1030) + `-->` + meta, "UTF-8", "", Meta},
		{"XML declaration '>' at byte 1023", xmlDecl(1024 - len(xmlDecl(0))), "UTF-8",
			`<?xml version="1.0"` + pad(1024-len(xmlDecl(0))) + `encoding="UTF-8"?>`, XMLDeclaration},
		{"XML declaration '>' at byte 1024", xmlDecl(1024 - len(xmlDecl(0)) + 1), "UTF-8", "", XMLDeclaration},
		{"XML label split by the boundary", xmlDecl(1024 - len(xmlDecl(0)) + 6), "UTF-8", "", XMLDeclaration},
	})

	// A longer name moves the ">" of a declaration that ended at 1023 to
	// 1025: the rewrite happens, but the prescan no longer sees it.
	page := []byte(pad(1024-len(meta)) + meta)
	got, ok := RewriteDeclaration(page, "windows-1251")
	if want := pad(1024-len(meta)) + `<meta charset=windows-1251>`; !ok || string(got) != want {
		t.Fatalf("RewriteDeclaration = %q, %v", got, ok)
	}
	if d, found := FindDeclaration(got); found {
		t.Errorf("the declaration ending at byte %d was found: %+v", len(got), d)
	}
	checkAgainstRef(t, got)
	// A shorter name keeps it in.
	got, _ = RewriteDeclaration(page, "gbk")
	if d, found := FindDeclaration(got); !found || string(got[d.Start:d.End]) != "gbk" {
		t.Errorf("shorter name: FindDeclaration = %+v, %v", d, found)
	}
}

// TestRewriteDoesNotModifyInput checks that the page passed in is left as
// it is.
func TestRewriteDoesNotModifyInput(t *testing.T) {
	page := []byte(`<meta charset="koi8-r">` + strings.Repeat("x", 100))
	orig := bytes.Clone(page)
	got, ok := RewriteDeclaration(page[:23:23], "UTF-8")
	if !ok || string(got) != `<meta charset="UTF-8">` {
		t.Fatalf("got %q, %v", got, ok)
	}
	if !bytes.Equal(page, orig) {
		t.Errorf("the input was modified: %q", page)
	}
}

// checkDeclarationByRewriting checks FindDeclaration on content against the
// reference prescan, by rewriting: if the declaration is where
// FindDeclaration says, then putting another label there makes the
// reference prescan answer that label's encoding, whatever the first was.
func checkDeclarationByRewriting(t testing.TB, content []byte) {
	t.Helper()
	refName, refSrc := refPrescan(content)
	d, ok := FindDeclaration(content)
	if !ok {
		// No label: failure, or the UTF-16 patterns.
		utf16Pattern := refSrc == XMLDeclaration && (refName == "utf-16le" || refName == "utf-16be") && len(content) >= 6 && (content[1] == 0 || content[0] == 0)
		if refSrc != Defaulted && !utf16Pattern {
			t.Errorf("FindDeclaration(%q) found nothing; the reference prescan says %s from %v", content, refName, refSrc)
		}
		return
	}
	if d.Source != refSrc || nameOf(d.Encoding) != refName {
		t.Errorf("FindDeclaration(%q) = %s from %v; the reference says %s from %v", content, nameOf(d.Encoding), d.Source, refName, refSrc)
		return
	}
	if d.Start < 0 || d.Start >= d.End || d.End > min(len(content), prescanLimit) {
		t.Errorf("FindDeclaration(%q): bad range %d:%d", content, d.Start, d.End)
		return
	}
	if len(content) > prescanLimit-20 {
		return // a longer label could leave the window
	}
	// Two labels, so that one of them differs from the original.
	for _, label := range []string{"iso-8859-5", "GBK"} {
		swapped := append(append(append([]byte{}, content[:d.Start]...), label...), content[d.End:]...)
		name, src := refPrescan(swapped)
		if want := nameOf(prescanMapped(label, d.Source)); name != want || src != d.Source {
			t.Errorf("FindDeclaration(%q) = %d:%d (%q); with %q there the reference prescan says %s from %v, want %s from %v",
				content, d.Start, d.End, content[d.Start:d.End], label, name, src, want, d.Source)
		}
	}
}

// TestDeclarationReference runs checkDeclarationByRewriting on all short
// strings over an alphabet of the fragments declarations are made of.
func TestDeclarationReference(t *testing.T) {
	alphabet := []string{"<meta ", "<", ">", "!--", "-->", "/", `"`, "'", " ", "=", "charset", "=koi8-r", "utf-16", "x-user-defined",
		"http-equiv=content-type ", "content=", ";", "<?xml encoding=", "<p "}
	count := forEachString(alphabet, 4, func(s string) { checkDeclarationByRewriting(t, []byte(s)) })
	if testing.Verbose() {
		t.Logf("%d inputs", count)
	}
}

// TestDeclarationReferenceBytes puts every byte value at the places where
// the prescan classifies bytes around a declaration.
func TestDeclarationReferenceBytes(t *testing.T) {
	templates := []string{
		"<meta charset=%koi8-r%>",
		"<meta charset='%koi8-r%'>",
		"<meta charset%=%koi8-r>",
		"<meta http-equiv=content-type content='charset%=%koi8-r%'>",
		"<meta http-equiv=content-type content=charset=%koi8-r%>",
		"<meta http-equiv=content-type content='charset=\"%koi8-r%\"'>",
		"<?xml encoding%=%'koi8-r%'?>",
		"<?xml encoding='%koi8-r'%>",
	}
	forEachByteIn(templates, func(in []byte) { checkDeclarationByRewriting(t, in) })
}

func FuzzFindDeclaration(f *testing.F) {
	f.Add([]byte(`<meta http-equiv=content-type content="text/html; charset='koi8-r'">`))
	f.Add([]byte(`<?xml version="1.0" encoding="utf-16"?><!-- x --><meta charset=bogus>`))
	f.Add([]byte(`<meta charset=iso-8859-2 http-equiv=content-type content="charset=koi8-r">`))
	f.Fuzz(func(t *testing.T, content []byte) {
		checkDeclarationByRewriting(t, content)
	})
}
