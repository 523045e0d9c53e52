package charset

import (
	"fmt"
	"strings"
	"testing"

	"github.com/webenc/webenc/whatwg/htmlindex"
)

// sniffCase is one input to the encoding sniffing algorithm and the
// expected outcome, written by hand from the HTML Standard (section
// numbers refer to shared/html/encoding-sniffing.md, which restates it).
type sniffCase struct {
	name        string
	content     string
	contentType string
	want        string // htmlindex name; "" means the default, windows-1252
	src         Source
}

func runSniffCases(t *testing.T, cases []sniffCase) {
	t.Helper()
	for _, c := range cases {
		checkAgainstRef(t, []byte(c.content))
		want, src := c.want, c.src
		if want == "" {
			want, src = "windows-1252", Defaulted
		}
		r := Sniff([]byte(c.content), c.contentType)
		certain := src == BOM || src == ContentType
		if r.Name != want || r.Source != src || r.Certain != certain {
			t.Errorf("%s: Sniff(%q, %q) = %s from %v (certain %v), want %s from %v (certain %v)",
				c.name, c.content, c.contentType, r.Name, r.Source, r.Certain, want, src, certain)
			continue
		}
		if name, err := htmlindex.Name(r.Encoding); err != nil || name != r.Name {
			t.Errorf("%s: htmlindex.Name(Encoding) = %q, %v; want %q", c.name, name, err, r.Name)
		}
		e, name, certain2 := DetermineEncoding([]byte(c.content), c.contentType)
		if e != r.Encoding || name != r.Name || certain2 != r.Certain {
			t.Errorf("%s: DetermineEncoding disagrees with Sniff", c.name)
		}
	}
}

