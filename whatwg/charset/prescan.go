package charset

import (
	"bytes"

	"golang.org/x/text/encoding"
)

// This file implements the HTML Standard's "prescan a byte stream to
// determine its encoding" (§13.2.3.2) with its helpers "get an attribute",
// "get an XML encoding", and §2.5.3 "algorithm for extracting a character
// encoding from a meta element". It works on bytes, not tokens: the
// contents of script, style and the like are scanned like everything else.

// prescanLimit is the prescan's end condition: "reached byte offset 1024".
const prescanLimit = 1024

// isASCIIWhitespace reports whether c is ASCII whitespace (Infra): TAB, LF,
// FF, CR or SPACE.
func isASCIIWhitespace(c byte) bool {
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

func isASCIIAlpha(c byte) bool {
	u := c &^ 0x20
	return 'A' <= u && u <= 'Z'
}

// lowerASCII returns c with A–Z mapped to a–z.
func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 0x20
	}
	return c
}

// prescanner holds the prescan's input and scratch buffers for attribute
// names and values, reused across attributes. The buffers are passed to
// and returned by attribute rather than stored through the pointer, so
// that they can stay on the stack.
type prescanner struct {
	b []byte // the window: at most prescanLimit bytes
	// valStart and valEnd delimit the value of the attribute last read
	// by attribute: b[valStart:valEnd] (without quotes).
	valStart, valEnd int
	// labelStart and labelEnd delimit the label of the declaration meta
	// found: b[labelStart:labelEnd].
	labelStart, labelEnd int
}

// prescan runs the prescan over window (which the caller has cut to at
// most prescanLimit bytes). It returns nil for failure, and otherwise the
// encoding and the step that found it (Meta or XMLDeclaration).
func prescan(window []byte) (encoding.Encoding, Source) {
	e, src, _, _ := prescanLabel(window)
	return e, src
}

// prescanLabel is prescan that also returns where the label that decided
// is: window[start:end]. start is -1 when there is no label (failure, or
// the UTF-16 XML declaration patterns).
func prescanLabel(window []byte) (e encoding.Encoding, src Source, start, end int) {
	if len(window) > prescanLimit {
		window = window[:prescanLimit]
	}
	s := prescanner{b: window, labelStart: -1, labelEnd: -1}
	if e, src, ok := s.loop(); ok {
		return e, src, s.labelStart, s.labelEnd
	}
	// The prescan aborted: return the result of get an XML encoding.
	if e, start, end := getXMLEncoding(window); e != nil {
		return e, XMLDeclaration, start, end
	}
	return nil, Defaulted, -1, -1
}

// loop is steps 2–4 of the prescan. ok is false if the prescan aborted
// (position moved beyond the window). Otherwise e is the encoding found by
// the UTF-16 XML declaration patterns (src == XMLDeclaration) or in a meta
// element (src == Meta).
func (s *prescanner) loop() (e encoding.Encoding, src Source, ok bool) {
	b := s.b
	var nameBuf, valueBuf [64]byte
	name, value := nameBuf[:0], valueBuf[:0]
	// Step 2, "prescan for UTF-16 XML declarations", only at offset 0.
	if len(b) >= 6 {
		switch {
		case b[0] == 0x3C && b[1] == 0 && b[2] == 0x3F && b[3] == 0 && b[4] == 0x78 && b[5] == 0:
			return utf16LE, XMLDeclaration, true
		case b[0] == 0 && b[1] == 0x3C && b[2] == 0 && b[3] == 0x3F && b[4] == 0 && b[5] == 0x78:
			return utf16BE, XMLDeclaration, true
		}
	}
	// Steps 3 and 4: position advances one byte per iteration; a branch
	// leaves it on the last byte it consumed.
	for pos := 0; pos < len(b); pos++ {
		// Every branch starts with "<". Skip to the next one.
		i := bytes.IndexByte(b[pos:], '<')
		if i < 0 {
			break
		}
		pos += i
		rest := b[pos:]
		switch {
		case len(rest) >= 4 && rest[1] == '!' && rest[2] == '-' && rest[3] == '-':
			// a. Comment: to the first ">" after the "<" that is preceded
			// by "--"; the hyphens of "<!--" count.
			j := bytes.Index(b[pos+2:], []byte("-->"))
			if j < 0 {
				return nil, Defaulted, false
			}
			pos += 2 + j + 2
		case len(rest) >= 6 && lowerASCII(rest[1]) == 'm' && lowerASCII(rest[2]) == 'e' &&
			lowerASCII(rest[3]) == 't' && lowerASCII(rest[4]) == 'a' &&
			(isASCIIWhitespace(rest[5]) || rest[5] == '/'):
			// b. "<meta" followed by whitespace or "/".
			enc, end, ok := s.meta(pos+5, name, value)
			if !ok {
				return nil, Defaulted, false
			}
			if enc != nil {
				return enc, Meta, true
			}
			pos = end
		case len(rest) >= 2 && isASCIIAlpha(rest[1]),
			len(rest) >= 3 && rest[1] == '/' && isASCIIAlpha(rest[2]):
			// c. Other start or end tag: skip the name, then its
			// attributes, to the ">".
			p := pos + 1
			for p < len(b) && !isASCIIWhitespace(b[p]) && b[p] != '>' {
				p++
			}
			for {
				var found bool
				p, name, value, found, ok = s.attribute(p, name, value)
				if !ok {
					return nil, Defaulted, false
				}
				if !found {
					break
				}
			}
			pos = p
		case len(rest) >= 2 && (rest[1] == '!' || rest[1] == '/' || rest[1] == '?'):
			// d. "<!", "</", "<?": to the first ">" after the "<".
			j := bytes.IndexByte(b[pos+1:], '>')
			if j < 0 {
				return nil, Defaulted, false
			}
			pos += 1 + j
		}
		// e. Anything else: nothing to do.
	}
	// Position moved beyond the window ("next byte" at the end, or a branch
	// that needed more bytes than the window has left).
	return nil, Defaulted, false
}

