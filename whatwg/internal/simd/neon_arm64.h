// Entry and return of the NEON kernels of the form
// func k(dst, src []byte, x T) (nDst, nSrc int): dst in R0 (where to
// write) and R1 (bytes left), src in R2 and R3; R10 and R11 keep where
// they started.

#define KERNEL_ENTRY \
	MOVD dst_base+0(FP), R0; \
	MOVD dst_len+8(FP), R1; \
	MOVD src_base+24(FP), R2; \
	MOVD src_len+32(FP), R3; \
	MOVD R0, R10; \
	MOVD R2, R11

#define KERNEL_RETURN \
	SUB  R10, R0, R0; \
	MOVD R0, nDst+56(FP); \
	SUB  R11, R2, R2; \
	MOVD R2, nSrc+64(FP); \
	RET

// TBL_COMPACT_STORE moves the bytes a TBL mask takes from vsrc to dst
// (R0) and moves dst past them: the mask is entry idx of the table at
// masks (16 bytes an entry), its length byte idx of lens; tmp, vmask and
// vout are scratch.
#define TBL_COMPACT_STORE(idx, masks, lens, tmp, vmask, vsrc, vout) \
	ADD   idx<<4, masks, tmp; \
	VLD1  (tmp), [vmask]; \
	VTBL  vmask, [vsrc], vout; \
	VST1  [vout], (R0); \
	MOVBU (lens)(idx), tmp; \
	ADD   tmp, R0; \
	SUB   tmp, R1
