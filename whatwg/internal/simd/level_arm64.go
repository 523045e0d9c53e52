//go:build arm64 && !purego

package simd

import "golang.org/x/sys/cpu"

// levelNEON runs the NEON (Advanced SIMD) form of the kernels that have
// one (arm64): ASCII, UTF-8 validation and UTF-16 to UTF-8.
const levelNEON level = 1

// levelSpecs lists the levels of this build. Every arm64 CPU has ASIMD;
// it is checked all the same, and the generic level stays selectable
// (WEBENC_SIMD=generic) so that both forms run in tests.
var levelSpecs = []levelSpec{
	levelGeneric: {name: "generic"},
	levelNEON:    {name: "neon", requires: []feature{{"ASIMD", cpu.ARM64.HasASIMD}}},
}
