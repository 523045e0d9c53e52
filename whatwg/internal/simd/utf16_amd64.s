//go:build amd64 && !purego

#include "textflag.h"

// UTF-16 <-> UTF-8 kernels. Each converts whole blocks while src and dst
// have room for a full block and stops, at a block boundary, at anything
// it does not handle; the Go wrapper (utf16_amd64.go) finishes with the
// pure-Go form, which stops exactly where the contract says. Every load and
// store lies inside the slices: the loops check the room before each block.
//
// Byte order: one shuffle (utf16Order) puts units in little-endian order
// after loading (decode) or in the wanted order before storing (encode):
// the identity for UTF-16LE, a swap of each byte pair for UTF-16BE, so one
// loop serves both.

DATA utf16Order<>+0x00(SB)/8, $0x0706050403020100 // LE: identity
DATA utf16Order<>+0x08(SB)/8, $0x0F0E0D0C0B0A0908
DATA utf16Order<>+0x10(SB)/8, $0x0706050403020100
DATA utf16Order<>+0x18(SB)/8, $0x0F0E0D0C0B0A0908
DATA utf16Order<>+0x20(SB)/8, $0x0607040502030001 // BE: swap each byte pair
DATA utf16Order<>+0x28(SB)/8, $0x0E0F0C0D0A0B0809
DATA utf16Order<>+0x30(SB)/8, $0x0607040502030001
DATA utf16Order<>+0x38(SB)/8, $0x0E0F0C0D0A0B0809
GLOBL utf16Order<>(SB), RODATA|NOPTR, $64

DATA utf16D800<>+0x00(SB)/8, $0xD800D800D800D800
DATA utf16D800<>+0x08(SB)/8, $0xD800D800D800D800
DATA utf16D800<>+0x10(SB)/8, $0xD800D800D800D800
DATA utf16D800<>+0x18(SB)/8, $0xD800D800D800D800
GLOBL utf16D800<>(SB), RODATA|NOPTR, $32

// BCAST32(c, X, Y) fills every 32-bit lane of Y (X is its low part) with
// the constant c; it clobbers AX.
#define BCAST32(c, X, Y) \
	MOVL $c, AX; \
	VMOVD AX, X; \
	VPBROADCASTD X, Y

// UTF16_PROLOGUE loads the arguments of a func(dst, src []byte, be bool)
// (nDst, nSrc int): DI/R9 = dst and its end, SI/R8 = src and its end,
// Y15 = the byte-order shuffle
// (be selects the second 32 bytes of utf16Order).
#define UTF16_PROLOGUE \
	MOVQ dst_base+0(FP), DI; \
	MOVQ dst_len+8(FP), R9; \
	ADDQ DI, R9; \
	MOVQ src_base+24(FP), SI; \
	MOVQ src_len+32(FP), R8; \
	ADDQ SI, R8; \
	MOVBQZX be+48(FP), AX; \
	SHLQ $5, AX; \
	LEAQ utf16Order<>(SB), BX; \
	VMOVDQU (BX)(AX*1), Y15

// UTF16_EPILOGUE stores the bytes written and read and returns.
#define UTF16_EPILOGUE \
	SUBQ dst_base+0(FP), DI; \
	SUBQ src_base+24(FP), SI; \
	MOVQ DI, nDst+56(FP); \
	MOVQ SI, nSrc+64(FP); \
	VZEROUPPER; \
	RET

// UTF16_ASCII32(short, next) converts 32 ASCII units (64 bytes of src) to
// 32 bytes if src has 64 bytes and dst 32 left and the units are ASCII;
// it jumps to short if src or dst lacks the room, to next (with the 32
// units in Y0 and Y1, little-endian, and ORed in Y2) if one is not ASCII.
// Needs Y14 = 0xFF80 in every word. Its parts: UTF16_ROOM32(short),
// UTF16_LOAD32, the byte-order shuffle, UTF16_PACK32(next); little-endian
// loops leave the shuffle out.
#define UTF16_ASCII32(short, next) \
	UTF16_ROOM32(short); \
	UTF16_LOAD32; \
	VPSHUFB Y15, Y0, Y0; \
	VPSHUFB Y15, Y1, Y1; \
	UTF16_PACK32(next)

// UTF16_ROOM(n, short) jumps to short unless src has 2n bytes left and
// dst n (n ASCII units).
#define UTF16_ROOM(n, short) \
	LEAQ (2*n)(SI), AX; \
	CMPQ AX, R8; \
	JA   short; \
	LEAQ n(DI), AX; \
	CMPQ AX, R9; \
	JA   short

#define UTF16_ROOM32(short) UTF16_ROOM(32, short)

#define UTF16_LOAD32 \
	VMOVDQU (SI), Y0; \
	VMOVDQU 32(SI), Y1

// UTF16_PACK32 stores the units of Y0 and Y1 as bytes if they are ASCII.
// VPTEST sets ZF when no unit has a bit above 0x7F; VPACKUSWB packs per
// 128-bit lane (8 bytes from Y0, then 8 from Y1), so VPERMQ puts the
// quadwords back in stream order (0, 2, 1, 3).
#define UTF16_PACK32(next) \
	VPOR    Y0, Y1, Y2; \
	VPTEST  Y14, Y2; \
	JNZ     next; \
	VPACKUSWB Y1, Y0, Y0; \
	VPERMQ  $0xD8, Y0, Y0; \
	VMOVDQU Y0, (DI); \
	ADDQ    $64, SI; \
	ADDQ    $32, DI

// UTF16_ROOM64, UTF16_LOAD64 and UTF16_PACK64 are the parts of
// UTF16_ASCII32 for 64 units (128 bytes of src, 64 of dst) in Y0-Y3; they
// jump to short when src or dst lacks the room, to next (Y4: the first 32
// units ORed) when a unit is not ASCII.
#define UTF16_ROOM64(short) UTF16_ROOM(64, short)

#define UTF16_LOAD64 \
	VMOVDQU (SI), Y0; \
	VMOVDQU 32(SI), Y1; \
	VMOVDQU 64(SI), Y2; \
	VMOVDQU 96(SI), Y3

#define UTF16_PACK64(next) \
	VPOR    Y0, Y1, Y4; \
	VPOR    Y2, Y3, Y5; \
	VPOR    Y4, Y5, Y5; \
	VPTEST  Y14, Y5; \
	JNZ     next; \
	VPACKUSWB Y1, Y0, Y0; \
	VPACKUSWB Y3, Y2, Y2; \
	VPERMQ  $0xD8, Y0, Y0; \
	VPERMQ  $0xD8, Y2, Y2; \
	VMOVDQU Y0, (DI); \
	VMOVDQU Y2, 32(DI); \
	ADDQ    $128, SI; \
	ADDQ    $64, DI

// MIXED_CLASSIFY(U, B, A, R11, R13, R14) classifies the units of a mixed
// step in U (8 or 16, little-endian); R11, R13 and R14 are the X or Y
// forms of registers 11, 13 and 14 (0, F800 and FF80 in every word). ZF is
// clear if a unit is a surrogate; else AX bit 2k (and 2k+1) = unit k is
// ASCII, and B and A are word masks of the units below U+0800 and of the
// ASCII ones.
#define MIXED_CLASSIFY(U, B, A, R11, R13, R14) \
	VPAND    R13, U, B;             /* u & 0xF800 */ \
	VPCMPEQW utf16D800<>(SB), B, A; /* == 0xD800: a surrogate */ \
	VPCMPEQW R11, B, B;             /* u < 0x800 */ \
	VPTEST   A, A; \
	VPAND    R14, U, A; \
	VPCMPEQW R11, A, A;             /* u < 0x80 */ \
	VPMOVMSKB A, AX

