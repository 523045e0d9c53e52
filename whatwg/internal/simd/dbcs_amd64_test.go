//go:build amd64 && !purego

package simd

// dbcsDecodeForms lists every form of DecodeDBCS this CPU supports.
func dbcsDecodeForms() []dbcsDecodeForm {
	forms := []dbcsDecodeForm{{"generic", decodeDBCSGeneric}, {"dispatch", DecodeDBCS}}
	if supported(levelAVX2) {
		forms = append(forms, dbcsDecodeForm{"avx2", decodeDBCSAVX2})
	}
	return forms
}
