//go:build amd64 && !purego

#include "textflag.h"

// UTF-8 validation in 32-byte blocks with AVX2, after the lookup-table
// method of Keiser and Lemire ("Validating UTF-8 in less than one
// instruction per byte", 2021), written for this package.
//
// Every error in UTF-8 shows in a window of at most four bytes ending at
// some byte cur: the byte before it (prev1) and cur alone decide all the
// errors except a missing or extra third/fourth byte. For each byte we
// look up three 8-bit class masks with VPSHUFB (a 16-entry table indexed
// by a nibble, per 128-bit lane): one by prev1's high nibble (T1), one by
// prev1's low nibble (T2) and one by cur's high nibble (T3). Each bit is
// one error class that is a product of a condition on each nibble, so
// T1&T2&T3 has the bit set exactly when (prev1, cur) is in the class:
//
//	bit  class             prev1 high  prev1 low  cur high
//	0x01 lead not followed C–F         any        0–7, C–F   (too short)
//	     by a continuation
//	0x02 continuation after 0–7        any        8–B        (too long)
//	     ASCII
//	0x04 E0 80–9F          E           0          8–9        (overlong)
//	0x08 F4 90–BF, F5+     F           4–F        9–B        (> U+10FFFF)
//	0x10 ED A0–BF          E           D          A–B        (surrogate)
//	0x20 C0, C1 + cont.    C           0–1        8–B        (overlong)
//	0x40 F0 80–8F, F5+ 8x  F           0, 5–F     8          (overlong, too large)
//	0x80 two continuations 8–B         any        8–B        (not an error yet)
//
// Bit 0x80 is expected exactly where cur is the third or fourth byte of a
// sequence, that is where prev2 >= E0 or prev3 >= F0: a saturating
// subtraction (VPSUBUSB of 0x60 and 0x70) leaves the top bit set exactly
// for those bytes, and XOR with it clears the expected 0x80 bits and sets
// the missing ones. Any bit left is an error.
//
// prev1..prev3 are cur shifted by one to three bytes with the previous
// block's last bytes shifted in: VPERM2I128 builds the vector (previous
// high lane, current low lane) and VPALIGNR shifts each 128-bit lane pair.
// Before the first block the previous block counts as ASCII (zero).
//
// A block of ASCII (no top bit: VPMOVMSKB is zero) has no error of its
// own; it only fails when the block before it ends inside a sequence, which
// one saturating subtraction of the previous block from the largest bytes
// that may end a block (..., EF, DF, BF) tests.
//
// The loops only tell which 32-byte block holds the first error. The Go
// code (finishUTF8Prefix) resumes at the last sequence boundary before
// that block and finds the exact end of the valid prefix with scalar code.

