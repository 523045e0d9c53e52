package gen

import (
	"bytes"
	"fmt"
)

// PageBits is the page size of the reverse lookups, in bits: pages of 64
// code points keep sparse CJK tables small while a lookup stays two loads.
const PageBits = 6

// PageTable is a two-level O(1) reverse lookup over code points 0 to
// limit-1: Index[r>>PageBits] selects a page, and
// Pages[Index[r>>PageBits]<<PageBits | r&(1<<PageBits-1)] is the value for r.
// Page 0 is all zeros and shared by every empty page, so 0 must mean "not
// present". Identical pages are stored once.
type PageTable struct {
	Index []uint16
	Pages []uint16
}

// BuildPageTable builds the lookup for values (code point → non-zero value)
// over code points below limit.
func BuildPageTable(values map[rune]uint16, limit rune) (*PageTable, error) {
	const size = 1 << PageBits
	npages := int((limit + size - 1) / size)
	pt := &PageTable{Index: make([]uint16, npages), Pages: make([]uint16, size)}
	seen := map[string]uint16{string(make([]byte, 2*size)): 0}
	for r := range values {
		if r < 0 || r >= limit {
			return nil, fmt.Errorf("code point U+%04X beyond the table's limit U+%04X", r, limit)
		}
		if values[r] == 0 {
			return nil, fmt.Errorf("code point U+%04X maps to 0, which means absent", r)
		}
	}
	for p := 0; p < npages; p++ {
		page := make([]uint16, size)
		key := make([]byte, 0, 2*size)
		for i := range page {
			page[i] = values[rune(p*size+i)]
			key = append(key, byte(page[i]), byte(page[i]>>8))
		}
		n, ok := seen[string(key)]
		if !ok {
			if len(pt.Pages)/size > 0xFFFF {
				return nil, fmt.Errorf("too many pages")
			}
			n = uint16(len(pt.Pages) / size)
			seen[string(key)] = n
			pt.Pages = append(pt.Pages, page...)
		}
		pt.Index[p] = n
	}
	return pt, nil
}

// WriteLookup writes the table as two unexported arrays and the exported
// function name(arg rune) uint16 that looks up arg-base in them (0 outside
// the table); doc continues the function's comment "NAME returns ".
func (pt *PageTable) WriteLookup(b *bytes.Buffer, name, arg string, base rune, doc string) {
	index, pages := Unexported(name)+"Index", Unexported(name)+"Pages"
	Comment(b, fmt.Sprintf("%s returns %s It is a two-level lookup of %d bytes.", name, doc, 2*(len(pt.Index)+len(pt.Pages))))
	fmt.Fprintf(b, "func %s(%s rune) uint16 {\n", name, arg)
	fmt.Fprintf(b, "\ta := uint32(%s - 0x%X)\n", arg, base)
	fmt.Fprintf(b, "\tif a >= %d<<%d {\n\t\treturn 0\n\t}\n", len(pt.Index), PageBits)
	fmt.Fprintf(b, "\treturn %s[int(%s[a>>%d])<<%d|int(a)&%d]\n}\n\n", pages, index, PageBits, PageBits, 1<<PageBits-1)
	fmt.Fprintf(b, "// %s selects a page of %s for each %d code points from 0x%X.\n", index, pages, 1<<PageBits, base)
	fmt.Fprintf(b, "var %s = [%d]uint16{", index, len(pt.Index))
	Uint16s(b, pt.Index)
	b.WriteString("}\n\n")
	fmt.Fprintf(b, "// %s holds the pages of %s's lookup; page 0 is empty.\n", pages, name)
	fmt.Fprintf(b, "var %s = [%d]uint16{", pages, len(pt.Pages))
	Uint16s(b, pt.Pages)
	b.WriteString("}\n\n")
}
