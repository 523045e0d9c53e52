//go:build amd64 && !purego

package simd

// sbcsDecodeForms lists every form of DecodeSBCS this machine can run,
// each wrapped as DecodeSBCS wraps it (vector bulk, pure-Go tail).
func sbcsDecodeForms() []sbcsDecodeForm {
	forms := []sbcsDecodeForm{{"generic", func(dst, src []byte, t *SBCSTable) (int, int) {
		return decodeSBCSGeneric(dst, src, &t.decode)
	}}, {"dispatch", DecodeSBCS}}
	if hasAVX2 {
		forms = append(forms, sbcsDecodeForm{"avx2", func(dst, src []byte, t *SBCSTable) (int, int) {
			return decodeSBCSVector(dst, src, t, false)
		}})
	}
	if hasSBCSVBMI {
		forms = append(forms, sbcsDecodeForm{"avx512vbmi", func(dst, src []byte, t *SBCSTable) (int, int) {
			return decodeSBCSVector(dst, src, t, true)
		}})
	}
	return forms
}

// sbcsEncodeForms lists every form of EncodeSBCS this machine can run.
func sbcsEncodeForms() []sbcsEncodeForm {
	forms := []sbcsEncodeForm{{"generic", encodeSBCSGeneric}}
	if hasAVX2 {
		forms = append(forms, sbcsEncodeForm{"avx2", encodeSBCSVector})
	}
	return forms
}
