//go:build amd64 && !purego

#include "textflag.h"

// Double-byte decoding (DecodeDBCS). A decoder's position depends on
// the bytes it read (one for ASCII, two for a pair), so a loop that
// branches on each character's kind mispredicts in text that mixes pairs
// with ASCII (spaces between Korean words, punctuation, markup), and one
// that computes the step from the byte waits on the load of that byte at
// every character. Here vectors find where the characters start first.
//
// A block of 32 bytes starts at a character. Its bytes of 80 or more (H)
// come in runs; up to the first unmapped pair, the characters are
// ASCII bytes and pairs, so in each run the bytes at an even distance from
// its start lead a pair and the byte after each leading byte is its
// trailing byte, whatever its value (an odd run ends with a leading byte
// whose trailing byte is ASCII). Adding the even-placed run starts to H
// clears the runs that start at an even position (the carry runs to the
// byte after the run, which is not in H), which separates runs that start
// at even and odd positions: leads L = (even runs ∧ even bits) ∨ (odd runs
// ∧ odd bits), trails L<<1, and character starts S = L ∨ ¬(H ∨ L<<1).
//
// The loop over S (TZCNT, BLSR) then decodes each character with no
// branch but the one that leaves it: a conditional move picks an ASCII
// byte's own value or its pair's table word, and the word's length comes
// from its highest set bit. Its steps depend on each other only through
// the dst pointer. A block with no NUL (and 64 bytes of src and 96 of dst
// left) loops over its leading bytes L instead: the ASCII bytes before
// each pair go with one 32-byte copy, so only the pairs cost a step each.
// There the output of the byte at k in the block is at R13 + k, R13
// moving by the length of each pair's word less 2: no step computes the
// gap before its pair.
// A pair that leads at bit 31 takes the first byte of the next block,
// which starts after it. A block whose bytes are all 01–7F (a
// byte b is not when b or b−1 has its top bit set) is copied as it is,
// and a block's ASCII prefix the same way.
//
// A pair's word is one load from the pairs table, at (lead<<8 | trail)
// less 0x8000 (every lead is 0x80 or more): no row, col or bound to test.
//
// A block starts only with 33 bytes of src and 74 of dst left, so that
// every character in it finds the two bytes of src and eight of dst that
// DecodeDBCS's byte-at-a-time definition asks, without a test; the last
// bytes go a character at a time with the tests. Away from the end (65
// bytes of src and 96 of dst left: room for the leading-byte loop) a
// block tests the room once, not again before that loop, and 64 bytes of
// ASCII (markup) go as one step.

// dbcsPack3 packs the three bytes of each of four dwords in a lane into
// its first twelve bytes.
DATA dbcsPack3<>+0(SB)/8, $0x0908060504020100
DATA dbcsPack3<>+8(SB)/8, $0x808080800e0d0c0a
DATA dbcsPack3<>+16(SB)/8, $0x0908060504020100
DATA dbcsPack3<>+24(SB)/8, $0x808080800e0d0c0a
GLOBL dbcsPack3<>(SB), RODATA|NOPTR, $32

// DBCSWORD leaves in R14 the output word of the character whose first
// byte is in CX and second in DX: b itself for an ASCII b (CX < 0x80),
// else pairs[(b−0x80)<<8 | t]. R12 pairs. The index is masked so that it
// stays in the table whatever b is (an ASCII b's word is not used).
#define DBCSWORD \
	MOVL    CX, R14 \
	SHLL    $8, R14 \
	ORL     DX, R14 \
	ANDL    $0x7FFF, R14 \
	MOVL    (R12)(R14*4), R14 \
	CMPL    CX, $0x80 \
	CMOVLCS CX, R14

// DBCSPAIRWORD leaves in AX the output word of the pair whose leading
// byte (80 or more) is at (SI)(BX*1), the trailing byte after it: one
// 16-bit load, its bytes swapped into lead<<8 | trail, less 0x8000 (by
// the displacement). Clobbers CX.
#define DBCSPAIRWORD \
	MOVWLZX (SI)(BX*1), CX \
	ROLW    $8, CX \
	MOVL    -0x20000(R12)(CX*4), AX

// DBCSPUT stores the word R14 at DI and advances DI by its length: the
// bytes up to its highest set one. Clobbers DX.
#define DBCSPUT \
	MOVL R14, (DI) \
	BSRL R14, DX \
	ADDL $8, DX \
	SHRL $3, DX \
	ADDQ DX, DI