// tri-state values of the meta branch's "need pragma".
const (
	pragmaNull = iota
	pragmaTrue
	pragmaFalse
)

// meta is prescan step 3b from step 3b.2, with position at the byte after
// "<meta". It returns the element's encoding (nil if it yields none) and the
// position of the ">" that ended it; ok is false if the prescan aborted.
// name and value are scratch buffers for attribute.
func (s *prescanner) meta(pos int, name, value []byte) (e encoding.Encoding, end int, ok bool) {
	// 3b.2–5. The attribute list only matters for the three names acted
	// on, so it is kept as three flags.
	var seenHTTPEquiv, seenContent, seenCharset bool
	gotPragma := false
	needPragma := pragmaNull
	var charset encoding.Encoding // with charsetSet: null, failure (nil) or an encoding
	charsetSet := false
	labelStart, labelEnd := -1, -1 // where charset's label is
	for {
		// 3b.6. Get an attribute.
		var found bool
		pos, name, value, found, ok = s.attribute(pos, name, value)
		if !ok {
			return nil, 0, false
		}
		if !found {
			break
		}
		// 3b.7–9. Duplicates are ignored entirely.
		switch string(name) {
		case "http-equiv":
			if seenHTTPEquiv {
				continue
			}
			seenHTTPEquiv = true
			if string(value) == "content-type" {
				gotPragma = true
			}
		case "content":
			if seenContent {
				continue
			}
			seenContent = true
			if enc, i, j := extractMetaCharset(value); enc != nil && !charsetSet {
				charset, charsetSet = enc, true
				needPragma = pragmaTrue
				// value is b[valStart:valEnd], byte for byte.
				labelStart, labelEnd = s.valStart+i, s.valStart+j
			}
		case "charset":
			if seenCharset {
				continue
			}
			seenCharset = true
			charset, charsetSet = getEncoding(string(value)), true
			needPragma = pragmaFalse
			labelStart, labelEnd = s.valStart, s.valEnd
		}
	}
	// 3b.11–13. Processing.
	if needPragma == pragmaNull || needPragma == pragmaTrue && !gotPragma || charset == nil {
		return nil, pos, true
	}
	// 3b.14–16.
	switch nameOf(charset) {
	case "utf-16be", "utf-16le":
		charset = utf8Encoding
	case "x-user-defined":
		charset = windows1252
	}
	s.labelStart, s.labelEnd = labelStart, labelEnd
	return charset, pos, true
}

// attribute is "get an attribute" starting at pos. It returns the position
// after the attribute (or on the ">" when there is none), whether an
// attribute was found, and ok == false if position moved beyond the window.
// The attribute's name and value, lowercased, are returned in name and
// value, which reuse the buffers passed in.
func (s *prescanner) attribute(pos int, name, value []byte) (next int, nameOut, valueOut []byte, found, ok bool) {
	b := s.b
	// 1. Skip whitespace and "/".
	for pos < len(b) && (isASCIIWhitespace(b[pos]) || b[pos] == '/') {
		pos++
	}
	if pos >= len(b) {
		return 0, name, value, false, false
	}
	// 2. ">": no attribute.
	if b[pos] == '>' {
		return pos, name, value, false, true
	}
	// 3.
	name, value = name[:0], value[:0]
	s.valStart, s.valEnd = pos, pos // no value yet
	// 4–5. Name. The first byte is never "=" (an "=" there is a name byte),
	// so the name is never empty.
	for {
		if pos >= len(b) {
			return 0, name, value, false, false
		}
		c := b[pos]
		switch {
		case c == '=' && len(name) > 0:
			pos++
			goto value
		case isASCIIWhitespace(c):
			goto spaces
		case c == '/' || c == '>':
			return pos, name, value, true, true
		}
		name = append(name, lowerASCII(c))
		pos++
	}
spaces:
	// 6. Spaces.
	for pos < len(b) && isASCIIWhitespace(b[pos]) {
		pos++
	}
	if pos >= len(b) {
		return 0, name, value, false, false
	}
	// 7. Not "=": the attribute has no value; position stays on that byte.
	if b[pos] != '=' {
		return pos, name, value, true, true
	}
	// 8.
	pos++
value:
	// 9. Skip whitespace.
	for pos < len(b) && isASCIIWhitespace(b[pos]) {
		pos++
	}
	if pos >= len(b) {
		return 0, name, value, false, false
	}
	// 10.
	switch c := b[pos]; c {
	case '"', '\'':
		s.valStart = pos + 1
		for {
			pos++
			if pos >= len(b) {
				return 0, name, value, false, false
			}
			if b[pos] == c {
				s.valEnd = pos
				return pos + 1, name, value, true, true
			}
			value = append(value, lowerASCII(b[pos]))
		}
	case '>':
		s.valStart, s.valEnd = pos, pos
		return pos, name, value, true, true
	default:
		s.valStart = pos
		value = append(value, lowerASCII(c))
		pos++
	}
	// 11–12. Unquoted value.
	for {
		if pos >= len(b) {
			return 0, name, value, false, false
		}
		c := b[pos]
		if isASCIIWhitespace(c) || c == '>' {
			s.valEnd = pos
			return pos, name, value, true, true
		}
		value = append(value, lowerASCII(c))
		pos++
	}
}

