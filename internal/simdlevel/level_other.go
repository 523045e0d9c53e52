//go:build (!amd64 && !arm64) || purego

package simdlevel

// Specs lists the levels of this build: only the pure-Go forms.
var Specs = []Spec{Generic: {Name: "generic"}}