// TABLE_OFFSET(shift, R) sets R to the offset in utf16To8Shuffle of the
// entry that byte shift/8 of AX indexes (16 bytes per entry).
#define TABLE_OFFSET(shift, R) \
	MOVL AX, R; \
	SHLQ $4, R; \
	SHRQ $shift, R; \
	ANDL $0xFF0, R

// MIXED_BYTES(U, B, A, P, L, H, R7, R8, R9, R10) turns AX into the units'
// table indexes (bit 2k = unit k is ASCII, bit 2k+1 = it is below U+0800,
// from B and A as MIXED_CLASSIFY left them; each byte indexes 4 units in
// utf16To8Shuffle, whose address R11 holds), and gives each unit of U a
// 32-bit lane of its possible UTF-8 bytes A B C D: P = E0|u>>12,
// 80|(u>>6&3F) (the 3-byte lead and middle byte) and Q = 80|(u&3F),
// C0|u>>6 (the last byte, and the 2-byte lead), or Q = u for an ASCII unit
// (A: the ASCII word masks). Units 0-3 of each 128-bit lane go to L, units
// 4-7 to H. R7-R10 are the X or Y forms of registers 7-10 (C080, 80E0,
// 3F00, 003F in every word). Clobbers BX.
#define MIXED_BYTES(U, B, A, P, L, H, R7, R8, R9, R10) \
	VPMOVMSKB B, BX; \
	ANDL     $0x55555555, AX; \
	ANDL     $0xAAAAAAAA, BX; \
	ORL      BX, AX; \
	VPSRLW $12, U, P; \
	VPSLLW $2, U, L; \
	VPAND  R9, L, L;                /* (u>>6 & 0x3F) << 8 */ \
	VPOR   L, P, P; \
	VPOR   R8, P, P;                /* P */ \
	VPAND  R10, U, H; \
	VPOR   L, H, H;                 /* below U+0800, u>>6 fits the 2-byte lead */ \
	VPOR   R7, H, H;                /* Q */ \
	VPBLENDVB A, U, H, H; \
	VPUNPCKLWD H, P, L; \
	VPUNPCKHWD H, P, H

// MIXED_ADVANCE(R) advances DI past the UTF-8 of the 4 units whose
// utf16To8Shuffle entry is at offset R of R11: the entry's last byte holds
// that length. Clobbers R.
#define MIXED_ADVANCE(R) \
	MOVBLZX 15(R11)(R*1), R; \
	ADDQ    R, DI

// MIXED16(U, B, A, P, L, H, XB, XL, XH, surrogate, ascii) converts the 16
// units of U (little-endian, those at SI; dst has 64 bytes) and advances
// SI past them, or jumps to surrogate if one is a surrogate, to ascii if
// all are ASCII. B, A, P, L, H are work registers, XB, XL, XH the X forms
// of B, L, H: units 0-3 and 8-11 are shuffled in L, 4-7 and 12-15 in H.
// Clobbers AX-DX.
#define MIXED16(U, B, A, P, L, H, XB, XL, XH, surrogate, ascii) \
	MIXED_CLASSIFY(U, B, A, Y11, Y13, Y14); \
	JNZ      surrogate; \
	CMPL     AX, $-1; \
	JEQ      ascii; \
	MIXED_BYTES(U, B, A, P, L, H, Y7, Y8, Y9, Y10); \
	MOVBLZX AL, BX;                 /* units 0-3 */ \
	MOVBLZX AH, DX;                 /* units 4-7 */ \
	SHRL    $16, AX; \
	MOVBLZX AL, CX;                 /* units 8-11 */ \
	MOVBLZX AH, AX;                 /* units 12-15 */ \
	SHLL    $4, BX;                 /* 16 bytes per table entry */ \
	SHLL    $4, DX; \
	SHLL    $4, CX; \
	SHLL    $4, AX; \
	VMOVDQU (R11)(BX*1), XB; \
	VINSERTI128 $1, (R11)(CX*1), B, B; \
	VPSHUFB B, L, L; \
	VMOVDQU (R11)(DX*1), XB; \
	VINSERTI128 $1, (R11)(AX*1), B, B; \
	VPSHUFB B, H, H; \
	VMOVDQU XL, (DI); \
	MIXED_ADVANCE(BX); \
	VMOVDQU XH, (DI); \
	MIXED_ADVANCE(DX); \
	VEXTRACTI128 $1, L, (DI); \
	MIXED_ADVANCE(CX); \
	VEXTRACTI128 $1, H, (DI); \
	MIXED_ADVANCE(AX); \
	ADDQ    $32, SI

// TWO16(U, M, V, T, XV, XT) converts the 16 units of U, all below U+0800
// (dst has 32 bytes): each in a 16-bit lane of V holding C0|u>>6,
// 80|u&3F (u itself for ASCII, whose word mask is M), one utf16To8Pack2
// shuffle (from R13; lengths from R14) per 8 keeping the bytes in use. XV
// and XT are the X forms of V and T. Clobbers AX-DX, M, V, T.
#define TWO16(U, M, V, T, XV, XT) \
	VPAND    Y14, U, M; \
	VPCMPEQW Y11, M, M;             /* u < 0x80 */ \
	VPSRLW   $6, U, V;              /* low byte: u>>6 (below 0x20) */ \
	VPSLLW   $8, U, T; \
	VPAND    Y9, T, T;              /* high byte: u & 3F */ \
	VPOR     T, V, V; \
	VPOR     Y6, V, V;              /* C0 and 80 marks */ \
	VPBLENDVB M, U, V, V;           /* ASCII: the unit itself (high byte 0, dropped) */ \
	VPACKSSWB M, M, M;              /* per 128-bit lane: its 8 units' masks, twice */ \
	VPMOVMSKB M, AX; \
	MOVBLZX AL, BX;                 /* units 0-7 that are ASCII */ \
	SHRL    $16, AX; \
	MOVBLZX AL, CX;                 /* units 8-15 */ \
	MOVBLZX (R14)(BX*1), DX;        /* the bytes units 0-7 make */ \
	SHLL    $4, BX;                 /* 16 bytes per table entry */ \
	SHLL    $4, CX; \
	VMOVDQU (R13)(BX*1), XT; \
	VINSERTI128 $1, (R13)(CX*1), T, T; \
	VPSHUFB T, V, V;                /* each lane's bytes in use at its bottom */ \
	VMOVDQU XV, (DI); \
	ADDQ    DX, DI; \
	SHRL    $4, CX; \
	MOVBLZX (R14)(CX*1), DX; \
	VEXTRACTI128 $1, V, (DI); \
	ADDQ    DX, DI

