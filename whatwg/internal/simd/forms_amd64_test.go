//go:build amd64 && !purego

package simd

// The forms this build can run on this CPU, each tested against the
// reference and the pure-Go twin.
func platformForms() (prefix []prefixForm, copies []copyForm) {
	if hasAVX2 {
		prefix = append(prefix,
			prefixForm{"asciiPrefixAVX2", kindASCII, asciiPrefixAVX2, 32},
			prefixForm{"validUTF8PrefixAVX2", kindUTF8, validUTF8PrefixAVX2, 0},
		)
		copies = append(copies,
			copyForm{"copyASCIIAVX2", kindASCII, copyASCIIAVX2, 32, true},
			copyForm{"copyValidUTF8AVX2", kindUTF8, copyValidUTF8AVX2, 0, true},
		)
	}
	if hasAVX512 {
		prefix = append(prefix, prefixForm{"asciiPrefixAVX512", kindASCII, asciiPrefixAVX512, 0})
		copies = append(copies, copyForm{"copyASCIIAVX512", kindASCII, copyASCIIAVX512, 0, true})
	}
	return prefix, copies
}
