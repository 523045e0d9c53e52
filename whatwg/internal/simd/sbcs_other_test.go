//go:build (!amd64 && !arm64) || purego

package simd

func sbcsDecodeForms() []sbcsDecodeForm {
	return []sbcsDecodeForm{{"generic", func(dst, src []byte, t *SBCSTable) (int, int) {
		return decodeSBCSGeneric(dst, src, &t.decode)
	}}, {"dispatch", DecodeSBCS}}
}

func sbcsEncodeForms() []sbcsEncodeForm {
	return []sbcsEncodeForm{{"generic", encodeSBCSGeneric}}
}