// func utf16ToUTF8AVX2(dst, src []byte, be bool) (nDst, nSrc int)
//
// 32 ASCII units per step. Where one of 32 is not ASCII, the same 32 units
// (a window) are converted by the step their classes choose, then the
// ASCII check again: units below U+0800 (Latin, Greek, Cyrillic, Hebrew,
// Arabic) from the registers the check loaded, 16 at a time, each in a 16-bit lane holding C0|u>>6, 80|u&3F (u for
// ASCII), one table shuffle per 8 (utf16To8Pack2, indexed by which are
// ASCII) keeping the bytes in use; otherwise 16 units of any non-surrogate
// class at a time (MIXED16; 8 near a surrogate, avx2mixed): each unit
// becomes a 32-bit lane holding every byte it could need, and one table
// shuffle per 4 units (utf16To8Shuffle, indexed by which of them are ASCII
// and which are below U+0800) picks its UTF-8 bytes. A window's room in
// dst is checked once. Byte counts come from the tables, not POPCNT, so
// that no store waits on a count computed from the masks. Going back to
// the check after each window, rather than looping on a step while its
// blocks are not all ASCII, costs fewer mispredicted branches on markup
// with short runs of text. Near the end of src or dst, the loops
// avx2twoloop and avx2mixed16 check each step's units and room, up to R10.
TEXT ·utf16ToUTF8AVX2(SB), NOSPLIT, $0-72
	UTF16_PROLOGUE
	BCAST32(0xFF80FF80, X14, Y14)
	BCAST32(0xF800F800, X13, Y13)
	VPXOR X11, X11, X11
	BCAST32(0x003F003F, X10, Y10)
	BCAST32(0x3F003F00, X9, Y9)
	BCAST32(0x80E080E0, X8, Y8)
	BCAST32(0xC080C080, X7, Y7)
	BCAST32(0x80C080C0, X6, Y6)
	LEAQ ·utf16To8Shuffle(SB), R11
	LEAQ ·utf16To8Pack2(SB), R13
	LEAQ ·utf16To8Pack2Len(SB), R14
	MOVBLZX be+48(FP), R12          // big-endian: the ASCII loop shuffles

avx2ascii:
	TESTL R12, R12
	JNZ   avx2asciibe

avx2asciile:                        // little-endian units need no shuffle
	UTF16_ROOM32(avx2short)
	UTF16_LOAD32
	UTF16_PACK32(avx2window)

avx2asciile64:                      // after 32 ASCII units, 64 a step while they last
	UTF16_ROOM64(avx2asciile)
	UTF16_LOAD64
	UTF16_PACK64(avx2ascii64end)
	JMP avx2asciile64

avx2asciibe:
	UTF16_ASCII32(avx2short, avx2window)

avx2asciibe64:
	UTF16_ROOM64(avx2asciibe)
	UTF16_LOAD64
	VPSHUFB Y15, Y0, Y0
	VPSHUFB Y15, Y1, Y1
	VPSHUFB Y15, Y2, Y2
	VPSHUFB Y15, Y3, Y3
	UTF16_PACK64(avx2ascii64end)
	JMP avx2asciibe64

avx2ascii64end:                     // Y0-Y3: 64 units, not all ASCII; Y4: the first 32 ORed
	VPTEST Y14, Y4
	JNZ    avx2ascii64first
	VPACKUSWB Y1, Y0, Y0            // the first 32 are ASCII: stored as in UTF16_PACK32
	VPERMQ  $0xD8, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ    $64, SI
	ADDQ    $32, DI
	VMOVDQA Y2, Y0                  // the window is the second 32
	VMOVDQA Y3, Y1
	VPOR    Y0, Y1, Y2
	JMP     avx2window

avx2ascii64first:                   // the window is the first 32
	VMOVDQA Y4, Y2
	JMP     avx2window

avx2short:                          // src or dst lacks room for 32 units
	LEAQ 64(SI), R10
	JMP  avx2twoloop

avx2window:                         // Y0, Y1: 32 units, not all ASCII; Y2: them ORed
	LEAQ   64(SI), R10              // the window's end, for the steps that check their room
	VPTEST Y13, Y2
	JNZ    avx2mixwindow            // ZF clear: one of them is at or above U+0800
	LEAQ   64(DI), AX               // four 16-byte stores, each at most 16 bytes on
	CMPQ   AX, R9
	JA     avx2twoloop
	TWO16(Y0, Y2, Y3, Y4, X3, X4)
	TWO16(Y1, Y2, Y3, Y4, X3, X4)
	ADDQ   $64, SI
	JMP    avx2ascii

avx2twoloop:
	LEAQ 32(SI), AX
	CMPQ AX, R8
	JA   avx2mixed
	LEAQ 32(DI), AX                 // two 16-byte stores
	CMPQ AX, R9
	JA   avx2mixed
	VMOVDQU (SI), Y0
	VPSHUFB Y15, Y0, Y0             // 16 units, little-endian
	VPTEST  Y13, Y0
	JNZ     avx2mixed16             // ZF clear: a unit at or above U+0800
	TWO16(Y0, Y2, Y3, Y4, X3, X4)
	ADDQ    $32, SI
	CMPQ    SI, R10
	JB      avx2twoloop             // the rest of the 32 units
	JMP     avx2ascii

avx2mixwindow:
	LEAQ 112(DI), AX                // two steps of four 16-byte stores, each at most 12 bytes on
	CMPQ AX, R9
	JA   avx2mixed16
	MIXED16(Y0, Y2, Y3, Y4, Y5, Y12, X2, X5, X12, avx2mixed, avx2ascii16)
	MIXED16(Y1, Y2, Y3, Y4, Y5, Y12, X2, X5, X12, avx2mixed, avx2ascii16b)
	JMP  avx2ascii

avx2mixed16:
	LEAQ 32(SI), AX
	CMPQ AX, R8
	JA   avx2mixed
	LEAQ 64(DI), AX                 // four 16-byte stores, each at most 12 bytes on
	CMPQ AX, R9
	JA   avx2mixed
	VMOVDQU (SI), Y0
	VPSHUFB Y15, Y0, Y0             // 16 units, little-endian
	MIXED16(Y0, Y2, Y3, Y4, Y5, Y12, X2, X5, X12, avx2mixed, avx2ascii16) // a surrogate: the 8-unit step goes up to it
	CMPQ    SI, R10
	JB      avx2mixed16             // the rest of the 32 units
	JMP     avx2ascii

avx2ascii16b:                       // the window's second 16 units are ASCII
	VMOVDQA Y1, Y0

avx2ascii16:
	VPACKUSWB Y0, Y0, Y1            // per 128-bit lane: its 8 units as bytes, twice
	VPERMQ  $0x08, Y1, Y1           // units 0-7, then 8-15
	VMOVDQU X1, (DI)
	ADDQ    $16, DI
	ADDQ    $32, SI
	JMP     avx2ascii

avx2mixed:
	LEAQ 16(SI), AX
	CMPQ AX, R8
	JA   avx2done
	LEAQ 32(DI), AX                 // two 16-byte stores, the second at most 12 bytes on
	CMPQ AX, R9
	JA   avx2done
	VMOVDQU (SI), X0
	VPSHUFB X15, X0, X0             // 8 units, little-endian
	MIXED_CLASSIFY(X0, X1, X2, X11, X13, X14)
	JNZ      avx2done               // the Go code decides surrogates
	CMPL     AX, $0xFFFF
	JEQ      avx2ascii8
	MIXED_BYTES(X0, X1, X2, X3, X4, X5, X7, X8, X9, X10) // units 0-3 in X4, 4-7 in X5
	TABLE_OFFSET(0, BX)             // units 0-3
	TABLE_OFFSET(8, CX)             // units 4-7
	VPSHUFB (R11)(BX*1), X4, X4
	VPSHUFB (R11)(CX*1), X5, X5
	VMOVDQU X4, (DI)
	MIXED_ADVANCE(BX)
	VMOVDQU X5, (DI)
	MIXED_ADVANCE(CX)
	ADDQ    $16, SI
	VPTEST  X13, X0
	JNZ     avx2mixed16             // ZF clear: a unit at or above U+0800
	JMP     avx2ascii               // all below: the 32-unit check chooses the next step

avx2ascii8:
	VPACKUSWB X0, X0, X1            // 8 ASCII units to 8 bytes
	VMOVQ   X1, (DI)
	ADDQ    $8, DI
	ADDQ    $16, SI
	JMP     avx2ascii

