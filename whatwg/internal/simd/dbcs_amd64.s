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
// A pair that leads at bit 31 takes the first byte of the next block,
// which starts after it. A block whose bytes are all 01–7F (a
// byte b is not when b or b−1 has its top bit set) is copied as it is,
// and a block's ASCII prefix the same way.
//
// A block starts only with 33 bytes of src and 74 of dst left, so that
// every character in it finds the two bytes of src and eight of dst that
// DecodeDBCS's byte-at-a-time definition asks, without a test; the last
// bytes go a character at a time with the tests.

// dbcsPack3 packs the three bytes of each of four dwords in a lane into
// its first twelve bytes.
DATA dbcsPack3<>+0(SB)/8, $0x0908060504020100
DATA dbcsPack3<>+8(SB)/8, $0x808080800e0d0c0a
DATA dbcsPack3<>+16(SB)/8, $0x0908060504020100
DATA dbcsPack3<>+24(SB)/8, $0x808080800e0d0c0a
GLOBL dbcsPack3<>(SB), RODATA|NOPTR, $32

// DBCSGATHER16 gathers into dst the dwords that end with the uint16
// entries of table at the eight indexes in idx (each 1 or more), so that
// the entries are their high halves. Clobbers Y8 (the gather's mask).
#define DBCSGATHER16(table, idx, dst) \
	VMOVDQU    Y15, Y8 \
	VPXOR      dst, dst, dst \
	VPGATHERDD Y8, -2(table)(idx*2), dst

// DBCSWORD leaves in R14 the output word of the character whose first
// byte is in CX and second in DX: b itself for an ASCII b (CX < 0x80),
// else words[row[b] + col[t]], or 0 for a pointer past len(words). R10
// row, R11 col, R12 words, R13 len(words); clobbers DX.
// SBBL makes R14 all ones when the pointer is below len(words), which
// selects it (else 0, in range) and its word (else 0).
#define DBCSWORD \
	MOVWLZX (R11)(DX*2), DX \
	MOVWLZX (R10)(CX*2), R14 \
	ADDL    R14, DX \
	CMPL    DX, R13 \
	SBBL    R14, R14 \
	ANDL    R14, DX \
	ANDL    (R12)(DX*4), R14 \
	CMPL    CX, $0x80 \
	CMOVLCS CX, R14

// DBCSPAIRWORD leaves in AX the output word of the pair whose leading
// byte (80 or more) is in CX and trailing byte in DX, words[row[b] +
// col[t]], or jumps to stop for a pointer past len(words) (a branch that
// text never takes). Registers as DBCSWORD.
#define DBCSPAIRWORD(stop) \
	MOVWLZX (R11)(DX*2), DX \
	MOVWLZX (R10)(CX*2), AX \
	ADDL    AX, DX \
	CMPL    DX, R13 \
	JAE     stop \
	MOVL    (R12)(DX*4), AX

// DBCSPUT stores the word R14 at DI and advances DI by its length: the
// bytes up to its highest set one. Clobbers DX.
#define DBCSPUT \
	MOVL R14, (DI) \
	BSRL R14, DX \
	ADDL $8, DX \
	SHRL $3, DX \
	ADDQ DX, DI

// DBCSPAIRS, at label pairs, decodes a block of sixteen pairs and no NUL
// by gathers: rows and cols are gathered as the high half of the dword
// that ends with them (every byte here is 01 or more, so it starts in the
// table), a lane whose pointer is past len(words) gathers nothing and
// keeps its 0, and when every word is three bytes long (bits 22–31 are 10
// then zeros) one shuffle packs them; otherwise it goes to chooseChars.
#define DBCSPAIRS \
pairs: \
	VPCMPEQB     Y14, Y0, Y2 \
	VPMOVMSKB    Y2, DX \
	TESTL        DX, DX \
	JNZ          chooseChars \
	VPSRLW       $8, Y0, Y2 \
	VPSLLW       $8, Y0, Y1 \
	VPSRLW       $8, Y1, Y1 \
	VEXTRACTI128 $1, Y1, X3 \
	VPMOVZXWD    X1, Y4 \
	VPMOVZXWD    X3, Y5 \
	VEXTRACTI128 $1, Y2, X3 \
	VPMOVZXWD    X2, Y6 \
	VPMOVZXWD    X3, Y7 \
	DBCSGATHER16(R10, Y4, Y9) \
	DBCSGATHER16(R10, Y5, Y10) \
	DBCSGATHER16(R11, Y6, Y11) \
	DBCSGATHER16(R11, Y7, Y12) \
	VPSRLD       $16, Y9, Y9 \
	VPSRLD       $16, Y10, Y10 \
	VPSRLD       $16, Y11, Y11 \
	VPSRLD       $16, Y12, Y12 \
	VPADDD       Y11, Y9, Y9 \
	VPADDD       Y12, Y10, Y10 \
	VPCMPGTD     Y9, Y13, Y8 \
	VPXOR        Y11, Y11, Y11 \
	VPGATHERDD   Y8, (R12)(Y9*4), Y11 \
	VPCMPGTD     Y10, Y13, Y8 \
	VPXOR        Y12, Y12, Y12 \
	VPGATHERDD   Y8, (R12)(Y10*4), Y12 \
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