// §6 step 3b: <meta charset>, and the get-an-attribute rules of §7.
func TestPrescanMetaCharset(t *testing.T) {
	runSniffCases(t, []sniffCase{
		{"double quotes", `<meta charset="iso-8859-2">`, "", "iso-8859-2", Meta},
		{"single quotes", `<meta charset='iso-8859-2'>`, "", "iso-8859-2", Meta},
		{"unquoted", `<meta charset=iso-8859-2>`, "", "iso-8859-2", Meta},
		{"upper-case tag and attribute", `<META CHARSET=ISO-8859-2>`, "", "iso-8859-2", Meta},
		{"mixed case", `<MeTa ChArSeT='KoI8-r'>`, "", "koi8-r", Meta},
		{"slash after meta (3b)", `<meta/charset=koi8-r>`, "", "koi8-r", Meta},
		{"TAB after meta", "<meta\tcharset=koi8-r>", "", "koi8-r", Meta},
		{"LF after meta", "<meta\ncharset=koi8-r>", "", "koi8-r", Meta},
		{"FF after meta", "<meta\fcharset=koi8-r>", "", "koi8-r", Meta},
		{"CR after meta", "<meta\rcharset=koi8-r>", "", "koi8-r", Meta},
		// 0x0B is not ASCII whitespace: "<meta\v" is another tag (3c) whose
		// name runs to the ">".
		{"VT after meta is not whitespace", "<meta\vcharset=koi8-r>", "", "", Defaulted},
		{"no separator: other tag", `<metacharset=koi8-r>`, "", "", Defaulted},
		{"<meta> without attributes, then one", `<meta><meta charset=koi8-r>`, "", "koi8-r", Meta},
		{"spaces around = (§7 steps 6, 9)", "<meta charset \t= \n\"koi8-r\" >", "", "koi8-r", Meta},
		{"odd whitespace everywhere", "<meta\f\r\n charset\r\n=\f'koi8-r'\t/>", "", "koi8-r", Meta},
		{"slashes between attributes (§7 step 1)", `<meta//a//charset="koi8-r"//>`, "", "koi8-r", Meta},
		{"label with ASCII whitespace is trimmed (get an encoding)", "<meta charset=' \tkoi8-r\f\r\n'>", "", "koi8-r", Meta},
		{"VT is not trimmed by get an encoding", "<meta charset='koi8-r\v'>", "", "", Defaulted},
		{"NBSP is not trimmed", "<meta charset='koi8-r\u00a0'>", "", "", Defaulted},
		{"self-closing quoted", `<meta charset="koi8-r"/>`, "", "koi8-r", Meta},
		// §7 step 11: "/" is an ordinary byte of an unquoted value.
		{"self-closing unquoted keeps the slash", `<meta charset=koi8-r/>`, "", "", Defaulted},
		{"quote inside unquoted value", `<meta charset=koi8-r'>`, "", "", Defaulted},
		{"unterminated double quote", `<meta charset="koi8-r><p>text</p>`, "", "", Defaulted},
		{"unterminated single quote", `<meta charset='koi8-r>`, "", "", Defaulted},
		{"mismatched quotes", `<meta charset='koi8-r">`, "", "", Defaulted},
		{"'>' inside quotes", `<meta a="x>y" charset=koi8-r>`, "", "koi8-r", Meta},
		{"no whitespace after quoted value", `<meta a="x"charset="koi8-r">`, "", "koi8-r", Meta},
		{"duplicate charset: first wins (3b.7)", `<meta charset=koi8-r charset=iso-8859-2>`, "", "koi8-r", Meta},
		{"duplicate charset without whitespace", `<meta charset="koi8-r"CHARSET="iso-8859-2">`, "", "koi8-r", Meta},
		{"duplicate after failure is ignored", `<meta charset=bogus charset=koi8-r>`, "", "", Defaulted},
		{"failed meta does not stop the scan", `<meta charset=bogus><meta charset=koi8-r>`, "", "koi8-r", Meta},
		{"empty charset", `<meta charset="">`, "", "", Defaulted},
		{"charset without value", `<meta charset>`, "", "", Defaulted},
		{"charset without =", `<meta charset koi8-r>`, "", "", Defaulted},
		{"'=' as first name byte (§7 step 4)", `<meta =charset=koi8-r>`, "", "", Defaulted},
		{"value is '>' (§7 step 10)", `<meta charset=><meta charset=koi8-r>`, "", "koi8-r", Meta},
		{"charset in another attribute's value", `<meta content="charset=koi8-r">`, "", "", Defaulted},
		{"name has attribute prefix", `<meta xcharset=koi8-r>`, "", "", Defaulted},
		{"utf-16 means utf-8 (3b.14)", `<meta charset=utf-16>`, "", "utf-8", Meta},
		{"utf-16le means utf-8", `<meta charset=utf-16le>`, "", "utf-8", Meta},
		{"utf-16be means utf-8", `<meta charset=UTF-16BE>`, "", "utf-8", Meta},
		{"unicodefffe means utf-8", `<meta charset=unicodefffe>`, "", "utf-8", Meta},
		{"ucs-2 means utf-8", `<meta charset=ucs-2>`, "", "utf-8", Meta},
		{"x-user-defined means windows-1252 (3b.15)", `<meta charset=x-user-defined>`, "", "windows-1252", Meta},
		{"replacement label", `<meta charset=iso-2022-kr>`, "", "replacement", Meta},
		{"utf-8", `<meta charset=utf-8>`, "", "utf-8", Meta},
		{"unicode-1-1-utf-8 label", `<meta charset=unicode-1-1-utf-8>`, "", "utf-8", Meta},
		{"latin1 is windows-1252 from meta", `<meta charset=latin1>`, "", "windows-1252", Meta},
		{"ascii label", `<meta charset=us-ascii>`, "", "windows-1252", Meta},
		{"no normalisation of labels", `<meta charset=koi8.r>`, "", "", Defaulted},
		{"non-ASCII Kelvin sign is not k", "<meta charset=\u212Aoi8-r>", "", "", Defaulted},
		{"character references are not decoded", `<meta charset="&#107;oi8-r">`, "", "", Defaulted},
		{"after text", "hello <b>world</b>\n<meta charset=koi8-r>", "", "koi8-r", Meta},
		{"first meta with a charset wins", `<meta charset=koi8-r><meta charset=iso-8859-2>`, "", "koi8-r", Meta},
	})
}

