//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// Single-byte decoding (see DecodeSBCS in sbcs.go): src is read 32 bytes
// at a time; a chunk of ASCII is stored as it is. In a chunk with
// non-ASCII bytes, each of them is looked up in the table (UTF-8 form in
// the low three bytes, length in the high byte) while the ASCII between
// them is moved with unaligned 32-byte copies; or, with AVX-512 VBMI/VBMI2
// and when every non-ASCII byte of the chunk is mapped, the whole chunk is
// expanded in registers: the bytes of each form are looked up 128 entries
// at a time (VPERMI2B), interleaved so that every input byte gets two
// slots (all forms of the chunk one or two bytes long) or four (some three
// bytes long), and the unused slots squeezed out (VPCOMPRESSB).
//
// Bounds: the loop starts a chunk only while 64 bytes of src and 128 of dst
// are left. A chunk reads at most src[i : i+32+32] (a copy starting just
// after its last byte) and writes at most dst[j : j+128]: after 32
// three-byte forms (x-user-defined, Thai) the copy of the rest of the
// chunk starts at j+96 and stores 32 bytes, 3*32+32 = 128. The vector
// paths write at most 64, or 48+64, bytes.
//
// Registers: SI src, DI dst (both advance), R8 table, R9 last chunk start
// in dst, R10 last chunk start in src, R11/R12 dst/src bases, R13 1 in
// decodeSBCSAVX512 (the VBMI path) and 0 in decodeSBCSAVX2; on the VBMI
// path, Z20/Z21 SBCSTable.lead, Z22/Z23 second, Z25/Z26 first, Z27/Z28
// third (each 128 bytes, for 0x80–0xFF), Z24 sbcsInterleave, Z29/Z30
// sbcsSpread0/1.

// sbcsInterleave is VPERMT2B's index that interleaves the first 32 bytes
// of two registers: byte 2i from the first, 2i+1 from the second.
DATA sbcsInterleave<>+0(SB)/8, $0x4303420241014000
DATA sbcsInterleave<>+8(SB)/8, $0x4707460645054404
DATA sbcsInterleave<>+16(SB)/8, $0x4b0b4a0a49094808
DATA sbcsInterleave<>+24(SB)/8, $0x4f0f4e0e4d0d4c0c
DATA sbcsInterleave<>+32(SB)/8, $0x5313521251115010
DATA sbcsInterleave<>+40(SB)/8, $0x5717561655155414
DATA sbcsInterleave<>+48(SB)/8, $0x5b1b5a1a59195818
DATA sbcsInterleave<>+56(SB)/8, $0x5f1f5e1e5d1d5c1c
GLOBL sbcsInterleave<>(SB), RODATA|NOPTR, $64

// ASCII_64 copies 64 bytes from SI to DI and moves past them if they are
// ASCII; if not, it jumps to mixed with the first chunk in Y0. Two chunks
// at once for long ASCII runs: the high bits of their OR (VPMOVMSKB
// gathers each byte's top bit) say whether either holds a non-ASCII
// byte. The loads stay within src[i:i+64]; the stores write as if all
// were ASCII (dst has room, and a non-ASCII byte's place is rewritten).
#define ASCII_64(mixed) \
	VMOVDQU   (SI), Y0   \
	VMOVDQU   32(SI), Y1 \
	VPOR      Y0, Y1, Y2 \
	VPMOVMSKB Y2, AX     \
	VMOVDQU   Y0, (DI)   \
	VMOVDQU   Y1, 32(DI) \
	TESTL     AX, AX     \
	JNZ       mixed      \
	ADDQ      $64, SI    \
	ADDQ      $64, DI

// ASCII_REST_OF_CHUNK ends a 32-byte chunk at SI whose bytes from offset
// DX on are ASCII: it copies them to DI and moves SI and DI past them (the
// copy reads 32 bytes from SI+DX, within the 64 the loops keep in reach).
#define ASCII_REST_OF_CHUNK \
	VMOVDQU (SI)(DX*1), Y1 \
	VMOVDQU Y1, (DI)       \
	ADDQ    $32, DI        \
	SUBQ    DX, DI         \
	ADDQ    $32, SI

