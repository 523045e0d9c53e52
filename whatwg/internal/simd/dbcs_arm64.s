//go:build arm64 && !purego

#include "textflag.h"

// Double-byte decoding (DecodeDBCS), the NEON form of the method of
// dbcs_amd64.s: a 16-byte block starts at a character; up to the first
// unmapped pair its characters are ASCII bytes and pairs, so in each run
// of high bytes (80–FF) the bytes at an even distance from the run's
// start are leading bytes. The block's high-byte mask H (four bits a
// byte, from SHRN) gives them: adding the low bit of each even-placed run
// start to H carries through, and so clears, the runs that start at even
// positions; leads = (even runs ∧ even bytes) ∨ (odd runs ∧ odd bytes).
// The loop over the leads copies the ASCII before each pair with one
// 16-byte store and decodes the pair by its table loads. A block with a
// NUL goes a character at a time; an all-ASCII block is stored as it is,
// and 64 bytes at a time where four blocks are.
//
// A block starts only with 32 bytes of src and 64 of dst left, so every
// character in it has the two bytes of src and eight of dst DecodeDBCS's
// definition asks, and the vector loads and stores stay inside the
// slices; the Go code decodes the rest.

// SHRN V.8B, V.16B, #4 of the byte masks: four bits per byte in one word.
#define SHRN4_V1_V3 WORD $0x0f0c8423 // SHRN V3.8B, V1.8H, #4
#define SHRN4_V2_V4 WORD $0x0f0c8444 // SHRN V4.8B, V2.8H, #4
#define UMAXP_V6 WORD $0x6e26a4c6    // UMAXP V6.B16, V6.B16, V6.B16

// DBCSPAIR decodes the pair at R17 (leading byte ≥ 80) into R0 and
// advances R0 by its length, or jumps to stop when the pair is unmapped
// (its word in the pairs table at R5 is 0); clobbers R19, R20.
#define DBCSPAIR(stop) \
	MOVBU (R17), R19; \
	MOVBU 1(R17), R20; \
	SUB   $0x80, R19, R19; \
	ORR   R19<<8, R20, R20; \
	MOVWU (R5)(R20<<2), R19; \
	CBZW  R19, stop; \
	MOVW  R19, (R0); \
	CLZW  R19, R19; \
	ADD   $4, R0; \
	SUB   R19>>3, R0, R0

// DBCSROOM16 jumps to done unless src has 32 bytes left and dst 64.
#define DBCSROOM16 \
	SUB R2, R3, R4; \
	SUB R0, R1, R9; \
	CMP $32, R4; \
	BLT done; \
	CMP $64, R9; \
	BLT done

// DBCSTEST16 loads the block into V0 and leaves its high-byte mask H in
// R12 (four bits a byte), its NUL mask in R13 and their union in R14.
#define DBCSTEST16 \
	VLD1   (R2), [V0.B16]; \
	VCMTST V15.B16, V0.B16, V1.B16; \
	VCMEQ  V12.B16, V0.B16, V2.B16; \
	SHRN4_V1_V3; \
	SHRN4_V2_V4; \
	VMOV   V3.D[0], R12; \
	VMOV   V4.D[0], R13; \
	ORR    R12, R13, R14

// func decodeDBCSNEON(dst, src []byte, pairs *DBCSPairs) (nDst, nSrc int)
// R0 dst, R1 its end, R2 src, R3 its end, R10 and R11 where they started.
TEXT ·decodeDBCSNEON(SB), NOSPLIT, $0-72
	MOVD  dst_base+0(FP), R0
	MOVD  dst_len+8(FP), R1
	ADD   R0, R1, R1
	MOVD  src_base+24(FP), R2
	MOVD  src_len+32(FP), R3
	ADD   R2, R3, R3
	MOVD  R0, R10
	MOVD  R2, R11
	MOVD  pairs+48(FP), R5
	VMOVI $0x80, V15.B16
	VEOR  V12.B16, V12.B16, V12.B16

