package gen

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/webenc/webenc/internal/specdata"
)

func init() { register("jis", genJIS) }

// Sizes of the Japanese decode tables. Shift_JIS computes pointers up to
// (0xFC-0xC1)*188 + 0xFC-0x41 = 11279 and EUC-JP and ISO-2022-JP up to
// 93*94 + 93 = 8835, so the arrays cover every pointer a decoder can form
// and the decoders need no range check beyond the array's length.
const (
	jisSJISPointers = 11280
	jisEUCPointers  = 8836
	// Pointers 8272 to 8835 are excluded from the index Shift_JIS pointer.
	jisSJISExcludeLo = 8272
	jisSJISExcludeHi = 8835
)

// genJIS writes tables/jis: the decode arrays for index jis0208 and index
// jis0212 by pointer; the reverse lookup of index jis0208 by code point
// giving the index pointer (the first pointer) as EUC-JP bytes, with U+2212
// aliased to U+FF0D; the same for the index Shift_JIS pointer (excluding
// pointers 8272 to 8835) as Shift_JIS bytes; and index ISO-2022-JP
// katakana resolved to jis0208 bytes.
func genJIS(g *Gen) error {
	j208, err := g.Index("jis0208")
	if err != nil {
		return err
	}
	j212, err := g.Index("jis0212")
	if err != nil {
		return err
	}
	kata, err := g.Index("iso-2022-jp-katakana")
	if err != nil {
		return err
	}

	dec208, err := jisDecodeArray(j208, jisSJISPointers)
	if err != nil {
		return err
	}
	dec212, err := jisDecodeArray(j212, jisEUCPointers)
	if err != nil {
		return err
	}

	// index pointer: the first pointer for each code point.
	first := map[rune]int{}
	for _, e := range j208.Entries {
		if p, ok := first[e.CodePoint]; !ok || e.Pointer < p {
			first[e.CodePoint] = e.Pointer
		}
	}
	// index Shift_JIS pointer: the first pointer outside 8272 to 8835.
	sjisFirst := map[rune]int{}
	for _, e := range j208.Entries {
		if e.Pointer >= jisSJISExcludeLo && e.Pointer <= jisSJISExcludeHi {
			continue
		}
		if p, ok := sjisFirst[e.CodePoint]; !ok || e.Pointer < p {
			sjisFirst[e.CodePoint] = e.Pointer
		}
	}

	// The encoders handle U+0080, U+00A5, U+203E and U+FF61 to U+FF9F before
	// the index lookup; they look up first and test these only on a miss,
	// which needs them absent from the index.
	for _, r := range []rune{0x80, 0xA5, 0x203E} {
		if _, ok := first[r]; ok {
			return fmt.Errorf("jis0208 maps U+%04X, which the encoders handle before the lookup", r)
		}
	}
	for r := rune(0xFF61); r <= 0xFF9F; r++ {
		if _, ok := first[r]; ok {
			return fmt.Errorf("jis0208 maps U+%04X, which the encoders handle before the lookup", r)
		}
	}
	values := map[rune]uint16{}
	for r, p := range first {
		if p >= jisEUCPointers {
			// The Standard notes this cannot happen; EUC-JP and
			// ISO-2022-JP could not encode such a pointer.
			return fmt.Errorf("jis0208: index pointer %d for U+%04X is not below %d", p, r, jisEUCPointers)
		}
		values[r] = jisEUCBytes(p)
	}
	// EUC-JP, ISO-2022-JP and Shift_JIS encoder: "If codePoint is U+2212,
	// then set it to U+FF0D" before the index lookup.
	if _, ok := first[0x2212]; ok {
		return fmt.Errorf("jis0208 maps U+2212; the U+2212 to U+FF0D alias would hide it")
	}
	p, ok := first[0xFF0D]
	if !ok {
		return fmt.Errorf("jis0208 lacks U+FF0D")
	}
	values[0x2212] = jisEUCBytes(p)

	// Shift_JIS: the index Shift_JIS pointer as Shift_JIS bytes. It can
	// differ from the index pointer only for code points whose index
	// pointer is in the excluded range; every code point keeps a pointer.
	sjisValues := map[rune]uint16{}
	for r, p := range first {
		sp, ok := sjisFirst[r]
		if !ok {
			return fmt.Errorf("U+%04X has no Shift_JIS pointer", r)
		}
		if (p < jisSJISExcludeLo || p > jisSJISExcludeHi) && sp != p {
			return fmt.Errorf("U+%04X: Shift_JIS pointer %d differs from index pointer %d outside the excluded range", r, sp, p)
		}
		sjisValues[r] = jisSJISBytes(sp)
	}
	sjisValues[0x2212] = sjisValues[0xFF0D]

	// index ISO-2022-JP katakana, resolved to index jis0208 pointers.
	katakana := make([]uint16, 0xFF9F-0xFF61+1)
	for _, e := range kata.Entries {
		if e.Pointer < 0 || e.Pointer >= len(katakana) {
			return fmt.Errorf("iso-2022-jp-katakana: pointer %d out of range", e.Pointer)
		}
		p, ok := first[e.CodePoint]
		if !ok {
			return fmt.Errorf("iso-2022-jp-katakana: U+%04X not in jis0208", e.CodePoint)
		}
		v := jisEUCBytes(p)
		katakana[e.Pointer] = v>>8 | v<<8 // little-endian, like EUCEncode3
	}
	if len(kata.Entries) != len(katakana) {
		return fmt.Errorf("iso-2022-jp-katakana: %d entries, want %d", len(kata.Entries), len(katakana))
	}

	b := g.Header("jis", j208, j212, kata)
	doc := "// Package jis holds the generated tables of the Japanese encodings (EUC-JP,\n" +
		"// ISO-2022-JP, Shift_JIS): data only, used by package whatwg/cjk.\n"
	src := strings.Replace(b.String(), "package jis\n", doc+"package jis\n", 1)
	b = bytes.NewBufferString(src)

	sjisDec, eucDec, isoDec := g.Section("shift_jis-decoder"), g.Section("euc-jp-decoder"), g.Section("iso-2022-jp-decoder")
	sjisEnc, eucEnc, isoEnc := g.Section("shift_jis-encoder"), g.Section("euc-jp-encoder"), g.Section("iso-2022-jp-encoder")
	WriteArray(b, "JIS0208", fmt.Sprintf("the address of index jis0208 (index-jis0208.txt) by pointer, "+
		"for the %s, the %s and the %s: the code point, or 0 where the index has none. It covers every "+
		"pointer the Shift_JIS decoder can form (0 to %d).", sjisDec, eucDec, isoDec, jisSJISPointers-1), dec208)
	WriteArray(b, "JIS0212", fmt.Sprintf("the address of index jis0212 (index-jis0212.txt) by pointer, "+
		"for the %s: the code point, or 0 where the index has none. It covers every pointer the EUC-JP "+
		"decoder can form (0 to %d).", eucDec, jisEUCPointers-1), dec212)
	if err := WriteKey3(b, "EUCEncode", "the index pointer (the first pointer) in index jis0208 "+
		"(index-jis0208.txt) as the two EUC-JP bytes pointer/94+0xA1 and pointer%94+0xA1, for the "+eucEnc+
		" and the "+isoEnc+" (whose bytes are these minus 0x80 each). U+2212 has U+FF0D's bytes "+
		"(\"If codePoint is U+2212, then set it to U+FF0D\")", values); err != nil {
		return err
	}
	if err := WriteKey3(b, "ShiftJISEncode", "the index Shift_JIS pointer (the first pointer in index "+
		"jis0208, index-jis0208.txt, outside 8272 to 8835) as the two Shift_JIS bytes of steps 9–13 of the "+
		sjisEnc+". U+2212 has U+FF0D's bytes (\"If codePoint is U+2212, then set it to U+FF0D\")", sjisValues); err != nil {
		return err
	}
	WriteArray(b, "ISO2022JPKatakana", "the address of the table that gives, for U+FF61 + i, the index "+
		"jis0208 pointer (index-jis0208.txt) of the code point for i in index ISO-2022-JP katakana "+
		"(index-iso-2022-jp-katakana.txt), for the "+isoEnc+": as EUC-JP bytes stored little-endian like "+
		"EUCEncode3.", katakana)

	return g.WriteGo("tables/jis/jis.go", b.Bytes())
}