// DBCSPAIRS, at label pairs, decodes a block of sixteen pairs and no NUL
// by gathers: each pair's index (lead−0x80)<<8 | trail from its 16 bits
// (shifted left by 9 and right by 1, the lead's top bit drops), zero-
// extended to dwords, gathers its word; when every word is three bytes
// long (bits 22–31 are 10 then zeros) one shuffle packs them; otherwise it
// goes to chooseChars.
#define DBCSPAIRS \
pairs: \
	VPCMPEQB     Y14, Y0, Y2 \
	VPMOVMSKB    Y2, DX \
	TESTL        DX, DX \
	JNZ          chooseChars \
	VPSLLW       $9, Y0, Y1 \
	VPSRLW       $1, Y1, Y1 \
	VPSRLW       $8, Y0, Y2 \
	VPOR         Y2, Y1, Y1 \
	VEXTRACTI128 $1, Y1, X3 \
	VPMOVZXWD    X1, Y4 \
	VPMOVZXWD    X3, Y5 \
	VMOVDQU      Y15, Y8 \
	VPXOR        Y11, Y11, Y11 \
	VPGATHERDD   Y8, (R12)(Y4*4), Y11 \
	VMOVDQU      Y15, Y8 \
	VPXOR        Y12, Y12, Y12 \
	VPGATHERDD   Y8, (R12)(Y5*4), Y12 \
	VPSRLD       $31, Y15, Y3 \
	VPADDD       Y3, Y3, Y3 \
	VPSRLD       $22, Y11, Y9 \
	VPSRLD       $22, Y12, Y10 \
	VPCMPEQD     Y3, Y9, Y9 \
	VPCMPEQD     Y3, Y10, Y10 \
	VPAND        Y9, Y10, Y9 \
	VPMOVMSKB    Y9, DX \
	CMPL         DX, $-1 \
	JNE          chooseChars \
	VMOVDQU      dbcsPack3<>(SB), Y3 \
	VPSHUFB      Y3, Y11, Y11 \
	VPSHUFB      Y3, Y12, Y12 \
	VMOVDQU      X11, (DI) \
	VEXTRACTI128 $1, Y11, 12(DI) \
	VMOVDQU      X12, 24(DI) \
	VEXTRACTI128 $1, Y12, 36(DI) \
	ADDQ         $48, DI \
	ADDQ         $32, SI \
	JMP          block

// func decodeDBCSAVX2(dst, src []byte, pairs *DBCSPairs) (nDst, nSrc int)
// DBCSSETUP loads the arguments: DI, R8 dst and its end, SI, R9 src and
// its end, R12 pairs, R10 23 (a pair's word shifted right by it is its
// length less 2), Y15 all ones, Y14 zero.
#define DBCSSETUP \
	MOVQ dst_base+0(FP), DI \
	MOVQ dst_len+8(FP), R8 \
	ADDQ DI, R8 \
	MOVQ src_base+24(FP), SI \
	MOVQ src_len+32(FP), R9 \
	ADDQ SI, R9 \
	MOVQ pairs+48(FP), R12 \
	MOVL $23, R10 \
	VPCMPEQB Y15, Y15, Y15 \
	VPXOR    Y14, Y14, Y14

// DBCSBODY is the kernel's loop (see above) after its set-up: blocks,
// the character loops and the tail. A block of sixteen pairs goes to
// DBCSPAIRS, any other block with bytes other than ASCII to chooseChars,
// with the leading bytes L in R14, the high bytes H in BX and the NUL or
// high bytes in CX, and its ASCII prefix already stored. The character
// loops decode up to the block's last NUL or high byte only: the ASCII
// after it starts the next block.
// DBCSLEADS leaves in BX the high bytes H of the block in Y0 and in R14
// its leading bytes L (see above). Clobbers DX.
#define DBCSLEADS \
	VPMOVMSKB Y0, BX \
	MOVL      BX, DX \
	SHLL      $1, DX \
	ANDNL     BX, DX, DX \
	ANDL      $0x55555555, DX \
	ADDQ      BX, DX \
	ANDQ      BX, DX \
	ANDNL     BX, DX, R14 \
	ANDL      $0xAAAAAAAA, DX \
	ANDL      $0x55555555, R14 \
	ORL       DX, R14

#define DBCSBODY \
block: \
	MOVQ R9, CX \
	SUBQ SI, CX \
	CMPQ CX, $65 \
	JLT  blockNear \
	MOVQ R8, DX \
	SUBQ DI, DX \
	CMPQ DX, $96 \
	JLT  blockNear \
	VMOVDQU   (SI), Y0 \
	VMOVDQU   32(SI), Y2 \
	VPADDB    Y15, Y0, Y1 \
	VPADDB    Y15, Y2, Y3 \
	VPOR      Y0, Y1, Y1 \
	VPOR      Y2, Y3, Y3 \
	VMOVDQU   Y0, (DI) \
	VPOR      Y1, Y3, Y3 \
	VPMOVMSKB Y3, CX \
	TESTL     CX, CX \
	JNZ       firstHalf \
	VMOVDQU   Y2, 32(DI) \
	ADDQ      $64, DI \
	ADDQ      $64, SI \
	JMP       block \