block16:
	// A block after a pair (or at the start): when all ASCII, try 64
	// bytes at a time.
	DBCSROOM16
	DBCSTEST16
	CBNZ   R14, mixed
	VST1.P [V0.B16], 16(R0)
	ADD    $16, R2

block64:
	// Four all-ASCII blocks at once: no byte is 0 (their minimum) and
	// none has its top bit set (their maximum).
	SUB    R2, R3, R4
	SUB    R0, R1, R9
	CMP    $80, R4
	BLT    block16
	CMP    $80, R9
	BLT    block16
	VLD1   (R2), [V0.B16, V1.B16, V2.B16, V3.B16]
	VUMIN  V0.B16, V1.B16, V4.B16
	VUMIN  V2.B16, V3.B16, V5.B16
	VUMIN  V4.B16, V5.B16, V4.B16
	VUMAX  V0.B16, V1.B16, V6.B16
	VUMAX  V2.B16, V3.B16, V7.B16
	VUMAX  V6.B16, V7.B16, V6.B16
	VCMEQ  V12.B16, V4.B16, V4.B16
	VORR   V4.B16, V6.B16, V6.B16
	UMAXP_V6
	VMOV   V6.D[0], R12
	TST    $0x8080808080808080, R12
	BNE    blockTo64
	VST1.P [V0.B16, V1.B16, V2.B16, V3.B16], 64(R0)
	ADD    $64, R2
	B      block64

blockTo64:
	// A byte that is not ASCII lies in the next 64: 16 bytes a step up
	// to it, without the 64-byte test.
	DBCSROOM16
	DBCSTEST16
	CBNZ   R14, mixed
	VST1.P [V0.B16], 16(R0)
	ADD    $16, R2
	B      blockTo64

mixed:
	CBNZ R13, chars
	LSL  $4, R12, R14
	BIC  R14, R12, R14             // run starts
	AND  $0x0101010101010101, R14, R14 // even-placed run starts
	ADD  R12, R14, R14
	AND  R12, R14, R14             // runs that start at odd positions
	BIC  R14, R12, R15             // runs that start at even positions
	AND  $0x1010101010101010, R14, R14
	AND  $0x0101010101010101, R15, R15
	ORR  R15, R14, R14             // leads: bit 4k for a lead at k
	MOVD ZR, R15                   // where the last pair ended

lead:
	RBIT  R14, R16
	CLZ   R16, R16
	LSR   $2, R16, R16             // the lead's position
	ADD   R2, R15, R17
	VLD1  (R17), [V1.B16]
	VST1  [V1.B16], (R0)           // the ASCII before the pair
	SUB   R15, R16, R17
	ADD   R17, R0, R0
	ADD   R2, R16, R17
	DBCSPAIR(stopAtLead)
	ADD   $2, R16, R15
	SUB   $1, R14, R17
	AND   R17, R14, R14
	CBNZ  R14, lead
	// The ASCII after the block's last pair starts the next block.
	ADD   R15, R2, R2
	B     block16

stopAtLead:
	ADD R16, R2, R2
	B   done

chars:
	// A block with a NUL: a character at a time up to its end.
	ADD $16, R2, R16

char:
	MOVBU (R2), R19
	SUB   $1, R19, R20
	CMP   $0x7F, R20
	BHS   charPair
	MOVB  R19, (R0)
	ADD   $1, R0
	ADD   $1, R2
	CMP   R16, R2
	BLO   char
	B     block16

charPair:
	// NUL or a leading byte (in R19): the caller decodes NUL.
	CBZW R19, done
	MOVD R2, R17
	DBCSPAIR(done)
	ADD  $2, R2
	CMP  R16, R2
	BLO  char
	B    block16

done:
	SUB  R10, R0, R0
	MOVD R0, nDst+56(FP)
	SUB  R11, R2, R2
	MOVD R2, nSrc+64(FP)
	RET
