//go:build amd64 && !purego

package simd

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/webenc/webenc/internal/simdlevel"
)

// symbolLevel gives the level of every assembly function: the lowest level
// that may call it. decodeSBCS<> is the body of decodeSBCSAVX2 and
// decodeSBCSAVX512, whose AVX-512 path only decodeSBCSAVX512 enters.
var symbolLevel = map[string]level{
	"asciiAVX2":         levelAVX2,
	"asciiAVX512":       levelAVX512,
	"decodeSBCSAVX2":    levelAVX2,
	"decodeSBCSAVX512":  levelAVX512VBMI,
	"decodeSBCS<>":      levelAVX512VBMI,
	"encodeSBCSAVX2":    levelAVX2,
	"utf16ToUTF8AVX2":   levelAVX2,
	"utf16ToUTF8AVX512": levelAVX512VBMI,
	"utf8ToUTF16AVX2":   levelAVX2,
	"utf8ToUTF16AVX512": levelAVX512VBMI,
	"utf8BlocksAVX2":    levelAVX2,
	"utf8BlocksAVX512":  levelAVX512,
	"decodeDBCSAVX2":    levelAVX2,
}

// Instructions by the CPU feature they need beyond AVX2 or the base
// amd64 set, as Intel's manual lists them (the EVEX forms, with a mask or
// 512-bit register, are classified by operand in needs).
var (
	bmi1Ops   = []string{"TZCNT", "ANDN", "BLSR", "BLSI", "BLSMSK", "BEXTR"}
	bmi2Ops   = []string{"BZHI", "PDEP", "PEXT", "SHLX", "SHRX", "SARX", "RORX", "MULX"}
	f512Ops   = []string{"VMOVDQU64", "VMOVDQU32", "VMOVDQA64", "VMOVDQA32", "VPORD", "VPORQ", "VPANDD", "VPANDQ", "VPTERNLOGD", "VPTERNLOGQ", "VINSERTI64X4", "KMOVW", "KORTESTW"}
	bw512Ops  = []string{"VMOVDQU8", "VMOVDQU16", "VPMOVB2M", "VPMOVWB", "VPCMPUW", "VPCMPUB", "VPTESTMB", "VPTESTNMB", "KMOVQ", "KMOVD", "KORTESTQ", "KORTESTD", "KTESTD", "KTESTQ", "KANDD", "KANDQ", "KSHIFTRQ", "KSHIFTRD"}
	vbmiOps   = []string{"VPERMI2B", "VPERMT2B", "VPERMB", "VPMULTISHIFTQB"}
	vbmi2Ops  = []string{"VPCOMPRESSB", "VPCOMPRESSW", "VPEXPANDB", "VPEXPANDW"}
	otherOps  = []string{"LZCNT", "VPOPCNTB", "VPOPCNTD", "KMOVB", "KTESTB", "KTESTW"} // features no level requires
	zmm       = regexp.MustCompile(`\bZ\d+\b`)
	maskReg   = regexp.MustCompile(`\bK[1-7]\b`)
	smallVecs = regexp.MustCompile(`\b[XY]\d+\b`)
)

// needs returns the CPU features the instruction op with operands args
// needs beyond the base amd64 set.
func needs(op, args string) []string {
	hasPrefix := func(set []string) bool {
		return slices.ContainsFunc(set, func(p string) bool { return strings.HasPrefix(op, p) })
	}
	var out []string
	evex := false
	switch {
	case hasPrefix(bmi1Ops):
		return []string{"BMI1"}
	case hasPrefix(bmi2Ops):
		return []string{"BMI2"}
	case strings.HasPrefix(op, "POPCNT"):
		return []string{"POPCNT"}
	case slices.Contains(otherOps, op):
		return []string{op}
	case slices.Contains(vbmiOps, op):
		out, evex = []string{"AVX512F", "AVX512VBMI"}, true
	case slices.Contains(vbmi2Ops, op):
		out, evex = []string{"AVX512F", "AVX512VBMI2"}, true
	case slices.Contains(bw512Ops, op):
		out, evex = []string{"AVX512F", "AVX512BW"}, true
	case slices.Contains(f512Ops, op):
		out, evex = []string{"AVX512F"}, true
	case strings.HasPrefix(op, "V") && (zmm.MatchString(args) || maskReg.MatchString(args)):
		// A VEX instruction with a 512-bit register or a mask is its
		// EVEX form: bytes and words need BW.
		out, evex = []string{"AVX512F"}, true
		if strings.HasSuffix(op, "B") || strings.HasSuffix(op, "W") {
			out = append(out, "AVX512BW")
		}
	case strings.HasPrefix(op, "V"):
		return []string{"AVX2"}
	default:
		return nil
	}
	// An EVEX vector instruction on 128- or 256-bit registers only needs
	// VL.
	if evex && !strings.HasPrefix(op, "K") && !zmm.MatchString(args) && smallVecs.MatchString(args) {
		out = append(out, "AVX512VL")
	}
	return out
}

