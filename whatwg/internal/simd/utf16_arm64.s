//go:build arm64 && !purego

#include "textflag.h"
#include "neon_arm64.h"

// Unit bits for the NEON UTF-16 decoder's mask: lane k holds 1<<k.
DATA utf16UnitBitsNEON<>+0(SB)/8, $0x0008000400020001
DATA utf16UnitBitsNEON<>+8(SB)/8, $0x0080004000200010
GLOBL utf16UnitBitsNEON<>(SB), RODATA|NOPTR, $16

// Weights of the NEON UTF-16 decoder's mixed step: lane k of each half
// holds 1<<2k, so that a lane's class (0, 1 or 2) lands in bits 2k, 2k+1.
DATA utf16ClassWeightsNEON<>+0(SB)/8, $0x0040001000040001
DATA utf16ClassWeightsNEON<>+8(SB)/8, $0x0040001000040001
GLOBL utf16ClassWeightsNEON<>(SB), RODATA|NOPTR, $16

// func utf16ToUTF8NEON(dst, src []byte, be bool) (nDst, nSrc int)
// Converts units while src has 16 bytes left and dst 16 (24 for a step
// of three-byte units, 28 for a mixed one), and stops before a step that
// holds a surrogate: the Go code takes over there. 16 ASCII units per
// step narrowed by UZP1; 8 units of three UTF-8 bytes per step (see
// three); 8 units of one, two and three bytes mixed per step (see mix);
// otherwise 8 units of one or two UTF-8 bytes per step,
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
	MOVD  $0xF800, R5
	VDUP  R5, V24.H8 // set in a unit of three UTF-8 bytes
	MOVD  $0xFF80, R5
	VDUP  R5, V23.H8 // set in a unit that is not ASCII
	MOVD  $0x80E0, R5
	VDUP  R5, V22.H8 // the marker bits of a three-byte lead and a trail byte
	MOVD  $utf16ClassWeightsNEON<>(SB), R5
	VLD1  (R5), [V21.B16]
	MOVD  $·utf16To8MixNEON(SB), R14
	MOVD  $·utf16To8MixNEONLen(SB), R15

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
	TBL_COMPACT_STORE(R6, R12, R13, R7, V4.B16, V3.B16, V5.B16)
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
	CBNZ  R6, mix
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

mix:
	// Eight units of one, two and three UTF-8 bytes (Korean with
	// spaces, CJK beside ASCII punctuation), none a surrogate, else the
	// Go code's. Each unit's bytes built in a 32-bit lane (lead, trail,
	// trail, unused): the first two in a 16-bit lane chosen by the
	// unit's class, the last in another, the two zipped; then each half
	// of four lanes compacted by one TBL whose mask is looked up by the
	// four units' classes (utf16To8MixNEON).
	CMP   $28, R1
	BLT   done
	VADD  V27.H8, V0.H8, V3.H8
	VUSHR $11, V3.H8, V3.H8
	VCMEQ V28.H8, V3.H8, V3.H8 // FFFF in a surrogate's lane
	WORD  $0x6e23a466 // UMAXP V6.B16, V3.B16, V3.B16
	VMOV  V6.D[0], R6
	CBNZ  R6, done
	VCMTST V24.H8, V0.H8, V7.H8 // three bytes
	VCMTST V23.H8, V0.H8, V8.H8 // two or three bytes
	VUSHR $12, V0.H8, V9.H8
	VUSHR $6, V0.H8, V10.H8
	VSLI  $8, V10.H8, V9.H8
	VAND  V31.B16, V9.B16, V9.B16
	VORR  V22.B16, V9.B16, V9.B16 // 80|(u>>6)&3F (high), E0|u>>12 (low)
	VSLI  $8, V0.H8, V10.H8
	VAND  V31.B16, V10.B16, V10.B16
	VORR  V30.B16, V10.B16, V10.B16 // 80|u&3F (high), C0|u>>6 (low)
	VBIT  V7.B16, V9.B16, V10.B16   // three-byte lanes: their first two bytes
	VBIF  V8.B16, V0.B16, V10.B16   // ASCII lanes: the unit itself
	VAND  V25.B16, V0.B16, V11.B16
	VORR  V15.B16, V11.B16, V11.B16 // 80|u&3F (low; the high byte is never taken)
	VAND  V21.B16, V7.B16, V12.B16
	VAND  V21.B16, V8.B16, V13.B16
	VADD  V13.H8, V12.H8, V12.H8    // each lane's class, at its bits
	VADDP V12.H8, V12.H8, V12.H8
	VADDP V12.H8, V12.H8, V12.H8
	VMOV  V12.S[0], R6              // the classes of units 0–3, 4–7 above
	VZIP1 V11.H8, V10.H8, V13.H8    // units 0–3, a 32-bit lane each
	VZIP2 V11.H8, V10.H8, V14.H8    // units 4–7
	AND   $0xFF, R6, R7
	TBL_COMPACT_STORE(R7, R14, R15, R8, V16.B16, V13.B16, V17.B16)
	LSR   $16, R6, R7
	TBL_COMPACT_STORE(R7, R14, R15, R8, V16.B16, V14.B16, V17.B16)
	ADD   $16, R2
	SUB   $16, R3
	B     loop

