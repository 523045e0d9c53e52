//go:build arm64 && !purego

package simd

import "github.com/webenc/webenc/internal/simdlevel"

// levelNEON runs the NEON (Advanced SIMD) form of the kernels that have
// one (arm64).
const levelNEON = simdlevel.NEON