// TestLevelRequires reads the assembly and checks that the level of every
// function requires every feature that one of its instructions needs (see
// needs), with its macros expanded.
func TestLevelRequires(t *testing.T) {
	files, err := filepath.Glob("*_amd64.s")
	if err != nil || len(files) == 0 {
		t.Fatalf("no assembly found: %v", err)
	}
	seen := map[string]bool{}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for fn, ins := range asmFunctions(string(src)) {
			seen[fn] = true
			l, ok := symbolLevel[fn]
			if !ok {
				t.Errorf("%s: %s has no level in symbolLevel", file, fn)
				continue
			}
			spec := simdlevel.Specs[l]
			for _, in := range ins {
				for _, f := range needs(in.op, in.args) {
					if !slices.ContainsFunc(spec.Requires, func(r simdlevel.Feature) bool { return r.Name == f }) {
						t.Errorf("%s: %s (level %s) runs %s %s, which needs %s: not in the level's requires",
							file, fn, spec.Name, in.op, in.args, f)
					}
				}
			}
		}
	}
	for fn := range symbolLevel {
		if !seen[fn] {
			t.Errorf("symbolLevel lists %s, which no assembly file defines", fn)
		}
	}
}

// An instruction is one line of assembly: its mnemonic and operands.
type instruction struct{ op, args string }

var (
	textRe  = regexp.MustCompile(`^TEXT\s+·?([\w<>]+)\(SB\)`)
	macroRe = regexp.MustCompile(`^#define\s+(\w+)(\(([^)]*)\))?\s*(.*)$`)
	comment = regexp.MustCompile(`/\*.*?\*/`)
	instRe  = regexp.MustCompile(`^(?:\w+:)?\s*([A-Z][A-Z0-9_]*)\s*(?:\((.*)\))?(.*)$`)
)

