//go:build arm64 && !purego

#include "textflag.h"
#include "neon_arm64.h"

// Unit bits for the NEON UTF-16 decoder's mask: lane k holds 1<<k.
DATA utf16UnitBitsNEON<>+0(SB)/8, $0x0008000400020001
DATA utf16UnitBitsNEON<>+8(SB)/8, $0x0080004000200010
GLOBL utf16UnitBitsNEON<>(SB), RODATA|NOPTR, $16

// func utf16ToUTF8NEON(dst, src []byte, be bool) (nDst, nSrc int)
// Converts units while src has 16 bytes left and dst 16 (24 for a step
// of three-byte units), and stops before a step that holds a surrogate,
// or a unit of U+0800 or above beside one below: the Go code takes over
// there. 16 ASCII units per step narrowed by UZP1; 8 units of three UTF-8
// bytes per step (see three); otherwise 8 units of one or two UTF-8 bytes per step,
// each unit's two-byte form built in its 16-bit lane (lead byte first),
// ASCII lanes keeping the unit, and the bytes due moved together by one
// TBL whose mask is looked up by which of the 8 units are ASCII
// (utf16To8NEON; the step's length in utf16To8NEONLen).
TEXT ·utf16ToUTF8NEON(SB), NOSPLIT, $0-72
	KERNEL_ENTRY
	MOVBU be+48(FP), R4
	MOVD  $·utf16To8NEON(SB), R12
	MOVD  $·utf16To8NEONLen(SB), R13
	MOVD  $0x3FFF, R5
	VDUP  R5, V31.H8 // the trail byte's six bits and the lead's five
	MOVD  $0x80C0, R5
	VDUP  R5, V30.H8 // the marker bits of a lead and a trail byte
	MOVD  $utf16UnitBitsNEON<>(SB), R5
	VLD1  (R5), [V29.B16]
	VEOR  V28.B16, V28.B16, V28.B16
	MOVD  $0x2800, R5
	VDUP  R5, V27.H8 // moves the surrogates to 0000–07FF
	VMOVI $0xE0, V26.B16
	VMOVI $0x3F, V25.B16
	VMOVI $0x80, V15.B16

loop:
	CMP  $16, R1
	BLT  done
	CMP  $32, R3
	BLT  loop8
	VLD1 (R2), [V0.B16, V1.B16]
	CBZ  R4, le32
	VREV16 V0.B16, V0.B16
	VREV16 V1.B16, V1.B16

le32:
	VORR  V0.B16, V1.B16, V2.B16
	VUSHR $7, V2.H8, V2.H8
	WORD  $0x6e22a446 // UMAXP V6.B16, V2.B16, V2.B16: any unit above 7F, in the low word
	VMOV  V6.D[0], R6
	CBNZ  R6, mixed
	// 16 ASCII units: their low bytes.
	VUZP1  V1.B16, V0.B16, V3.B16
	VST1.P [V3.B16], 16(R0)
	ADD    $32, R2
	SUB    $32, R3
	SUB    $16, R1
	B      loop

loop8:
	CMP  $16, R3
	BLT  done
	VLD1 (R2), [V0.B16]
	CBZ  R4, mixed
	VREV16 V0.B16, V0.B16

