package charset

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// refPrescan is a second, deliberately literal transcription of the HTML
// Standard's "prescan a byte stream to determine its encoding" and its
// helpers, written step by step from the spec text with a position pointer
// whose every dereference past the end aborts (by panicking). It returns
// the encoding name, or "" for failure, and the Source. It is slow and
// allocates; it exists to cross-check prescan.
func refPrescan(input []byte) (name string, src Source) {
	if len(input) > 1024 {
		input = input[:1024]
	}
	defer func() {
		if r := recover(); r != nil {
			if r != refAbort {
				panic(r)
			}
			// Abort: return the result of get an XML encoding.
			name = refGetXMLEncoding(input)
			src = XMLDeclaration
			if name == "" {
				src = Defaulted
			}
		}
	}()
	n, s := refPrescanLoop(input)
	return n, s
}

type refAbortType struct{}

var refAbort = refAbortType{}

// at returns input[pos], aborting when pos is beyond the end.
func refAt(input []byte, pos int) byte {
	if pos >= len(input) {
		panic(refAbort)
	}
	return input[pos]
}

// startsWith reports whether the bytes at pos start with p; a pattern
// needing bytes past the end does not match.
func refStartsWith(input []byte, pos int, p ...byte) bool {
	return pos+len(p) <= len(input) && bytes.Equal(input[pos:pos+len(p)], p)
}

func refIsWS(b byte) bool { return b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D || b == 0x20 }

func refGet(label string) string {
	e := getEncoding(label)
	return nameOf(e)
}

func refPrescanLoop(input []byte) (string, Source) {
	// 1.
	position := 0
	// 2. Prescan for UTF-16 XML declarations.
	if refStartsWith(input, position, 0x3C, 0x0, 0x3F, 0x0, 0x78, 0x0) {
		return "utf-16le", XMLDeclaration
	}
	if refStartsWith(input, position, 0x0, 0x3C, 0x0, 0x3F, 0x0, 0x78) {
		return "utf-16be", XMLDeclaration
	}
	for {
		// 3. Loop.
		b := refAt(input, position)
		switch {
		case refStartsWith(input, position, 0x3C, 0x21, 0x2D, 0x2D):
			// Advance to the first 0x3E preceded by two 0x2D, after the 0x3C.
			p := position + 1
			for {
				if refAt(input, p) == 0x3E && p-2 > position && input[p-1] == 0x2D && input[p-2] == 0x2D {
					break
				}
				p++
			}
			position = p
		case b == 0x3C && position+5 < len(input) &&
			(input[position+1] == 0x4D || input[position+1] == 0x6D) &&
			(input[position+2] == 0x45 || input[position+2] == 0x65) &&
			(input[position+3] == 0x54 || input[position+3] == 0x74) &&
			(input[position+4] == 0x41 || input[position+4] == 0x61) &&
			(refIsWS(input[position+5]) || input[position+5] == 0x2F):
			// 1. Advance to the 0x09/0x0A/0x0C/0x0D/0x20/0x2F byte.
			position += 5
			// 2–5.
			var attributeList []string
			gotPragma := false
			needPragma := "null"
			charset := "null" // "null", "failure" or a name
			for {
				// 6. Attributes.
				name, value, ok := refGetAttribute(input, &position)
				if !ok {
					break
				}
				// 7.
				dup := false
				for _, a := range attributeList {
					if a == name {
						dup = true
					}
				}
				if dup {
					continue
				}
				// 8.
				attributeList = append(attributeList, name)
				// 9.
				switch name {
				case "http-equiv":
					if value == "content-type" {
						gotPragma = true
					}
				case "content":
					if enc, ok := refExtract(value); ok && enc != "" && charset == "null" {
						charset = enc
						needPragma = "true"
					}
				case "charset":
					charset = refGet(value)
					if charset == "" {
						charset = "failure"
					}
					needPragma = "false"
				}
				// 10.
			}
			// 11. Processing.
			if needPragma == "null" {
				break
			}
			// 12.
			if needPragma == "true" && !gotPragma {
				break
			}
			// 13.
			if charset == "failure" {
				break
			}
			// 14.
			if charset == "utf-16be" || charset == "utf-16le" {
				charset = "utf-8"
			}
			// 15.
			if charset == "x-user-defined" {
				charset = "windows-1252"
			}
			// 16.
			return charset, Meta
		case b == 0x3C && position+2 < len(input) && input[position+1] == 0x2F && refIsAlpha(input[position+2]),
			b == 0x3C && position+1 < len(input) && refIsAlpha(input[position+1]):
			// 1. Advance to the next 0x09, 0x0A, 0x0C, 0x0D, 0x20 or 0x3E.
			for {
				c := refAt(input, position)
				if refIsWS(c) || c == 0x3E {
					break
				}
				position++
			}
			// 2. Repeatedly get an attribute until no further attributes.
			for {
				if _, _, ok := refGetAttribute(input, &position); !ok {
					break
				}
			}
		case refStartsWith(input, position, 0x3C, 0x21), refStartsWith(input, position, 0x3C, 0x2F), refStartsWith(input, position, 0x3C, 0x3F):
			// Advance to the first 0x3E byte that comes after the 0x3C.
			position++
			for refAt(input, position) != 0x3E {
				position++
			}
		default:
			// Do nothing with that byte.
		}
		// 4. Next byte.
		position++
	}
}

