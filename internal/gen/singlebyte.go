package gen

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/webenc/webenc/internal/specdata"
)

func init() { register("singlebyte", genSingleByte) }

// singleByteHeading is the encodings.json group of the single-byte
// encodings.
const singleByteHeading = "Legacy single-byte encodings"

// GoName turns a standard name into the Go identifier the packages use:
// "windows-1252" → "Windows1252", "ISO-8859-8-I" → "ISO8859_8I".
func GoName(name string) string {
	switch name {
	case "IBM866", "macintosh", "KOI8-R", "KOI8-U", "x-mac-cyrillic", "x-user-defined":
		return map[string]string{
			"IBM866": "IBM866", "macintosh": "Macintosh", "KOI8-R": "KOI8R", "KOI8-U": "KOI8U",
			"x-mac-cyrillic": "XMacCyrillic", "x-user-defined": "XUserDefined",
		}[name]
	}
	if rest, ok := strings.CutPrefix(name, "ISO-8859-"); ok {
		return "ISO8859_" + strings.ReplaceAll(rest, "-", "")
	}
	if rest, ok := strings.CutPrefix(name, "windows-"); ok {
		return "Windows" + rest
	}
	return strings.NewReplacer("-", "", "_", "").Replace(name)
}

// singleByteIndexName is the index of a single-byte encoding: its name
// lowercased, except that ISO-8859-8-I shares ISO-8859-8's index.
func singleByteIndexName(name string) string {
	if name == "ISO-8859-8-I" {
		return "iso-8859-8"
	}
	return strings.ToLower(name)
}

func genSingleByte(g *Gen) error {
	groups, err := specdata.ReadEncodings(g.Dir)
	if err != nil {
		return err
	}
	var names []string
	for _, grp := range groups {
		if grp.Heading == singleByteHeading {
			for _, e := range grp.Encodings {
				names = append(names, e.Name)
			}
		}
	}
	if len(names) == 0 {
		return fmt.Errorf("encodings.json has no %q group", singleByteHeading)
	}
	var indexes []*specdata.Index
	seen := map[string]bool{}
	for _, n := range names {
		ix, err := g.Index(singleByteIndexName(n))
		if err != nil {
			return err
		}
		if !seen[ix.Name] {
			seen[ix.Name] = true
			indexes = append(indexes, ix)
		}
	}
	b := g.Header("singlebyte", indexes...)
	dec, enc := g.Section("single-byte-decoder"), g.Section("single-byte-encoder")
	Comment(b, "Table is the data of one single-byte encoding, read through its methods: a small value "+
		"holding the tables' addresses, so that assigning to a copy changes nothing here.")
	b.WriteString("type Table struct {\n\tname        string\n\tdecode      *[256]uint32\n\tencodeIndex *[1024]uint8\n\tencodePages []byte\n}\n\n")
	b.WriteString("// Name returns the Standard's name of the encoding.\nfunc (t *Table) Name() string { return t.name }\n\n")
	Comment(b, "Decode returns the address of the table of the "+dec+": for every byte, the UTF-8 form of "+
		"its code point in the low three bytes (first byte lowest) and the form's length in the high byte; 0 "+
		"for a byte the index does not map. Bytes below 0x80 are ASCII, as the decoder's step 2 says. The "+
		"array is shared: callers only read it.")
	b.WriteString("func (t *Table) Decode() *[256]uint32 { return t.decode }\n\n")
	Comment(b, "EncodeIndex returns the address of the first level of the reverse lookup of the "+enc+
		" (index pointer, the first pointer) for the BMP: the byte for code point r (0x80 ≤ r ≤ 0xFFFF) is "+
		"EncodePages()[int(EncodeIndex()[r>>6])<<6|int(r&63)], 0 if unencodable. The array is shared: "+
		"callers only read it.")
	b.WriteString("func (t *Table) EncodeIndex() *[1024]uint8 { return t.encodeIndex }\n\n")
	Comment(b, "EncodePages returns the 64-byte pages of the reverse lookup (see EncodeIndex); page 0 "+
		"is empty. The slice is shared: callers only read it.")
	b.WriteString("func (t *Table) EncodePages() []byte { return t.encodePages }\n\n")
	section := g.Section("legacy-single-byte-encodings")
	written := map[string]string{} // index name → the prefix of its arrays
	for _, n := range names {
		ix, _ := g.Index(singleByteIndexName(n))
		m := ix.Map()
		var dec [128]rune
		for p := 0; p < 128; p++ {
			cp, ok := m[p]
			if !ok {
				dec[p] = -1
				continue
			}
			dec[p] = cp
		}
		origin := fmt.Sprintf("index-%s.txt, %s", ix.Name, section)
		if arrays, ok := written[ix.Name]; ok {
			// ISO-8859-8-I: ISO-8859-8's index, so ISO-8859-8's arrays.
			writeSingleByteFunc(b, n, origin, arrays)
			continue
		}
		written[ix.Name] = Unexported(GoName(n))
		if err := writeSingleByteTable(b, n, origin, dec); err != nil {
			return err
		}
	}
	// x-user-defined has no index: the Standard defines it by a rule
	// (byte 0x80+i ↔ U+F780+i).
	var xud [128]rune
	for p := range xud {
		xud[p] = 0xF780 + rune(p)
	}
	if err := writeSingleByteTable(b, "x-user-defined", "by the rule of "+g.Section("x-user-defined")+": byte 0x80+i is U+F780+i", xud); err != nil {
		return err
	}
	return g.WriteGo("tables/singlebyte/tables.go", b.Bytes())
}

