//go:build arm64 && !purego

#include "textflag.h"

// UTF-8 validation in 16-byte vectors with NEON, by the lookup-table
// method of Keiser and Lemire that utf8_amd64.s describes (the same three
// class tables, here looked up with TBL on one 16-byte register each).
// prev1..prev3 are EXT of the previous vector and the current one; the
// saturating subtractions are UQSUB (no Go mnemonic: WORD encodings).
// 64 bytes per iteration; a 64-byte block of ASCII is only checked
// against the end of the vector before it. On an error the 16-byte loop
// finds the vector that holds it. As on amd64 the Go code
// (finishUTF8Prefix) finds the exact end of the valid prefix.

// T1, T2, T3: the class tables of utf8_amd64.s.
DATA utf8T1NEON<>+0(SB)/8, $0x0202020202020202 // 0–7: ASCII
DATA utf8T1NEON<>+8(SB)/8, $0x4915012180808080 // 8–B cont., C, D, E, F leads
GLOBL utf8T1NEON<>(SB), RODATA|NOPTR, $16
DATA utf8T2NEON<>+0(SB)/8, $0xCBCBCB8B8383A3E7 // low nibble 0–7
DATA utf8T2NEON<>+8(SB)/8, $0xCBCBDBCBCBCBCBCB // low nibble 8–F (D: ED)
GLOBL utf8T2NEON<>(SB), RODATA|NOPTR, $16
DATA utf8T3NEON<>+0(SB)/8, $0x0101010101010101 // cur 0–7: ASCII
DATA utf8T3NEON<>+8(SB)/8, $0x01010101BABAAEE6 // cur 8, 9, A, B, C–F
GLOBL utf8T3NEON<>(SB), RODATA|NOPTR, $16
// The largest bytes a vector may end with and still end on a sequence
// boundary (any in bytes 0–12, below F0 in 13, below E0 in 14, below C0
// in 15): a vector minus this (saturating) is nonzero iff it ends inside
// a sequence.
DATA utf8EndMaxNEON<>+0(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA utf8EndMaxNEON<>+8(SB)/8, $0xBFDFEFFFFFFFFFFF
GLOBL utf8EndMaxNEON<>(SB), RODATA|NOPTR, $16

// CHECK ORs into V22 the error bits of vector cur, whose previous vector
// is prev. It uses V16–V20.
#define CHECK(cur, prev) \
	VEXT $15, cur.B16, prev.B16, V16.B16; /* prev1: each byte's predecessor */ \
	VEXT $14, cur.B16, prev.B16, V17.B16; /* prev2 */ \
	VEXT $13, cur.B16, prev.B16, V18.B16; /* prev3 */ \
	WORD $0x6e3b2e31;                     /* UQSUB V27.B16, V17.B16, V17.B16: top bit iff prev2 >= E0 */ \
	WORD $0x6e3a2e52;                     /* UQSUB V26.B16, V18.B16, V18.B16: top bit iff prev3 >= F0 */ \
	VORR V17.B16, V18.B16, V17.B16; \
	VAND V25.B16, V17.B16, V17.B16;       /* 0x80 where a 3rd/4th byte is due */ \
	VUSHR $4, V16.B16, V19.B16; \
	VTBL V19.B16, [V30.B16], V19.B16;     /* T1[prev1 >> 4] */ \
	VAND V31.B16, V16.B16, V16.B16; \
	VTBL V16.B16, [V29.B16], V16.B16;     /* T2[prev1 & 15] */ \
	VUSHR $4, cur.B16, V20.B16; \
	VTBL V20.B16, [V28.B16], V20.B16;     /* T3[cur >> 4] */ \
	VAND V16.B16, V19.B16, V19.B16; \
	VAND V20.B16, V19.B16, V19.B16; \
	VEOR V17.B16, V19.B16, V19.B16;       /* expected 0x80s cancel */ \
	VORR V19.B16, V22.B16, V22.B16

// func utf8BlocksNEON(dst, src []byte) int
// len(dst) is len(src), and each block is copied to dst once it validated;
// or len(dst) is 0 and nothing is written.
TEXT ·utf8BlocksNEON(SB), NOSPLIT, $0-56
	MOVD dst_base+0(FP), R0
	MOVD dst_len+8(FP), R1
	MOVD src_base+24(FP), R2
	MOVD src_len+32(FP), R3
	MOVD R2, R4 // start of src
	VMOVI $0x0F, V31.B16
	MOVD  $utf8T1NEON<>(SB), R5
	VLD1  (R5), [V30.B16]
	MOVD  $utf8T2NEON<>(SB), R5
	VLD1  (R5), [V29.B16]
	MOVD  $utf8T3NEON<>(SB), R5
	VLD1  (R5), [V28.B16]
	VMOVI $0x60, V27.B16
	VMOVI $0x70, V26.B16
	VMOVI $0x80, V25.B16
	MOVD  $utf8EndMaxNEON<>(SB), R5
	VLD1  (R5), [V24.B16]
	VEOR  V23.B16, V23.B16, V23.B16 // before the first block: ASCII

loop64:
	CMP  $64, R3
	BLT  loop16
	VLD1 (R2), [V0.B16, V1.B16, V2.B16, V3.B16]
	VORR V0.B16, V1.B16, V4.B16
	VORR V2.B16, V3.B16, V5.B16
	VORR V4.B16, V5.B16, V4.B16
	WORD $0x6e24a484 // UMAXP V4.B16, V4.B16, V4.B16: every byte's top bit in the low word
	VMOV V4.D[0], R6
	TST  $0x8080808080808080, R6
	BNE  mixed64
	// 64 ASCII bytes: valid unless the vector before ended inside a
	// sequence.
	WORD $0x6e382ef0 // UQSUB V24.B16, V23.B16, V16.B16
	WORD $0x6e30a610 // UMAXP V16.B16, V16.B16, V16.B16
	VMOV V16.D[0], R6
	CBNZ R6, done
	B    store64

mixed64:
	VEOR  V22.B16, V22.B16, V22.B16
	CHECK(V0, V23)
	CHECK(V1, V0)
	CHECK(V2, V1)
	CHECK(V3, V2)
	WORD $0x6e36a6d6 // UMAXP V22.B16, V22.B16, V22.B16
	VMOV V22.D[0], R6
	CBNZ R6, loop16  // an error: find the vector that holds it

store64:
	CBZ R1, skip64
	VST1.P [V0.B16, V1.B16, V2.B16, V3.B16], 64(R0)

skip64:
	VMOV V3.B16, V23.B16
	ADD  $64, R2
	SUB  $64, R3
	B    loop64

loop16:
	CMP  $16, R3
	BLT  done
	VLD1 (R2), [V0.B16]
	VEOR V22.B16, V22.B16, V22.B16
	CHECK(V0, V23)
	WORD $0x6e36a6d6 // UMAXP V22.B16, V22.B16, V22.B16
	VMOV V22.D[0], R6
	CBNZ R6, done
	CBZ  R1, skip16
	VST1.P [V0.B16], 16(R0)

skip16:
	VMOV V0.B16, V23.B16
	ADD  $16, R2
	SUB  $16, R3
	B    loop16

done:
	SUB  R4, R2, R2
	MOVD R2, ret+48(FP)
	RET