// §6 step 3b with http-equiv and content, and §8.
func TestPrescanMetaContent(t *testing.T) {
	const pragma = `http-equiv="content-type" `
	cases := []sniffCase{
		{"pragma then content", `<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">`, "", "koi8-r", Meta},
		{"content then pragma", `<meta content="text/html; charset=koi8-r" http-equiv="content-type">`, "", "koi8-r", Meta},
		{"upper case", `<META HTTP-EQUIV="CONTENT-TYPE" CONTENT="TEXT/HTML; CHARSET=KOI8-R">`, "", "koi8-r", Meta},
		{"unquoted pragma", `<meta http-equiv=content-type content="charset=koi8-r">`, "", "koi8-r", Meta},
		{"content without http-equiv", `<meta content="text/html; charset=koi8-r">`, "", "", Defaulted},
		{"http-equiv without content", `<meta http-equiv="content-type">`, "", "", Defaulted},
		{"other http-equiv", `<meta http-equiv="refresh" content="text/html; charset=koi8-r">`, "", "", Defaulted},
		{"http-equiv value is not trimmed", `<meta http-equiv="content-type " content="charset=koi8-r">`, "", "", Defaulted},
		{"duplicate http-equiv: first wins", `<meta http-equiv=refresh http-equiv=content-type content="charset=koi8-r">`, "", "", Defaulted},
		{"duplicate content: first wins", `<meta ` + pragma + `content="charset=koi8-r" content="charset=iso-8859-2">`, "", "koi8-r", Meta},
		{"duplicate content: first fails", `<meta ` + pragma + `content="charset=bogus" content="charset=koi8-r">`, "", "", Defaulted},
		{"charset attribute beats earlier content", `<meta ` + pragma + `content="charset=koi8-r" charset=iso-8859-2>`, "", "iso-8859-2", Meta},
		{"charset attribute beats later content", `<meta charset=iso-8859-2 ` + pragma + `content="charset=koi8-r">`, "", "iso-8859-2", Meta},
		{"charset attribute without pragma beats content", `<meta content="charset=koi8-r" charset=iso-8859-2>`, "", "iso-8859-2", Meta},
		{"failed charset attribute overwrites content", `<meta ` + pragma + `content="charset=koi8-r" charset=bogus>`, "", "", Defaulted},
		// 3b.9: content only counts while charset is null; failure is not null.
		{"failed charset attribute blocks later content", `<meta charset=bogus ` + pragma + `content="charset=koi8-r">`, "", "", Defaulted},
		{"content utf-16 means utf-8", `<meta ` + pragma + `content="charset=utf-16">`, "", "utf-8", Meta},
		{"content x-user-defined means windows-1252", `<meta ` + pragma + `content="charset=x-user-defined">`, "", "windows-1252", Meta},
		{"character references in content are not decoded", `<meta ` + pragma + `content="charset=&quot;koi8-r&quot;">`, "", "", Defaulted},
	}
	// §8 on many shapes of content values, always with the pragma.
	contents := []struct {
		content string
		want    string
	}{
		{`charset=koi8-r`, "koi8-r"},
		{`text/html;charset=koi8-r`, "koi8-r"},
		{`text/html; charset=koi8-r; foo=bar`, "koi8-r"},
		{`text/html; charset=koi8-r foo`, "koi8-r"},
		{"text/html; charset=koi8-r\tfoo", "koi8-r"},
		{`text/html; charset =  koi8-r`, "koi8-r"},
		{"text/html; charset\f=\nkoi8-r", "koi8-r"},
		{`text/html; CHARSET=KOI8-R`, "koi8-r"},
		{`text/html; charset='koi8-r'`, "koi8-r"},
		{`text/html; charset='koi8-r'trailing`, "koi8-r"},
		{`text/html; charset=' koi8-r '`, "koi8-r"},
		{`text/html; charset='koi8-r`, ""},    // §8 step 6: no matching quote: nothing
		{`text/html; charset=`, ""},           // no next character: nothing
		{`text/html; charset=;koi8-r`, ""},    // empty label fails
		{`text/html; charset`, ""},            // no "=" at all
		{`charset; charset=koi8-r`, "koi8-r"}, // step 4: search goes on
		{`charsetcharset=koi8-r`, "koi8-r"},   // step 4 keeps the position after "charset"
		{`xcharset=koi8-r`, "koi8-r"},         // a substring search
		{`charset=bogus; charset=koi8-r`, ""}, // the first "charset=" decides
		{`charset=koi8-r;charset=iso-8859-2`, "koi8-r"},
		{`charset=koi8-r,iso-8859-2`, ""}, // "," does not end the label
		{`charset=\"koi8-r\"`, ""},        // no backslash escapes
		{`charset=utf-16be`, "utf-8"},
	}
	for _, c := range contents {
		for _, q := range []string{`"`, `'`} {
			if strings.Contains(c.content, q) {
				continue
			}
			html := `<meta ` + pragma + `content=` + q + c.content + q + `>`
			cases = append(cases, sniffCase{"content " + c.content, html, "", c.want, Meta})
		}
	}
	// A double-quoted charset inside a single-quoted content attribute.
	cases = append(cases,
		sniffCase{"double-quoted label", `<meta ` + pragma + `content='text/html; charset="koi8-r"'>`, "", "koi8-r", Meta},
		sniffCase{"double-quoted label missing its closing quote", `<meta ` + pragma + `content='text/html; charset="koi8-r'>`, "", "", Defaulted},
	)
	runSniffCases(t, cases)
}

