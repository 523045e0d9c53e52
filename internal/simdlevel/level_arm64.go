//go:build arm64 && !purego

package simdlevel

import "golang.org/x/sys/cpu"

// NEON runs the NEON (Advanced SIMD) form of the kernels that have
// one (arm64): ASCII, UTF-8 validation and UTF-16 to UTF-8.
const NEON Level = 1

// Specs lists the levels of this build. Every arm64 CPU has ASIMD;
// it is checked all the same, and the generic level stays selectable
// (WEBENC_SIMD=generic) so that both forms run in tests.
var Specs = []Spec{
	Generic: {Name: "generic"},
	NEON:    {Name: "neon", Requires: []Feature{{"ASIMD", cpu.ARM64.HasASIMD}}},
}
