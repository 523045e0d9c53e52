package charset

// This file implements the part of the MIME Sniffing Standard's "parse a
// MIME type" (§4.4) that sniffing needs: the value of the first valid
// "charset" parameter. Go's mime.ParseMediaType follows RFC 2045/2231
// instead and rejects the whole value where the WHATWG parser skips one
// parameter, so it cannot be used here.

// isHTTPWhitespace reports whether c is HTTP whitespace (Fetch): TAB, LF,
// CR or SPACE. FF is not included.
func isHTTPWhitespace(c byte) bool {
	return c == '\t' || c == '\n' || c == '\r' || c == ' '
}

// isHTTPTokenByte reports whether c is an HTTP token code point (Fetch).
func isHTTPTokenByte(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	switch c {
	case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '.', '^', '_', '`', '|', '~':
		return true
	}
	return false
}

// isHTTPQuotedStringByte reports whether c, isomorphically decoded, is an
// HTTP quoted-string token code point (Fetch): TAB, 0x20–0x7E, 0x80–0xFF.
func isHTTPQuotedStringByte(c byte) bool {
	return c == '\t' || 0x20 <= c && c <= 0x7E || c >= 0x80
}

func allHTTPToken(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isHTTPTokenByte(s[i]) {
			return false
		}
	}
	return true
}

func allHTTPQuotedString(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isHTTPQuotedStringByte(s[i]) {
			return false
		}
	}
	return true
}

// equalFoldASCII reports whether s equals lower (which must be ASCII
// lowercase) under ASCII case-insensitivity: only A–Z are folded.
func equalFoldASCII(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// contentTypeCharset parses s as a MIME type by the MIME Sniffing
// Standard's rules and returns the value of its "charset" parameter. ok is
// false if s is not a valid MIME type or has no (valid) charset parameter.
// The string is treated as bytes, one code point per byte (isomorphic
// decode). The value is returned as stored, untrimmed: "get an encoding"
// trims it.
func contentTypeCharset(s string) (value string, ok bool) {
	// 1. Remove leading and trailing HTTP whitespace.
	start, end := 0, len(s)
	for start < end && isHTTPWhitespace(s[start]) {
		start++
	}
	for end > start && isHTTPWhitespace(s[end-1]) {
		end--
	}
	s = s[start:end]
	// 2–4. type: up to the first "/", non-empty HTTP token.
	pos := 0
	for pos < len(s) && s[pos] != '/' {
		pos++
	}
	typ := s[:pos]
	if typ == "" || !allHTTPToken(typ) {
		return "", false
	}
	// 5. No "/": failure.
	if pos >= len(s) {
		return "", false
	}
	// 6. Skip the "/".
	pos++
	// 7–9. subtype: up to the next ";", trailing HTTP whitespace removed,
	// non-empty HTTP token.
	subStart := pos
	for pos < len(s) && s[pos] != ';' {
		pos++
	}
	subEnd := pos
	for subEnd > subStart && isHTTPWhitespace(s[subEnd-1]) {
		subEnd--
	}
	if subEnd == subStart || !allHTTPToken(s[subStart:subEnd]) {
		return "", false
	}
	// 11. Parameters. Only "charset" matters; the first valid occurrence
	// is stored, so return it as soon as it is found.
	for pos < len(s) {
		// 11.1. Skip the ";".
		pos++
		// 11.2. Skip HTTP whitespace.
		for pos < len(s) && isHTTPWhitespace(s[pos]) {
			pos++
		}
		// 11.3. name: up to the next ";" or "=" (lowercased on compare).
		nameStart := pos
		for pos < len(s) && s[pos] != ';' && s[pos] != '=' {
			pos++
		}
		name := s[nameStart:pos]
		// 11.4.
		if pos < len(s) {
			if s[pos] == ';' {
				continue
			}
			pos++ // past "="
		}
		// 11.5.
		if pos >= len(s) {
			break
		}
		var val string
		if s[pos] == '"' {
			// 11.6. Collect an HTTP quoted string (extract-value), then
			// skip to the next ";".
			val, pos = collectHTTPQuotedString(s, pos)
			for pos < len(s) && s[pos] != ';' {
				pos++
			}
		} else {
			// 11.7. Up to the next ";", trailing HTTP whitespace removed;
			// skipped if empty.
			valStart := pos
			for pos < len(s) && s[pos] != ';' {
				pos++
			}
			valEnd := pos
			for valEnd > valStart && isHTTPWhitespace(s[valEnd-1]) {
				valEnd--
			}
			if valEnd == valStart {
				continue
			}
			val = s[valStart:valEnd]
		}
		// 11.8. Store only a valid, first occurrence. Other names can be
		// ignored: whether they are stored has no effect on "charset".
		if name != "" && allHTTPToken(name) && allHTTPQuotedString(val) && equalFoldASCII(name, "charset") {
			return val, true
		}
	}
	return "", false
}

// collectHTTPQuotedString is Fetch's "collect an HTTP quoted string" with
// extract-value set, starting at the opening quote s[pos]. It returns the
// value and the position after the closing quote (or len(s)).
func collectHTTPQuotedString(s string, pos int) (string, int) {
	pos++ // past the opening quote
	// Fast path: no escapes.
	start := pos
	for pos < len(s) && s[pos] != '"' && s[pos] != '\\' {
		pos++
	}
	if pos >= len(s) {
		return s[start:], pos
	}
	if s[pos] == '"' {
		return s[start:pos], pos + 1
	}
	buf := []byte(s[start:pos])
	for {
		// Here s[pos] is '"' or '\\', or pos is at the end.
		if pos >= len(s) {
			return string(buf), pos
		}
		c := s[pos]
		pos++
		if c == '"' {
			return string(buf), pos
		}
		// c == '\\'
		if pos >= len(s) {
			buf = append(buf, '\\')
			return string(buf), pos
		}
		buf = append(buf, s[pos])
		pos++
		for pos < len(s) && s[pos] != '"' && s[pos] != '\\' {
			buf = append(buf, s[pos])
			pos++
		}
	}
}
