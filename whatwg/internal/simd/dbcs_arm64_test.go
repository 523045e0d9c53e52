//go:build arm64 && !purego

package simd

// dbcsDecodeForms lists every form of DecodeDBCS this CPU supports (see
// platformForms).
func dbcsDecodeForms() []dbcsDecodeForm {
	forms := []dbcsDecodeForm{{"generic", decodeDBCSGeneric}, {"dispatch", DecodeDBCS}}
	if supported(levelNEON) {
		forms = append(forms, dbcsDecodeForm{"neon", decodeDBCSNEONLoop})
	}
	return forms
}