done:
	KERNEL_RETURN

// Lane bits of the UTF-8 decoder's masks: byte k of each half holds 1<<k.
DATA utf8LaneBitsNEON<>+0(SB)/8, $0x8040201008040201
DATA utf8LaneBitsNEON<>+8(SB)/8, $0x8040201008040201
GLOBL utf8LaneBitsNEON<>(SB), RODATA|NOPTR, $16

// E0_ED_SECOND sets err's lanes where next, the byte after lead, is out
// of the Standard's bounds for a lead of E0 (A0–BF: bit 5 set, else an
// overlong) or ED (80–9F: bit 5 clear, else a surrogate); next is known
// to be a continuation byte. Needs V21 = E0, V20 = ED, V19 = 20; e0, ed
// and bit5 are scratch.
#define E0_ED_SECOND(lead, next, e0, ed, bit5, err) \
	VCMEQ  V21.B16, lead, e0; \
	VCMEQ  V20.B16, lead, ed; \
	VCMTST V19.B16, next, bit5; \
	VORR   ed, e0, ed; \
	VEOR   e0, bit5, bit5; \
	VAND   ed, bit5, bit5; \
	VORR   bit5, err, err

// func utf8ToUTF16NEON(dst, src []byte, be bool) (nDst, nSrc int)
// Converts while src has 16 bytes left and dst 32, and stops before a step
// it does not take: the Go code decides there. A step is 16 ASCII bytes
// widened by ZIP with zero; or 16 bytes of one- and two-byte sequences
// (see two); or 48 bytes of three-byte sequences (see three).
TEXT ·utf8ToUTF16NEON(SB), NOSPLIT, $0-72
	KERNEL_ENTRY
	MOVBU be+48(FP), R4
	MOVD  $·utf8To16NEON(SB), R12
	MOVD  $·utf8To16NEONLen(SB), R13
	MOVD  $utf8LaneBitsNEON<>(SB), R5
	VLD1  (R5), [V23.B16]
	VEOR  V28.B16, V28.B16, V28.B16
	VMOVI $0xC0, V27.B16
	VMOVI $0x80, V26.B16
	VMOVI $0xFE, V25.B16
	VMOVI $0x07, V24.B16
	VMOVI $0xF0, V22.B16
	VMOVI $0xE0, V21.B16
	VMOVI $0xED, V20.B16
	VMOVI $0x20, V19.B16

wloop:
	CMP  $32, R1
	BLT  wdone
	CMP  $16, R3
	BLT  wdone
	VLD1 (R2), [V0.B16]
	WORD $0x6e20a406 // UMAXP V6.B16, V0.B16, V0.B16: every byte's top bit in the low word
	VMOV V6.D[0], R6
	TST  $0x8080808080808080, R6
	BNE  wclass
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

wclass:
	WORD $0x6e30a807 // UMAXV B7, V0.B16: the largest byte
	VMOV V7.B[0], R6
	CMP  $0xE0, R6
	BLO  two
	CMP  $0xF0, R6
	BHS  wdone // a four-byte sequence or a byte no sequence has
	WORD $0x6e31a807 // UMINV B7, V0.B16: the smallest byte
	VMOV V7.B[0], R6
	CMP  $0x80, R6
	BHS  three
	B    mix

