//go:build amd64 && !purego

package simd

// sbcsDecodeForms lists every form of DecodeSBCS this machine can run,
// each wrapped as DecodeSBCS wraps it (vector bulk, pure-Go tail).
func sbcsDecodeForms() []sbcsDecodeForm {
	forms := []sbcsDecodeForm{{"generic", decodeSBCSGeneric}}
	if hasAVX2 {
		forms = append(forms, sbcsDecodeForm{"avx2", func(dst, src []byte, t *[256]uint32) (int, int) {
			return decodeSBCSWith(decodeSBCSAVX2, dst, src, t)
		}})
	}
	return forms
}

// sbcsEncodeForms lists every form of EncodeSBCS this machine can run.
func sbcsEncodeForms() []sbcsEncodeForm {
	forms := []sbcsEncodeForm{{"generic", encodeSBCSGeneric}}
	if hasAVX2 {
		forms = append(forms, sbcsEncodeForm{"avx2", func(dst, src []byte, index *[1024]uint8, pages []byte) (int, int) {
			return encodeSBCSWith(encodeSBCSAVX2, dst, src, index, pages)
		}})
	}
	return forms
}
