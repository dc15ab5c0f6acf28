/*
 * vle_start.S - the Book E start-up for VLE code on vboard's e200z7
 * (ppce500 board, --cpu e200z7): uint32_t vle_call(fn, arg) maps the
 * 16 KiB block holding the VLE function fn at VLE_EA with a TLB1 entry
 * whose MAS2 has VLE (0x20; e200z7 RM Table 10-11, mpc5674f_vle.md section
 * 2), calls it there with arg in r3 (Book E bctrl; the VLE code returns
 * with se_blr, LR = the Book E instruction after the call) and returns its
 * r3.
 *
 * The VLE code is linked where the -kernel image puts it (inside the 64 MiB
 * that TLB1 entry 0 maps 1:1 as Book E code, crt0.S), so it runs at another
 * effective address: entries must not overlap, and a VLE page is chosen per
 * TLB entry, not per instruction. VLE_EA + (fn & 0x3FFF) is where fn runs;
 * the tests give --count-events that address. On a core without VLE pages
 * (the e500v2) MAS2 0x20 is X1 and the page would run as Book E: this
 * start-up is for the e200z7 only.
 *
 * MAS values written (fw_tlb1_write, crt0.S): MAS0 = 0x10020000 (TLB1,
 * ESEL 2), MAS1 = V | TSIZE 2 << 8 (4^2 KiB), MAS2 = VLE_EA | 0x20 (VLE,
 * big-endian, cached), MAS3 = block | 0x3F (UX SX UW SW UR SR), MAS7 = 0.
 */
#define VLE_EA 0x10000000

        .text
        .globl  vle_call
        .type   vle_call, @function
vle_call:
        stwu    r1, -32(r1)
        mflr    r0
        stw     r0, 36(r1)
        stw     r3, 8(r1)
        stw     r4, 12(r1)
        rlwinm  r6, r3, 0, 0, 17        /* physical: fn's 16 KiB block */
        li      r3, 2                   /* TLB1 entry 2 */
        lis     r4, VLE_EA@h
        li      r5, 0
        li      r7, 2                   /* 16 KiB */
        li      r8, 0x20                /* MAS2[VLE] */
        li      r9, 0x3f
        bl      fw_tlb1_write
        lwz     r5, 8(r1)
        rlwinm  r5, r5, 0, 18, 31
        oris    r5, r5, VLE_EA@h
        mtctr   r5
        lwz     r3, 12(r1)
        bctrl
        lwz     r0, 36(r1)
        mtlr    r0
        addi    r1, r1, 32
        blr
        .size   vle_call, . - vle_call

        .section .note.GNU-stack, "", @progbits
