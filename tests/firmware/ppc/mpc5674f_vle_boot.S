/*
 * mpc5674f_vle_boot.S - a VLE image for vboard's MPC5674F: its RCHW asks
 * for VLE (0x015A0000: boot ID 0x5A, VLE 0x01000000; MPC5644A RM Figure
 * 21-4, mpc5674f_vle.md section 4), so the BAM leaves TLB entries 1-3 as
 * VLE pages and the entry word (_start, in flash) is fetched as VLE. It
 * prints on eSCI_A "VLE" and then, from tlbre of TLB entries 1, 2, 3 and
 * 4, 'V' for a VLE page and 'B' for a Book E one (the BAM's entry 4, the
 * peripheral bridge, stays Book E), then resets the chip through
 * SIU_SRCR[SSR], which ends vboard with --no-reboot.
 * eSCI_A (0xFFFB0000): CR2 = 0, CR1 = TE | RE, wait SR[TDRE], byte to DR
 * (+7); SIU_SRCR at 0xC3F90010 (mpc5674f_vle.md section 4; RTEMS
 * console-esci.c, bspreset.c).
 */
        .section .rchw, "a"
        .long   0x015a0000
        .long   _start

        .section .text_vle, "axv"
        .p2align 1
        .globl  _start
_start:
        e_lis   r3, 0xfffb              /* eSCI_A */
        se_li   r4, 0
        e_sth   r4, 4(r3)               /* CR2: module enabled */
        se_li   r4, 0xc
        e_stw   r4, 0(r3)               /* CR1: TE | RE */
        e_li    r7, 'V'
        se_bl   putc
        e_li    r7, 'L'
        se_bl   putc
        e_li    r7, 'E'
        se_bl   putc
        se_li   r5, 1                   /* TLB entry */
1:      e_lis   r6, 0x1000              /* MAS0: TLBSEL 1 ... */
        e_rlwimi r6, r5, 16, 10, 15     /* ... ESEL */
        mtspr   624, r6
        tlbre
        mfspr   r6, 626                 /* MAS2 */
        e_li    r7, 'B'
        se_btsti r6, 26                 /* MAS2[VLE], IBM bit 26 */
        se_beq  2f
        e_li    r7, 'V'
2:      se_bl   putc
        se_addi r5, 1
        se_cmpi r5, 4
        e_ble   1b
        se_li   r7, 10
        se_bl   putc
        e_lis   r3, 0xc3f9              /* SIU */
        e_lis   r4, 0x8000
        e_stw   r4, 0x10(r3)            /* SRCR[SSR]: reset */
3:      se_b    3b

putc:   /* r7 to eSCI_A (r3) */
        e_lwz   r0, 8(r3)               /* SR */
        se_btsti r0, 0                  /* TDRE */
        se_beq  putc
        e_stb   r7, 7(r3)               /* DR */
        se_blr
