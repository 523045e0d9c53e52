package gen

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

func init() { register("gb18030", genGB18030) }

// gbIndexLen is the number of two-byte pointers: 126 leads × 190 trails.
const gbIndexLen = 126 * 190

// genGB18030 writes tables/gb18030: the two-byte decode array, the encode
// tables (index gb18030's first pointers plus the gb18030 encoder's side
// table of Private Use code points; Encode3 is keyed by the three-byte
// UTF-8 sequence, see Key3), and index gb18030 ranges.
func genGB18030(g *Gen) error {
	ix, err := g.Index("gb18030")
	if err != nil {
		return err
	}
	rx, err := g.Index("gb18030-ranges")
	if err != nil {
		return err
	}
	side, commit, err := gbSideTable(g.Dir)
	if err != nil {
		return err
	}

	// Decode: code point by pointer; 0 means no code point.
	decode := make([]uint16, gbIndexLen)
	// Encode: the first pointer of each code point ("index pointer"),
	// stored as the two bytes lead<<8 | trail, which is never 0.
	enc := map[rune]uint16{}
	for _, e := range ix.Entries {
		if e.Pointer < 0 || e.Pointer >= gbIndexLen {
			return fmt.Errorf("index-gb18030: pointer %d out of range", e.Pointer)
		}
		if e.CodePoint < 0x80 || e.CodePoint > 0xFFFF || (e.CodePoint >= 0xD800 && e.CodePoint <= 0xDFFF) {
			return fmt.Errorf("index-gb18030: pointer %d: code point U+%04X is not a non-ASCII BMP scalar value (the codec relies on it)", e.Pointer, e.CodePoint)
		}
		if decode[e.Pointer] != 0 {
			return fmt.Errorf("index-gb18030: pointer %d listed twice", e.Pointer)
		}
		decode[e.Pointer] = uint16(e.CodePoint)
		if _, dup := enc[e.CodePoint]; !dup {
			enc[e.CodePoint] = gbPointerBytes(e.Pointer)
		}
	}
	// The side table comes before the index in the encoder's steps; it can
	// be folded into the same lookup only because none of its code points
	// is in the index, nor is U+E5E5 or U+20AC (handled before it).
	for _, s := range side {
		if _, in := enc[s.cp]; in {
			return fmt.Errorf("encoder side table: U+%04X is also in index gb18030", s.cp)
		}
		if s.cp == 0xE5E5 || s.cp == 0x20AC || s.cp < 0x80 || s.cp > 0xFFFF || (s.cp >= 0xD800 && s.cp <= 0xDFFF) {
			return fmt.Errorf("encoder side table: unexpected U+%04X", s.cp)
		}
		if s.b[0] < 0x81 || s.b[0] > 0xFE || s.b[1] < 0x40 || s.b[1] == 0x7F || s.b[1] > 0xFE {
			return fmt.Errorf("encoder side table: U+%04X: bytes % X are not a two-byte sequence", s.cp, s.b)
		}
		enc[s.cp] = uint16(s.b[0])<<8 | uint16(s.b[1])
	}
	if _, in := enc[0xE5E5]; in {
		return fmt.Errorf("index gb18030 maps to U+E5E5; the encoder's U+E5E5 step would need a change")
	}
	euro, ok := enc[0x20AC]
	if !ok {
		return fmt.Errorf("index gb18030 has no U+20AC; the encoder's U+20AC handling would need a change")
	}
	// Encode3 and EncodeLow (WriteKey3) have every code point but U+20AC,
	// which GBK writes differently (encoder step 4): its bytes are
	// EncodeEuro, so Encode3 has 0 at its key and the codec's hot loop
	// stops there.
	enc3 := map[rune]uint16{}
	for r, v := range enc {
		if r != 0x20AC {
			enc3[r] = v
		}
	}

	// Ranges: sorted by pointer and by code point alike.
	if len(rx.Entries) == 0 || rx.Entries[0].Pointer != 0 {
		return fmt.Errorf("index-gb18030-ranges: must start at pointer 0")
	}
	ptrs := make([]uint32, len(rx.Entries))
	cps := make([]uint32, len(rx.Entries))
	for i, e := range rx.Entries {
		if i > 0 && (e.Pointer <= rx.Entries[i-1].Pointer || e.CodePoint <= rx.Entries[i-1].CodePoint) {
			return fmt.Errorf("index-gb18030-ranges: entry %d not in increasing order", i)
		}
		ptrs[i], cps[i] = uint32(e.Pointer), uint32(e.CodePoint)
	}

	head := bytes.TrimSuffix(g.Header("gb18030", ix, rx).Bytes(), []byte("package gb18030\n\n"))
	b := bytes.NewBuffer(head)
	b.WriteString("// Package gb18030 holds the tables of the gb18030 and GBK encodings:\n")
	b.WriteString("// index gb18030, the gb18030 encoder's side table and index gb18030 ranges.\n")
	b.WriteString("// It is data only; package whatwg/cjk implements the algorithms.\n")
	b.WriteString("//\n")
	fmt.Fprintf(b, "// The encoder side table comes from the gb18030 encoder's steps in\n// encoding.bs (commit %s).\n", commit)
	b.WriteString("package gb18030\n\n")

	dec, encSec := g.Section("gb18030-decoder"), g.Section("gb18030-encoder")
	WriteArray(b, "Decode", "the address of index gb18030 (index-gb18030.txt) by pointer, for the "+
		dec+" and the "+g.Section("gbk-decoder")+": the code point for each pointer "+
		"(lead−0x81)×190 + (trail − (0x40 if trail < 0x7F else 0x41)); 0 means none.", decode)
	if err := WriteKey3(b, "Encode", "the two bytes the "+encSec+" (and the "+g.Section("gbk-encoder")+
		") writes for it in steps 5–7: the encoder's side table of Private Use code points, else the "+
		"index pointer (the first pointer) in index gb18030 (index-gb18030.txt); U+E5E5 has none "+
		"(step 3), and U+20AC's are EncodeEuro", enc3); err != nil {
		return err
	}
	b.WriteString("// EncodeEuro holds U+20AC's bytes, little-endian like Encode3.\n")
	fmt.Fprintf(b, "const EncodeEuro = 0x%04X\n\n", euro>>8|euro<<8)

	WriteArray(b, "RangesPointer", fmt.Sprintf("the address of the pointer column of index gb18030 ranges "+
		"(index-gb18030-ranges.txt, %d entries, increasing), for the %s and the %s (index gb18030 ranges "+
		"code point and pointer, %s).", len(ptrs), dec, encSec, g.Section("indexes")), ptrs)
	WriteArray(b, "RangesCodePoint", "the address of the code point column of index gb18030 ranges "+
		"(index-gb18030-ranges.txt, increasing), beside RangesPointer.", cps)
	return g.WriteGo(filepath.Join("tables", "gb18030", "gb18030.go"), b.Bytes())
}

