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
// The kernels:
//
//   - ASCIIPrefix and CopyASCII: the length of the ASCII prefix, and the
//     same fused with copying it. AVX2: 128 bytes per iteration (four
//     loads ORed, one VPMOVMSKB), the tail as one overlapping last vector.
//     AVX-512BW: 256 bytes per iteration, the tail as one masked load
//     and store.
//   - ValidUTF8Prefix and CopyValidUTF8: the length of the longest prefix
//     made of complete, valid UTF-8 sequences, and the same fused with
//     copying it. AVX2: 64 bytes per iteration with the lookup-table
//     validation of Keiser and Lemire (see utf8_amd64.s), ASCII blocks
//     on a shorter path; the exact end of the valid prefix is found by the
//     pure-Go code from the last sequence boundary before the failing
//     block.
//
// CPU features (golang.org/x/sys/cpu, read once): AVX2 with BMI1/BMI2
// selects the AVX2 forms; AVX-512F/BW/VL in addition selects the AVX-512
// ASCII forms, which measured 1.07–1.38× the AVX2 ones for the prefix and
// 1.0–1.1× for the copy on 40 B–1 KiB (BenchmarkAVX512; equal on 64 KiB,
// where memory bounds both). UTF-8 has no AVX-512 form: the AVX2 one
// already runs at the speed of the copy on the corpus. Without AVX2, and
// under purego, the pure-Go forms run.
//
// Inputs shorter than a vector stay in Go: a call into assembly costs a
// few nanoseconds, which the word-at-a-time loop beats on 32 bytes or
// less (BenchmarkCrossover).
//
// Layout: one file per kernel family (ascii, utf8, utf16, …) holding the
// exported function and its pure-Go twin (named ...Generic); the amd64
// dispatch in KERNEL_amd64.go and the assembly in KERNEL_amd64.s; the
// fallbacks for other platforms and purego in KERNEL_other.go.
package simd