// jisDecodeArray returns ix as a dense array of size entries by pointer.
func jisDecodeArray(ix *specdata.Index, size int) ([]uint16, error) {
	out := make([]uint16, size)
	for _, e := range ix.Entries {
		if e.Pointer < 0 || e.Pointer >= size {
			return nil, fmt.Errorf("%s: pointer %d beyond %d", ix.Name, e.Pointer, size)
		}
		if e.CodePoint < 0x80 || e.CodePoint > 0xFFFF {
			// The decoders write every index code point as two or
			// three UTF-8 bytes.
			return nil, fmt.Errorf("%s: pointer %d: code point U+%04X is not a non-ASCII BMP value", ix.Name, e.Pointer, e.CodePoint)
		}
		if out[e.Pointer] != 0 {
			return nil, fmt.Errorf("%s: pointer %d twice", ix.Name, e.Pointer)
		}
		out[e.Pointer] = uint16(e.CodePoint)
	}
	return out, nil
}

// jisEUCBytes returns the EUC-JP bytes of a jis0208 pointer below 8836
// (EUC-JP encoder steps 9–11), as leading<<8 | trailing.
func jisEUCBytes(p int) uint16 {
	return uint16(p/94+0xA1)<<8 | uint16(p%94+0xA1)
}

// jisSJISBytes returns the Shift_JIS bytes of a pointer (Shift_JIS encoder
// steps 9–13), as leading<<8 | trailing.
func jisSJISBytes(p int) uint16 {
	lead, trail := p/188, p%188
	lo, off := 0xC1, 0x41
	if lead < 0x1F {
		lo = 0x81
	}
	if trail < 0x3F {
		off = 0x40
	}
	return uint16(lead+lo)<<8 | uint16(trail+off)
}
