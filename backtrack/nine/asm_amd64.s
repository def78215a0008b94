//go:build !purego

#include "textflag.h"
#include "go_asm.h"

// ROWS sets i to the row triads of band word s, (s|s>>9|s>>18)&planeMask.
#define ROWS(s, i, t) \
	MOVL s, i \
	SHRL $9, i \
	ORL  s, i \
	MOVL s, t \
	SHRL $18, t \
	ORL  t, i \
	ANDL $const_planeMask, i

// COLS sets t to the column triads of band word s, (s|s>>3|s>>6) &
// colTriads.
#define COLS(s, t, u) \
	MOVL s, t \
	SHRL $3, t \
	ORL  s, t \
	MOVL s, u \
	SHRL $6, u \
	ORL  u, t \
	ANDL $const_colTriads, t

// GATHER sets g to gather(g & boxCols): given y>>k, stack k's column
// triads.
#define GATHER(g) \
	ANDL   $const_boxCols, g \
	IMUL3L $const_gatherMul, g, g \
	SHRL   $16, g \
	ANDL   $const_planeMask, g

// EXPAND narrows band word s to the columns the stack filter kept in
// its band: given t = a>>(3b), w = t & colTriads and
// s &= expand[(w|w>>6|w>>12)&planeMask]; R14 is expand.
#define EXPAND(t, s, u) \
	ANDL $const_colTriads, t \
	MOVL t, u \
	SHRL $6, u \
	ORL  u, t \
	SHRL $6, u \
	ORL  u, t \
	ANDL $const_planeMask, t \
	ANDL (R14)(t*4), s

// ONCE sets x to the triads of band words s (32 or 64 bits: op's
// suffix) that hold exactly one cell, in the low 9 bits of each word:
// (p0^p1^p2) &^ (p0&p1&p2) for the planes p.
#define ONCE(MOV, SHR, XOR, AND, NOT, s, x, t, u) \
	MOV s, t \
	SHR $9, t \
	MOV s, u \
	SHR $18, u \
	MOV s, x \
	XOR t, x \
	XOR u, x \
	AND s, t \
	AND u, t \
	NOT t \
	AND t, x

// TAKE takes the placed cells (R11: bands 0 and 1, R13: band 2; R12
// and SI their complements) from the digit at off, and shifts into AX
// whether it had any.
#define TAKE(off) \
	MOVQ off(DI), CX \
	MOVL off+8(DI), DX \
	ANDQ R11, CX \
	ANDL R13, DX \
	ANDQ R12, off(DI) \
	ANDL SI, off+8(DI) \
	ORQ  DX, CX \
	NEGQ CX \
	ADCL AX, AX

// func reduceDirty(b *grid) bool
//
// reduceDirtyGo, with reduceGo register for register: s0..s2 in
// R8..R10, e0..e2 (the band look-ups) in R11..R13, the row triads
// i0..i2 in SI, DX, CX, and c0 | c1<<9 | c2<<18 for the stack look-ups
// c in AX. The digit d is kept at d-8(SP).
TEXT ·reduceDirty(SB), NOSPLIT, $8-9
	MOVQ b+0(FP), DI

next:
	MOVL grid_dirty(DI), AX
	ANDL $0x1ff, AX
	JEQ  clean
	BSFL AX, BX
	LEAL -1(AX), CX
	ANDL CX, AX
	MOVL AX, grid_dirty(DI)
	MOVQ BX, d-8(SP)
	LEAQ (BX)(BX*2), BX
	MOVL 0(DI)(BX*4), R8
	MOVL 4(DI)(BX*4), R9
	MOVL 8(DI)(BX*4), R10
	ROWS(R8, SI, AX)
	ROWS(R9, DX, AX)
	ROWS(R10, CX, AX)

loop:
	// Band filter; a band with no cell left fails (t-1 sets bit 31).
	LEAQ ·band(SB), AX
	MOVQ (AX)(SI*8), R11
	MOVQ (AX)(DX*8), R12
	MOVQ (AX)(CX*8), R13
	ANDL R11, R8
	ANDL R12, R9
	ANDL R13, R10
	LEAL -1(R8), AX
	LEAL -1(R9), CX
	ORL  CX, AX
	LEAL -1(R10), CX
	ORL  CX, AX
	JS   fail

	// Stack filter on y, the vertical triads: AX = c0 | c1<<9 | c2<<18
	// for c = perms[g], whose low 32 bits are the column triads kept;
	// the round ends when those are G = g0 | g1<<9 | g2<<18, all open.
	COLS(R8, AX, CX)
	COLS(R9, CX, DX)
	SHLL $3, CX
	ORL  CX, AX
	COLS(R10, CX, DX)
	SHLL $6, CX
	ORL  CX, AX
	MOVL AX, SI
	GATHER(SI)
	MOVL AX, DX
	SHRL $1, DX
	GATHER(DX)
	MOVL AX, CX
	SHRL $2, CX
	GATHER(CX)
	LEAQ ·perms(SB), R14
	MOVQ (R14)(SI*8), AX
	MOVQ (R14)(DX*8), BX
	SHLL $9, DX
	ORL  DX, SI
	SHLQ $9, BX
	ORQ  BX, AX
	MOVQ (R14)(CX*8), BX
	SHLL $18, CX
	ORL  CX, SI
	SHLQ $18, BX
	ORQ  BX, AX
	CMPL AX, SI
	JEQ  done

	// The round ends when the row triads left are the band filter's.
	LEAQ ·expand(SB), R14
	MOVL AX, CX
	EXPAND(CX, R8, DX)
	MOVL AX, CX
	SHRL $3, CX
	EXPAND(CX, R9, DX)
	MOVL AX, CX
	SHRL $6, CX
	EXPAND(CX, R10, DX)
	ROWS(R8, SI, BX)
	ROWS(R9, DX, BX)
	ROWS(R10, CX, BX)
	MOVL  SI, BX
	XORL  R11, BX
	MOVL  DX, R14
	XORL  R12, R14
	ORL   R14, BX
	MOVL  CX, R14
	XORL  R13, R14
	ORL   R14, BX
	TESTL $const_planeMask, BX
	JNE   loop