// §6 steps 3a, 3c, 3d, 3e and 4: everything but <meta>.
func TestPrescanSkipping(t *testing.T) {
	runSniffCases(t, []sniffCase{
		{"meta in comment", `<!-- <meta charset=koi8-r> -->`, "", "", Defaulted},
		{"meta after comment", `<!-- x --><meta charset=koi8-r>`, "", "koi8-r", Meta},
		{"<!--> is a whole comment", `<!--><meta charset=koi8-r>`, "", "koi8-r", Meta},
		{"<!---> is a whole comment", `<!---><meta charset=koi8-r>`, "", "koi8-r", Meta},
		{"--!> does not end a comment", `<!-- --!><meta charset=koi8-r> -->`, "", "", Defaulted},
		{"-- > does not end a comment", `<!-- -- ><meta charset=koi8-r> -->`, "", "", Defaulted},
		{"unterminated comment", `<!-- <meta charset=koi8-r>`, "", "", Defaulted},
		{"<!- is a markup declaration", `<!-x <meta charset=koi8-r>`, "", "", Defaulted},
		{"doctype", `<!DOCTYPE html><meta charset=koi8-r>`, "", "koi8-r", Meta},
		{"processing instruction", `<?php echo 1 ?><meta charset=koi8-r>`, "", "koi8-r", Meta},
		{"ASCII XML declaration is skipped", `<?xml version="1.0" encoding="iso-8859-2"?><meta charset=koi8-r>`, "", "koi8-r", Meta},
		{"end tag named meta", `</meta charset=koi8-r>`, "", "", Defaulted},
		{"end tag then meta", `</head><meta charset=koi8-r>`, "", "koi8-r", Meta},
		{"'</' then space", `</ x><meta charset=koi8-r>`, "", "koi8-r", Meta},
		{"'</ meta' is skipped to '>'", `</ meta charset=koi8-r>`, "", "", Defaulted},
		{"'< meta' is not a tag", `< meta charset=koi8-r>`, "", "", Defaulted},
		{"'<<meta'", `<<meta charset=koi8-r>`, "", "koi8-r", Meta},
		{"tag name runs into '<meta'", `<a<meta charset=koi8-r>`, "", "", Defaulted},
		{"meta in another tag's quoted attribute", `<p title="<meta charset=iso-8859-2>"><meta charset=koi8-r>`, "", "koi8-r", Meta},
		{"meta in another tag's single-quoted attribute", `<p title='<meta charset=iso-8859-2>'>`, "", "", Defaulted},
		{"'>' in another tag's quoted attribute", `<p title="a>b<meta charset=iso-8859-2>">`, "", "", Defaulted},
		{"other tag with slash", `<br/><meta charset=koi8-r>`, "", "koi8-r", Meta},
		{"upper-case other tag", `<HEAD PROFILE="x"><META CHARSET="koi8-r">`, "", "koi8-r", Meta},
		{"charset attribute on another element", `<html charset=koi8-r>`, "", "", Defaulted},
		{"meta inside script (bytes, not tokens)", `<script>var x = "<meta charset=koi8-r>";</script>`, "", "koi8-r", Meta},
		{"meta inside style", `<style><meta charset=koi8-r></style>`, "", "koi8-r", Meta},
		{"meta inside title", `<title><meta charset=koi8-r></title>`, "", "koi8-r", Meta},
		{"meta inside textarea", `<textarea><meta charset=koi8-r></textarea>`, "", "koi8-r", Meta},
		{"meta inside plaintext", `<plaintext><meta charset=koi8-r>`, "", "koi8-r", Meta},
		{"comment inside script still hides", `<script><!-- <meta charset=koi8-r> --></script>`, "", "", Defaulted},
		{"nothing", `<html><head><title>x</title></head><body>café</body></html>`, "", "", Defaulted},
		{"empty", ``, "", "", Defaulted},
		{"a lone '<'", `<`, "", "", Defaulted},
	})
}

