/*
 * isa_asm.S - the control-flow part of isa.c, in assembly so that each
 * form is exactly as written: bc with CTR and CR conditions, bclr and
 * bcctr (with and without link, taken and not: LK sets LR either way),
 * b/bl, and lmw/stmw (which always reach r31). Results go to out[0..15].
 */
        .text
        .globl  isa_branches
isa_branches:                           /* r3 = out */
        mflr    r0
        stw     r0, 4(r1)
        /* bdnz: a five-pass loop */
        li      r5, 5
        mtctr   r5
        li      r6, 0
1:      addi    r6, r6, 1
        bdnz    1b
        stw     r6, 0(r3)
        mfctr   r6
        stw     r6, 4(r3)
        /* bdz taken when CTR reaches 0; bdnzt with EQ clear falls through */
        li      r6, 0
        li      r5, 1
        mtctr   r5
        bdz     2f
        li      r6, 1
2:      li      r5, 3
        mtctr   r5
        cmpwi   r5, 4
        bdnzt   eq, 3f
        addi    r6, r6, 2
3:      bdnzf   eq, 4f
        addi    r6, r6, 4
4:      stw     r6, 8(r3)
        mfctr   r6
        stw     r6, 12(r3)
        /* conditional branches on CR fields, taken and not */
        li      r6, 0
        li      r5, -3
        cmpwi   cr7, r5, 0
        blt     cr7, 5f
        ori     r6, r6, 1
5:      bgt     cr7, 6f
        ori     r6, r6, 2
6:      cmplwi  cr6, r5, 0
        bgt     cr6, 7f
        ori     r6, r6, 4
7:      lis     r5, 0x8000
        mtxer   r5
        cmpwi   r5, 0
        bso     8f
        ori     r6, r6, 8
8:      li      r5, 0
        mtxer   r5
        stw     r6, 16(r3)
        /* bl / blr, and bcl 20,31 to read the address of the next word */
        bl      isa_leaf
        stw     r4, 20(r3)
        bcl     20, 31, 9f
9:      mflr    r5
        lis     r6, 9b@ha
        addi    r6, r6, 9b@l
        subf    r5, r6, r5
        stw     r5, 24(r3)
        /* bnel not taken still writes LR */
        cmpw    r5, r5
        bnel    isa_leaf
        mflr    r5
        lis     r6, 10f@ha
        addi    r6, r6, 10f@l
10:     subf    r5, r6, r5
        stw     r5, 28(r3)
        /* bctr / bctrl */
        lis     r5, 11f@ha
        addi    r5, r5, 11f@l
        mtctr   r5
        li      r6, 0
        bctr
        li      r6, 1
11:     lis     r5, isa_leaf@ha
        addi    r5, r5, isa_leaf@l
        mtctr   r5
        bctrl
        add     r6, r6, r4
        stw     r6, 32(r3)
        /* beqlr / bnectr inside a leaf that returns early or not */
        li      r4, 0
        bl      isa_cond_return
        stw     r4, 36(r3)
        li      r4, 1
        bl      isa_cond_return
        stw     r4, 40(r3)
        /* lmw/stmw */
        mr      r4, r3
        bl      isa_multiple
        lwz     r0, 4(r1)
        mtlr    r0
        blr

isa_leaf:
        li      r4, 0x77
        blr

isa_cond_return:                        /* r4 = 0: return at once, else r4 = 9 */
        cmpwi   r4, 0
        beqlr
        li      r4, 9
        blr

/* lmw r28 from out[0..3] (written above), sum them, stmw r28-r31 to
 * out[12..15]; the caller's r28-r31 are saved around it */
isa_multiple:                           /* r4 = out */
        stwu    r1, -32(r1)
        stmw    r28, 16(r1)
        lmw     r28, 0(r4)
        add     r5, r28, r29
        add     r5, r5, r30
        add     r5, r5, r31
        stw     r5, 44(r4)
        addi    r28, r28, 0x100
        addi    r31, r31, 0x200
        stmw    r28, 48(r4)
        lmw     r28, 16(r1)
        addi    r1, r1, 32
        blr