// extractMetaCharset is the HTML Standard's "algorithm for extracting a
// character encoding from a meta element" (§2.5.3) on the string v. It
// returns nil both for "nothing" and for a label that get an encoding
// rejects; the prescan treats them alike. The label is v[start:end].
func extractMetaCharset(v []byte) (e encoding.Encoding, start, end int) {
	pos := 0
	for {
		// 2. Find "charset", ASCII case-insensitively, at or after pos.
		i := indexFoldCharset(v[pos:])
		if i < 0 {
			return nil, 0, 0
		}
		// 3. Skip it and any ASCII whitespace.
		pos += i + len("charset")
		for pos < len(v) && isASCIIWhitespace(v[pos]) {
			pos++
		}
		// 4. Not "=": search again from here.
		if pos >= len(v) || v[pos] != '=' {
			continue
		}
		// 5. Skip "=" and ASCII whitespace.
		pos++
		for pos < len(v) && isASCIIWhitespace(v[pos]) {
			pos++
		}
		// 6.
		if pos >= len(v) {
			return nil, 0, 0
		}
		if q := v[pos]; q == '"' || q == '\'' {
			j := bytes.IndexByte(v[pos+1:], q)
			if j < 0 {
				return nil, 0, 0
			}
			return getEncoding(string(v[pos+1 : pos+1+j])), pos + 1, pos + 1 + j
		}
		end := pos
		for end < len(v) && !isASCIIWhitespace(v[end]) && v[end] != ';' {
			end++
		}
		return getEncoding(string(v[pos:end])), pos, end
	}
}

// indexFoldCharset returns the index of the first ASCII case-insensitive
// occurrence of "charset" in v, or -1.
func indexFoldCharset(v []byte) int {
	const word = "charset"
	for i := 0; i+len(word) <= len(v); i++ {
		j := 0
		for j < len(word) && lowerASCII(v[i+j]) == word[j] {
			j++
		}
		if j == len(word) {
			return i
		}
	}
	return -1
}

// getXMLEncoding is the HTML Standard's "get an XML encoding" on window. It
// returns nil for failure, and otherwise the encoding and where its label
// is: b[start:end].
func getXMLEncoding(b []byte) (e encoding.Encoding, start, end int) {
	// 2. "<?xml" at offset 0, case-sensitive.
	if !bytes.HasPrefix(b, []byte("<?xml")) {
		return nil, 0, 0
	}
	// 3. xmlDeclarationEnd: the first ">".
	declEnd := bytes.IndexByte(b, '>')
	if declEnd < 0 {
		return nil, 0, 0
	}
	// 4–5. "encoding" before xmlDeclarationEnd.
	i := bytes.Index(b[:declEnd], []byte("encoding"))
	if i < 0 {
		return nil, 0, 0
	}
	p := i + len("encoding")
	// 6. Skip bytes <= 0x20.
	for p < len(b) && b[p] <= 0x20 {
		p++
	}
	// 7–8. "=".
	if p >= len(b) || b[p] != '=' {
		return nil, 0, 0
	}
	p++
	// 9. Skip bytes <= 0x20.
	for p < len(b) && b[p] <= 0x20 {
		p++
	}
	// 10–12. A quote.
	if p >= len(b) {
		return nil, 0, 0
	}
	q := b[p]
	if q != '"' && q != '\'' {
		return nil, 0, 0
	}
	p++
	// 13. The next q, not bounded by xmlDeclarationEnd.
	n := bytes.IndexByte(b[p:], q)
	if n < 0 {
		return nil, 0, 0
	}
	label := b[p : p+n]
	// 15. No byte <= 0x20, no trimming.
	for _, c := range label {
		if c <= 0x20 {
			return nil, 0, 0
		}
	}
	// 16–18.
	e = getEncoding(string(label))
	switch nameOf(e) {
	case "utf-16be", "utf-16le":
		e = utf8Encoding
	}
	return e, p, p + n
}
