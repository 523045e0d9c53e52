//go:build !amd64 || purego

package simd

func sbcsDecodeForms() []sbcsDecodeForm {
	return []sbcsDecodeForm{{"generic", decodeSBCSGeneric}}
}

func sbcsEncodeForms() []sbcsEncodeForm {
	return []sbcsEncodeForm{{"generic", encodeSBCSGeneric}}
}