// §6: the window is the first 1024 bytes, and the prescan aborts when
// position moves beyond it, even in the middle of a <meta>.
func TestPrescanWindow(t *testing.T) {
	pad := func(n int) string { return strings.Repeat(" ", n) }
	meta := `<meta charset=koi8-r>` // 21 bytes, ">" at offset 20
	quoted := `<meta charset="koi8-r">`
	runSniffCases(t, []sniffCase{
		{"meta ends at byte 1023", pad(1024-len(meta)) + meta, "", "koi8-r", Meta},
		{"meta ends at byte 1023, more content after", pad(1024-len(meta)) + meta + "<p>more", "", "koi8-r", Meta},
		{"meta '>' at byte 1024", pad(1024-len(meta)+1) + meta, "", "", Defaulted},
		{"quoted meta '>' at byte 1023", pad(1024-len(quoted)) + quoted, "", "koi8-r", Meta},
		// The closing quote is the window's last byte: the attribute is
		// complete, but finding the '>' needs byte 1024.
		{"quoted meta: closing quote at byte 1023", pad(1024-len(quoted)+1) + quoted, "", "", Defaulted},
		{"meta starts at byte 1024", pad(1024) + meta, "", "", Defaulted},
		{"'<meta' at bytes 1019-1023", pad(1019) + meta, "", "", Defaulted},
		{"'<meta ' ends at byte 1023", pad(1018) + meta, "", "", Defaulted},
		{"comment ends at byte 1023", `<!--` + pad(1017) + `-->` + meta, "", "", Defaulted},
		{"meta inside a comment that ends at byte 1023", `<!--` + meta + pad(1017-len(meta)) + `-->` + meta, "", "", Defaulted},
		{"comment ends before meta that ends at 1023", `<!--` + pad(1000-len(meta)-7) + `-->` + pad(24) + meta, "", "koi8-r", Meta},
		{"comment ending after 1024 hides a meta", `<!--` + pad(1030) + `-->` + meta, "", "", Defaulted},
	})
	// Check the helper's arithmetic.
	if s := pad(1024-len(meta)) + meta; len(s) != 1024 || s[1023] != '>' {
		t.Fatal("bad test construction")
	}
}

// §6 step 2 (UTF-16 patterns) and §9 (get an XML encoding).
func TestPrescanXML(t *testing.T) {
	utf16le := "<\x00?\x00x\x00m\x00l\x00"
	utf16be := "\x00<\x00?\x00x\x00m\x00l"
	runSniffCases(t, []sniffCase{
		{"UTF-16LE pattern", utf16le, "", "utf-16le", XMLDeclaration},
		{"UTF-16BE pattern", utf16be, "", "utf-16be", XMLDeclaration},
		{"UTF-16LE pattern: 6 bytes", "<\x00?\x00x\x00", "", "utf-16le", XMLDeclaration},
		{"UTF-16LE pattern: 5 bytes", "<\x00?\x00x", "", "", Defaulted},
		{"UTF-16 pattern only at offset 0", " " + utf16le, "", "", Defaulted},
		{"UTF-16 pattern ignores the declared encoding", "<\x00?\x00x\x00m\x00l\x00 \x00e\x00n\x00c\x00", "", "utf-16le", XMLDeclaration},
		{"UTF-16 pattern beats meta", "<\x00?\x00x\x00<meta charset=koi8-r>", "", "utf-16le", XMLDeclaration},
		{"xml declaration", `<?xml version="1.0" encoding="koi8-r"?><root/>`, "", "koi8-r", XMLDeclaration},
		{"single quotes", `<?xml version='1.0' encoding='koi8-r'?>`, "", "koi8-r", XMLDeclaration},
		{"whitespace and controls around =", "<?xml encoding \x01\x1f= \t\"koi8-r\"?>", "", "koi8-r", XMLDeclaration},
		{"utf-16 means utf-8", `<?xml version="1.0" encoding="UTF-16"?>`, "", "utf-8", XMLDeclaration},
		{"utf-16be means utf-8", `<?xml version="1.0" encoding="utf-16be"?>`, "", "utf-8", XMLDeclaration},
		{"x-user-defined stays", `<?xml encoding="x-user-defined"?>`, "", "x-user-defined", XMLDeclaration},
		{"replacement label", `<?xml encoding="iso-2022-kr"?>`, "", "replacement", XMLDeclaration},
		{"case-sensitive <?xml", `<?XML version="1.0" encoding="koi8-r"?>`, "", "", Defaulted},
		{"case-sensitive encoding", `<?xml version="1.0" ENCODING="koi8-r"?>`, "", "", Defaulted},
		{"not at offset 0", ` <?xml version="1.0" encoding="koi8-r"?>`, "", "", Defaulted},
		{"after a BOM-less newline", "\n<?xml encoding=\"koi8-r\"?>", "", "", Defaulted},
		{"encoding after the first '>'", `<?xml version="1.0"?><p encoding="koi8-r">`, "", "", Defaulted},
		{"'>' in version ends the declaration", `<?xml version=">" encoding="koi8-r"?>`, "", "", Defaulted},
		{"no '>'", `<?xml version="1.0" encoding="koi8-r"`, "", "", Defaulted},
		{"unquoted", `<?xml encoding=koi8-r?>`, "", "", Defaulted},
		{"no '='", `<?xml encoding "koi8-r"?>`, "", "", Defaulted},
		{"space inside quotes", `<?xml encoding=" koi8-r"?>`, "", "", Defaulted},
		{"unterminated", `<?xml encoding="koi8-r?>`, "", "", Defaulted},
		{"closing quote after the '>'", `<?xml encoding='koi8-r>'`, "", "", Defaulted},
		{"unknown label", `<?xml encoding="bogus"?>`, "", "", Defaulted},
		{"meta beats xml declaration", `<?xml encoding="koi8-r"?><meta charset=iso-8859-2>`, "", "iso-8859-2", Meta},
		{"failed meta, then xml declaration", `<?xml encoding="koi8-r"?><meta charset=bogus>`, "", "koi8-r", XMLDeclaration},
		{"xml declaration beyond 1024", `<?xml version="1.0"` + strings.Repeat(" ", 1024) + `encoding="koi8-r"?>`, "", "", Defaulted},
	})
}

