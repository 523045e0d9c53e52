package charset

import (
	"golang.org/x/text/encoding"
)

// Declaration is an encoding declaration found by the HTML Standard's
// prescan in the first 1024 bytes of a page: the label of a <meta charset>,
// of the charset= in the content of a
// <meta http-equiv="Content-Type">, or of the encoding="…" of an XML
// declaration. It is where a page says which encoding it is in, so a
// program that converts the page to another encoding can make the page say
// the new one (see RewriteDeclaration).
type Declaration struct {
	// Source is Meta or XMLDeclaration: the step that found it.
	Source Source
	// Start and End delimit the label in the page, page[Start:End], as the
	// prescan read it: without the quotes around it, with any ASCII
	// whitespace inside them (which "get an encoding" trims). End is at
	// most 1024.
	Start, End int
	// Encoding is what the prescan made of the label, as Sniff reports it:
	// in a <meta> or an XML declaration a UTF-16 label means UTF-8, and in
	// a <meta> x-user-defined means windows-1252.
	Encoding encoding.Encoding
}

// FindDeclaration runs the prescan over the first 1024 bytes of page (the
// prescan alone: no BOM, no Content-Type) and returns the declaration that
// decided its result. ok is false when the prescan finds no declaration,
// and also when it decides from the UTF-16 XML byte patterns at offset 0,
// which have no label.
//
// Only a declaration that is complete within the first 1024 bytes counts:
// a <meta> whose ">" is at byte offset 1024 or later is not found, as in
// the prescan.
func FindDeclaration(page []byte) (d Declaration, ok bool) {
	e, src, start, end := prescanLabel(page)
	if e == nil || start < 0 {
		return Declaration{}, false
	}
	return Declaration{Source: src, Start: start, End: end, Encoding: e}, true
}

// RewriteDeclaration returns page with the label of the declaration that
// FindDeclaration finds replaced by name, and true; nothing else of the
// page changes (quotes, case, whitespace and the bytes around the label
// are kept). Use it after converting a page to another encoding, with the
// new encoding's name, so that the page does not claim the old one.
//
// name must be a label of the Encoding Standard (the encoding's name, as
// its String method gives it, is the usual choice): other strings could
// end the attribute value or the declaration early. If name is not a
// label, or the page has no declaration, RewriteDeclaration returns page
// itself and false. If the label already names name's encoding (e.g.
// "sjis" for "Shift_JIS") it returns page itself and true: the page
// already tells the truth.
//
// The new page is a new slice; page is not modified. The prescan looks
// only at the first 1024 bytes, so a name longer than the old label can
// push the end of a declaration near byte 1024 out of its reach; and the
// prescan reads a UTF-16 label in a declaration as UTF-8 and
// x-user-defined in a <meta> as windows-1252 (a page in UTF-16 is found by
// its byte order mark instead). FindDeclaration or Sniff on the result
// tell what a browser will make of it.
func RewriteDeclaration(page []byte, name string) ([]byte, bool) {
	if !isPlainLabel(name) {
		return page, false
	}
	want := getEncoding(name)
	if want == nil {
		return page, false
	}
	d, ok := FindDeclaration(page)
	if !ok {
		return page, false
	}
	if getEncoding(string(page[d.Start:d.End])) == want {
		return page, true
	}
	out := make([]byte, 0, len(page)-(d.End-d.Start)+len(name))
	out = append(out, page[:d.Start]...)
	out = append(out, name...)
	return append(out, page[d.End:]...), true
}

// isPlainLabel reports whether s is non-empty and made only of the bytes
// the Standard's labels use (ASCII letters, digits, "-", "_", ".", ":"),
// none of which ends an attribute value, a content value's label or an
// XML declaration's encoding.
func isPlainLabel(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isASCIIAlpha(c) && !('0' <= c && c <= '9') && c != '-' && c != '_' && c != '.' && c != ':' {
			return false
		}
	}
	return true
}
