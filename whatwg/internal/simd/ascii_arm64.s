//go:build arm64 && !purego

#include "textflag.h"

// func asciiNEON(dst, src []byte) int
// The length of src's ASCII prefix rounded down to 16 bytes (the caller
// finds the exact end in the 16 bytes that follow); unless dst is empty
// (it then has src's length), that prefix is copied to dst. 64 bytes per
// iteration: four vectors ORed, the largest byte of each pair folded into
// one 64-bit word by UMAXP, its top bits tested. (One function for both:
// the test of len(dst) is a branch that always goes the same way.)
TEXT ·asciiNEON(SB), NOSPLIT, $0-56
	MOVD dst_base+0(FP), R0
	MOVD dst_len+8(FP), R1
	MOVD src_base+24(FP), R2
	MOVD src_len+32(FP), R3
	MOVD R2, R4 // start of src

loop64:
	CMP  $64, R3
	BLT  loop16
	VLD1.P 64(R2), [V0.B16, V1.B16, V2.B16, V3.B16]
	VORR V0.B16, V1.B16, V4.B16
	VORR V2.B16, V3.B16, V5.B16
	VORR V4.B16, V5.B16, V4.B16
	WORD $0x6e24a484 // UMAXP V4.B16, V4.B16, V4.B16
	VMOV V4.D[0], R6
	TST  $0x8080808080808080, R6
	BNE  found64
	CBZ  R1, skip64
	VST1.P [V0.B16, V1.B16, V2.B16, V3.B16], 64(R0)

skip64:
	SUB $64, R3
	B   loop64

found64:
	// Not all ASCII: back to the block's start, and find which of its
	// four vectors holds the first non-ASCII byte.
	SUB $64, R2

loop16:
	CMP  $16, R3
	BLT  done
	VLD1 (R2), [V0.B16]
	WORD $0x6e20a401 // UMAXP V1.B16, V0.B16, V0.B16
	VMOV V1.D[0], R6
	TST  $0x8080808080808080, R6
	BNE  done
	CBZ  R1, skip16
	VST1.P [V0.B16], 16(R0)

skip16:
	ADD $16, R2
	SUB $16, R3
	B   loop16

done:
	SUB  R4, R2, R2
	MOVD R2, ret+48(FP)
	RET