func refIsAlpha(c byte) bool { return 0x41 <= c && c <= 0x5A || 0x61 <= c && c <= 0x7A }

func refLower(c byte) byte {
	if 0x41 <= c && c <= 0x5A {
		return c + 0x20
	}
	return c
}

// refGetAttribute is "get an attribute"; ok is false for "there isn't
// one".
func refGetAttribute(input []byte, position *int) (name, value string, ok bool) {
	pos := *position
	defer func() { *position = pos }()
	// 1.
	for c := refAt(input, pos); refIsWS(c) || c == 0x2F; c = refAt(input, pos) {
		pos++
	}
	// 2.
	if refAt(input, pos) == 0x3E {
		return "", "", false
	}
	// 3.
	var attrName, attrValue []byte
	// 4. Attribute name.
	for {
		c := refAt(input, pos)
		if c == 0x3D && len(attrName) > 0 {
			pos++
			goto value
		}
		if refIsWS(c) {
			goto spaces
		}
		if c == 0x2F || c == 0x3E {
			return string(attrName), "", true
		}
		attrName = append(attrName, refLower(c))
		// 5.
		pos++
	}
spaces:
	// 6.
	for refIsWS(refAt(input, pos)) {
		pos++
	}
	// 7.
	if refAt(input, pos) != 0x3D {
		return string(attrName), "", true
	}
	// 8.
	pos++
value:
	// 9.
	for refIsWS(refAt(input, pos)) {
		pos++
	}
	// 10.
	switch c := refAt(input, pos); {
	case c == 0x22 || c == 0x27:
		b := c
		for {
			pos++
			d := refAt(input, pos)
			if d == b {
				pos++
				return string(attrName), string(attrValue), true
			}
			attrValue = append(attrValue, refLower(d))
		}
	case c == 0x3E:
		return string(attrName), "", true
	default:
		attrValue = append(attrValue, refLower(c))
		pos++
	}
	// 11–12.
	for {
		c := refAt(input, pos)
		if refIsWS(c) || c == 0x3E {
			return string(attrName), string(attrValue), true
		}
		attrValue = append(attrValue, refLower(c))
		pos++
	}
}

// refIndexFold returns the index of the first len(word) bytes of s that
// are an ASCII case-insensitive match for word (lower-case ASCII), or -1:
// byte for byte, so that non-ASCII bytes stay one byte each (lowering the
// whole string with strings.ToLower would turn an invalid byte into a
// three-byte U+FFFD and shift every index after it).
func refIndexFold(s, word string) int {
	for i := 0; i+len(word) <= len(s); i++ {
		match := true
		for j := 0; j < len(word) && match; j++ {
			match = refLower(s[i+j]) == word[j]
		}
		if match {
			return i
		}
	}
	return -1
}