// asmFunctions returns the instructions of every TEXT function of src,
// with the macros of src expanded (their parameters substituted).
func asmFunctions(src string) map[string][]instruction {
	type macro struct {
		params []string
		body   []string
	}
	macros := map[string]macro{}
	funcs := map[string][]instruction{}
	var expand func(line string, depth int) []instruction
	expand = func(line string, depth int) []instruction {
		line = comment.ReplaceAllString(strings.SplitN(line, "//", 2)[0], "")
		if depth > 8 {
			return nil
		}
		if parts := strings.Split(line, ";"); len(parts) > 1 {
			var out []instruction
			for _, p := range parts {
				out = append(out, expand(p, depth+1)...)
			}
			return out
		}
		line = strings.TrimSpace(line)
		if line == "" {
			return nil
		}
		m := instRe.FindStringSubmatch(line)
		if m == nil {
			return nil
		}
		name := m[1]
		mac, ok := macros[name]
		if !ok {
			return []instruction{{name, strings.TrimSpace(strings.TrimPrefix(line, name))}}
		}
		args := strings.Split(m[2], ",")
		var out []instruction
		for _, b := range mac.body {
			for i, p := range mac.params {
				if i < len(args) {
					b = regexp.MustCompile(`\b`+regexp.QuoteMeta(p)+`\b`).ReplaceAllString(b, strings.TrimSpace(args[i]))
				}
			}
			out = append(out, expand(b, depth+1)...)
		}
		return out
	}
	lines := strings.Split(src, "\n")
	fn := ""
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if m := macroRe.FindStringSubmatch(line); m != nil {
			var mac macro
			for _, p := range strings.Split(m[3], ",") {
				if p = strings.TrimSpace(p); p != "" {
					mac.params = append(mac.params, p)
				}
			}
			body := m[4]
			for strings.HasSuffix(strings.TrimSpace(body), `\`) && i+1 < len(lines) {
				mac.body = append(mac.body, strings.TrimSuffix(strings.TrimSpace(body), `\`))
				i++
				body = lines[i]
			}
			mac.body = append(mac.body, body)
			macros[m[1]] = mac
			continue
		}
		if m := textRe.FindStringSubmatch(line); m != nil {
			fn = m[1]
			funcs[fn] = nil
			continue
		}
		if fn != "" && strings.HasPrefix(line, "\t") {
			funcs[fn] = append(funcs[fn], expand(line, 0)...)
		}
	}
	return funcs
}

// TestDispatchRunsLevel checks that the dispatchers run the vector form of
// the process's level, not another. The forms overwrite different bytes of
// dst past what they report, so the whole of dst after a call tells which
// form ran: on an AVX-512 VBMI host without WEBENC_SIMD it must be the
// AVX-512 form of single-byte decoding and of both UTF-16 kernels; under
// WEBENC_SIMD=avx512 or avx2 the AVX2 one.
func TestDispatchRunsLevel(t *testing.T) {
	if cpuLevel < levelAVX2 {
		t.Skipf("the process runs level %s: no vector form to tell apart", simdlevel.Specs[cpuLevel].Name)
	}
	text := strings.Repeat("Съешь же ещё этих мягких французских булок, да выпей чаю. ", 8)
	// A single-byte encoding of Cyrillic of its own: byte 0x80+i is
	// U+0410+i, a two-byte form.
	var decode [256]uint32
	for b := range decode {
		decode[b] = 1<<24 | uint32(b)
		if r := 0x0410 - 0x80 + b; b >= 0x80 {
			decode[b] = 2<<24 | uint32(0x80|r&0x3F)<<8 | uint32(0xC0|r>>6)
		}
	}
	table := NewSBCSTable(&decode)
	var legacy []byte
	for _, r := range text {
		if r >= 0x0410 {
			r -= 0x0410 - 0x80
		}
		legacy = append(legacy, byte(r))
	}
	var utf16le []byte
	for _, r := range text {
		utf16le = append(utf16le, byte(r), byte(r>>8))
	}
	// levels: the lowest level of each of the kernel's forms.
	kernels := []struct {
		name     string
		dispatch func(dst []byte)
		levels   []level
		form     func(l level, dst []byte)
	}{
		{"DecodeSBCS", func(dst []byte) { DecodeSBCS(dst, legacy, table) }, []level{levelAVX2, levelAVX512VBMI},
			func(l level, dst []byte) { decodeSBCSVector(dst, legacy, table, l) }},
		{"UTF16ToUTF8", func(dst []byte) { UTF16ToUTF8(dst, utf16le, false) }, []level{levelAVX2, levelAVX512VBMI},
			func(l level, dst []byte) {
				k := utf16ToUTF8AVX2
				if l == levelAVX512VBMI {
					k = utf16ToUTF8AVX512
				}
				finishUTF16ToUTF8(k)(dst, utf16le, false)
			}},
		{"UTF8ToUTF16", func(dst []byte) { UTF8ToUTF16(dst, []byte(text), false) }, []level{levelAVX2, levelAVX512VBMI},
			func(l level, dst []byte) {
				k := utf8ToUTF16AVX2
				if l == levelAVX512VBMI {
					k = utf8ToUTF16AVX512
				}
				finishUTF8ToUTF16(k)(dst, []byte(text), false)
			}},
	}
	image := func(run func(dst []byte)) []byte {
		dst := bytes.Repeat([]byte{0xEE}, 4*len(text))
		run(dst)
		return dst
	}
	for _, k := range kernels {
		got := image(k.dispatch)
		runs := k.levels[0] // the form the process's level runs
		for _, l := range k.levels {
			if l <= cpuLevel {
				runs = l
			}
		}
		for _, l := range k.levels {
			if !supported(l) {
				continue
			}
			same := bytes.Equal(got, image(func(dst []byte) { k.form(l, dst) }))
			switch {
			case l == runs && !same:
				t.Errorf("%s at level %s did not run the %s form", k.name, simdlevel.Specs[cpuLevel].Name, simdlevel.Specs[l].Name)
			case l != runs && same:
				t.Errorf("%s at level %s wrote what the %s form writes", k.name, simdlevel.Specs[cpuLevel].Name, simdlevel.Specs[l].Name)
			}
		}
	}
}
