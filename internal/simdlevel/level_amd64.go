//go:build amd64 && !purego

package simdlevel

import "golang.org/x/sys/cpu"

// Specs lists the levels of this build, each with every feature that
// its forms' instructions and its lower levels' need (whatwg/internal/simd's
// TestLevelRequires checks them against the assembly). golang.org/x/sys/cpu reports AVX2
// and AVX-512 only where the operating system saves their registers.
var Specs = func() []Spec {
	avx2 := []Feature{
		{"AVX2", cpu.X86.HasAVX2},
		{"BMI1", cpu.X86.HasBMI1},     // TZCNT, ANDN, BLSR
		{"BMI2", cpu.X86.HasBMI2},     // BZHI, PDEP, SHLX
		{"POPCNT", cpu.X86.HasPOPCNT}, // POPCNT
	}
	avx512 := append(avx2[:len(avx2):len(avx2)],
		Feature{"AVX512F", cpu.X86.HasAVX512F},
		Feature{"AVX512BW", cpu.X86.HasAVX512BW},
		Feature{"AVX512VL", cpu.X86.HasAVX512VL},
	)
	vbmi := append(avx512[:len(avx512):len(avx512)],
		Feature{"AVX512VBMI", cpu.X86.HasAVX512VBMI},   // VPERMI2B, VPERMT2B
		Feature{"AVX512VBMI2", cpu.X86.HasAVX512VBMI2}, // VPCOMPRESSB/W
	)
	return []Spec{
		Generic:    {Name: "generic"},
		AVX2:       {Name: "avx2", Requires: avx2},
		AVX512:     {Name: "avx512", Requires: avx512},
		AVX512VBMI: {Name: "avx512vbmi", Requires: vbmi},
	}
}()
