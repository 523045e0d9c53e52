package gen

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

func init() { register("big5", genBig5) }

// Big5 constants of the Standard (Big5 decoder and index Big5 pointer).
const (
	big5Rows       = 0xFE - 0x81 + 1 // leading bytes 0x81 to 0xFE
	big5Cols       = 157             // trailing bytes 0x40–0x7E and 0xA1–0xFE
	big5DecodeLen  = big5Rows * big5Cols
	big5EncodeMin  = (0xA1 - 0x81) * big5Cols // index Big5 pointer step 1 excludes pointers below
	big5SideMarker = 0xD800                   // decode values from here on index Big5Side
	big5AstralBase = 0x20000
)

// big5TwoCodePoints is the table of the Big5 decoder's step 3.6: pointers
// that decode to two code points.
var big5TwoCodePoints = []struct {
	pointer int
	cps     [2]rune
}{
	{1133, [2]rune{0x00CA, 0x0304}},
	{1135, [2]rune{0x00CA, 0x030C}},
	{1164, [2]rune{0x00EA, 0x0304}},
	{1166, [2]rune{0x00EA, 0x030C}},
}

// big5LastPointer lists the code points for which index Big5 pointer
// (step 2) returns the last pointer instead of the first.
var big5LastPointer = map[rune]bool{0x2550: true, 0x255E: true, 0x2561: true, 0x256A: true, 0x5341: true, 0x5345: true}

// big5Bytes returns the two bytes of the Big5 encoder's steps 5–8 for
// pointer p, packed as leading<<8 | trailing.
func big5Bytes(p int) uint16 {
	lead := p/big5Cols + 0x81
	trail := p % big5Cols
	off := 0x40
	if trail >= 0x3F {
		off = 0x62
	}
	return uint16(lead<<8 | (trail + off))
}

// big5Pack packs UTF-8 bytes (at most 4) big-endian into a uint32.
func big5Pack(b []byte) uint32 {
	var v uint32
	for _, c := range b {
		v = v<<8 | uint32(c)
	}
	return v
}

func genBig5(g *Gen) error {
	ix, err := g.Index("big5")
	if err != nil {
		return err
	}
	decode := make([]uint16, big5DecodeLen)
	var side []uint32
	addSide := func(p int, cps ...rune) error {
		var buf []byte
		for _, r := range cps {
			buf = utf8.AppendRune(buf, r)
		}
		if len(buf) != 4 {
			return fmt.Errorf("pointer %d: side entry of %d UTF-8 bytes, want 4", p, len(buf))
		}
		if len(side) >= 0x800 {
			return fmt.Errorf("too many side entries")
		}
		decode[p] = uint16(big5SideMarker + len(side))
		side = append(side, big5Pack(buf))
		return nil
	}
	two := map[int][2]rune{}
	for _, t := range big5TwoCodePoints {
		two[t.pointer] = t.cps
	}
	bmp := map[rune]uint16{}
	astral := map[rune]uint16{}
	astralLimit := rune(0)
	for _, e := range ix.Entries {
		p, r := e.Pointer, e.CodePoint
		if p < 0 || p >= big5DecodeLen {
			return fmt.Errorf("pointer %d out of range", p)
		}
		if decode[p] != 0 {
			return fmt.Errorf("pointer %d listed twice", p)
		}
		if _, ok := two[p]; ok {
			return fmt.Errorf("pointer %d is in the index and in the two-code-point table", p)
		}
		if r >= big5SideMarker && r < 0xE000 {
			return fmt.Errorf("pointer %d: surrogate U+%04X", p, r)
		}
		if r < 0x80 {
			return fmt.Errorf("pointer %d: ASCII U+%04X", p, r)
		}
		switch {
		case r < 0x10000:
			decode[p] = uint16(r)
		default:
			if err := addSide(p, r); err != nil {
				return err
			}
		}
		// Encoder: index Big5 pointer.
		if p < big5EncodeMin {
			continue
		}
		m := bmp
		key := r
		if r >= 0x10000 {
			if r < big5AstralBase || r >= big5AstralBase+0x10000 {
				return fmt.Errorf("pointer %d: U+%04X outside plane 2", p, r)
			}
			m, key = astral, r-big5AstralBase
			astralLimit = max(astralLimit, key+1)
		}
		if _, seen := m[key]; seen && !big5LastPointer[r] {
			continue // first pointer wins
		}
		m[key] = big5Bytes(p) // entries are in pointer order: the last write is the last pointer
	}
	for _, t := range big5TwoCodePoints {
		if err := addSide(t.pointer, t.cps[0], t.cps[1]); err != nil {
			return err
		}
	}
	for i := 1; i < len(ix.Entries); i++ {
		if ix.Entries[i].Pointer <= ix.Entries[i-1].Pointer {
			return fmt.Errorf("index not in pointer order at pointer %d", ix.Entries[i].Pointer)
		}
	}
	// The astral lookup stores the bytes little-endian, like Encode3.
	for r, v := range astral {
		astral[r] = v>>8 | v<<8
	}
	astralPT, err := BuildPageTable(astral, astralLimit)
	if err != nil {
		return err
	}

	dec, enc := g.Section("big5-decoder"), g.Section("big5-encoder")
	b := g.Header("big5", ix)
	big5PackageDoc(b, "big5", "// Package big5 holds the generated tables of the Big5 codec of package\n// whatwg/cjk: data only.\n")
	fmt.Fprintf(b, "// DecodeLen is the number of pointers the Big5 decoder can compute:\n// (0xFE-0x81+1) × 157.\nconst DecodeLen = %d\n\n", big5DecodeLen)
	fmt.Fprintf(b, "// SideMarker: a Decode value v with v-SideMarker < 0x800 (a surrogate,\n// never a code point of the index) stands for DecodeSide's entry v-SideMarker.\nconst SideMarker = 0x%04X\n\n", big5SideMarker)
	WriteArray(b, "Decode", "the address of index Big5 (index-big5.txt) by pointer, for the "+dec+
		": for each pointer 0 if the index has no entry, the BMP code point, or SideMarker+i for an astral "+
		"code point or one of the decoder's two-code-point pointers (1133, 1135, 1164, 1166), whose UTF-8 "+
		"output is DecodeSide's entry i.", decode)
	WriteArray(b, "DecodeSide", "the address of the 4-byte UTF-8 output of the Decode entries marked "+
		"with SideMarker, packed big-endian (first byte in the high bits): the astral code points of index "+
		"Big5 (index-big5.txt) and the two-code-point pointers of the "+dec+".", side)
	if err := WriteKey3(b, "Encode", "the Big5 bytes of its index Big5 pointer in index-big5.txt "+
		"(pointers below 5024 excluded; the last pointer for U+2550, U+255E, U+2561, U+256A, U+5341 and "+
		"U+5345; the first otherwise), for the "+enc, bmp); err != nil {
		return err
	}
	astralPT.WriteLookup(b, "EncodeAstral", "r", big5AstralBase, "the Big5 bytes of the index Big5 pointer "+
		"(index-big5.txt) of a supplementary code point r, for the "+enc+": little-endian "+
		"(leading | trailing<<8) like Encode3, 0 if r has none.")
	return g.WriteGo("tables/big5/big5.go", b.Bytes())
}

// big5PackageDoc inserts a package comment just above the package clause
// that Header wrote.
func big5PackageDoc(b *bytes.Buffer, pkg, doc string) {
	clause := "package " + pkg + "\n"
	s := strings.Replace(b.String(), clause, doc+clause, 1)
	b.Reset()
	b.WriteString(s)
}