avx2done:
	UTF16_EPILOGUE

// func utf16ToUTF8AVX512(dst, src []byte, be bool) (nDst, nSrc int)
//
// As utf16ToUTF8AVX2, but the mixed steps use VPCOMPRESSB to keep the
// bytes in use. When 32 units are all below U+0800 (Latin, Greek,
// Cyrillic, Hebrew, Arabic), each 16-bit lane holds C0|u>>6, 80|u&3F (or
// u and a dropped byte for ASCII). Otherwise 16 units per step, each in a
// 32-bit lane holding the bytes it needs in order (3-byte: E0|u>>12,
// 80|u>>6&3F, 80|u&3F; 2-byte: C0|u>>6, 80|u&3F; ASCII: u, in bytes 0-2).
TEXT ·utf16ToUTF8AVX512(SB), NOSPLIT, $0-72
	UTF16_PROLOGUE
	VINSERTI64X4 $1, Y15, Z15, Z15  // the byte-order shuffle for 64 bytes
	BCAST32(0xFF80FF80, X14, Y14)
	BCAST32(0x00800080, X13, Z13)
	BCAST32(0x08000800, X12, Z12)
	BCAST32(0x3F003F00, X6, Z16)
	BCAST32(0x80C080C0, X6, Z17)
	BCAST32(0xD800D800, X11, Y11)
	BCAST32(0x00003F00, X10, Z10)
	BCAST32(0x003F0000, X9, Z9)
	BCAST32(0x008080E0, X8, Z8)
	BCAST32(0x00004000, X7, Z7)
	MOVQ $0x2222222222222222, R13   // byte 1 of every lane: kept unless ASCII
	MOVQ $0x1111111111111111, R14   // byte 0: kept for 3 bytes
	XORL R12, R12                   // 16-unit steps left before trying 32 again

avx512ascii:
	UTF16_ASCII32(avx512enter, avx512enter)
	JMP avx512ascii

avx512enter:
	TESTL R12, R12
	JNZ   avx512mixed16             // the 32-unit step failed lately

avx512mixed:
	LEAQ 64(SI), AX
	CMPQ AX, R8
	JA   avx512mixed16
	LEAQ 64(DI), AX                 // one full 64-byte store
	CMPQ AX, R9
	JA   avx512done
	VMOVDQU64 (SI), Z0
	VPSHUFB Z15, Z0, Z0             // 32 units, little-endian
	VPCMPUW $1, Z12, Z0, K2         // K2: u < 0x800
	KORTESTD K2, K2
	JCS     avx512twobyte           // CF: all 32 are below U+0800
	MOVL    $4, R12                 // else 16 at a time for at least 4 steps
	JMP     avx512mixed16

avx512twobyte:
	VPCMPUW $1, Z13, Z0, K1         // K1: u < 0x80
	VPSRLW  $6, Z0, Z1              // low byte: u>>6 (below 0x20)
	VPSLLW  $8, Z0, Z2              // high byte: u's low byte
	VPTERNLOGD $0xF8, Z16, Z2, Z1   // Z1 |= Z2 & 0x3F00
	VPORD   Z17, Z1, Z1             // C0 and 80 marks
	VMOVDQU16 Z0, K1, Z1            // ASCII: the unit itself (high byte 0, dropped)
	KMOVD   K1, AX
	NOTL    AX
	MOVQ    $0xAAAAAAAAAAAAAAAA, BX
	PDEPQ   BX, AX, AX              // the high byte is kept for non-ASCII units
	MOVQ    $0x5555555555555555, BX
	ORQ     BX, AX                  // the low byte always
	KMOVQ   AX, K3
	POPCNTQ AX, DX                  // bytes written
	VPCOMPRESSB Z1, K3, Z2          // the kept bytes, in order, at the bottom
	VMOVDQU64 Z2, (DI)
	ADDQ    DX, DI
	ADDQ    $64, SI
	KORTESTD K1, K1
	JCS     avx512ascii             // CF: all 32 were ASCII
	JMP     avx512mixed

avx512mixed16:
	LEAQ 32(SI), AX
	CMPQ AX, R8
	JA   avx512done
	LEAQ 64(DI), AX                 // one full 64-byte store
	CMPQ AX, R9
	JA   avx512done
	VMOVDQU (SI), Y0
	VPSHUFB Y15, Y0, Y0             // 16 units, little-endian
	VPSUBW  Y11, Y0, Y1
	VPCMPUW $1, Y12, Y1, K3         // u-0xD800 < 0x800: a surrogate
	KORTESTW K3, K3
	JNZ     avx512done              // the Go code decides surrogates
	VPCMPUW $1, Y13, Y0, K1         // K1: u < 0x80
	VPCMPUW $1, Y12, Y0, K2         // K2: u < 0x800
	KORTESTW K1, K1
	JCS     avx512ascii16           // CF: all 16 are ASCII

	VPMOVZXWD Y0, Z0                // one unit per 32-bit lane
	VPSRLD  $12, Z0, Z1             // byte 0: u>>12
	VPSLLD  $2, Z0, Z2
	VPANDD  Z10, Z2, Z2             // byte 1: u>>6 & 0x3F
	VPSLLD  $16, Z0, Z3             // ASCII: byte 2 = u (used below)
	VPANDD  Z9, Z3, Z4              // byte 2: u & 0x3F
	VPTERNLOGD $0xFE, Z1, Z2, Z4    // Z4 |= Z1 | Z2
	VPORD   Z8, Z4, Z4              // E0, 80, 80 marks
	VPORD   Z7, Z4, K2, Z4          // below U+0800: byte 1 is the lead C0|u>>6
	VMOVDQU32 Z3, K1, Z4            // ASCII: byte 2 = u

	KMOVW   K1, AX
	KMOVW   K2, BX
	NOTL    AX
	NOTL    BX
	PDEPQ   R13, AX, AX             // non-ASCII units keep byte 1
	PDEPQ   R14, BX, BX             // 3-byte units keep byte 0
	ORQ     BX, AX
	MOVQ    $0x4444444444444444, CX
	ORQ     CX, AX                  // byte 2 is always kept
	KMOVQ   AX, K4
	POPCNTQ AX, DX                  // bytes written
	VPCOMPRESSB Z4, K4, Z5          // the kept bytes, in order, at the bottom
	VMOVDQU64 Z5, (DI)
	ADDQ    DX, DI
	ADDQ    $32, SI
	KORTESTW K2, K2
	JCC     avx512mixed16           // CF clear: a unit at or above U+0800
	TESTL   R12, R12
	JZ      avx512mixed             // all below U+0800: try 32 at a time
	DECL    R12
	JMP     avx512mixed16

avx512ascii16:
	VPMOVWB Y0, X1                  // 16 ASCII units to 16 bytes
	VMOVDQU X1, (DI)
	ADDQ    $16, DI
	ADDQ    $32, SI
	JMP     avx512ascii

avx512done:
	UTF16_EPILOGUE

