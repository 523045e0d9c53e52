//go:build !amd64 || purego

package simd

func dbcsDecodeForms() []dbcsDecodeForm {
	return []dbcsDecodeForm{{"generic", decodeDBCSGeneric}, {"dispatch", DecodeDBCS}}
}
