//go:build amd64 && !purego

#include "textflag.h"

// Double-byte decoding (DecodeDBCS). CJK text mixes pairs with ASCII
// (spaces between Korean words, punctuation, markup), so a loop that
// branches on the kind of each character mispredicts often; here the
// character step has no branch but the one that leaves the loop: a
// conditional move picks a byte's own value or its pair's table word, a
// flag from the same compare picks the length consumed (1 or 2), and the
// word's length comes from its highest set bit.
//
// 32-byte vectors find the blocks that are all ASCII (01–7F: a byte b is
// not when b or b−1 has its top bit set), which are copied as they are.
// A block with another byte is copied too (its ASCII prefix stands), and
// characters are then decoded one at a time from the first other byte up
// to the block's end. A block starts only with 33 bytes of src and 74 of
// dst left, so that every character in it finds the two bytes of src and
// eight of dst that DecodeDBCS's byte-at-a-time definition asks, without
// a test; the last bytes go through the same step with the tests.

// DBCSCHAR decodes one character at src[BX] to dst[AX], or jumps to stop
// without writing or consuming anything when it is NUL or no mapped pair.
// R10 row, R11 col, R12 words, R13 len(words); clobbers CX, DX, R14.
// p = row[b] + col[t]; SBBL makes R14 all ones when p < len(words), which
// selects p (else 0, in range) and words[p] (else 0); CMOVLCS picks b for
// an ASCII b, and SETCS makes CX 1 for it (0 for a pair), which BX
// subtracts from its 2; BSRL's highest set bit gives the word's length.
#define DBCSCHAR(stop) \
	MOVBLZX (SI)(BX*1), CX \
	MOVBLZX 1(SI)(BX*1), DX \
	MOVWLZX (R11)(DX*2), DX \
	MOVWLZX (R10)(CX*2), R14 \
	ADDL    R14, DX \
	CMPL    DX, R13 \
	SBBL    R14, R14 \
	ANDL    R14, DX \
	ANDL    (R12)(DX*4), R14 \
	CMPL    CX, $0x80 \
	CMOVLCS CX, R14 \
	SETCS   CL \
	TESTL   R14, R14 \
	JZ      stop \
	MOVL    R14, (DI)(AX*1) \
	BSRL    R14, DX \
	ADDL    $8, DX \
	SHRL    $3, DX \
	ADDQ    DX, AX \
	ADDQ    $2, BX \
	SUBQ    CX, BX

// func decodeDBCSAVX2(dst, src []byte, row, col *[256]uint16, words []uint32) (nDst, nSrc int)
TEXT ·decodeDBCSAVX2(SB), NOSPLIT, $0-104
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R8
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R9
	MOVQ row+48(FP), R10
	MOVQ col+56(FP), R11
	MOVQ words_base+64(FP), R12
	MOVQ words_len+72(FP), R13
	XORQ AX, AX
	XORQ BX, BX
	VPCMPEQB Y15, Y15, Y15 // −1 in every byte

block:
	MOVQ R9, CX
	SUBQ BX, CX
	CMPQ CX, $33
	JLT  tail
	MOVQ R8, DX
	SUBQ AX, DX
	CMPQ DX, $74
	JLT  tail
	VMOVDQU   (SI)(BX*1), Y0
	VPADDB    Y15, Y0, Y1
	VPOR      Y0, Y1, Y1
	VPMOVMSKB Y1, CX
	VMOVDQU   Y0, (DI)(AX*1)
	TESTL     CX, CX
	JNZ       mixed
	ADDQ      $32, AX
	ADDQ      $32, BX
	JMP       block

mixed:
	TZCNTL CX, CX
	LEAQ   32(BX), R15 // the block's end
	ADDQ   CX, AX
	ADDQ   CX, BX

chars:
	DBCSCHAR(done)
	CMPQ BX, R15
	JLT  chars
	JMP  block

tail:
	MOVQ R9, CX
	SUBQ BX, CX
	CMPQ CX, $2
	JLT  done
	MOVQ R8, DX
	SUBQ AX, DX
	CMPQ DX, $8
	JLT  done
	DBCSCHAR(done)
	JMP  tail

done:
	VZEROUPPER
	MOVQ AX, nDst+88(FP)
	MOVQ BX, nSrc+96(FP)
	RET
