//go:build amd64 && !purego

package simd

// utf16Forms lists every form of the UTF-16 kernels this CPU supports, each
// completed to the full contract the way the dispatcher completes it, so
// that the tests call each form directly.
func utf16Forms() []utf16Form {
	forms := []utf16Form{
		{"generic", utf16ToUTF8Generic, utf8ToUTF16Generic},
		{"dispatch", UTF16ToUTF8, UTF8ToUTF16},
	}
	if supported(levelAVX2) {
		forms = append(forms,
			utf16Form{"AVX2", finishUTF16ToUTF8(utf16ToUTF8AVX2), finishUTF8ToUTF16(utf8ToUTF16AVX2)})
	}
	if supported(levelAVX512VBMI) {
		forms = append(forms,
			utf16Form{"AVX512", finishUTF16ToUTF8(utf16ToUTF8AVX512), finishUTF8ToUTF16(utf8ToUTF16AVX512)})
	}
	return forms
}

// finishUTF16ToUTF8 returns k followed by the pure-Go form on what is left
// (k is called on every input, however short, so that its bounds checks
// are tested too).
func finishUTF16ToUTF8(k utf16Kernel) utf16Kernel {
	return func(dst, src []byte, be bool) (int, int) {
		n, m := k(dst, src, be)
		n2, m2 := utf16ToUTF8Generic(dst[n:], src[m:], be)
		return n + n2, m + m2
	}
}

// finishUTF8ToUTF16 is finishUTF16ToUTF8 for the encoders.
func finishUTF8ToUTF16(k utf16Kernel) utf16Kernel {
	return func(dst, src []byte, be bool) (int, int) {
		n, m := k(dst, src, be)
		n2, m2 := utf8ToUTF16Generic(dst[n:], src[m:], be)
		return n + n2, m + m2
	}
}
