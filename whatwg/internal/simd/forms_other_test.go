//go:build (!amd64 && !arm64) || purego

package simd

// platformForms: only the pure-Go forms exist in this build.
func platformForms() (prefix []prefixForm, copies []copyForm) { return nil, nil }