mixed:
	// Eight units in V0, in host order.
	VUSHR $11, V0.H8, V2.H8
	WORD  $0x6e22a446 // UMAXP V6.B16, V2.B16, V2.B16
	VMOV  V6.D[0], R6
	CBNZ  R6, three   // a unit of U+0800 or above
	VUSHR $6, V0.H8, V3.H8
	VSLI  $8, V0.H8, V3.H8 // u<<8 | u>>6
	VAND  V31.B16, V3.B16, V3.B16
	VORR  V30.B16, V3.B16, V3.B16 // 80|u&3F (high), C0|u>>6 (low)
	VUSHR $7, V0.H8, V2.H8
	VCMEQ V28.H8, V2.H8, V2.H8    // FFFF in ASCII lanes
	VBIT  V2.B16, V0.B16, V3.B16  // ASCII lanes: the unit itself
	VAND  V29.B16, V2.B16, V2.B16
	WORD  $0x4e71b842 // ADDV H2, V2.H8: bit k set iff unit k is ASCII
	VMOV  V2.H[0], R6
	ADD   R6<<4, R12, R7
	VLD1  (R7), [V4.B16]
	VTBL  V4.B16, [V3.B16], V5.B16
	VST1  [V5.B16], (R0)
	MOVBU (R13)(R6), R7
	ADD   R7, R0
	SUB   R7, R1
	ADD   $16, R2
	SUB   $16, R3
	B     loop

three:
	// Eight units of three UTF-8 bytes each (CJK, kana, Hangul, Thai):
	// every unit at or above U+0800 (u>>11 not 0) and none a surrogate
	// ((u+2800)>>11 not 0, in 16 bits), else the Go code's. Each byte
	// position in its own vector, interleaved by ST3.
	CMP   $24, R1
	BLT   done
	VADD  V27.H8, V0.H8, V3.H8
	VUSHR $11, V3.H8, V3.H8
	VUMIN V3.H8, V2.H8, V3.H8 // 0 in a lane that is not three bytes
	VCMEQ V28.H8, V3.H8, V3.H8
	WORD  $0x6e23a466 // UMAXP V6.B16, V3.B16, V3.B16
	VMOV  V6.D[0], R6
	CBNZ  R6, done
	VUSHR $12, V0.H8, V4.H8
	VUSHR $6, V0.H8, V5.H8
	VUZP1 V4.B16, V4.B16, V4.B16 // u>>12 in the low 8 bytes
	VUZP1 V5.B16, V5.B16, V5.B16 // u>>6
	VUZP1 V0.B16, V0.B16, V6.B16 // u
	VORR  V26.B16, V4.B16, V4.B16 // E0|u>>12
	VAND  V25.B16, V5.B16, V5.B16
	VAND  V25.B16, V6.B16, V6.B16
	VORR  V15.B16, V5.B16, V5.B16 // 80|(u>>6)&3F
	VORR  V15.B16, V6.B16, V6.B16 // 80|u&3F
	VST3  [V4.B8, V5.B8, V6.B8], (R0)
	ADD   $24, R0
	SUB   $24, R1
	ADD   $16, R2
	SUB   $16, R3
	B     loop

done:
	KERNEL_RETURN

// func utf8ToUTF16NEON(dst, src []byte, be bool) (nDst, nSrc int)
// Widens ASCII 16 bytes at a time (ZIP with zero) while src has 16 bytes
// left and dst 32, and stops before a vector that holds any other byte.
TEXT ·utf8ToUTF16NEON(SB), NOSPLIT, $0-72
	KERNEL_ENTRY
	MOVBU be+48(FP), R4
	VEOR  V28.B16, V28.B16, V28.B16

wloop:
	CMP  $32, R1
	BLT  wdone
	CMP  $16, R3
	BLT  wdone
	VLD1 (R2), [V0.B16]
	WORD $0x6e20a406 // UMAXP V6.B16, V0.B16, V0.B16: every byte's top bit in the low word
	VMOV V6.D[0], R6
	TST  $0x8080808080808080, R6
	BNE  wdone
	CBNZ R4, wbe
	VZIP1 V28.B16, V0.B16, V1.B16 // byte, 0
	VZIP2 V28.B16, V0.B16, V2.B16
	B     wstore

wbe:
	VZIP1 V0.B16, V28.B16, V1.B16 // 0, byte
	VZIP2 V0.B16, V28.B16, V2.B16

wstore:
	VST1.P [V1.B16, V2.B16], 32(R0)
	ADD    $16, R2
	SUB    $16, R3
	SUB    $32, R1
	B      wloop

wdone:
	KERNEL_RETURN
