//go:build amd64 && !purego

#include "textflag.h"

// Single-byte decoding (see DecodeSBCS in sbcs.go): src is read 32 bytes
// at a time; a chunk of ASCII is stored as it is, and in a chunk with
// non-ASCII bytes each of them is looked up in the table (UTF-8 form in
// the low three bytes, length in the high byte) while the ASCII between
// them is moved with unaligned 32-byte copies.
//
// Bounds: the loop starts a chunk only while 64 bytes of src and 128 of dst
// are left. A chunk reads at most src[i : i+32+32] (a copy starting just
// after its last byte) and writes at most 3*31+32 < 128 bytes of dst.
//
// Registers: SI src, DI dst (both advance), R8 table, R9 last chunk start
// in dst, R10 last chunk start in src, R11/R12 dst/src bases.

// func decodeSBCSAVX2(dst, src []byte, t *[256]uint32) (nDst, nSrc int)
TEXT ·decodeSBCSAVX2(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R9
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R10
	MOVQ t+48(FP), R8
	MOVQ DI, R11
	MOVQ SI, R12
	// The caller guarantees len(src) >= 64 and len(dst) >= 128, so the
	// limits below do not wrap.
	LEAQ -128(DI)(R9*1), R9
	LEAQ -64(SI)(R10*1), R10

loop:
	CMPQ SI, R10
	JHI  done
	CMPQ DI, R9
	JHI  done
	// Two chunks at once for long ASCII runs: OR them, and the high bits
	// of the OR (VPMOVMSKB gathers each byte's top bit) say whether
	// either holds a non-ASCII byte. Both loads stay within src[i:i+64].
	VMOVDQU   (SI), Y0
	VMOVDQU   32(SI), Y1
	VPOR      Y0, Y1, Y2
	VPMOVMSKB Y2, AX
	// Store both as if ASCII: dst has room, and a non-ASCII byte's place
	// is rewritten below.
	VMOVDQU   Y0, (DI)
	VMOVDQU   Y1, 32(DI)
	TESTL     AX, AX
	JNZ       mixed
	ADDQ      $64, SI
	ADDQ      $64, DI
	JMP       loop

mixed:
	// Only the first chunk is decoded here; the second is loaded again
	// by the next iteration.
	VPMOVMSKB Y0, AX            // bit k set: byte k of the chunk is non-ASCII
	TESTL     AX, AX
	JZ        ascii32
	TZCNTL    AX, CX            // CX: offset of the first non-ASCII byte
	ADDQ      CX, DI            // bytes before it are already in place
	JMP       lookup

gap:
	// DX: offset of the first byte not yet written; CX: next non-ASCII
	// byte. Copy 32 bytes from DX (all that can be ASCII up to CX) and
	// keep CX-DX of them.
	TZCNTL  AX, CX
	VMOVDQU (SI)(DX*1), Y1
	VMOVDQU Y1, (DI)
	ADDQ    CX, DI
	SUBQ    DX, DI

lookup:
	MOVBLZX (SI)(CX*1), BX
	MOVL    (R8)(BX*4), BX      // table entry for the byte
	TESTL   BX, BX
	JZ      unmapped            // 0: the byte is an error, for the caller
	MOVL    BX, (DI)            // 4-byte store; the length says how many count
	SHRL    $24, BX
	ADDQ    BX, DI
	LEAQ    1(CX), DX
	BLSRL   AX, AX              // clear the lowest set bit: the next non-ASCII byte
	JNZ     gap

	// The rest of the chunk, from DX, is ASCII.
	VMOVDQU (SI)(DX*1), Y1
	VMOVDQU Y1, (DI)
	ADDQ    $32, DI
	SUBQ    DX, DI
	ADDQ    $32, SI
	JMP     loop

ascii32:
	// The first chunk is ASCII (and already stored), the second is not.
	ADDQ $32, SI
	ADDQ $32, DI
	JMP  loop

unmapped:
	ADDQ CX, SI

done:
	SUBQ       R11, DI
	MOVQ       DI, nDst+56(FP)
	SUBQ       R12, SI
	MOVQ       SI, nSrc+64(FP)
	VZEROUPPER
	RET
