package gen

import "fmt"

func init() { register("euckr", genEUCKR) }

// EUC-KR constants of the Standard (EUC-KR decoder).
const (
	euckrRows      = 0xFE - 0x81 + 1 // leading bytes 0x81 to 0xFE
	euckrCols      = 190             // trailing bytes 0x41 to 0xFE
	euckrDecodeLen = euckrRows * euckrCols
)

func genEUCKR(g *Gen) error {
	ix, err := g.Index("euc-kr")
	if err != nil {
		return err
	}
	decode := make([]uint16, euckrDecodeLen)
	enc := map[rune]uint16{}
	for i, e := range ix.Entries {
		p, r := e.Pointer, e.CodePoint
		if i > 0 && p <= ix.Entries[i-1].Pointer {
			return fmt.Errorf("index not in pointer order at pointer %d", p)
		}
		if p < 0 || p >= euckrDecodeLen {
			return fmt.Errorf("pointer %d out of range", p)
		}
		if r < 0x80 || r >= 0x10000 || (r >= 0xD800 && r < 0xE000) {
			return fmt.Errorf("pointer %d: code point U+%04X is not a non-ASCII BMP scalar", p, r)
		}
		decode[p] = uint16(r)
		if _, seen := enc[r]; !seen { // index pointer: the first pointer
			enc[r] = uint16((p/euckrCols+0x81)<<8 | (p%euckrCols + 0x41))
		}
	}
	b := g.Header("euckr", ix)
	big5PackageDoc(b, "euckr", "// Package euckr holds the generated tables of the EUC-KR codec of package\n// whatwg/cjk: data only.\n")
	fmt.Fprintf(b, "// DecodeLen is the number of pointers the EUC-KR decoder can compute:\n// (0xFE-0x81+1) × 190.\nconst DecodeLen = %d\n\n", euckrDecodeLen)
	WriteArray(b, "Decode", "the address of index EUC-KR (index-euc-kr.txt) by pointer, for the "+
		g.Section("euc-kr-decoder")+": the code point (all are in the BMP), or 0 if the index has no entry.", decode)
	if err := WriteKey3(b, "Encode", "the EUC-KR bytes of its index pointer in index EUC-KR "+
		"(index-euc-kr.txt; the first pointer), for the "+g.Section("euc-kr-encoder"), enc); err != nil {
		return err
	}
	return g.WriteGo("tables/euckr/euckr.go", b.Bytes())
}