// refExtract is the algorithm for extracting a character encoding from a
// meta element; ok is false for "nothing", and a failed label gives
// ok == true with "".
func refExtract(s string) (string, bool) {
	position := 0
	for {
		// 2. Loop.
		i := refIndexFold(s[position:], "charset")
		if i < 0 {
			return "", false
		}
		position += i + 7
		// 3.
		for position < len(s) && refIsWS(s[position]) {
			position++
		}
		// 4.
		if position >= len(s) || s[position] != '=' {
			continue
		}
		// 5.
		position++
		for position < len(s) && refIsWS(s[position]) {
			position++
		}
		// 6.
		if position >= len(s) {
			return "", false
		}
		if c := s[position]; c == '"' || c == '\'' {
			j := strings.IndexByte(s[position+1:], c)
			if j < 0 {
				return "", false
			}
			return refGet(s[position+1 : position+1+j]), true
		}
		end := position
		for end < len(s) && !refIsWS(s[end]) && s[end] != ';' {
			end++
		}
		return refGet(s[position:end]), true
	}
}

// refGetXMLEncoding is "get an XML encoding"; "" is failure.
func refGetXMLEncoding(input []byte) string {
	at := func(p int) (byte, bool) {
		if p >= len(input) {
			return 0, false
		}
		return input[p], true
	}
	// 1–2.
	if !bytes.HasPrefix(input, []byte("<?xml")) {
		return ""
	}
	// 3.
	xmlDeclarationEnd := bytes.IndexByte(input, '>')
	if xmlDeclarationEnd < 0 {
		return ""
	}
	// 4.
	p := -1
	for i := 0; i+8 <= xmlDeclarationEnd; i++ {
		if string(input[i:i+8]) == "encoding" {
			p = i
			break
		}
	}
	if p < 0 {
		return ""
	}
	// 5.
	p += 8
	// 6.
	for {
		c, ok := at(p)
		if !ok {
			return ""
		}
		if c > 0x20 {
			break
		}
		p++
	}
	// 7–8.
	if c, _ := at(p); c != 0x3D {
		return ""
	}
	p++
	// 9.
	for {
		c, ok := at(p)
		if !ok {
			return ""
		}
		if c > 0x20 {
			break
		}
		p++
	}
	// 10–12.
	q, _ := at(p)
	if q != 0x22 && q != 0x27 {
		return ""
	}
	p++
	// 13.
	end := -1
	for i := p; i < len(input); i++ {
		if input[i] == q {
			end = i
			break
		}
	}
	if end < 0 {
		return ""
	}
	// 14–15.
	label := input[p:end]
	for _, c := range label {
		if c <= 0x20 {
			return ""
		}
	}
	// 16–18.
	e := refGet(string(label))
	if e == "utf-16be" || e == "utf-16le" {
		e = "utf-8"
	}
	return e
}

// checkAgainstRef compares prescan with refPrescan on content.
func checkAgainstRef(t testing.TB, content []byte) {
	t.Helper()
	wantName, wantSrc := refPrescan(content)
	e, src := prescan(content)
	if nameOf(e) != wantName || src != wantSrc {
		t.Errorf("prescan(%q) = %q from %v; the reference says %q from %v", content, nameOf(e), src, wantName, wantSrc)
	}
}

// TestPrescanReference runs both implementations on all short strings
// over a small alphabet chosen to exercise the branches. (runSniffCases
// also checks every hand-written case against the reference.)
func TestPrescanReference(t *testing.T) {
	alphabet := []string{"<", ">", "!", "-", "/", "?", "meta", "META ", "a", " ", "\f", "=", `"`, "'", "charset", "=koi8-r", "x-user-defined", "http-equiv=content-type", "content=", "<?xml encoding=", "utf-16"}
	count := forEachString(alphabet, 4, func(s string) { checkAgainstRef(t, []byte(s)) })
	if testing.Verbose() {
		t.Logf("%d inputs", count)
	}
}

