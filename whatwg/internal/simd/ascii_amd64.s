//go:build amd64 && !purego

#include "textflag.h"

// ASCII kernels. A byte is ASCII when its top bit is clear, so one
// VPMOVMSKB (AVX2: the top bit of each of 32 bytes into a 32-bit mask) or
// VPMOVB2M (AVX-512BW: the same for 64 bytes into a mask register) tells
// whether a whole vector is ASCII, and the mask's trailing zero count is the
// length of its ASCII prefix. Loads are unaligned (VMOVDQU): the slices
// come from anywhere and unaligned loads cost nothing extra on the CPUs
// that have AVX2 unless they cross a cache line.
//
// No form reads or writes outside its slices: the AVX2 forms need at least
// one whole vector (len >= 32, checked by the Go dispatcher) and finish with
// a last vector that overlaps bytes already checked; the AVX-512 forms finish
// with a masked load/store, which touches only the bytes the mask selects
// (masked-off bytes cannot fault).

// func asciiAVX2(dst, src []byte) int
// Requires len(src) >= 32. With len(dst) == len(src) it copies the prefix
// (writing exactly dst[:ret]); with len(dst) == 0 it only measures it. (One
// function for both: the test of R8 before each store always branches the
// same way.)
TEXT ·asciiAVX2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	XORQ AX, AX

cloop128:
	LEAQ 128(AX), DX
	CMPQ DX, CX
	JA   cloop32
	VMOVDQU (SI)(AX*1), Y0
	VMOVDQU 32(SI)(AX*1), Y1
	VMOVDQU 64(SI)(AX*1), Y2
	VMOVDQU 96(SI)(AX*1), Y3
	VPOR    Y0, Y1, Y4
	VPOR    Y2, Y3, Y5
	VPOR    Y4, Y5, Y5
	VPMOVMSKB Y5, DX
	TESTL   DX, DX
	JNZ     cfound128
	// All ASCII: store the four vectors (stores only after the check,
	// so dst never receives bytes past the prefix).
	TESTQ R8, R8 // no dst: measure only
	JZ    nostore1
	VMOVDQU Y0, (DI)(AX*1)
	VMOVDQU Y1, 32(DI)(AX*1)
	VMOVDQU Y2, 64(DI)(AX*1)
	VMOVDQU Y3, 96(DI)(AX*1)
nostore1:
	ADDQ    $128, AX
	JMP     cloop128

cfound128:
	// Store the clean vectors before the first non-ASCII one; the
	// ASCII part of that one is copied at cfound.
	VPMOVMSKB Y0, DX
	TESTL   DX, DX
	JNZ     cfound
	TESTQ R8, R8 // no dst: measure only
	JZ    nostore2
	VMOVDQU Y0, (DI)(AX*1)
nostore2:
	ADDQ    $32, AX
	VPMOVMSKB Y1, DX
	TESTL   DX, DX
	JNZ     cfound
	TESTQ R8, R8 // no dst: measure only
	JZ    nostore3
	VMOVDQU Y1, (DI)(AX*1)
nostore3:
	ADDQ    $32, AX
	VPMOVMSKB Y2, DX
	TESTL   DX, DX
	JNZ     cfound
	TESTQ R8, R8 // no dst: measure only
	JZ    nostore4
	VMOVDQU Y2, (DI)(AX*1)
nostore4:
	ADDQ    $32, AX
	VPMOVMSKB Y3, DX
	JMP     cfound

cloop32:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JA   ctail
	VMOVDQU (SI)(AX*1), Y0
	VPMOVMSKB Y0, DX
	TESTL   DX, DX
	JNZ     cfound
	TESTQ R8, R8 // no dst: measure only
	JZ    nostore5
	VMOVDQU Y0, (DI)(AX*1)
nostore5:
	ADDQ    $32, AX
	JMP     cloop32

ctail:
	// As in asciiPrefixAVX2: check the last 32 bytes, which overlap the
	// checked prefix.
	CMPQ AX, CX
	JEQ  cdone
	LEAQ -32(CX), AX
	VMOVDQU (SI)(AX*1), Y0
	VPMOVMSKB Y0, DX
	TESTL   DX, DX
	JNZ     cfound
	TESTQ R8, R8 // no dst: measure only
	JZ    nostore6
	VMOVDQU Y0, (DI)(AX*1)
nostore6:
	MOVQ    CX, AX
	JMP     cdone

cfound:
	// The prefix ends at AX+tz(DX). Every byte of src before it is
	// ASCII, so rewriting already-copied bytes is harmless: copy the 32
	// bytes that end at the prefix's end when there are that many, and
	// otherwise (the first vector) the prefix with at most two
	// overlapping moves of 16, 8, 4, 2 or 1 bytes.
	TZCNTL DX, DX
	ADDQ   DX, AX
	TESTQ  R8, R8 // no dst: measure only
	JZ     cdone
	CMPQ   AX, $32
	JB     csmall
	VMOVDQU -32(SI)(AX*1), Y0
	VMOVDQU Y0, -32(DI)(AX*1)
	JMP    cdone

csmall:
	CMPQ AX, $16
	JB   c8
	VMOVDQU (SI), X0
	VMOVDQU -16(SI)(AX*1), X1
	VMOVDQU X0, (DI)
	VMOVDQU X1, -16(DI)(AX*1)
	JMP  cdone