two:

	// two: 16 bytes of one- and two-byte sequences (Latin, Greek,
	// Cyrillic, Hebrew, Arabic). Valid iff every continuation byte
	// follows a lead byte and every lead byte but a last one is
	// followed by one, and no lead is C0 or C1 (overlong); bytes from
	// E0 were sent to three or mix. Each unit is built at its sequence's last
	// byte, and the lanes of lead bytes are dropped: each half of eight
	// 16-bit lanes compacted by one TBL whose mask is looked up by the
	// half's kept lanes (utf8To16NEON). A lead byte last is left for
	// the next step (the bytes taken end at the last lane kept).
	VAND  V27.B16, V0.B16, V1.B16
	VCMEQ V27.B16, V1.B16, V2.B16  // lead bytes
	VCMEQ V26.B16, V1.B16, V3.B16  // continuation bytes
	VEXT  $15, V2.B16, V28.B16, V4.B16 // after a lead byte
	VEOR  V3.B16, V4.B16, V5.B16
	VAND  V25.B16, V0.B16, V6.B16
	VCMEQ V27.B16, V6.B16, V6.B16  // C0, C1
	VORR  V6.B16, V5.B16, V5.B16
	WORD  $0x6e25a4a6 // UMAXP V6.B16, V5.B16, V5.B16
	VMOV  V6.D[0], R6
	CBNZ  R6, wdone
	VEXT  $15, V0.B16, V28.B16, V9.B16 // the byte before
	VORR  V0.B16, V0.B16, V8.B16
	VSLI  $6, V9.B16, V8.B16          // lead<<6 | trail&3F
	VBIF  V3.B16, V0.B16, V8.B16      // low bytes: ASCII bytes as they are
	VUSHR $2, V9.B16, V10.B16
	VAND  V24.B16, V10.B16, V10.B16
	VAND  V3.B16, V10.B16, V10.B16    // high bytes: lead>>2&7 after a lead, else 0
	VAND  V23.B16, V2.B16, V11.B16
	VADDP V11.B16, V11.B16, V11.B16
	VADDP V11.B16, V11.B16, V11.B16
	VADDP V11.B16, V11.B16, V11.B16
	VMOV  V11.H[0], R6                // bit k: byte k is a lead byte
	EOR   $0xFFFF, R6, R7             // the lanes kept

twozip:
	CBNZ  R4, twobe
	VZIP1 V10.B16, V8.B16, V12.B16    // low, high
	VZIP2 V10.B16, V8.B16, V13.B16
	B     twopack

twobe:
	VZIP1 V8.B16, V10.B16, V12.B16 // high, low
	VZIP2 V8.B16, V10.B16, V13.B16

twopack:
	AND   $0xFF, R7, R8
	TBL_COMPACT_STORE(R8, R12, R13, R9, V14.B16, V12.B16, V15.B16)
	LSR   $8, R7, R8
	TBL_COMPACT_STORE(R8, R12, R13, R9, V14.B16, V13.B16, V15.B16)
	CLZ   R7, R8
	MOVD  $64, R9
	SUB   R8, R9                      // up to the last lane kept
	ADD   R9, R2
	SUB   R9, R3
	B     wloop

three:
	// 48 bytes of three-byte sequences (CJK, kana, Hangul, Thai),
	// split by LD3 into leads, first and second continuation bytes:
	// valid iff leads are E0–EF, the others continuation bytes, and the
	// first continuation byte's bit 5 is set after E0 (else overlong)
	// and clear after ED (else a surrogate). Repeated while it applies;
	// R5 says whether one was taken, so that a failed step goes back to
	// the other steps only after one (else to the Go code).
	MOVD $0, R5

threestep:
	CMP   $48, R3
	BLT   threeout
	CMP   $32, R1
	BLT   threeout
	VLD3  (R2), [V0.B16, V1.B16, V2.B16]
	VEOR  V21.B16, V0.B16, V3.B16
	VAND  V22.B16, V3.B16, V3.B16 // nonzero if not E0–EF
	VEOR  V26.B16, V1.B16, V4.B16
	VEOR  V26.B16, V2.B16, V5.B16
	VORR  V5.B16, V4.B16, V4.B16
	VAND  V27.B16, V4.B16, V4.B16 // nonzero if either is not 80–BF
	VORR  V4.B16, V3.B16, V3.B16
	E0_ED_SECOND(V0.B16, V1.B16, V4.B16, V5.B16, V6.B16, V3.B16)
	WORD  $0x6e23a466 // UMAXP V6.B16, V3.B16, V3.B16
	VMOV  V6.D[0], R6
	CBNZ  R6, threeout
	VUSHR $2, V1.B16, V17.B16
	VSLI  $4, V0.B16, V17.B16     // high bytes: lead<<4 | b1>>2&F
	VORR  V2.B16, V2.B16, V16.B16
	VSLI  $6, V1.B16, V16.B16     // low bytes: b1<<6 | b2&3F
	CBNZ  R4, threebe
	VST2  [V16.B16, V17.B16], (R0)
	B     threenext

