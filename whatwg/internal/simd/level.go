package simd

import "github.com/webenc/webenc/internal/simdlevel"

// The level of kernel forms this process runs is chosen and named in
// internal/simdlevel, outside whatwg, so that the bench can name it too.
type level = simdlevel.Level

const (
	levelGeneric    = simdlevel.Generic
	levelAVX2       = simdlevel.AVX2
	levelAVX512     = simdlevel.AVX512
	levelAVX512VBMI = simdlevel.AVX512VBMI
)

// cpuLevel is the level this process runs, chosen once at start-up.
var cpuLevel = simdlevel.Current()

// supported reports whether this CPU has every feature level l requires.
func supported(l level) bool { return simdlevel.Supported(l) }

// Kernels names the level this process runs, the features it requires and
// any effect of WEBENC_SIMD, for logs.
func Kernels() string { return simdlevel.Kernels() }