// UTF8_CLASSIFY classifies the 32 bytes of Y0 (AX = their VPMOVMSKB, and
// src has 34 bytes) into 32-bit masks, bit i for byte i: R13 =
// continuation bytes, R14 = 2-byte leads, CX = 3-byte leads, and R12 =
// positions where the Go code must decide: F0-FF, C0, C1, E0 then 80-9F
// (overlong), ED then A0-BF (surrogate), leads without their continuation
// bytes within the 32 (or past them), continuations no lead claims.
// Y2 = the 32 bytes from src+1. Needs Y12 = FE.., Y11 = C0.., Y10 =
// E0.., Y9 = ED.. in every byte; clobbers BX, DX, Y1, Y3.
//
// Bits 6, 5 and 4 of each byte come from VPMOVMSKB after shifting words
// left by 1, 2 and 3: each byte's bit k moves to its bit 7 (bits leaving
// the low byte land in bit 0 of the high byte, below its bit 7). ANDNL
// a, b, c sets c = ^b & a.
#define UTF8_CLASSIFY \
	VPSLLW    $1, Y0, Y1; \
	VPMOVMSKB Y1, BX;            /* m6 */ \
	VPSLLW    $2, Y0, Y1; \
	VPMOVMSKB Y1, CX;            /* m5 */ \
	VPSLLW    $3, Y0, Y1; \
	VPMOVMSKB Y1, DX;            /* m4 */ \
	MOVL      AX, R12; \
	ANDNL     AX, BX, R13;       /* m7 & ^m6: continuations */ \
	ANDL      BX, R12;           /* m7 & m6: leads */ \
	ANDNL     R12, CX, R14;      /* leads & ^m5: 2-byte leads */ \
	ANDL      CX, R12; \
	ANDNL     R12, DX, CX;       /* leads & m5 & ^m4: 3-byte leads */ \
	ANDL      DX, R12;           /* leads & m5 & m4: F0-FF */ \
	VPAND     Y12, Y0, Y1; \
	VPCMPEQB  Y11, Y1, Y1;       /* C0 or C1 */ \
	VPMOVMSKB Y1, AX; \
	ORL       AX, R12; \
	VMOVDQU   1(SI), Y2;         /* the byte after each */ \
	VPSLLW    $2, Y2, Y3; \
	VPMOVMSKB Y3, BX;            /* its bit 5: A0-BF if a continuation */ \
	VPCMPEQB  Y10, Y0, Y1; \
	VPMOVMSKB Y1, AX;            /* E0 */ \
	ANDNL     AX, BX, DX;        /* E0 then below A0 */ \
	ORL       DX, R12; \
	VPCMPEQB  Y9, Y0, Y1; \
	VPMOVMSKB Y1, AX;            /* ED */ \
	ANDL      BX, AX;            /* ED then from A0 */ \
	ORL       AX, R12; \
	MOVL      R13, AX; \
	SHRL      $1, AX;            /* bit i: continuation at i+1 */ \
	MOVL      R13, BX; \
	SHRL      $2, BX; \
	ANDL      AX, BX;            /* bit i: continuations at i+1 and i+2 */ \
	ANDNL     R14, AX, DX;       /* 2-byte leads without theirs */ \
	ORL       DX, R12; \
	ANDNL     CX, BX, DX;        /* 3-byte leads without theirs */ \
	ORL       DX, R12; \
	MOVL      R14, AX; \
	ORL       CX, AX; \
	SHLL      $1, AX;            /* continuations claimed at i+1 */ \
	MOVL      CX, BX; \
	SHLL      $2, BX; \
	ORL       BX, AX;            /* ... and at i+2 */ \
	ANDNL     R13, AX, DX;       /* unclaimed continuations */ \
	ORL       DX, R12

// SEQ_UNITS(AND, OR, off, B0, B1, B2, T2, T3, M3F, M1F) gives every
// position from off of src the unit a sequence starting there would give:
// B0 = its byte as a unit (ASCII), T2 = the 2-byte unit (b0&1F)<<6 |
// b1&3F, T3 = the 3-byte unit (b0&0F)<<12 | (b1&3F)<<6 | b2&3F. AND and OR
// are the forms for the registers' size (VPAND/VPOR on Y, VPANDD/VPORD on
// Z); M3F and M1F hold 003F and 001F in every word. Clobbers B1, B2.
#define SEQ_UNITS(AND, OR, off, B0, B1, B2, T2, T3, M3F, M1F) \
	VPMOVZXBW off(SI), B0;          /* b0 */ \
	VPMOVZXBW off+1(SI), B1;        /* b1 */ \
	VPMOVZXBW off+2(SI), B2;        /* b2 */ \
	AND     M3F, B1, B1;            /* b1 & 3F */ \
	AND     M3F, B2, B2;            /* b2 & 3F */ \
	AND     M1F, B0, T2; \
	VPSLLW  $6, T2, T2; \
	OR      B1, T2, T2; \
	VPSLLW  $12, B0, T3;            /* the shift drops b0's upper bits */ \
	VPSLLW  $6, B1, B1; \
	OR      B1, T3, T3; \
	OR      B2, T3, T3

// E2HALF(off, L2, L3) writes the units of the sequences starting at
// positions off to off+15 of src (bits off to off+15 of R14) to dst: every
// position's unit as if a sequence started there, 2-byte where L2 (16 byte
// masks) says, 3-byte where L3 does, then E2KEEP. Clobbers AX, BX, CX, DX,
// R13, Y3-Y5, Y13, Y14.
#define E2HALF(off, L2, L3) \
	SEQ_UNITS(VPAND, VPOR, off, Y3, Y4, Y5, Y13, Y14, Y8, Y7); \
	VPMOVSXBW L2, Y4;               /* as word masks */ \
	VPBLENDVB Y4, Y13, Y3, Y3; \
	VPMOVSXBW L3, Y4; \
	VPBLENDVB Y4, Y14, Y3, Y3; \
	E2KEEP(off)

// E2HALF2(off) is E2HALF for blocks of one- and two-byte sequences: the
// units of two-byte ones where the byte is not ASCII (continuations get
// one too, and E2KEEP drops it).
#define E2HALF2(off) \
	VPMOVZXBW off(SI), Y3;          /* b0 */ \
	VPMOVZXBW off+1(SI), Y4;        /* b1 */ \
	VPAND   Y8, Y4, Y4;             /* b1 & 3F */ \
	VPAND   Y7, Y3, Y13; \
	VPSLLW  $6, Y13, Y13; \
	VPOR    Y4, Y13, Y13;           /* (b0&1F)<<6 | b1&3F */ \
	VPMOVSXBW off(SI), Y4;          /* not ASCII, as word masks */ \
	VPBLENDVB Y4, Y13, Y3, Y3; \
	E2KEEP(off)

// E2KEEP(off) keeps, of the 16 units of Y3 (one per position from off),
// those at sequence starts (bits off to off+15 of R14) with a table
// shuffle per 8 positions (utf8To16Compress) and writes them to dst.
// Clobbers AX, BX, CX, DX, R13, Y3, Y4.
#define E2KEEP(off) \
	MOVL    R14, DX; \
	SHRL    $off, DX; \
	MOVL    DX, BX; \
	ANDL    $0xFF, DX;              /* starts among positions off to off+7 */ \
	SHRL    $8, BX; \
	ANDL    $0xFF, BX;              /* among off+8 to off+15 */ \
	POPCNTL DX, R13; \
	POPCNTL BX, CX; \
	SHLL    $4, DX;                 /* 16 bytes per table entry */ \
	SHLL    $4, BX; \
	LEAQ    ·utf8To16Compress(SB), AX; \
	VMOVDQU (AX)(DX*1), X4; \
	VINSERTI128 $1, (AX)(BX*1), Y4, Y4; \
	VPSHUFB Y4, Y3, Y3;             /* each lane's kept units at its bottom */ \
	VPSHUFB Y15, Y3, Y3;            /* byte order */ \
	VMOVDQU X3, (DI); \
	LEAQ    (DI)(R13*2), DI; \
	VEXTRACTI128 $1, Y3, X3; \
	VMOVDQU X3, (DI); \
	LEAQ    (DI)(CX*2), DI