// sbcsSpread0 and sbcsSpread1 are VPERMT2B's indexes that give each of
// bytes 0–15 (sbcsSpread0) or 16–31 (sbcsSpread1) of a chunk four bytes:
// its pair from the first register (bytes 2k, 2k+1) and its third byte
// from the second.
DATA sbcsSpread0<>+0(SB)/8, $0x4141030240400100
DATA sbcsSpread0<>+8(SB)/8, $0x4343070642420504
DATA sbcsSpread0<>+16(SB)/8, $0x45450b0a44440908
DATA sbcsSpread0<>+24(SB)/8, $0x47470f0e46460d0c
DATA sbcsSpread0<>+32(SB)/8, $0x4949131248481110
DATA sbcsSpread0<>+40(SB)/8, $0x4b4b17164a4a1514
DATA sbcsSpread0<>+48(SB)/8, $0x4d4d1b1a4c4c1918
DATA sbcsSpread0<>+56(SB)/8, $0x4f4f1f1e4e4e1d1c
GLOBL sbcsSpread0<>(SB), RODATA|NOPTR, $64
DATA sbcsSpread1<>+0(SB)/8, $0x5151232250502120
DATA sbcsSpread1<>+8(SB)/8, $0x5353272652522524
DATA sbcsSpread1<>+16(SB)/8, $0x55552b2a54542928
DATA sbcsSpread1<>+24(SB)/8, $0x57572f2e56562d2c
DATA sbcsSpread1<>+32(SB)/8, $0x5959333258583130
DATA sbcsSpread1<>+40(SB)/8, $0x5b5b37365a5a3534
DATA sbcsSpread1<>+48(SB)/8, $0x5d5d3b3a5c5c3938
DATA sbcsSpread1<>+56(SB)/8, $0x5f5f3f3e5e5e3d3c
GLOBL sbcsSpread1<>(SB), RODATA|NOPTR, $64

// Offsets in SBCSTable, from the go_asm.h the go command generates.
#define sbcsLead SBCSTable_lead
#define sbcsFirst SBCSTable_first
#define sbcsSecond SBCSTable_second
#define sbcsThird SBCSTable_third

// SPREAD_HALF writes the UTF-8 of one half of a chunk: Z0 holds the pairs
// (first byte, second byte) of all 32 bytes, Z5 their third bytes, idx
// picks the half's 16 bytes, four output slots each; BX the half's
// non-ASCII bytes, R14 those with three-byte forms.
//
// Slot 4k keeps byte k's first byte (or the ASCII byte itself), 4k+1 its
// second byte if it is non-ASCII, 4k+2 its third if it has one, 4k+3
// nothing. PDEP deposits the low 16 bits of a mask in the set bits of its
// selector, so bit k of BX lands on bit 4k+1, of R14 on 4k+2.
#define SPREAD_HALF(idx) \
	VMOVDQA64   Z0, Z6                  \
	VPERMT2B    Z5, idx, Z6             \
	MOVQ        $0x2222222222222222, CX \
	PDEPQ       CX, BX, CX              \
	MOVQ        $0x4444444444444444, DX \
	PDEPQ       DX, R14, DX             \
	ORQ         DX, CX                  \
	MOVQ        $0x1111111111111111, DX \
	ORQ         DX, CX                  \
	KMOVQ       CX, K3                  \
	VPCOMPRESSB Z6, K3, Z7              \
	VMOVDQU64   Z7, (DI)                \
	POPCNTQ     CX, CX                  \
	ADDQ        CX, DI

// func decodeSBCSAVX2(dst, src []byte, t *SBCSTable) (nDst, nSrc int)
TEXT ·decodeSBCSAVX2(SB), NOSPLIT, $0-72
	XORL R13, R13
	JMP  decodeSBCS<>(SB)

// func decodeSBCSAVX512(dst, src []byte, t *SBCSTable) (nDst, nSrc int)
TEXT ·decodeSBCSAVX512(SB), NOSPLIT, $0-72
	MOVL $1, R13
	JMP  decodeSBCS<>(SB)

// decodeSBCS<> is the body of both, jumped to with their arguments in
// place: R13 is 1 only when entered from decodeSBCSAVX512, and only then
// does it run AVX-512 instructions.
TEXT decodeSBCS<>(SB), NOSPLIT, $0-72
	MOVQ    dst_base+0(FP), DI
	MOVQ    dst_len+8(FP), R9
	MOVQ    src_base+24(FP), SI
	MOVQ    src_len+32(FP), R10
	MOVQ    t+48(FP), R8
	MOVQ    DI, R11
	MOVQ    SI, R12
	// The caller guarantees len(src) >= 64 and len(dst) >= 128, so the
	// limits below do not wrap.
	LEAQ    -128(DI)(R9*1), R9
	LEAQ    -64(SI)(R10*1), R10
	TESTL   R13, R13
	JZ      loop
	VMOVDQU64 sbcsLead(R8), Z20
	VMOVDQU64 sbcsLead+64(R8), Z21
	VMOVDQU64 sbcsSecond(R8), Z22
	VMOVDQU64 sbcsSecond+64(R8), Z23
	VMOVDQU64 sbcsInterleave<>(SB), Z24
	VMOVDQU64 sbcsFirst(R8), Z25
	VMOVDQU64 sbcsFirst+64(R8), Z26
	VMOVDQU64 sbcsThird(R8), Z27
	VMOVDQU64 sbcsThird+64(R8), Z28
	VMOVDQU64 sbcsSpread0<>(SB), Z29
	VMOVDQU64 sbcsSpread1<>(SB), Z30

