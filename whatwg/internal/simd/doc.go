// Package simd holds the few bulk kernels that every codec's hot loop calls:
// the length of an ASCII prefix (and its copy), the length of a valid UTF-8
// prefix (and its copy), UTF-16 to UTF-8 over ASCII and BMP runs, and the
// like.
//
// Every kernel exists in a pure-Go form (word at a time; the only form on
// architectures without assembly here and under the purego build tag) and,
// on amd64 (AVX2, AVX-512) and arm64 (NEON), in vector forms chosen once at
// start-up from the CPU's features.
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
//     on a shorter path; AVX-512BW: the same in 64-byte blocks, one ZMM
//     register each; the exact end of the valid prefix is found by the
//     pure-Go code from the last sequence boundary before the failing
//     block. The pure-Go form reads single sequences through
//     internal/utf8grammar, the project's one UTF-8 grammar.
//   - DecodeSBCS and EncodeSBCS: a single-byte encoding to UTF-8 through
//     its table (SBCSTable), and UTF-8 to it through a reverse index.
//     AVX2: 32 bytes per chunk, ASCII chunks stored as they are, other
//     bytes looked up one by one between vector copies of the ASCII.
//     AVX-512 VBMI/VBMI2 (decoding only): chunks of one- and two-byte
//     forms expanded in registers (128-entry byte lookups, compression).
//   - UTF16ToUTF8 and UTF8ToUTF16: UTF-16 (either byte order) to UTF-8
//     and back over runs without surrogates or 4-byte sequences. AVX2:
//     shuffles driven by tables of masks; AVX-512BW (decoding only): the
//     AVX2 form with a 32-unit step for units below U+0800; AVX-512
//     VBMI2: byte and word compression.
//   - DecodeDBCS: ASCII and mapped pairs of a double-byte encoding (the
//     CJK decoders' bulk) to UTF-8 through its pairs table (DBCSPairs:
//     every pair's UTF-8 bytes at one load). AVX2, at every level from
//     avx2: the characters' starts of a 32-byte block from its high-byte
//     mask, then a loop over its leading bytes (or one branch-free step
//     per character); blocks of sixteen pairs by gathers; ASCII blocks
//     copied. Its pure-Go form is the tests' twin: the decoders run their
//     own loop when DBCSVector is false.
//
// Levels (internal/simdlevel): the process runs one level, chosen once at start-up:
// generic (the pure-Go forms), avx2 (AVX2 with BMI1, BMI2 and POPCNT: the
// AVX2 form of every kernel), avx512 (adds AVX-512F/BW/VL: the AVX-512
// ASCII and UTF-8 validation forms and UTF-16 decoding without VBMI) or
// avx512vbmi (adds AVX-512 VBMI and VBMI2: the AVX-512 single-byte
// decoding and UTF-16 forms). Each level requires every CPU feature its
// assembly uses (TestLevelRequires reads the assembly to check
// it). The highest level the CPU supports (golang.org/x/sys/cpu) runs,
// unless the environment variable WEBENC_SIMD names a lower one (generic,
// avx2, avx512): that is how one machine tests the forms of every level
// through the codecs, and CI does. Kernels names the level in use.
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