// STEP_GUESS(n, R, T) sets R to n less the bytes of a sequence that
// starts in the last two of the n bytes at SI and ends past them: the
// length of a step of n bytes of valid UTF-8, found from two byte loads
// alone. A step that advances by it, once a predicted branch has checked it
// against the length from the masks, lets the next block's load wait on
// those two loads rather than on the masks. Clobbers T.
#define STEP_GUESS(n, R, T) \
	MOVBLZX n-1(SI), R; \
	ADDL    $0x40, R; \
	SHRL    $8, R;                  /* 1 if the last byte is a lead */ \
	MOVBLZX n-2(SI), T; \
	ADDL    $0x20, T; \
	SHRL    $8, T;                  /* 1 if the one before leads three bytes or more */ \
	ANDNL   T, R, T; \
	LEAL    (R)(T*2), T; \
	MOVL    $n, R; \
	SUBL    T, R

// E2BLOCK loads the 32 bytes at SI into Y0 and their top bits into AX
// (bit i: byte i is not ASCII) if src has 34 bytes left (bytes i, i+1 and
// i+2 of the 32 are read) and dst 64, else jumps to e2done.
#define E2BLOCK \
	LEAQ 34(SI), AX; \
	CMPQ AX, R8; \
	JA   e2done; \
	LEAQ 64(DI), AX; \
	CMPQ AX, R9; \
	JA   e2done; \
	VMOVDQU (SI), Y0; \
	VPMOVMSKB Y0, AX

// utf8To16Two<> is DF in every byte: a block whose bytes saturate to 0
// when it is subtracted has no lead of three bytes or more.
DATA utf8To16Two<>+0x00(SB)/8, $0xDFDFDFDFDFDFDFDF
DATA utf8To16Two<>+0x08(SB)/8, $0xDFDFDFDFDFDFDFDF
DATA utf8To16Two<>+0x10(SB)/8, $0xDFDFDFDFDFDFDFDF
DATA utf8To16Two<>+0x18(SB)/8, $0xDFDFDFDFDFDFDFDF
GLOBL utf8To16Two<>(SB), RODATA|NOPTR, $32

// utf8To16Three<> holds the constants of the three-byte step of
// utf8ToUTF16AVX2, 32 bytes each: the shuffle putting the bytes of
// sequence k of a 128-bit lane in 32-bit lane k (b0 | b1<<8 | b2<<16);
// the bits that make a three-byte sequence (C0C0F0) and their values
// (8080E0); the bits that tell E0 and ED from other leads with bit 5 of
// b1 (200F); ED with b1 at or above A0, a surrogate (200D); and the masks
// of b0, b1 and b2's payloads in their lanes (000F, 3F00 shifted right
// by 2, and 3F after a shift by 16).
DATA utf8To16Three<>+0x00(SB)/8, $0x8005040380020100
DATA utf8To16Three<>+0x08(SB)/8, $0x800B0A0980080706
DATA utf8To16Three<>+0x10(SB)/8, $0x8005040380020100
DATA utf8To16Three<>+0x18(SB)/8, $0x800B0A0980080706
DATA utf8To16Three<>+0x20(SB)/8, $0x00C0C0F000C0C0F0
DATA utf8To16Three<>+0x28(SB)/8, $0x00C0C0F000C0C0F0
DATA utf8To16Three<>+0x30(SB)/8, $0x00C0C0F000C0C0F0
DATA utf8To16Three<>+0x38(SB)/8, $0x00C0C0F000C0C0F0
DATA utf8To16Three<>+0x40(SB)/8, $0x008080E0008080E0
DATA utf8To16Three<>+0x48(SB)/8, $0x008080E0008080E0
DATA utf8To16Three<>+0x50(SB)/8, $0x008080E0008080E0
DATA utf8To16Three<>+0x58(SB)/8, $0x008080E0008080E0
DATA utf8To16Three<>+0x60(SB)/8, $0x0000200F0000200F
DATA utf8To16Three<>+0x68(SB)/8, $0x0000200F0000200F
DATA utf8To16Three<>+0x70(SB)/8, $0x0000200F0000200F
DATA utf8To16Three<>+0x78(SB)/8, $0x0000200F0000200F
DATA utf8To16Three<>+0x80(SB)/8, $0x0000200D0000200D
DATA utf8To16Three<>+0x88(SB)/8, $0x0000200D0000200D
DATA utf8To16Three<>+0x90(SB)/8, $0x0000200D0000200D
DATA utf8To16Three<>+0x98(SB)/8, $0x0000200D0000200D
DATA utf8To16Three<>+0xA0(SB)/8, $0x0000000F0000000F
DATA utf8To16Three<>+0xA8(SB)/8, $0x0000000F0000000F
DATA utf8To16Three<>+0xB0(SB)/8, $0x0000000F0000000F
DATA utf8To16Three<>+0xB8(SB)/8, $0x0000000F0000000F
DATA utf8To16Three<>+0xC0(SB)/8, $0x00000FC000000FC0
DATA utf8To16Three<>+0xC8(SB)/8, $0x00000FC000000FC0
DATA utf8To16Three<>+0xD0(SB)/8, $0x00000FC000000FC0
DATA utf8To16Three<>+0xD8(SB)/8, $0x00000FC000000FC0
DATA utf8To16Three<>+0xE0(SB)/8, $0x0000003F0000003F
DATA utf8To16Three<>+0xE8(SB)/8, $0x0000003F0000003F
DATA utf8To16Three<>+0xF0(SB)/8, $0x0000003F0000003F
DATA utf8To16Three<>+0xF8(SB)/8, $0x0000003F0000003F
GLOBL utf8To16Three<>(SB), RODATA|NOPTR, $256

// func utf8ToUTF16AVX2(dst, src []byte, be bool) (nDst, nSrc int)
//
// 32 bytes of src per step if all ASCII (widened). Where a step starts
// at a three-byte lead (CJK, kana, Hangul, Thai) and the first 24 bytes
// are not ASCII, 24 bytes per step while they are eight valid three-byte
// sequences (e2three: each sequence in a 32-bit lane, checked and
// assembled there, packed to 16 bits). A block of one- and two-byte
// sequences only (Latin, Greek, Cyrillic, Hebrew, Arabic) is checked by
// two vector tests and one mask compare, without UTF8_CLASSIFY, and
// converted by E2HALF2. Otherwise the sequences starting before p, the
// first position where the Go code must take over (UTF8_CLASSIFY; 32 if
// none): every position gets the unit a sequence starting there would
// give, and a table shuffle per 8 positions (E2HALF, utf8To16Compress)
// keeps the units at sequence starts before p. Every step advances by a
// length found from src's bytes at its end (STEP_GUESS), never from the
// masks, so that the next block's load does not wait on them.
TEXT ·utf8ToUTF16AVX2(SB), NOSPLIT, $0-72
	UTF16_PROLOGUE
	BCAST32(0xFEFEFEFE, X12, Y12)
	BCAST32(0xC0C0C0C0, X11, Y11)
	BCAST32(0xE0E0E0E0, X10, Y10)
	BCAST32(0xEDEDEDED, X9, Y9)
	BCAST32(0x003F003F, X8, Y8)
	BCAST32(0x001F001F, X7, Y7)
	BCAST32(0xF0F0F0F0, X6, Y6)

	PCALIGN $32