// Encoding sniffing steps 1 and 4: BOM, then Content-Type.
func TestSniffBOMAndContentType(t *testing.T) {
	const meta = `<meta charset=koi8-r>`
	runSniffCases(t, []sniffCase{
		{"UTF-8 BOM", "\xEF\xBB\xBF" + meta, "", "utf-8", BOM},
		{"UTF-16BE BOM", "\xFE\xFF" + meta, "", "utf-16be", BOM},
		{"UTF-16LE BOM", "\xFF\xFE" + meta, "", "utf-16le", BOM},
		{"UTF-32LE BOM is UTF-16LE", "\xFF\xFE\x00\x00", "", "utf-16le", BOM},
		{"BOM only", "\xEF\xBB\xBF", "", "utf-8", BOM},
		{"incomplete UTF-8 BOM", "\xEF\xBB", "", "", Defaulted},
		{"incomplete UTF-8 BOM then meta", "\xEF\xBB" + meta, "", "koi8-r", Meta},
		{"BOM beats Content-Type", "\xEF\xBB\xBF", "text/html; charset=koi8-r", "utf-8", BOM},
		{"Content-Type beats meta", meta, "text/html; charset=iso-8859-2", "iso-8859-2", ContentType},
		{"Content-Type label is case-insensitive", "", "text/html; charset=ISO-8859-2", "iso-8859-2", ContentType},
		{"Content-Type utf-16 is not remapped", "", "text/html; charset=utf-16", "utf-16le", ContentType},
		{"Content-Type utf-16be", "", "text/html; charset=utf-16be", "utf-16be", ContentType},
		{"Content-Type x-user-defined is not remapped", "", "text/html; charset=x-user-defined", "x-user-defined", ContentType},
		{"Content-Type replacement", "", "text/html; charset=hz-gb-2312", "replacement", ContentType},
		{"Content-Type unknown label is ignored", meta, "text/html; charset=bogus", "koi8-r", Meta},
		{"Content-Type without charset", meta, "text/html", "koi8-r", Meta},
		{"Content-Type invalid", meta, "text; charset=iso-8859-2", "koi8-r", Meta},
		{"Content-Type label trimmed by get an encoding", "", `text/html; charset=" koi8-r "`, "koi8-r", ContentType},
		{"Content-Type leading whitespace kept by the parser, trimmed later", "", "text/html; charset=  koi8-r", "koi8-r", ContentType},
		{"Content-Type first charset wins", "", "text/html; charset=koi8-r; charset=iso-8859-2", "koi8-r", ContentType},
		{"Content-Type first valid charset wins", "", "text/html; charset=; charset=koi8-r", "koi8-r", ContentType},
		{"Content-Type empty quoted charset takes the name", meta, `text/html; charset=""; charset=iso-8859-2`, "koi8-r", Meta},
		{"Content-Type quoted with escapes", "", `text/html; charset="ko\i8-\r"`, "koi8-r", ContentType},
		{"Content-Type unterminated quote", "", `text/html; charset="koi8-r`, "koi8-r", ContentType},
		{"Content-Type junk after quote", "", `text/html; charset="koi8-r"junk; a=b`, "koi8-r", ContentType},
		{"Content-Type whitespace before =", meta, "text/html; charset =iso-8859-2", "koi8-r", Meta},
		{"Content-Type RFC 2231 charset*", meta, "text/html; charset*=iso-8859-2", "koi8-r", Meta},
		{"Content-Type FF is not HTTP whitespace", meta, "text/html;\fcharset=iso-8859-2", "koi8-r", Meta},
	})
}