loop:
	CMPQ SI, R10
	JHI  done
	CMPQ DI, R9
	JHI  done
	ASCII_64(mixed)
	JMP loop

mixed:
	// Only the first chunk is decoded here; the second is loaded again
	// by the next iteration.
	VPMOVMSKB Y0, AX            // bit k set: byte k of the chunk is non-ASCII
	TESTL     AX, AX
	JZ        ascii32
	TESTL     R13, R13
	JZ        scalar

	// Vector expansion. The VEX load of Y0 zeroed bits 256–511 of Z0.
	VMOVDQA64 Z0, Z1
	VPERMI2B  Z21, Z20, Z1      // Z1[k] = lead[Z0[k] & 127]: 7-bit index over Z20:Z21
	VPTESTNMB Z1, Z1, K2        // K2 bit k: the lead byte for byte k is 0
	KMOVD     AX, K1
	KTESTD    K1, K2            // ZF: no non-ASCII byte lacks a two-byte form
	JNZ       spread
	VMOVDQA64 Z0, Z2
	VPERMI2B  Z23, Z22, Z2      // Z2[k] = second[Z0[k] & 127]: the trail byte
	VMOVDQU8  Z1, K1, Z0        // Z0[k]: the lead byte where non-ASCII, else the byte
	VPERMT2B  Z2, Z24, Z0       // Z0[2k] = Z0[k], Z0[2k+1] = Z2[k]
	// Keep every even byte, and the odd (trail) byte after a lead.
	MOVQ        $0xAAAAAAAAAAAAAAAA, BX
	PDEPQ       BX, AX, BX      // bit k of AX to bit 2k+1
	MOVQ        $0x5555555555555555, CX
	ORQ         CX, BX
	KMOVQ       BX, K3
	VPCOMPRESSB Z0, K3, Z1      // the kept bytes, packed from byte 0
	VMOVDQU64   Z1, (DI)        // 64 bytes; 32 + (non-ASCII bytes) count
	POPCNTL     AX, AX
	LEAQ        32(DI)(AX*1), DI
	ADDQ        $32, SI
	JMP         loop

spread:
	// Some non-ASCII byte has a three-byte form (or none): give every
	// byte four slots, 16 bytes per register, and compress.
	VMOVDQA64 Z0, Z3
	VPERMI2B  Z26, Z25, Z3      // Z3[k] = first[Z0[k] & 127]
	VPTESTNMB Z3, Z3, K2        // K2 bit k: no first byte, unmapped if non-ASCII
	KTESTD    K1, K2
	JNZ       scalar            // an unmapped byte: the byte loop stops there
	VMOVDQA64 Z0, Z5
	VPERMI2B  Z28, Z27, Z5      // Z5[k] = third[Z0[k] & 127]
	VPTESTMB  Z5, Z5, K4        // K4 bit k: a third byte (three-byte form) ...
	KANDD     K1, K4, K4        // ... of a non-ASCII byte
	KMOVD     K4, R14
	VMOVDQA64 Z0, Z4
	VPERMI2B  Z23, Z22, Z4      // Z4[k] = second[Z0[k] & 127]
	VMOVDQU8  Z3, K1, Z0        // Z0[k]: the first byte where non-ASCII, else the byte
	VPERMT2B  Z4, Z24, Z0       // Z0[2k] = Z0[k], Z0[2k+1] = Z4[k]
	MOVWLZX   AX, BX
	SPREAD_HALF(Z29)
	MOVL      AX, BX
	SHRL      $16, BX
	SHRL      $16, R14
	SPREAD_HALF(Z30)
	ADDQ      $32, SI
	JMP       loop

scalar:
	TZCNTL AX, CX               // CX: offset of the first non-ASCII byte
	ADDQ   CX, DI               // bytes before it are already in place
	JMP    lookup

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

	ASCII_REST_OF_CHUNK
	JMP loop

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