threebe:
	VORR V16.B16, V16.B16, V18.B16
	VST2 [V17.B16, V18.B16], (R0)

threenext:
	ADD  $32, R0
	SUB  $32, R1
	ADD  $48, R2
	SUB  $48, R3
	MOVD $1, R5
	B    threestep

threeout:
	CBNZ R5, wloop
	VLD1 (R2), [V0.B16] // LD3 took V0

mix:
	// 16 bytes of one-, two- and three-byte sequences (Korean with
	// spaces, CJK beside ASCII punctuation), no byte from F0 (wclass):
	// valid iff the continuation bytes are exactly those after a lead
	// byte and second after a three-byte lead, no lead is C0 or C1, and
	// the byte after E0 has bit 5 set (else overlong), after ED clear
	// (else a surrogate). Units built at their sequence's last byte as
	// in two, the high byte from the two bytes before for a three-byte
	// sequence; the lanes of lead bytes and of the byte after a
	// three-byte lead dropped. The bytes taken end at the last lane
	// kept: a sequence cut by the block's end is left for the next step.
	VAND  V27.B16, V0.B16, V1.B16
	VCMEQ V27.B16, V1.B16, V2.B16       // lead bytes
	VCMEQ V26.B16, V1.B16, V3.B16       // continuation bytes
	VAND  V22.B16, V0.B16, V1.B16
	VCMEQ V21.B16, V1.B16, V1.B16       // three-byte leads
	VEXT  $15, V2.B16, V28.B16, V4.B16  // after a lead byte
	VEXT  $15, V1.B16, V28.B16, V6.B16  // after a three-byte lead
	VEXT  $14, V1.B16, V28.B16, V7.B16  // second after a three-byte lead
	VORR  V7.B16, V4.B16, V4.B16        // continuation bytes due
	VEOR  V3.B16, V4.B16, V5.B16
	VAND  V25.B16, V0.B16, V1.B16
	VCMEQ V27.B16, V1.B16, V1.B16       // C0, C1
	VORR  V1.B16, V5.B16, V5.B16
	VEXT  $15, V0.B16, V28.B16, V9.B16  // the byte before
	VEXT  $14, V0.B16, V28.B16, V10.B16 // the byte two before
	E0_ED_SECOND(V9.B16, V0.B16, V11.B16, V12.B16, V13.B16, V5.B16)
	WORD  $0x6e25a4ae // UMAXP V14.B16, V5.B16, V5.B16
	VMOV  V14.D[0], R6
	CBNZ  R6, wdone
	VORR  V0.B16, V0.B16, V8.B16
	VSLI  $6, V9.B16, V8.B16            // before<<6 | byte&3F
	VBIF  V3.B16, V0.B16, V8.B16        // low bytes: ASCII bytes as they are
	VUSHR $2, V9.B16, V11.B16
	VSLI  $4, V10.B16, V11.B16          // two before<<4 | before>>2&F
	VORR  V24.B16, V7.B16, V12.B16      // FF after a three-byte lead's second, else 07
	VAND  V12.B16, V11.B16, V11.B16
	VAND  V3.B16, V11.B16, V10.B16      // high bytes, 0 at ASCII
	VORR  V6.B16, V2.B16, V2.B16        // lanes dropped
	VAND  V23.B16, V2.B16, V11.B16
	VADDP V11.B16, V11.B16, V11.B16
	VADDP V11.B16, V11.B16, V11.B16
	VADDP V11.B16, V11.B16, V11.B16
	VMOV  V11.H[0], R6
	EOR   $0xFFFF, R6, R7               // the lanes kept
	B     twozip

wdone:
	KERNEL_RETURN