c8:
	CMPQ AX, $8
	JB   c4
	MOVQ (SI), R8
	MOVQ -8(SI)(AX*1), R9
	MOVQ R8, (DI)
	MOVQ R9, -8(DI)(AX*1)
	JMP  cdone
c4:
	CMPQ AX, $4
	JB   c2
	MOVL (SI), R8
	MOVL -4(SI)(AX*1), R9
	MOVL R8, (DI)
	MOVL R9, -4(DI)(AX*1)
	JMP  cdone
c2:
	CMPQ AX, $2
	JB   c1
	MOVW (SI), R8
	MOVW -2(SI)(AX*1), R9
	MOVW R8, (DI)
	MOVW R9, -2(DI)(AX*1)
	JMP  cdone
c1:
	TESTQ AX, AX
	JZ    cdone
	MOVB  (SI), R8
	MOVB  R8, (DI)

cdone:
	VZEROUPPER
	MOVQ AX, ret+48(FP)
	RET

// func asciiAVX512(dst, src []byte) int
// Any length. With len(dst) == len(src) it copies the prefix (writing
// exactly dst[:ret]); with len(dst) == 0 it only measures it.
TEXT ·asciiAVX512(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	XORQ AX, AX

zcloop256:
	LEAQ 256(AX), DX
	CMPQ DX, CX
	JA   zcloop64
	VMOVDQU64 (SI)(AX*1), Z0
	VMOVDQU64 64(SI)(AX*1), Z1
	VMOVDQU64 128(SI)(AX*1), Z2
	VMOVDQU64 192(SI)(AX*1), Z3
	VPORQ   Z0, Z1, Z4
	VPORQ   Z2, Z3, Z5
	VPORQ   Z4, Z5, Z5
	VPMOVB2M Z5, K1
	KORTESTQ K1, K1
	JNZ     zcfound256
	TESTQ R8, R8 // no dst: measure only
	JZ    nostore9
	VMOVDQU64 Z0, (DI)(AX*1)
	VMOVDQU64 Z1, 64(DI)(AX*1)
	VMOVDQU64 Z2, 128(DI)(AX*1)
	VMOVDQU64 Z3, 192(DI)(AX*1)
nostore9:
	ADDQ    $256, AX
	JMP     zcloop256

zcfound256:
	// Store the clean vectors, then the ASCII part of the first
	// non-ASCII one at zcfound.
	VPMOVB2M Z0, K1
	KORTESTQ K1, K1
	JNZ     zcfound
	TESTQ R8, R8 // no dst: measure only
	JZ    nostore10
	VMOVDQU64 Z0, (DI)(AX*1)
nostore10:
	ADDQ    $64, AX
	VMOVDQU64 Z1, Z0
	VPMOVB2M Z0, K1
	KORTESTQ K1, K1
	JNZ     zcfound
	TESTQ R8, R8 // no dst: measure only
	JZ    nostore11
	VMOVDQU64 Z0, (DI)(AX*1)
nostore11:
	ADDQ    $64, AX
	VMOVDQU64 Z2, Z0
	VPMOVB2M Z0, K1
	KORTESTQ K1, K1
	JNZ     zcfound
	TESTQ R8, R8 // no dst: measure only
	JZ    nostore12
	VMOVDQU64 Z0, (DI)(AX*1)
nostore12:
	ADDQ    $64, AX
	VMOVDQU64 Z3, Z0
	VPMOVB2M Z0, K1
	JMP     zcfound

zcloop64:
	LEAQ 64(AX), DX
	CMPQ DX, CX
	JA   zctail
	VMOVDQU64 (SI)(AX*1), Z0
	VPMOVB2M Z0, K1
	KORTESTQ K1, K1
	JNZ     zcfound
	TESTQ R8, R8 // no dst: measure only
	JZ    nostore13
	VMOVDQU64 Z0, (DI)(AX*1)
nostore13:
	ADDQ    $64, AX
	JMP     zcloop64

zctail:
	// 0–63 bytes left: masked load of exactly those bytes.
	MOVQ CX, R10
	SUBQ AX, R10
	JZ   zcdone
	MOVQ $-1, R9
	BZHIQ R10, R9, R9
	KMOVQ R9, K2
	VMOVDQU8.Z (SI)(AX*1), K2, Z0
	VPMOVB2M Z0, K1
	KORTESTQ K1, K1
	JNZ  zcfound
	TESTQ R8, R8 // no dst: measure only
	JZ    nostore14
	VMOVDQU8 Z0, K2, (DI)(AX*1) // masked store: only the R10 bytes
nostore14:
	MOVQ CX, AX
	JMP  zcdone

zcfound:
	// Z0 holds the vector at AX, K1 its non-ASCII bytes: store the
	// bytes below the first one with a masked store (mask = the low
	// tz(K1) bits), then return AX+tz.
	KMOVQ  K1, DX
	TZCNTQ DX, DX
	MOVQ   $-1, R9
	BZHIQ  DX, R9, R9
	KMOVQ  R9, K2
	TESTQ R8, R8 // no dst: measure only
	JZ    nostore15
	VMOVDQU8 Z0, K2, (DI)(AX*1)
nostore15:
	ADDQ   DX, AX

zcdone:
	VZEROUPPER
	MOVQ AX, ret+48(FP)
	RET