// Single-byte encoding (see EncodeSBCS in sbcs.go): src is read 32 bytes
// at a time; a chunk of ASCII is stored as it is, and in a chunk with
// non-ASCII bytes each sequence is decoded, checked and looked up while the
// ASCII between sequences is moved with unaligned 32-byte copies.
//
// Bounds: a chunk starts only while 64 bytes of src and of dst are left.
// It reads at most src[i : i+64] (a sequence starting at byte 31 ends by
// byte 33; a copy starts at most at byte 31) and writes at most 64 bytes
// of dst, as output never outgrows input.
//
// Registers: SI src, DI dst, R8 index, R9 pages, R10 len(pages), R11/R12
// last chunk start in dst/src, AX mask of non-ASCII bytes not yet done,
// CX offset of the sequence, DX offset of the first byte not yet done.

// func encodeSBCSAVX2(dst, src []byte, index *[1024]uint8, pages []byte) (nDst, nSrc int)
TEXT ·encodeSBCSAVX2(SB), NOSPLIT, $0-96
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R11
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R12
	MOVQ index+48(FP), R8
	MOVQ pages_base+56(FP), R9
	MOVQ pages_len+64(FP), R10
	// The caller guarantees len(src) >= 64 and len(dst) >= 64.
	LEAQ -64(DI)(R11*1), R11
	LEAQ -64(SI)(R12*1), R12

eloop:
	CMPQ SI, R12
	JHI  edone
	CMPQ DI, R11
	JHI  edone
	ASCII_64(emixed)
	JMP eloop

emixed:
	VPMOVMSKB Y0, AX // bit k set: byte k of the first chunk is non-ASCII
	TESTL     AX, AX
	JZ        eascii32
	TZCNTQ    AX, CX // CX: start of the first sequence
	ADDQ      CX, DI // the ASCII before it is already in place
	JMP       eseq

egap:
	// Move the ASCII from DX up to the next sequence, at CX.
	TZCNTQ  AX, CX
	VMOVDQU (SI)(DX*1), Y1
	VMOVDQU Y1, (DI)
	ADDQ    CX, DI
	SUBQ    DX, DI

eseq:
	MOVBLZX (SI)(CX*1), BX   // lead byte
	MOVBLZX 1(SI)(CX*1), R13 // second byte
	MOVL    R13, R14
	ANDL    $0xC0, R14
	CMPL    R14, $0x80       // a continuation byte is 10xxxxxx
	JNE     estop
	ANDL    $0x3F, R13
	LEAL    -0xC2(BX), R14
	CMPL    R14, $0x1E       // C2–DF: two bytes, code point >> 6 = lead & 1F
	JAE     ethree
	ANDL    $0x1F, BX
	LEAQ    2(CX), DX
	JMP     elookup

ethree:
	LEAL    -0xE0(BX), R14
	CMPL    R14, $0x10       // E0–EF: three bytes
	JAE     estop
	ANDL    $0x0F, BX
	SHLL    $6, BX
	ORL     R13, BX          // BX: code point >> 6
	CMPL    BX, $0x20        // below U+0800: overlong
	JB      estop
	LEAL    -0x360(BX), R14
	CMPL    R14, $0x20       // U+D800–DFFF: a surrogate
	JB      estop
	MOVBLZX 2(SI)(CX*1), R13 // third byte
	MOVL    R13, R14
	ANDL    $0xC0, R14
	CMPL    R14, $0x80
	JNE     estop
	ANDL    $0x3F, R13
	LEAQ    3(CX), DX

elookup:
	// The byte is pages[index[r>>6]<<6 | r&63], R13 holding r&63.
	MOVBLZX (R8)(BX*1), BX
	SHLL    $6, BX
	ORL     R13, BX
	CMPQ    BX, R10
	JAE     estop
	MOVBLZX (R9)(BX*1), BX
	TESTL   BX, BX           // 0: not encodable, for the caller
	JZ      estop
	MOVB    BX, (DI)
	INCQ    DI
	// Drop the sequence's bits from the mask: keep bits DX and up.
	MOVQ    $-1, R14
	SHLXQ   DX, R14, R14
	ANDQ    R14, AX
	JZ      erest
	// A sequence right after this one (as within a word of Greek or
	// Cyrillic) needs no ASCII copy first.
	BTQ     DX, AX
	JNC     egap
	MOVQ    DX, CX
	JMP     eseq

erest:
	CMPQ    DX, $32
	JAE     ecross

	ASCII_REST_OF_CHUNK
	JMP eloop

ecross:
	// The last sequence ended in the next chunk, at DX.
	ADDQ DX, SI
	JMP  eloop

eascii32:
	ADDQ $32, SI
	ADDQ $32, DI
	JMP  eloop

estop:
	ADDQ CX, SI

edone:
	MOVQ       dst_base+0(FP), R11
	SUBQ       R11, DI
	MOVQ       DI, nDst+80(FP)
	MOVQ       src_base+24(FP), R12
	SUBQ       R12, SI
	MOVQ       SI, nSrc+88(FP)
	VZEROUPPER
	RET
