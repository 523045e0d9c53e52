//go:build (!amd64 && !arm64) || purego

package simd

// levelSpecs lists the levels of this build: only the pure-Go forms.
var levelSpecs = []levelSpec{levelGeneric: {name: "generic"}}