// forEachString calls f on every concatenation of up to depth strings of
// alphabet, and returns how many there were.
func forEachString(alphabet []string, depth int, f func(string)) int {
	count := 0
	var gen func(prefix string, depth int)
	gen = func(prefix string, depth int) {
		f(prefix)
		count++
		if depth == 0 {
			return
		}
		for _, a := range alphabet {
			gen(prefix+a, depth-1)
		}
	}
	gen("", depth)
	return count
}

func FuzzPrescanReference(f *testing.F) {
	f.Add([]byte(`<meta http-equiv=content-type content="charset=koi8-r">`))
	f.Add([]byte(`<?xml version="1.0" encoding="utf-16"?><!-- x --><meta charset='x-user-defined'>`))
	f.Add([]byte("<\x00?\x00x\x00"))
	f.Add([]byte(`<p a="<meta charset=koi8-r>"></p ><!-- --><meta/charset=utf-8/>`))
	// Non-ASCII bytes before "charset": the reference once lowered the
	// string with strings.ToLower, which shifted its indexes.
	f.Add([]byte("<metA Content=\"\xfaChArset"))
	f.Add([]byte("<meta http-equiv=content-type content=\"\xfa\xff\xc3charset=koi8-r\">"))
	f.Fuzz(func(t *testing.T, content []byte) {
		checkAgainstRef(t, content)
	})
}

// TestPrescanReferenceBytes puts every byte value at the places where the
// prescan classifies bytes, and compares with the reference.
func TestPrescanReferenceBytes(t *testing.T) {
	templates := []string{
		"<%meta charset=koi8-r>",
		"<%%meta charset=koi8-r>",
		"<m%ta charset=koi8-r>",
		"<meta%charset=koi8-r>",
		"<meta charset%=koi8-r>",
		"<meta charset=%koi8-r>",
		"<meta charset=koi8-r%>",
		"<meta charset=%koi8-r%>",
		"<meta charset=%koi8-r%><meta charset=iso-8859-2>",
		"<meta %charset=koi8-r>",
		"<meta http-equiv=content-type%content='charset%koi8-r'>",
		"<meta http-equiv=content-type content='charset=%koi8-r%'>",
		"<x%y charset=koi8-r><meta charset=koi8-r>",
		"</%><meta charset=koi8-r>",
		"<!-%><meta charset=koi8-r>-->",
		"<!--%-><meta charset=koi8-r>-->",
		"<?xml encoding%=%'koi8-r%'?>",
	}
	forEachByteIn(templates, func(in []byte) { checkAgainstRef(t, in) })
}

// forEachByteIn calls f on each template with every "%" replaced by each
// byte value in turn.
func forEachByteIn(templates []string, f func([]byte)) {
	for _, tpl := range templates {
		for c := 0; c < 256; c++ {
			f([]byte(strings.ReplaceAll(tpl, "%", string([]byte{byte(c)}))))
		}
	}
}

// TestPrescanReferenceTags runs both implementations on random sequences
// of tags with odd attributes (quotes, "=" first, "/" and ">" inside
// values) before a <meta>: where the prescan skips another tag's
// attributes decides whether it sees the <meta>.
func TestPrescanReferenceTags(t *testing.T) {
	parts := []string{"<a", "<p ", "</b", " ", "=", "==", `"`, "'", ">", "/", "x", `="`, `='`, `=">"`, `='<meta charset=koi8-r>'`, "<meta charset=koi8-r>", "<meta charset=iso-8859-2 ", "<!--", "-->", "\t"}
	r := rand.New(rand.NewPCG(11, 12))
	for range 200000 {
		var b strings.Builder
		for range 1 + r.IntN(12) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		checkAgainstRef(t, []byte(b.String()))
		if t.Failed() {
			return
		}
	}
}