firstHalf: \
	VPMOVMSKB Y1, CX \
	TESTL     CX, CX \
	JNZ       mixedRoom \
	ADDQ      $32, DI \
	ADDQ      $32, SI \
	JMP       block \
mixedRoom: \
	DBCSLEADS \
	CMPL      R14, $0x55555555 \
	JEQ       pairs \
	CMPL      CX, BX \
	JEQ       leads \
	JMP       charsAll \
blockNear: \
	CMPQ CX, $33 \
	JLT  tail \
	MOVQ R8, DX \
	SUBQ DI, DX \
	CMPQ DX, $74 \
	JLT  tail \
	VMOVDQU   (SI), Y0 \
	VPADDB    Y15, Y0, Y1 \
	VPOR      Y0, Y1, Y1 \
	VPMOVMSKB Y1, CX \
	VMOVDQU   Y0, (DI) \
	TESTL     CX, CX \
	JNZ       mixed \
	ADDQ      $32, DI \
	ADDQ      $32, SI \
	JMP       block \
mixed: \
	DBCSLEADS \
	CMPL      R14, $0x55555555 \
	JEQ       pairs \
chooseChars: \
	CMPL      CX, BX \
	JNE       charsAll \
	MOVQ      R9, AX \
	SUBQ      SI, AX \
	CMPQ      AX, $64 \
	JLT       charsAll \
	MOVQ      R8, AX \
	SUBQ      DI, AX \
	CMPQ      AX, $96 \
	JGE       leads \
charsAll: \
	LEAL      (R14)(R14*1), R15 \
	ORL       R15, BX \
	NOTL      BX \
	ORL       R14, BX \
	BSRL      CX, R14 \
	MOVL      $2, DX \
	SHLXQ     R14, DX, DX \
	DECQ      DX \
	ANDQ      DX, BX \
	TZCNTL    CX, CX \
	MOVL      $-1, DX \
	SHLXL     CX, DX, DX \
	ANDL      BX, DX \
	MOVL      DX, R15 \
	ADDQ      CX, DI \
chars: \
	TZCNTL R15, BX \
	MOVBLZX (SI)(BX*1), CX \
	MOVBLZX 1(SI)(BX*1), DX \
	DBCSWORD \
	TESTL  R14, R14 \
	JZ     stopped \
	DBCSPUT \
	BLSRL  R15, R15 \
	JNZ    chars \
	SHRL $7, CX \
	LEAQ 1(SI)(BX*1), SI \
	ADDQ CX, SI \
	JMP  block \
stopped: \
	ADDQ BX, SI \
	JMP  done \
leads: \
	XORL R15, R15 \
	MOVQ DI, R13 \
lead: \
	TZCNTL  R14, BX \
	VMOVDQU (SI)(R15*1), Y1 \
	VMOVDQU Y1, (R13)(R15*1) \
	DBCSPAIRWORD \
	TESTL   AX, AX \
	JZ      leadStopped \
	MOVL    AX, (R13)(BX*1) \
	SHRXL   R10, AX, DX \
	ADDQ    DX, R13 \
	LEAL    2(BX), R15 \
	BLSRL   R14, R14 \
	JNZ     lead \
	LEAQ (R13)(R15*1), DI \
	ADDQ R15, SI \
	JMP  block \
leadStopped: \
	LEAQ (R13)(BX*1), DI \
	ADDQ BX, SI \
	JMP  done \
tail: \
	MOVQ R9, CX \
	SUBQ SI, CX \
	CMPQ CX, $2 \
	JLT  done \
	MOVQ R8, DX \
	SUBQ DI, DX \
	CMPQ DX, $8 \
	JLT  done \
	MOVBLZX (SI), CX \
	MOVBLZX 1(SI), DX \
	DBCSWORD \
	TESTL   R14, R14 \
	JZ      done \
	DBCSPUT \
	SHRL    $7, CX \
	LEAQ    1(SI)(CX*1), SI \
	JMP     tail \
done: \
	VZEROUPPER \
	SUBQ dst_base+0(FP), DI \
	SUBQ src_base+24(FP), SI \
	MOVQ DI, nDst+56(FP) \
	MOVQ SI, nSrc+64(FP) \
	RET

TEXT ·decodeDBCSAVX2(SB), NOSPLIT, $0-72
	DBCSSETUP
	DBCSBODY

	DBCSPAIRS