// func decodeDBCSAVX2(dst, src []byte, row, col *[256]uint16, words []uint32) (nDst, nSrc int)
// DBCSSETUP loads the arguments: DI, R8 dst and its end, SI, R9 src and
// its end, R10 row, R11 col, R12 words, R13 len(words), Y15 all ones,
// Y14 zero, Y13 len(words) in every dword.
#define DBCSSETUP \
	MOVQ dst_base+0(FP), DI \
	MOVQ dst_len+8(FP), R8 \
	ADDQ DI, R8 \
	MOVQ src_base+24(FP), SI \
	MOVQ src_len+32(FP), R9 \
	ADDQ SI, R9 \
	MOVQ row+48(FP), R10 \
	MOVQ col+56(FP), R11 \
	MOVQ words_base+64(FP), R12 \
	MOVQ words_len+72(FP), R13 \
	VPCMPEQB Y15, Y15, Y15 \
	VPXOR    Y14, Y14, Y14 \
	MOVQ     R13, X13 \
	VPBROADCASTD X13, Y13

// DBCSBODY is the kernels' loop (see above) after their set-up: blocks,
// the character loop and the tail. At a block with other bytes than
// ASCII, with the leading bytes L in R14, the high bytes H in BX and the
// NUL or high bytes in CX, it runs "CMPL R14, $0x55555555; jump target",
// where a form may take the block (and return to block) or go on to
// chooseChars with those registers as they were. The ASCII prefix of such
// a block is already stored. The chars loop decodes up to the block's last
// NUL or high byte only: the ASCII after it starts the next block.
#define DBCSBODY(jump, target) \
block: \
	MOVQ R9, CX \
	SUBQ SI, CX \
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
	ORL       DX, R14 \
	CMPL      R14, $0x55555555 \
	jump      target \
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
lead: \
	TZCNTL  R14, BX \
	VMOVDQU (SI)(R15*1), Y1 \
	VMOVDQU Y1, (DI) \
	MOVL    BX, DX \
	SUBL    R15, DX \
	ADDQ    DX, DI \
	MOVBLZX (SI)(BX*1), CX \
	MOVBLZX 1(SI)(BX*1), DX \
	DBCSPAIRWORD(stopped) \
	TESTL   AX, AX \
	JZ      stopped \
	MOVL    AX, (DI) \
	BSRL    AX, DX \
	ADDL    $8, DX \
	SHRL    $3, DX \
	ADDQ    DX, DI \
	LEAL    2(BX), R15 \
	BLSRL   R14, R14 \
	JNZ     lead \
	ADDQ R15, SI \
	JMP  block \
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
	MOVQ DI, nDst+88(FP) \
	MOVQ SI, nSrc+96(FP) \
	RET

TEXT ·decodeDBCSAVX2(SB), NOSPLIT, $0-104
	DBCSSETUP
	DBCSBODY(JEQ, pairs)

	DBCSPAIRS

#define DBCSVECMIN 10

// func decodeDBCSAVX512(dst, src []byte, row, col *[256]uint16, words []uint32) (nDst, nSrc int)
//
// decodeDBCSAVX2 whose blocks with other bytes than ASCII are decoded in
// registers: the first and second bytes of the block's characters are
// compressed into character order (VPCOMPRESSB by the start mask S), row
// and col are looked up for all 32 characters at once (VPERMI2W over the
// tables held in Z16–Z27: rows of 80–FF, cols of 00–FF, 64 entries per
// lookup), the words gathered for the pairs, ASCII bytes put in the other
// lanes, and the bytes of the 32 dwords compressed into dst (UTF-8 bytes
// are never 0). A block with NUL, an unmapped pair or less than 128 bytes
// of dst goes to the character loop. It keeps Y13–Y15 for DBCSPAIRS.
TEXT ·decodeDBCSAVX512(SB), NOSPLIT, $0-104
	DBCSSETUP
	VMOVDQU64 256(R10), Z16 // row[80–9F]
	VMOVDQU64 320(R10), Z17
	VMOVDQU64 384(R10), Z18
	VMOVDQU64 448(R10), Z19
	VMOVDQU64 0(R11), Z20 // col[00–1F]
	VMOVDQU64 64(R11), Z21
	VMOVDQU64 128(R11), Z22
	VMOVDQU64 192(R11), Z23
	VMOVDQU64 256(R11), Z24
	VMOVDQU64 320(R11), Z25
	VMOVDQU64 384(R11), Z26
	VMOVDQU64 448(R11), Z27
	MOVL         $0x40, AX
	VPBROADCASTW AX, Z28
	MOVL         $0x80, AX
	VPBROADCASTW AX, Z29
	VPBROADCASTW R13, Z30 // len(words), at most 0xFFFF
	DBCSBODY(JMP, vector)

