//go:build amd64 && !purego

package simd

// sbcsDecodeForms lists every form of DecodeSBCS this CPU supports (see
// platformForms), each wrapped as DecodeSBCS wraps it (vector bulk,
// pure-Go tail).
func sbcsDecodeForms() []sbcsDecodeForm {
	forms := []sbcsDecodeForm{{"generic", func(dst, src []byte, t *SBCSTable) (int, int) {
		return decodeSBCSGeneric(dst, src, &t.decode)
	}}, {"dispatch", DecodeSBCS}}
	if supported(levelAVX2) {
		forms = append(forms, sbcsDecodeForm{"avx2", func(dst, src []byte, t *SBCSTable) (int, int) {
			return decodeSBCSVector(dst, src, t, levelAVX2)
		}})
	}
	if supported(levelAVX512VBMI) {
		forms = append(forms, sbcsDecodeForm{"avx512vbmi", func(dst, src []byte, t *SBCSTable) (int, int) {
			return decodeSBCSVector(dst, src, t, levelAVX512VBMI)
		}})
	}
	return forms
}

// sbcsEncodeForms lists every form of EncodeSBCS this CPU supports.
func sbcsEncodeForms() []sbcsEncodeForm {
	forms := []sbcsEncodeForm{{"generic", encodeSBCSGeneric}}
	if supported(levelAVX2) {
		forms = append(forms, sbcsEncodeForm{"avx2", encodeSBCSVector})
	}
	return forms
}