// T1, T2, T3: the class tables above, 16 bytes each, broadcast to both lanes.
DATA utf8T1<>+0(SB)/8, $0x0202020202020202 // 0–7: ASCII
DATA utf8T1<>+8(SB)/8, $0x4915012180808080 // 8–B cont., C, D, E, F leads
GLOBL utf8T1<>(SB), RODATA|NOPTR, $16
DATA utf8T2<>+0(SB)/8, $0xCBCBCB8B8383A3E7 // low nibble 0–7
DATA utf8T2<>+8(SB)/8, $0xCBCBDBCBCBCBCBCB // low nibble 8–F (D: ED)
GLOBL utf8T2<>(SB), RODATA|NOPTR, $16
DATA utf8T3<>+0(SB)/8, $0x0101010101010101 // cur 0–7: ASCII
DATA utf8T3<>+8(SB)/8, $0x01010101BABAAEE6 // cur 8, 9, A, B, C–F
GLOBL utf8T3<>(SB), RODATA|NOPTR, $16
DATA utf8Nibble<>+0(SB)/8, $0x0F0F0F0F0F0F0F0F
DATA utf8Nibble<>+8(SB)/8, $0x0F0F0F0F0F0F0F0F
GLOBL utf8Nibble<>(SB), RODATA|NOPTR, $16
// prev2 - 0x60 (saturating) has its top bit set iff prev2 >= E0.
DATA utf8Sat3<>+0(SB)/8, $0x6060606060606060
DATA utf8Sat3<>+8(SB)/8, $0x6060606060606060
GLOBL utf8Sat3<>(SB), RODATA|NOPTR, $16
// prev3 - 0x70 (saturating) has its top bit set iff prev3 >= F0.
DATA utf8Sat4<>+0(SB)/8, $0x7070707070707070
DATA utf8Sat4<>+8(SB)/8, $0x7070707070707070
GLOBL utf8Sat4<>(SB), RODATA|NOPTR, $16
DATA utf8Top<>+0(SB)/8, $0x8080808080808080
DATA utf8Top<>+8(SB)/8, $0x8080808080808080
GLOBL utf8Top<>(SB), RODATA|NOPTR, $16
// The largest bytes a block may end with and still end on a sequence
// boundary: any value in bytes 0–28, below F0 in byte 29, below E0 in 30,
// below C0 in 31. A block minus this (saturating) is nonzero iff it ends
// inside a sequence.
DATA utf8EndMax<>+0(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA utf8EndMax<>+8(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA utf8EndMax<>+16(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA utf8EndMax<>+24(SB)/8, $0xBFDFEFFFFFFFFFFF
GLOBL utf8EndMax<>(SB), RODATA|NOPTR, $32

// LOADCONST puts the constants in Y7 and Y10–Y15 and zeroes the previous
// block, Y9.
#define LOADCONST \
	VBROADCASTI128 utf8Nibble<>(SB), Y15; \
	VBROADCASTI128 utf8T1<>(SB), Y14; \
	VBROADCASTI128 utf8T2<>(SB), Y13; \
	VBROADCASTI128 utf8T3<>(SB), Y12; \
	VBROADCASTI128 utf8Sat3<>(SB), Y11; \
	VBROADCASTI128 utf8Sat4<>(SB), Y10; \
	VBROADCASTI128 utf8Top<>(SB), Y7; \
	VPXOR Y9, Y9, Y9

// CHECK ORs into err the error bits of block cur, whose previous block is
// prev. It uses Y2–Y6.
#define CHECK(cur, prev, err) \
	VPERM2I128 $0x21, cur, prev, Y2; /* (prev high lane, cur low lane) */ \
	VPALIGNR $15, Y2, cur, Y3;       /* prev1: each byte's predecessor */ \
	VPALIGNR $14, Y2, cur, Y4;       /* prev2 */ \
	VPALIGNR $13, Y2, cur, Y2;       /* prev3 */ \
	VPSUBUSB Y11, Y4, Y4;            /* top bit: prev2 >= E0 */ \
	VPSUBUSB Y10, Y2, Y2;            /* top bit: prev3 >= F0 */ \
	VPOR Y2, Y4, Y4; \
	VPAND Y7, Y4, Y4;                /* 0x80 where a 3rd/4th byte is due */ \
	VPSRLW $4, Y3, Y5;               /* 16-bit shift: mask the nibble after */ \
	VPAND Y15, Y5, Y5; \
	VPSHUFB Y5, Y14, Y5;             /* T1[prev1 >> 4] */ \
	VPAND Y15, Y3, Y3; \
	VPSHUFB Y3, Y13, Y3;             /* T2[prev1 & 15] */ \
	VPSRLW $4, cur, Y6; \
	VPAND Y15, Y6, Y6; \
	VPSHUFB Y6, Y12, Y6;             /* T3[cur >> 4] */ \
	VPAND Y3, Y5, Y5; \
	VPAND Y6, Y5, Y5; \
	VPXOR Y4, Y5, Y5;                /* expected 0x80s cancel */ \
	VPOR Y5, err, err

// func utf8BlocksAVX2(dst, src []byte) int
// len(dst) is len(src), and each block is copied to dst once it validated;
// or len(dst) is 0 and nothing is written. (One function for both: the
// test of R8 before each store is a branch that always goes the same way,
// next to some twenty vector instructions per block.)
TEXT ·utf8BlocksAVX2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	XORQ AX, AX
	LOADCONST

utloop64:
	// Two blocks per iteration, their errors ORed and tested once.
	LEAQ 64(AX), DX
	CMPQ DX, CX
	JA   utloop32
	VMOVDQU (SI)(AX*1), Y0
	VMOVDQU 32(SI)(AX*1), Y1
	VPOR    Y0, Y1, Y2
	VPMOVMSKB Y2, DX
	TESTL   DX, DX
	JNZ     utmixed64
	// 64 ASCII bytes: valid unless the previous block ended inside a
	// sequence.
	VPSUBUSB utf8EndMax<>(SB), Y9, Y2
	VPTEST  Y2, Y2
	JNZ     utdone
	TESTQ R8, R8 // len(dst) == 0: validate only
	JZ    utnostore1
	VMOVDQU Y0, (DI)(AX*1)
	VMOVDQU Y1, 32(DI)(AX*1)
utnostore1:
	VMOVDQA Y1, Y9
	ADDQ    $64, AX
	JMP     utloop64

utmixed64:
	VPXOR Y8, Y8, Y8
	CHECK(Y0, Y9, Y8)
	CHECK(Y1, Y0, Y8)
	VPTEST Y8, Y8 // ZF set when no error bit is left
	JNZ    utfail64
	TESTQ R8, R8 // len(dst) == 0: validate only
	JZ    utnostore2
	VMOVDQU Y0, (DI)(AX*1)
	VMOVDQU Y1, 32(DI)(AX*1)
utnostore2:
	VMOVDQA Y1, Y9
	ADDQ   $64, AX
	JMP    utloop64

utfail64:
	// An error in one of the two blocks: keep the first if it is clean.
	VPXOR Y8, Y8, Y8
	CHECK(Y0, Y9, Y8)
	VPTEST Y8, Y8
	JNZ    utdone
	TESTQ R8, R8 // len(dst) == 0: validate only
	JZ    utnostore3
	VMOVDQU Y0, (DI)(AX*1)
utnostore3:
	ADDQ   $32, AX
	JMP    utdone

utloop32:
	// One last whole block, if there is one.
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JA   utdone
	VMOVDQU (SI)(AX*1), Y0
	VPXOR Y8, Y8, Y8
	CHECK(Y0, Y9, Y8)
	VPTEST Y8, Y8
	JNZ    utdone
	TESTQ R8, R8 // len(dst) == 0: validate only
	JZ    utnostore4
	VMOVDQU Y0, (DI)(AX*1)
utnostore4:
	ADDQ   $32, AX

utdone:
	VZEROUPPER // leave no dirty upper halves for SSE code that follows
	MOVQ AX, ret+48(FP)
	RET


// utf8EndMax64 is utf8EndMax for a 64-byte block.
DATA utf8EndMax64<>+0(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA utf8EndMax64<>+8(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA utf8EndMax64<>+16(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA utf8EndMax64<>+24(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA utf8EndMax64<>+32(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA utf8EndMax64<>+40(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA utf8EndMax64<>+48(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA utf8EndMax64<>+56(SB)/8, $0xBFDFEFFFFFFFFFFF
GLOBL utf8EndMax64<>(SB), RODATA|NOPTR, $64

// CHECK512 is CHECK for 64-byte blocks in Z registers (Z2–Z6; constants
// in Z7 and Z10–Z15). VALIGND puts the previous block's last 128-bit lane
// below the current block's first three, so that VPALIGNR shifts each lane
// pair as in CHECK.
#define CHECK512(cur, prev, err) \
	VALIGND $12, prev, cur, Z2;      /* (prev lane 3, cur lanes 0-2) */ \
	VPALIGNR $15, Z2, cur, Z3;       /* prev1 */ \
	VPALIGNR $14, Z2, cur, Z4;       /* prev2 */ \
	VPALIGNR $13, Z2, cur, Z2;       /* prev3 */ \
	VPSUBUSB Z11, Z4, Z4;            /* top bit: prev2 >= E0 */ \
	VPSUBUSB Z10, Z2, Z2;            /* top bit: prev3 >= F0 */ \
	VPTERNLOGD $0xA8, Z7, Z2, Z4;    /* (Z4 | Z2) & 0x80: a 3rd/4th byte is due */ \
	VPSRLW $4, Z3, Z5; \
	VPANDQ Z15, Z5, Z5; \
	VPSHUFB Z5, Z14, Z5;             /* T1[prev1 >> 4] */ \
	VPANDQ Z15, Z3, Z3; \
	VPSHUFB Z3, Z13, Z3;             /* T2[prev1 & 15] */ \
	VPSRLW $4, cur, Z6; \
	VPANDQ Z15, Z6, Z6; \
	VPSHUFB Z6, Z12, Z6;             /* T3[cur >> 4] */ \
	VPANDQ Z3, Z5, Z5; \
	VPTERNLOGD $0x6A, Z4, Z6, Z5;    /* (T1 & T2 & T3) ^ expected 0x80s */ \
	VPORQ Z5, err, err

// func utf8BlocksAVX512(dst, src []byte) int
// utf8BlocksAVX2 in 64-byte blocks (AVX-512BW, no VBMI), then one 32-byte
// block if there is one. After an ASCII block it tests 128 bytes at a
// time for ASCII; after any other block, 64: on text, a failed 128-byte
// test would load and test each block twice.
TEXT ·utf8BlocksAVX512(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	XORQ AX, AX
	VBROADCASTI32X4 utf8Nibble<>(SB), Z15
	VBROADCASTI32X4 utf8T1<>(SB), Z14
	VBROADCASTI32X4 utf8T2<>(SB), Z13
	VBROADCASTI32X4 utf8T3<>(SB), Z12
	VBROADCASTI32X4 utf8Sat3<>(SB), Z11
	VBROADCASTI32X4 utf8Sat4<>(SB), Z10
	VBROADCASTI32X4 utf8Top<>(SB), Z7
	VPXORQ Z9, Z9, Z9

zloop128:
	// 128 ASCII bytes at a time while they last.
	LEAQ 128(AX), DX
	CMPQ DX, CX
	JA   zloop
	VMOVDQU64 (SI)(AX*1), Z0
	VMOVDQU64 64(SI)(AX*1), Z1
	VPORQ    Z0, Z1, Z2
	VPMOVB2M Z2, K1
	KORTESTQ K1, K1
	JNZ     zblock
	VPSUBUSB utf8EndMax64<>(SB), Z9, Z2
	VPTESTMB Z2, Z2, K2
	KORTESTQ K2, K2
	JNZ     zdone
	TESTQ R8, R8 // len(dst) == 0: validate only
	JZ    znostore128
	VMOVDQU64 Z0, (DI)(AX*1)
	VMOVDQU64 Z1, 64(DI)(AX*1)
znostore128:
	VMOVDQA64 Z1, Z9
	ADDQ    $128, AX
	JMP     zloop128

zloop:
	LEAQ 64(AX), DX
	CMPQ DX, CX
	JA   ztail
	VMOVDQU64 (SI)(AX*1), Z0

zblock:
	VPMOVB2M Z0, K1
	KORTESTQ K1, K1
	JNZ     zmixed
	// 64 ASCII bytes: valid unless the previous block ended inside a
	// sequence.
	VPSUBUSB utf8EndMax64<>(SB), Z9, Z2
	VPTESTMB Z2, Z2, K2
	KORTESTQ K2, K2
	JNZ     zdone
	TESTQ R8, R8 // len(dst) == 0: validate only
	JZ    znostore
	VMOVDQU64 Z0, (DI)(AX*1)
znostore:
	VMOVDQA64 Z0, Z9
	ADDQ    $64, AX
	JMP     zloop128 // ASCII: try 128 bytes at a time again

zmixed:
	VPXORQ Z8, Z8, Z8
	CHECK512(Z0, Z9, Z8)
	VPTESTMB Z8, Z8, K2
	KORTESTQ K2, K2
	JNZ     zdone
	TESTQ R8, R8 // len(dst) == 0: validate only
	JZ    znostoremixed
	VMOVDQU64 Z0, (DI)(AX*1)
znostoremixed:
	VMOVDQA64 Z0, Z9
	ADDQ    $64, AX
	JMP     zloop // text: one block at a time

ztail:
	// One 32-byte block, after the last 32 bytes of the previous one.
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JA   zdone
	VEXTRACTI64X4 $1, Z9, Y9
	VMOVDQU (SI)(AX*1), Y0
	VPXOR Y8, Y8, Y8
	CHECK(Y0, Y9, Y8)
	VPTEST Y8, Y8
	JNZ    zdone
	TESTQ R8, R8
	JZ    znostore32
	VMOVDQU Y0, (DI)(AX*1)
znostore32:
	ADDQ   $32, AX

zdone:
	VZEROUPPER
	MOVQ AX, ret+48(FP)
	RET
