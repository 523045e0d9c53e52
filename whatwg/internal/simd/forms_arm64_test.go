//go:build arm64 && !purego

package simd

// The NEON forms (whatever level the process runs), each tested against
// the reference and the pure-Go twin; TestLevels reports the levels whose
// forms are not tested here.
func platformForms() (prefix []prefixForm, copies []copyForm) {
	if !supported(levelNEON) {
		return nil, nil
	}
	prefix = []prefixForm{
		{"asciiPrefixNEON", kindASCII, asciiPrefixNEON, 0},
		{"validUTF8PrefixNEON", kindUTF8, validUTF8PrefixNEON, 0},
	}
	copies = []copyForm{
		{"copyASCIINEON", kindASCII, copyASCIINEON, 0, true},
		{"copyValidUTF8NEON", kindUTF8, copyValidUTF8NEON, 0, true},
	}
	return prefix, copies
}