// The Content-Type parser (§5) on its own, including values that get an
// encoding later rejects.
func TestContentTypeCharset(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"text/html;charset=koi8-r", "koi8-r", true},
		{"text/html; charset=koi8-r", "koi8-r", true},
		{" \t\r\ntext/html; charset=koi8-r \t\r\n", "koi8-r", true},                   // step 1
		{"\ftext/html; charset=koi8-r", "", false},                                    // FF is not HTTP whitespace
		{"text/html\f; charset=koi8-r", "", false},                                    // nor at the subtype's end
		{"text/html ; charset=koi8-r", "koi8-r", true},                                // step 8
		{"TEXT/HTML; CHARSET=KOI8-R", "KOI8-R", true},                                 // names lowercased, values kept
		{"*/*; charset=koi8-r", "koi8-r", true},                                       // "*" is a token code point
		{"text/html", "", false},                                                      // no parameters
		{"", "", false},                                                               // step 4: empty type
		{"texthtml; charset=koi8-r", "", false},                                       // step 5: no "/"
		{"/html; charset=koi8-r", "", false},                                          // step 4
		{"text/; charset=koi8-r", "", false},                                          // step 9
		{"text/ ; charset=koi8-r", "", false},                                         // step 9 after step 8
		{"te xt/html; charset=koi8-r", "", false},                                     // not a token
		{"text/ht(ml; charset=koi8-r", "", false},                                     // not a token
		{"text/html charset=koi8-r", "", false},                                       // the subtype contains " " and "="
		{"text/html\xff; charset=koi8-r", "", false},                                  // non-ASCII is not a token
		{"text/html;;charset=koi8-r", "koi8-r", true},                                 // 11.4.1
		{"text/html;charset=koi8-r;", "koi8-r", true},                                 // trailing ";"
		{"text/html;\t charset=koi8-r", "koi8-r", true},                               // 11.2
		{"text/html; charset", "", false},                                             // 11.5
		{"text/html; charset=", "", false},                                            // 11.5
		{"text/html; charset; charset=koi8-r", "koi8-r", true},                        // 11.4.1
		{"text/html; charset=; charset=koi8-r", "koi8-r", true},                       // 11.7.3: empty skipped
		{"text/html; charset=  ; charset=koi8-r", "koi8-r", true},                     // empty after trimming
		{"text/html; charset=koi8-r; charset=iso-8859-2", "koi8-r", true},             // first wins
		{"text/html; CHARSET=koi8-r; charset=iso-8859-2", "koi8-r", true},             // case-insensitive names
		{"text/html; charset =koi8-r", "", false},                                     // "charset " is not a token
		{"text/html; charset =koi8-r; charset=iso-8859-2", "iso-8859-2", true},        // the rejected one does not take the name
		{"text/html; charset= koi8-r", " koi8-r", true},                               // leading whitespace stays
		{"text/html; charset=koi8-r \t", "koi8-r", true},                              // trailing whitespace goes
		{"text/html; charset=koi8-r x", "koi8-r x", true},                             // spaces are quoted-string code points
		{"text/html; charset=ko\"i8-r", "ko\"i8-r", true},                             // '"' not first: ordinary
		{"text/html; charset=koi8-r\x00", "", false},                                  // NUL is not a quoted-string code point
		{"text/html; charset=koi8-r\x7f; charset=iso-8859-2", "iso-8859-2", true},     // DEL neither
		{"text/html; charset=\x80\xff", "\x80\xff", true},                             // 0x80-0xFF are
		{"text/html; charset*=utf-8", "", false},                                      // a different name
		{"text/html; charset\x80=utf-8", "", false},                                   // name not a token
		{"text/html; foo=\"bar;charset=x\"; charset=koi8-r", "koi8-r", true},          // ";" inside quotes
		{"text/html; foo=bar;charset=koi8-r", "koi8-r", true},                         // other parameters
		{`text/html; charset="koi8-r"`, "koi8-r", true},                               // quoted
		{`text/html; charset=""`, "", true},                                           // empty quoted is stored
		{`text/html; charset=""; charset=koi8-r`, "", true},                           // ... and takes the name
		{`text/html; charset="ko\i8-r"`, "koi8-r", true},                              // escape
		{`text/html; charset="koi8\"-r"`, `koi8"-r`, true},                            // escaped quote
		{`text/html; charset="koi8\\-r"`, `koi8\-r`, true},                            // escaped backslash
		{`text/html; charset="koi8-r\"`, `koi8-r"`, true},                             // unterminated after an escaped quote
		{`text/html; charset="koi8-r\`, `koi8-r\`, true},                              // backslash at the end
		{`text/html; charset="koi8-r`, "koi8-r", true},                                // unterminated
		{`text/html; charset="koi8-r" ; x=y`, "koi8-r", true},                         // bytes after the quote discarded
		{`text/html; charset="koi8-r"iso-8859-2`, "koi8-r", true},                     // ... to the next ";"
		{`text/html; charset="koi8-r;x"`, "koi8-r;x", true},                           // ";" in quotes
		{"text/html; charset=\"koi8-r\x00\"; charset=iso-8859-2", "iso-8859-2", true}, // invalid quoted value rejected
		{`text/html; foo="a\"; charset=koi8-r"; charset=iso-8859-2`, "iso-8859-2", true},
	}
	for _, tt := range tests {
		got, ok := contentTypeCharset(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("contentTypeCharset(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestSourceString(t *testing.T) {
	want := map[Source]string{
		Defaulted: "default", BOM: "bom", ContentType: "content-type", Meta: "meta",
		XMLDeclaration: "xml-declaration", Detected: "detected", Source(200): "Source(200)",
	}
	for s, w := range want {
		if s.String() != w {
			t.Errorf("Source(%d).String() = %q, want %q", uint8(s), s.String(), w)
		}
	}
}

func TestLookup(t *testing.T) {
	tests := []struct{ label, want string }{
		{"utf-8", "utf-8"},
		{" \t\n\f\rLatin1 \t\n\f\r", "windows-1252"},
		{"ISO-8859-2", "iso-8859-2"},
		{"unicode", "utf-16le"},
		{"x-user-defined", "x-user-defined"},
		{"iso-2022-kr", "replacement"},
		{"utf8\v", ""},
		{"\u212Aoi8-r", ""},
		{"utf_8", ""},
		{"", ""},
		{"bogus", ""},
	}
	for _, tt := range tests {
		e, name := Lookup(tt.label)
		if name != tt.want || (e == nil) != (tt.want == "") {
			t.Errorf("Lookup(%q) = %v, %q; want %q", tt.label, e, name, tt.want)
			continue
		}
		if e != nil {
			e2, _ := htmlindex.Get(tt.label)
			if n2, _ := htmlindex.Name(e2); n2 != name || fmt.Sprint(e) != fmt.Sprint(e2) {
				t.Errorf("Lookup(%q) = %v, not a copy of the htmlindex encoding %v", tt.label, e, e2)
			}
		}
	}
}

// CJK labels.
func TestPrescanCJK(t *testing.T) {
	tests := []struct{ label, want string }{
		{"shift_jis", "shift_jis"},
		{"x-sjis", "shift_jis"},
		{"euc-jp", "euc-jp"},
		{"iso-2022-jp", "iso-2022-jp"},
		{"gb2312", "gbk"},
		{"gb18030", "gb18030"},
		{"big5-hkscs", "big5"},
		{"ks_c_5601-1987", "euc-kr"},
	}
	for _, tt := range tests {
		if _, err := htmlindex.Get(tt.label); err != nil {
			t.Fatalf("%s: %v", tt.label, err)
		}
		runSniffCases(t, []sniffCase{
			{"meta " + tt.label, `<meta charset="` + tt.label + `">`, "", tt.want, Meta},
			{"content " + tt.label, `<meta http-equiv=content-type content="text/html; charset=` + tt.label + `">`, "", tt.want, Meta},
			{"Content-Type " + tt.label, "", "text/html; charset=" + tt.label, tt.want, ContentType},
			{"xml " + tt.label, `<?xml version="1.0" encoding="` + tt.label + `"?>`, "", tt.want, XMLDeclaration},
		})
	}
}
