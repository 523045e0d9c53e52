// Package simd holds the few bulk kernels that every codec's hot loop calls:
// the length of an ASCII prefix (and its copy), the length of a valid UTF-8
// prefix (and its copy), UTF-16 to UTF-8 over ASCII and BMP runs, and the
// like.
//
// Every kernel exists in a pure-Go form (word at a time; the only form on
// architectures without assembly here and under the purego build tag) and,
// on amd64, in vector forms chosen once at start-up from the CPU's features.
// All forms return identical results on every input: the tests compare
// them exhaustively on short inputs and by differential fuzzing.
//
// Kernels never read or write past the ends of their slices, report how far
// they got, and decide nothing the Encoding Standard decides (errors,
// restored bytes, decoder state): that stays in the codecs' Go code.
//
// Layout: one file per kernel family (ascii, utf8, utf16, …) holding the
// exported function and its pure-Go twin (named ...Generic); the amd64
// dispatch in KERNEL_amd64.go and the assembly in KERNEL_amd64.s; the
// fallbacks for other platforms and purego in KERNEL_other.go.
package simd
