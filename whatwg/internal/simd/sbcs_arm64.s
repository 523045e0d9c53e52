//go:build arm64 && !purego

#include "textflag.h"
#include "neon_arm64.h"

// Where the tables are in an SBCSTable (TestSBCSTableOffsets checks).
#define SBCS_LEAD 1024
#define SBCS_SECOND 1280

// Bit k of the byte in lane k and in lane 8+k.
DATA sbcsLaneBitsNEON<>+0(SB)/8, $0x8040201008040201
DATA sbcsLaneBitsNEON<>+8(SB)/8, $0x8040201008040201
GLOBL sbcsLaneBitsNEON<>(SB), RODATA|NOPTR, $16

// STEP8 stores the UTF-8 of eight source bytes from the 16-bit lanes of
// lanes (ASCII byte or lead low, second byte high) whose ASCII lanes are
// the set bits of idx, and advances R0 and lowers R1 by its length. It
// uses R9, V7 and V8.
#define STEP8(idx, lanes) \
	ADD   idx<<4, R12, R9; \
	VLD1  (R9), [V7.B16]; \
	VTBL  V7.B16, [lanes.B16], V8.B16; \
	VST1  [V8.B16], (R0); \
	MOVBU (R13)(idx), R9; \
	ADD   R9, R0; \
	SUB   R9, R1

// func decodeSBCSNEON(dst, src []byte, t *SBCSTable) (nDst, nSrc int)
TEXT ·decodeSBCSNEON(SB), NOSPLIT, $0-72
	KERNEL_ENTRY
	MOVD t+48(FP), R5
	ADD  $SBCS_LEAD, R5, R6
	VLD1.P 64(R6), [V16.B16, V17.B16, V18.B16, V19.B16]
	VLD1 (R6), [V20.B16, V21.B16, V22.B16, V23.B16]
	ADD  $SBCS_SECOND, R5, R6
	VLD1.P 64(R6), [V24.B16, V25.B16, V26.B16, V27.B16]
	VLD1 (R6), [V28.B16, V29.B16, V30.B16, V31.B16]
	VMOVI $0x80, V15.B16
	VMOVI $0x40, V14.B16
	MOVD $sbcsLaneBitsNEON<>(SB), R6
	VLD1 (R6), [V13.B16]
	VEOR V12.B16, V12.B16, V12.B16
	MOVD $·utf16To8NEON(SB), R12
	MOVD $·utf16To8NEONLen(SB), R13

loop:
	CMP  $32, R1
	BLT  done
	CMP  $16, R3
	BLT  done
	VLD1 (R2), [V0.B16]
	WORD $0x6e20a406 // UMAXP V6.B16, V0.B16, V0.B16: every byte's top bit in the low word
	VMOV V6.D[0], R6
	TST  $0x8080808080808080, R6
	BNE  mixed
	VST1.P [V0.B16], 16(R0)
	SUB  $16, R1
	B    next

mixed:
	VEOR  V15.B16, V0.B16, V1.B16 // byte - 80: ASCII out of the tables' range
	VSUB  V14.B16, V1.B16, V2.B16 // byte - C0: entries 64–127 at 0–63
	VTBL  V1.B16, [V16.B16, V17.B16, V18.B16, V19.B16], V3.B16
	VTBX  V2.B16, [V20.B16, V21.B16, V22.B16, V23.B16], V3.B16 // lead bytes
	VTBL  V1.B16, [V24.B16, V25.B16, V26.B16, V27.B16], V4.B16
	VTBX  V2.B16, [V28.B16, V29.B16, V30.B16, V31.B16], V4.B16 // second bytes
	VCMTST V15.B16, V0.B16, V5.B16 // FF where not ASCII
	VCMEQ V12.B16, V3.B16, V6.B16  // FF where no two-byte form
	VAND  V5.B16, V6.B16, V6.B16
	WORD  $0x6e26a4c7 // UMAXP V7.B16, V6.B16, V6.B16
	VMOV  V7.D[0], R6
	CBNZ  R6, done    // unmapped, or a three-byte form: the Go code's
	VBIT  V5.B16, V3.B16, V0.B16 // leads where not ASCII
	VZIP1 V4.B16, V0.B16, V1.B16 // bytes 0–7 in 16-bit lanes
	VZIP2 V4.B16, V0.B16, V2.B16 // bytes 8–15
	VAND  V13.B16, V5.B16, V6.B16
	VADDP V6.B16, V6.B16, V6.B16
	VADDP V6.B16, V6.B16, V6.B16
	VADDP V6.B16, V6.B16, V6.B16 // bytes 0, 1: which of 0–7, 8–15 are not ASCII
	VMOV  V6.H[0], R6
	EOR   $0xFFFF, R6, R6        // which are ASCII
	AND   $0xFF, R6, R7
	LSR   $8, R6, R8
	STEP8(R7, V1)
	STEP8(R8, V2)

next:
	ADD $16, R2
	SUB $16, R3
	B   loop

done:
	KERNEL_RETURN