// writeSingleByteFunc writes the function that returns the Table of name,
// whose arrays are those whose names start with arrays.
func writeSingleByteFunc(b *bytes.Buffer, name, origin, arrays string) {
	goName := GoName(name)
	fmt.Fprintf(b, "// %s returns the table of %s (%s).\n", goName, name, origin)
	fmt.Fprintf(b, "func %s() Table { return Table{%q, &%sDecode, &%sEncodeIndex, %sEncodePages[:]} }\n\n", goName, name, arrays, arrays, arrays)
}

// writeSingleByteTable writes the arrays of one Table and the function
// that returns it; dec[i] is the code point of byte 0x80+i, or -1.
func writeSingleByteTable(b *bytes.Buffer, name, origin string, dec [128]rune) error {
	var decode [256]uint32
	for c := 0; c < 0x80; c++ {
		decode[c] = uint32(c) | 1<<24
	}
	rev := map[rune]byte{}
	for p, cp := range dec {
		if cp < 0 {
			continue
		}
		if cp < 0x80 || cp > 0xFFFF {
			return fmt.Errorf("%s: pointer %d maps to U+%04X, outside what single-byte tables hold", name, p, cp)
		}
		var u [4]byte
		n := utf8.EncodeRune(u[:], cp)
		decode[0x80+p] = uint32(u[0]) | uint32(u[1])<<8 | uint32(u[2])<<16 | uint32(n)<<24
		if _, dup := rev[cp]; !dup { // first pointer wins, as "index pointer" says
			rev[cp] = byte(0x80 + p)
		}
	}
	index := make([]byte, 1024)
	pages := make([]byte, 64) // page 0: nothing encodable
	for pg := 0; pg < 1024; pg++ {
		page := make([]byte, 64)
		used := false
		for i := range page {
			if v, ok := rev[rune(pg<<6|i)]; ok {
				page[i], used = v, true
			}
		}
		if !used {
			continue
		}
		if len(pages)/64 > 255 {
			return fmt.Errorf("%s: too many encode pages", name)
		}
		index[pg] = byte(len(pages) / 64)
		pages = append(pages, page...)
	}
	v := Unexported(GoName(name))
	writeSingleByteFunc(b, name, origin, v)
	fmt.Fprintf(b, "var %sDecode = [256]uint32{", v)
	Uint32s(b, decode[:])
	fmt.Fprintf(b, "}\n\nvar %sEncodeIndex = [1024]uint8{", v)
	Bytes(b, index)
	fmt.Fprintf(b, "}\n\nvar %sEncodePages = [%d]uint8{", v, len(pages))
	Bytes(b, pages)
	b.WriteString("}\n\n")
	return nil
}
