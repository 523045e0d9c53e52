//go:build (!amd64 && !arm64) || purego

package simd

// utf16Forms lists every form of the UTF-16 kernels: here only the pure-Go
// one, directly and through the exported functions.
func utf16Forms() []utf16Form {
	return []utf16Form{
		{"generic", utf16ToUTF8Generic, utf8ToUTF16Generic},
		{"dispatch", UTF16ToUTF8, UTF8ToUTF16},
	}
}
