//go:build arm64 && !purego

package simd

import (
	"testing"
	"unsafe"
)

// sbcsDecodeForms lists every form of DecodeSBCS this CPU supports (see
// platformForms): the NEON one whole, and its kernel followed by the
// pure-Go form.
func sbcsDecodeForms() []sbcsDecodeForm {
	forms := []sbcsDecodeForm{{"generic", func(dst, src []byte, t *SBCSTable) (int, int) {
		return decodeSBCSGeneric(dst, src, &t.decode)
	}}, {"dispatch", DecodeSBCS}}
	if supported(levelNEON) {
		forms = append(forms, sbcsDecodeForm{"neon", decodeSBCSNEONLoop},
			sbcsDecodeForm{"neonkernel", func(dst, src []byte, t *SBCSTable) (int, int) {
				n, m := decodeSBCSNEON(dst, src, t)
				n2, m2 := decodeSBCSGeneric(dst[n:], src[m:], &t.decode)
				return n + n2, m + m2
			}})
	}
	return forms
}

// sbcsEncodeForms lists every form of EncodeSBCS this CPU supports.
func sbcsEncodeForms() []sbcsEncodeForm {
	forms := []sbcsEncodeForm{{"generic", encodeSBCSGeneric}, {"dispatch", EncodeSBCS}}
	if supported(levelNEON) {
		forms = append(forms, sbcsEncodeForm{"neon", encodeSBCSNEONLoop})
	}
	return forms
}

// TestSBCSTableOffsets checks the offsets of SBCSTable's tables that
// sbcs_arm64.s uses.
func TestSBCSTableOffsets(t *testing.T) {
	var s SBCSTable
	if lead, second := unsafe.Offsetof(s.lead), unsafe.Offsetof(s.second); lead != 1024 || second != 1280 {
		t.Fatalf("SBCSTable: lead at %d, second at %d; sbcs_arm64.s reads them at 1024 and 1280", lead, second)
	}
}