e2loop:
	E2BLOCK
	TESTL   AX, AX
	JNZ     e2nonascii
	VPMOVZXBW X0, Y1                // bytes 0-15 to units
	VEXTRACTI128 $1, Y0, X2
	VPMOVZXBW X2, Y2                // bytes 16-31 to units
	VPSHUFB Y15, Y1, Y1             // byte order
	VPSHUFB Y15, Y2, Y2
	VMOVDQU Y1, (DI)
	VMOVDQU Y2, 32(DI)
	ADDQ    $32, SI
	ADDQ    $64, DI
	JMP     e2loop

e2nonascii:
	CMPB    (SI), $0xE0
	JAE     e2try3                  // a three-byte lead or above
	VPSUBUSB utf8To16Two<>(SB), Y0, Y1  // not zero where a byte is above DF
	VPTEST  Y1, Y1
	JNZ     e2mixed                 // a three- or four-byte lead, or F8-FF
	VPAND   Y12, Y0, Y2
	VPCMPEQB Y11, Y2, Y2
	VPTEST  Y2, Y2
	JNZ     e2mixed                 // C0 or C1
	VPCMPGTB Y0, Y11, Y3            // signed C0 > b: 80-BF, continuations
	VPMOVMSKB Y3, CX
	ANDNL   AX, CX, DX              // the leads, all C2-DF
	MOVBLZX 31(SI), BX
	ADDL    $0x40, BX
	SHRL    $8, BX                  // 1 if byte 31 is a lead (from memory, as in STEP_GUESS)
	BTRL    $31, DX
	SHLL    $1, DX                  // where the leads' continuations must be
	CMPL    DX, CX
	JNE     e2mixed                 // a lead without its continuation, or a stray one
	MOVL    $32, R12
	SUBL    BX, R12                 // p: byte 31's sequence is left for the next step
	MOVL    $-1, DX
	BZHIL   R12, DX, DX
	ANDNL   DX, CX, R14             // the sequence starts before p
	E2HALF2(0)
	E2HALF2(16)
	ADDQ    R12, SI
	JMP     e2loop

	PCALIGN $32
e2mixed:
	UTF8_CLASSIFY
	TZCNTL  R12, R12                // p: 32 when nothing is left to the Go code
	STEP_GUESS(32, R11, DX)         // q: p but before invalid UTF-8
	CMPL    R11, R12
	JNE     e2exact                 // the advance comes from q, not from the masks

e2keep:
	MOVL    $-1, BX
	BZHIL   R12, BX, BX             // bits below p
	ANDNL   BX, R13, R14            // R14: the sequence starts before p
	VPAND   Y10, Y0, Y1
	VPCMPEQB Y11, Y1, Y1            // (b & E0) == C0: 2-byte leads
	VPAND   Y6, Y0, Y2
	VPCMPEQB Y10, Y2, Y2            // (b & F0) == E0: 3-byte leads
	E2HALF(0, X1, X2)
	VEXTRACTI128 $1, Y1, X1
	VEXTRACTI128 $1, Y2, X2
	E2HALF(16, X1, X2)
	ADDQ    R11, SI
	JMP     e2loop

e2exact:
	TESTL   R12, R12
	JZ      e2done
	MOVL    R12, R11
	JMP     e2keep

e2reload:
	E2BLOCK
	JMP     e2mixed

e2done:
	UTF16_EPILOGUE

e2try3:
	CMPB    (SI), $0xF0
	JAE     e2mixed                 // not a three-byte lead
	MOVL    AX, BX
	NOTL    BX
	TESTL   $0xFFFFFF, BX
	JNZ     e2mixed                 // an ASCII byte among the first 24

e2three:
	LEAQ 28(SI), BX                 // the second lane's 16 bytes end at 28
	CMPQ BX, R8
	JA   e2reload
	LEAQ 16(DI), BX
	CMPQ BX, R9
	JA   e2reload
	VMOVDQU (SI), X1                // sequences 0-3 in the low lane
	VINSERTI128 $1, 12(SI), Y1, Y1  // 4-7 in the high one
	VPSHUFB utf8To16Three<>+0x00(SB), Y1, Y1
	VPAND   utf8To16Three<>+0x20(SB), Y1, Y2
	VPCMPEQD utf8To16Three<>+0x40(SB), Y2, Y2   // lead E0-EF, two continuations
	VPAND   utf8To16Three<>+0x60(SB), Y1, Y3
	VPXOR   Y4, Y4, Y4
	VPCMPEQD Y4, Y3, Y4             // E0 then 80-9F: overlong
	VPCMPEQD utf8To16Three<>+0x80(SB), Y3, Y3   // ED then A0-BF: surrogate
	VPOR    Y3, Y4, Y4
	VPANDN  Y2, Y4, Y2              // the lanes that are a valid sequence
	VPMOVMSKB Y2, BX
	INCL    BX
	JNZ     e2reload                // not eight valid three-byte sequences
	VPAND   utf8To16Three<>+0xA0(SB), Y1, Y2
	VPSLLD  $12, Y2, Y2             // (b0&0F)<<12
	VPSRLD  $2, Y1, Y3
	VPAND   utf8To16Three<>+0xC0(SB), Y3, Y3    // (b1&3F)<<6
	VPSRLD  $16, Y1, Y1
	VPAND   utf8To16Three<>+0xE0(SB), Y1, Y1    // b2&3F
	VPOR    Y2, Y1, Y1
	VPOR    Y3, Y1, Y1
	VPACKUSDW Y1, Y1, Y1            // each lane's four units in its low half
	VPERMQ  $0x08, Y1, Y1           // the eight units in the low 16 bytes
	VPSHUFB X15, X1, X1             // byte order
	VMOVDQU X1, (DI)
	ADDQ    $24, SI
	ADDQ    $16, DI
	MOVBLZX (SI), BX                // src has 4 bytes left at least
	ANDL    $0xF0, BX
	CMPL    BX, $0xE0
	JEQ     e2three
	JMP     e2loop

// E6HALF(off) writes the units of the sequences starting at positions
// off to off+31 of src (K4) to dst: every position's unit as if a sequence
// of the length K2 (2-byte) or K3 (3-byte) says started there, then
// VPCOMPRESSW. Clobbers Z1-Z5.
#define E6HALF(off) \
	SEQ_UNITS(VPANDD, VPORD, off, Z1, Z2, Z3, Z4, Z5, Z14, Z13); \
	VMOVDQU16 Z4, K2, Z1; \
	VMOVDQU16 Z5, K3, Z1; \
	VPCOMPRESSW Z1, K4, Z1; \
	VPSHUFB Z15, Z1, Z1;            /* byte order */ \
	VMOVDQU64 Z1, (DI)

// func utf8ToUTF16AVX512(dst, src []byte, be bool) (nDst, nSrc int)
//
// 64 bytes of src per step while src has 66 left (the e6 loop), then 32
// (the e5 loop). All ASCII: widen. Otherwise find the first position where
// the Go code must take over (p), give every position the unit a sequence
// starting there would give, and keep with VPCOMPRESSW the units at the
// sequence starts before p. The e6 loop classifies the 64 bytes with
// vector compares into mask registers (UTF8_CLASSIFY64); the e5 loop with
// UTF8_CLASSIFY.
TEXT ·utf8ToUTF16AVX512(SB), NOSPLIT, $0-72
	UTF16_PROLOGUE
	VINSERTI64X4 $1, Y15, Z15, Z15  // the byte-order shuffle for 64 bytes
	BCAST32(0x003F003F, X14, Z14)
	BCAST32(0x001F001F, X13, Z13)
	BCAST32(0xFEFEFEFE, X12, Y12)
	BCAST32(0xC0C0C0C0, X11, Z11)
	BCAST32(0xE0E0E0E0, X10, Z10)
	BCAST32(0xEDEDEDED, X9, Z9)
	BCAST32(0xC2C2C2C2, X6, Z20)
	BCAST32(0xF0F0F0F0, X6, Z21)
	BCAST32(0xA0A0A0A0, X6, Z22)