done:
	MOVQ d-8(SP), BX

	// open[d] = e0&planeMask | e1&planeMask<<9 | e2&planeMask<<18 |
	// uint32(AX)<<32
	MOVL R11, CX
	ANDL $const_planeMask, CX
	MOVL R12, DX
	ANDL $const_planeMask, DX
	SHLL $9, DX
	ORL  DX, CX
	MOVL R13, DX
	ANDL $const_planeMask, DX
	SHLL $18, DX
	ORL  DX, CX
	MOVL AX, DX
	SHLQ $32, DX
	ORQ  DX, CX
	MOVQ CX, grid_open(DI)(BX*8)

	// sure[d] = e0>>32 | e1>>32<<9 | e2>>32<<18 | AX's high 32 bits
	SHRQ $32, R11
	SHRQ $32, R12
	SHRQ $32, R13
	MOVL R12, CX
	SHLL $9, CX
	ORL  R11, CX
	MOVL R13, DX
	SHLL $18, DX
	ORL  DX, CX
	SHRQ $32, AX
	SHLQ $32, AX
	ORQ  AX, CX
	MOVQ CX, grid_sure(DI)(BX*8)

	// Placed: p = s & (sure & once(s))*fold3 & unsolved, bands 0 and 1
	// as one 64-bit word (p0 | p1<<32 in R11), band 2 in R13.
	MOVL   R9, R14
	SHLQ   $32, R14
	ORQ    R8, R14
	ONCE(MOVQ, SHRQ, XORQ, ANDQ, NOTQ, R14, AX, DX, SI)
	SHLQ   $32, R12
	ORQ    R12, R11
	ANDQ   AX, R11
	IMUL3Q $const_fold3, R11, R11
	ANDQ   R14, R11
	ANDQ   grid_unsolved+0(DI), R11
	ONCE(MOVL, SHRL, XORL, ANDL, NOTL, R10, AX, DX, SI)
	ANDL   AX, R13
	IMUL3L $const_fold3, R13, R13
	ANDL   R10, R13
	ANDL   grid_unsolved+8(DI), R13
	MOVQ   R11, AX
	ORQ    R13, AX
	JEQ    store

	// The placed cells leave the unsolved set and every digit, and the
	// digits that had them become dirty, all but d.
	MOVQ R11, R12
	NOTQ R12
	ANDQ R12, grid_unsolved+0(DI)
	MOVL R13, SI
	NOTL SI
	ANDL SI, grid_unsolved+8(DI)
	XORL AX, AX
	TAKE(96)
	TAKE(84)
	TAKE(72)
	TAKE(60)
	TAKE(48)
	TAKE(36)
	TAKE(24)
	TAKE(12)
	TAKE(0)
	ORL  grid_dirty(DI), AX
	BTRL BX, AX
	MOVL AX, grid_dirty(DI)

store:
	LEAQ (BX)(BX*2), BX
	MOVL R8, 0(DI)(BX*4)
	MOVL R9, 4(DI)(BX*4)
	MOVL R10, 8(DI)(BX*4)
	JMP  next

clean:
	MOVB $1, ret+8(FP)
	RET

fail:
	MOVB $0, ret+8(FP)
	RET

// LINK narrows digit i of b's band (DI) to digit m[i] of a's (SI),
// rotated by CX, where R9 is clear, and shifts into AX whether it lost
// a cell.
#define LINK(i, off) \
	MOVBLZX i(R8), DX \
	LEAQ    (DX)(DX*2), DX \
	MOVL    (SI)(DX*4), DX \
	ROLL    CX, DX \
	ORL     R9, DX \
	MOVL    off(DI), R10 \
	ANDL    R10, DX \
	MOVL    DX, off(DI) \
	XORL    DX, R10 \
	NEGL    R10 \
	ADCL    AX, AX

// func linkBox(a, b *grid, ia, ib int, m *[9]uint8, rot int, keep uint32) uint32
//
// linkBoxGo. It trusts m's entries to be below 9 and ia, ib below 3, as
// Linked.link passes them.
TEXT ·linkBox(SB), NOSPLIT, $0-60
	MOVQ a+0(FP), SI
	MOVQ ia+16(FP), AX
	LEAQ (SI)(AX*4), SI
	MOVQ b+8(FP), DI
	MOVQ ib+24(FP), AX
	LEAQ (DI)(AX*4), DI
	MOVQ m+32(FP), R8
	MOVQ rot+40(FP), CX
	MOVL keep+48(FP), R9
	XORL AX, AX
	LINK(8, 96)
	LINK(7, 84)
	LINK(6, 72)
	LINK(5, 60)
	LINK(4, 48)
	LINK(3, 36)
	LINK(2, 24)
	LINK(1, 12)
	LINK(0, 0)
	MOVL AX, ret+56(FP)
	RET
