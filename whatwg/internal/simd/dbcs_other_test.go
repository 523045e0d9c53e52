//go:build (!amd64 && !arm64) || purego

package simd

func dbcsDecodeForms() []dbcsDecodeForm {
	return []dbcsDecodeForm{{"generic", decodeDBCSGeneric}, {"dispatch", DecodeDBCS}}
}
