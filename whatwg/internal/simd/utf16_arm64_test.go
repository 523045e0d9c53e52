//go:build arm64 && !purego

package simd

// utf16Forms lists every form of the UTF-16 kernels this CPU supports, each
// completed to the full contract the way the dispatcher completes it, so
// that the tests call each form directly.
func utf16Forms() []utf16Form {
	forms := []utf16Form{
		{"generic", utf16ToUTF8Generic, utf8ToUTF16Generic},
		{"dispatch", UTF16ToUTF8, UTF8ToUTF16},
	}
	if supported(levelNEON) {
		forms = append(forms,
			utf16Form{"NEON", utf16ToUTF8NEONLoop, utf8ToUTF16NEONLoop},
			utf16Form{"NEONkernel", thenGeneric(utf16ToUTF8NEON, utf16ToUTF8Generic), thenGeneric(utf8ToUTF16NEON, utf8ToUTF16Generic)})
	}
	return forms
}

// thenGeneric returns k followed by the pure-Go form rest on what is left
// (k is called on every input, however short, so that its bounds checks
// are tested too).
func thenGeneric(k, rest utf16Kernel) utf16Kernel {
	return func(dst, src []byte, be bool) (int, int) {
		n, m := k(dst, src, be)
		n2, m2 := rest(dst[n:], src[m:], be)
		return n + n2, m + m2
	}
}
