//go:build amd64 && !purego

package simd

import "golang.org/x/sys/cpu"

// levelSpecs lists the levels of this build, each with every feature that
// its forms' instructions and its lower levels' need (TestLevelRequires
// checks them against the assembly). golang.org/x/sys/cpu reports AVX2
// and AVX-512 only where the operating system saves their registers.
var levelSpecs = func() []levelSpec {
	avx2 := []feature{
		{"AVX2", cpu.X86.HasAVX2},
		{"BMI1", cpu.X86.HasBMI1},     // TZCNT, ANDN, BLSR
		{"BMI2", cpu.X86.HasBMI2},     // BZHI, PDEP, SHLX
		{"POPCNT", cpu.X86.HasPOPCNT}, // POPCNT
	}
	avx512 := append(avx2[:len(avx2):len(avx2)],
		feature{"AVX512F", cpu.X86.HasAVX512F},
		feature{"AVX512BW", cpu.X86.HasAVX512BW},
		feature{"AVX512VL", cpu.X86.HasAVX512VL},
	)
	vbmi := append(avx512[:len(avx512):len(avx512)],
		feature{"AVX512VBMI", cpu.X86.HasAVX512VBMI},   // VPERMI2B, VPERMT2B
		feature{"AVX512VBMI2", cpu.X86.HasAVX512VBMI2}, // VPCOMPRESSB/W
	)
	return []levelSpec{
		levelGeneric:    {name: "generic"},
		levelAVX2:       {name: "avx2", requires: avx2},
		levelAVX512:     {name: "avx512", requires: avx512},
		levelAVX512VBMI: {name: "avx512vbmi", requires: vbmi},
	}
}()
