//go:build amd64 && !purego

package simd

import "golang.org/x/sys/cpu"

// CPU features, read once when the package is initialised and never written
// afterwards; the amd64 dispatchers branch on them.
var (
	// hasAVX2 selects the 256-bit kernels (Haswell and later, Zen).
	hasAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasBMI2
	// hasAVX512 selects 512-bit kernels where one measurably pays: it
	// requires the byte/word instructions (BW) and the 128/256-bit forms (VL).
	hasAVX512 = hasAVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VL
)