vector:
	// Sixteen pairs of three-byte forms (Chinese and Japanese text) go
	// faster through ymm gathers; blocks with few pairs through the
	// character loop.
	CMPL    R14, $0x55555555
	JEQ     pairs
	POPCNTL R14, AX
	CMPL    AX, $DBCSVECMIN
	JLT     chooseChars
	MOVQ R8, AX
	SUBQ DI, AX
	CMPQ AX, $128
	JLT  chooseChars
	// S, the character starts, and their number.
	LEAL    (R14)(R14*1), R15
	ORL     BX, R15
	NOTL    R15
	ORL     R14, R15
	POPCNTL R15, DX
	KMOVD   R15, K1
	VMOVDQU 1(SI), Y1
	VPCOMPRESSB.Z Y0, K1, Y2 // first bytes, in character order
	VPCOMPRESSB.Z Y1, K1, Y3 // second bytes
	VPMOVZXBW Y2, Z2
	VPMOVZXBW Y3, Z3
	// row[b] for b in 80–FF.
	VMOVDQA64 Z2, Z4
	VPERMI2W  Z17, Z16, Z4
	VMOVDQA64 Z2, Z5
	VPERMI2W  Z19, Z18, Z5
	VPTESTMW  Z28, Z2, K2
	VPBLENDMW Z5, Z4, K2, Z4
	// col[t].
	VMOVDQA64 Z3, Z6
	VPERMI2W  Z21, Z20, Z6
	VMOVDQA64 Z3, Z7
	VPERMI2W  Z23, Z22, Z7
	VMOVDQA64 Z3, Z8
	VPERMI2W  Z25, Z24, Z8
	VMOVDQA64 Z3, Z9
	VPERMI2W  Z27, Z26, Z9
	VPTESTMW  Z28, Z3, K2
	VPBLENDMW Z7, Z6, K2, Z6
	VPBLENDMW Z9, Z8, K2, Z8
	VPTESTMW  Z29, Z3, K2
	VPBLENDMW Z8, Z6, K2, Z6
	VPADDUSW  Z6, Z4, Z4 // pointers (saturated: past any index)
	// K6: the lanes of characters; K5: those of pairs; K7: the pairs
	// with a pointer below len(words). No NUL, and every pair mapped.
	MOVL      $-1, AX
	BZHIL     DX, AX, AX
	KMOVD     AX, K6
	VPTESTMW  Z29, Z2, K6, K5
	VPTESTNMW Z2, Z2, K6, K3
	KORTESTD  K3, K3
	JNZ       chooseChars
	VPCMPUW   $1, Z30, Z4, K5, K7
	KXORD     K5, K7, K3
	KORTESTD  K3, K3
	JNZ       chooseChars
	// The words of the pairs, 16 lanes at a time.
	VPMOVZXWD      Y4, Z10
	VEXTRACTI64X4  $1, Z4, Y11
	VPMOVZXWD      Y11, Z11
	KMOVD          K5, K1
	KSHIFTRD       $16, K5, K2
	VPXORD         Z12, Z12, Z12
	VPXORD         Z31, Z31, Z31
	VPGATHERDD     (R12)(Z10*4), K1, Z12
	VPGATHERDD     (R12)(Z11*4), K2, Z31
	KSHIFTRD       $16, K5, K2
	VPTESTNMD      Z12, Z12, K5, K3
	VPTESTNMD      Z31, Z31, K2, K4
	KORD           K3, K4, K3
	KORTESTW       K3, K3
	JNZ            chooseChars
	// ASCII bytes in the other lanes, then the bytes compressed.
	VPMOVZXWD      Y2, Z6
	VEXTRACTI64X4  $1, Z2, Y7
	VPMOVZXWD      Y7, Z7
	VMOVDQU32      Z12, K5, Z6
	VMOVDQU32      Z31, K2, Z7
	VPTESTMB       Z6, Z6, K1
	VPCOMPRESSB.Z  Z6, K1, Z8
	VMOVDQU8       Z8, (DI)
	KMOVQ          K1, AX
	POPCNTQ        AX, AX
	ADDQ           AX, DI
	VPTESTMB       Z7, Z7, K1
	VPCOMPRESSB.Z  Z7, K1, Z8
	VMOVDQU8       Z8, (DI)
	KMOVQ          K1, AX
	POPCNTQ        AX, AX
	ADDQ           AX, DI
	// A pair that leads at bit 31 takes the next block's first byte.
	MOVL R14, AX
	SHRL $31, AX
	LEAQ 32(SI)(AX*1), SI
	JMP  block

	DBCSPAIRS