// gbPointerBytes is the gb18030 encoder's two bytes for an index pointer,
// as lead<<8 | trail.
func gbPointerBytes(p int) uint16 {
	lead := p/190 + 0x81
	trail := p % 190
	offset := 0x40
	if trail >= 0x3F {
		offset = 0x41
	}
	return uint16(lead)<<8 | uint16(trail+offset)
}

type gbSide struct {
	cp rune
	b  [2]byte
}

var gbHeading = regexp.MustCompile(`<h[1-6][ >]`)

var gbSideRow = regexp.MustCompile(`<td>U\+([0-9A-F]{4,6})\s*<td>0x([0-9A-F]{2}) 0x([0-9A-F]{2})`)

// gbSideTable reads the gb18030 encoder's table of code points and bytes
// from the Standard's source, and the source's commit.
func gbSideTable(dir string) ([]gbSide, string, error) {
	src, err := os.ReadFile(filepath.Join(dir, "encoding.bs"))
	if err != nil {
		return nil, "", err
	}
	text := string(src)
	start := strings.Index(text, "<h4 id=gb18030-encoder")
	if start < 0 {
		return nil, "", fmt.Errorf("encoding.bs: gb18030 encoder section not found")
	}
	text = text[start+1:]
	if loc := gbHeading.FindStringIndex(text); loc != nil {
		text = text[:loc[0]] // the section ends at the next heading
	}
	var out []gbSide
	for _, m := range gbSideRow.FindAllStringSubmatch(text, -1) {
		cp, _ := strconv.ParseUint(m[1], 16, 32)
		b1, _ := strconv.ParseUint(m[2], 16, 8)
		b2, _ := strconv.ParseUint(m[3], 16, 8)
		out = append(out, gbSide{rune(cp), [2]byte{byte(b1), byte(b2)}})
	}
	if len(out) == 0 {
		return nil, "", fmt.Errorf("encoding.bs: gb18030 encoder side table not found")
	}
	return out, sourceCommit(dir), nil
}