e6loop:
	LEAQ 66(SI), AX                 // bytes i+1 and i+2 of the 64 are loaded
	CMPQ AX, R8
	JA   e5loop
	LEAQ 128(DI), AX
	CMPQ AX, R9
	JA   e5loop
	VMOVDQU64 (SI), Z0
	VPMOVB2M Z0, K1                 // bytes that are not ASCII
	KORTESTQ K1, K1
	JNZ     e6mixed
	VPMOVZXBW Y0, Z1                // 64 ASCII bytes to units
	VEXTRACTI64X4 $1, Z0, Y2
	VPMOVZXBW Y2, Z2
	VPSHUFB Z15, Z1, Z1
	VPSHUFB Z15, Z2, Z2
	VMOVDQU64 Z1, (DI)
	VMOVDQU64 Z2, 64(DI)
	ADDQ    $64, SI
	ADDQ    $128, DI
	JMP     e6loop

e6mixed:
	// Byte classes as 64-bit masks, bit i for byte i.
	VPCMPB  $1, Z11, Z0, K1         // signed b < C0: 80-BF, continuations
	VPCMPUB $5, Z11, Z0, K2         // b >= C0
	VPCMPUB $5, Z20, Z0, K3         // b >= C2
	VPCMPUB $5, Z10, Z0, K4         // b >= E0
	VPCMPUB $5, Z21, Z0, K5         // b >= F0
	KMOVQ   K1, R13                 // continuations
	KMOVQ   K2, BX
	KMOVQ   K3, CX
	KMOVQ   K4, DX
	KMOVQ   K5, R12
	ANDNQ   CX, DX, AX              // C2-DF: 2-byte leads
	ANDNQ   DX, R12, DX             // E0-EF: 3-byte leads
	ANDNQ   BX, CX, BX              // C0, C1
	ORQ     R12, BX                 // BX: where the Go code must decide

	// Leads without their continuation bytes in the 64, and continuation
	// bytes no lead claims.
	MOVQ    R13, CX
	SHRQ    $1, CX                  // bit i: a continuation at i+1
	ANDNQ   AX, CX, R12
	ORQ     R12, BX
	MOVQ    R13, R12
	SHRQ    $2, R12
	ANDQ    CX, R12                 // continuations at i+1 and i+2
	ANDNQ   DX, R12, R12
	ORQ     R12, BX
	MOVQ    AX, CX
	ORQ     DX, CX
	SHLQ    $1, CX                  // claimed at i+1
	MOVQ    DX, R12
	SHLQ    $2, R12
	ORQ     R12, CX                 // and at i+2
	ANDNQ   R13, CX, CX
	ORQ     CX, BX

	// E0 then 80-9F (overlong), ED then A0-BF (surrogate): only where
	// there are 3-byte leads.
	TESTQ   DX, DX
	JZ      e6checked
	VPCMPUB $5, Z22, Z0, K1         // b >= A0
	VPCMPEQB Z10, Z0, K2            // E0
	VPCMPEQB Z9, Z0, K3             // ED
	KMOVQ   K1, R14
	SHRQ    $1, R14                 // bit i: byte i+1 >= A0
	KMOVQ   K2, CX
	ANDNQ   CX, R14, CX
	ORQ     CX, BX
	KMOVQ   K3, CX
	ANDQ    R14, CX
	ORQ     CX, BX

e6checked:
	// p: the step's length. Sequences starting before p end before it.
	// The step advances by q (STEP_GUESS), which equals p but before
	// invalid UTF-8.
	MOVL    $64, R14
	TESTQ   BX, BX
	JZ      e6units                 // a constant, off the dependency chain
	TZCNTQ  BX, R12                 // p
	STEP_GUESS(64, R14, CX)         // q
	CMPQ    R14, R12
	JNE     e6exact

e6units:
	MOVQ    $-1, CX
	BZHIQ   R14, CX, CX             // bits below p
	ANDNQ   CX, R13, CX             // the sequence starts before p
	KMOVQ   AX, K2                  // 2-byte leads
	KMOVQ   DX, K3                  // 3-byte leads
	KMOVQ   CX, K4
	E6HALF(0)
	MOVL    CX, AX
	POPCNTL AX, AX                  // units from positions 0-31
	LEAQ    (DI)(AX*2), DI
	KSHIFTRQ $32, K2, K2
	KSHIFTRQ $32, K3, K3
	KSHIFTRQ $32, K4, K4
	E6HALF(32)
	SHRQ    $32, CX
	POPCNTL CX, AX                  // from positions 32-63
	LEAQ    (DI)(AX*2), DI
	ADDQ    R14, SI
	JMP     e6loop

e6exact:
	TESTQ   R12, R12
	JZ      e5done
	MOVQ    R12, R14
	JMP     e6units

e5loop:
	LEAQ 34(SI), AX                 // bytes i, i+1 and i+2 are loaded
	CMPQ AX, R8
	JA   e5done
	LEAQ 64(DI), AX
	CMPQ AX, R9
	JA   e5done
	VMOVDQU (SI), Y0
	VPMOVMSKB Y0, AX                // m7: bit 7 of each byte
	TESTL   AX, AX
	JNZ     e5mixed
	VPMOVZXBW Y0, Z1                // 32 ASCII bytes to units
	VPSHUFB Z15, Z1, Z1
	VMOVDQU64 Z1, (DI)
	ADDQ    $32, SI
	ADDQ    $64, DI
	JMP     e5loop

e5mixed:
	UTF8_CLASSIFY

	// p = first bad position (32 if none); nothing to do at p = 0.
	TZCNTL  R12, AX                 // 32 when R12 = 0
	TESTL   AX, AX
	JZ      e5done

	// Units at every position, as if a sequence started there.
	VPMOVZXBW Y0, Z0                // b0
	VPMOVZXBW Y2, Z1                // b1
	VPMOVZXBW 2(SI), Z2             // b2
	VPANDD  Z14, Z1, Z1             // b1 & 3F
	VPANDD  Z14, Z2, Z2             // b2 & 3F
	VPANDD  Z13, Z0, Z3
	VPSLLW  $6, Z3, Z3
	VPORD   Z1, Z3, Z3              // 2-byte: (b0&1F)<<6 | b1&3F
	VPSLLW  $12, Z0, Z4             // 3-byte: (b0&0F)<<12 (the shift drops the rest)
	VPSLLW  $6, Z1, Z5
	VPTERNLOGD $0xFE, Z5, Z2, Z4    // | (b1&3F)<<6 | b2&3F
	KMOVD   R14, K1
	KMOVD   CX, K2
	VMOVDQU16 Z3, K1, Z0            // units at 2-byte leads
	VMOVDQU16 Z4, K2, Z0            // units at 3-byte leads

	// Keep the sequence starts (not continuations) before p.
	MOVL    $-1, BX
	BZHIL   AX, BX, BX              // bits below p
	ANDNL   BX, R13, BX             // minus continuations
	KMOVD   BX, K3
	POPCNTL BX, DX                  // units written
	VPCOMPRESSW Z0, K3, Z6
	VPSHUFB Z15, Z6, Z6             // byte order
	VMOVDQU64 Z6, (DI)
	ADDQ    AX, SI
	LEAQ    (DI)(DX*2), DI
	JMP     e5loop

e5done:
	UTF16_EPILOGUE
