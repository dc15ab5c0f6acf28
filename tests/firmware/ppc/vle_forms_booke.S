/*
 * vle_forms_booke.S - the Book E version of the computation of
 * vle_forms_vle.S (vle_forms.h): each case here is the Book E sequence
 * that gives what the VLE instruction(s) of the same case give, by the VLE
 * PEM Rev.0 chapter 3 definition. QEMU's e500v2 executes this one; vboard's
 * e200z7 executes the VLE one; the results must be the same.
 */
#include "vle_forms.h"
#define PUT(r) stwu r, 4(r31)
#define PUTCR mfcr r0; PUT(r0)
#define PUTXER mfxer r0; PUT(r0); li r0, 0; mtxer r0

        .text
        .globl  forms
        .type   forms, @function
forms:
        stwu    r1, -FRAME(r1)
        mflr    r0
        stw     r0, FRAME+4(r1)
        stmw    r14, 24(r1)
        mr      r14, r3
        addi    r31, r3, -4
        addi    r30, r3, SCRATCH
        li      r0, 0
        mtcrf   0xff, r0
        mtxer   r0

        /* constants */
        lis     r24, 0x1234
        ori     r24, r24, 0x5678
        li      r25, -5
        lis     r26, 0x8000
        addi    r26, r26, 1
        li      r27, 3
        li      r28, 0
        ori     r28, r28, 0xff80
        lis     r29, 0xfff8
        PUT(r24); PUT(r25); PUT(r26); PUT(r27); PUT(r28); PUT(r29)

        /* A: 16-bit arithmetic */
        add     r3, r24, r25;   PUT(r3)          /* se_add */
        subf    r4, r27, r24;   PUT(r4)          /* se_sub */
        subf    r5, r27, r24;   PUT(r5)          /* se_subf */
        mullw   r6, r24, r25;   PUT(r6)          /* se_mullw */
        neg     r7, r24;        PUT(r7)          /* se_neg */
        nor     r3, r26, r26;   PUT(r3)          /* se_not */
        addi    r4, r25, 32;    PUT(r4)          /* se_addi 32 */
        addi    r5, r27, -4;    PUT(r5)          /* se_subi 4 */
        addi    r6, r27, -3;    cmpwi r6, 0; PUT(r6); PUTCR   /* se_subi. */
        addi    r7, r24, -300;  PUT(r7)          /* e_add16i */

        /* B: SCI8 and I16A arithmetic */
        addi    r3, r24, 0x300;     PUT(r3)      /* e_addi SCL 1 */
        addis   r4, r24, 0x5500;    PUT(r4)      /* e_addi SCL 3 */
        addi    r5, r25, -0x5401;   PUT(r5)      /* e_addi F = 1 */
        addi    r6, r25, 5;  cmpwi r6, 0; PUT(r6); PUTCR    /* e_addi. */
        lis     r0, 0x7fff
        ori     r0, r0, 0xffff
        addc    r7, r26, r0;  PUT(r7); PUTXER               /* e_addic */
        addic.  r3, r25, 5;   PUT(r3); PUTCR; PUTXER        /* e_addic. */
        subfic  r4, r27, 100; PUT(r4); PUTXER               /* e_subfic */
        subfic  r5, r24, 0;   cmpwi r5, 0; PUT(r5); PUTCR; PUTXER /* e_subfic. */
        mulli   r6, r24, 256;   PUT(r6)          /* e_mulli */
        mulli   r7, r24, -1000; PUT(r7)          /* e_mull2i */
        addi    r3, r24, -0x5678; cmpwi r3, 0; PUT(r3); PUTCR /* e_add2i. */
        addis   r4, r24, 0x7000; PUT(r4)         /* e_add2is */

        /* C: logical */
        and     r3, r24, r25;   PUT(r3)          /* se_and */
        and.    r4, r24, r28;   PUT(r4); PUTCR   /* se_and. */
        andc    r5, r24, r28;   PUT(r5)          /* se_andc */
        or      r6, r24, r26;   PUT(r6)          /* se_or */
        andi.   r7, r24, 0x0f0f; PUT(r7); PUTCR  /* e_and2i. */
        andis.  r3, r24, 0xff00; PUT(r3); PUTCR  /* e_and2is. */
        rlwinm  r4, r24, 0, 24, 31; PUT(r4)      /* e_andi */
        andi.   r5, r24, 0xff00; PUT(r5); PUTCR  /* e_andi. */
        rlwinm  r6, r24, 0, 27, 31; PUT(r6)      /* se_andi */
        oris    r7, r24, 0x00ff; PUT(r7)         /* e_ori SCL 2 */
        ori     r3, r26, 0xff; cmpwi r3, 0; PUT(r3); PUTCR /* e_ori. */
        xori    r4, r24, 0xff;  PUT(r4)          /* e_xori */
        xori    r5, r24, 0x78;  cmpwi r5, 0; PUT(r5); PUTCR /* e_xori. */
        ori     r6, r24, 0x8001; PUT(r6)         /* e_or2i */
        oris    r7, r24, 0x8001; PUT(r7)         /* e_or2is */
        lis     r3, 0xabcd;     PUT(r3)          /* e_lis */
        li      r4, -1;         PUT(r4)          /* se_bmaski 0 */
        li      r5, 0x7f;       PUT(r5)          /* se_bmaski 7 */
        rlwinm  r6, r24, 0, 28, 26; PUT(r6)      /* se_bclri 27 */
        lis     r7, 0x1000;     PUT(r7)          /* se_bgeni 3 */
        oris    r3, r24, 0x8000; PUT(r3)         /* se_bseti 0 */
        rlwinm. r0, r24, 0, 31, 31; PUTCR        /* se_btsti 31 */
        rlwinm. r0, r24, 0, 3, 3; PUTCR          /* se_btsti 3 */
        rlwinm  r4, r26, 0, 24, 31; PUT(r4)      /* se_extzb */
        extsb   r5, r28;        PUT(r5)          /* se_extsb */
        rlwinm  r6, r26, 0, 16, 31; PUT(r6)      /* se_extzh */
        extsh   r7, r28;        PUT(r7)          /* se_extsh */

        /* D: shifts and rotates */
        slw     r3, r24, r27;   PUT(r3)          /* se_slw */
        srw     r4, r26, r27;   PUT(r4)          /* se_srw */
        sraw    r5, r26, r27;   PUT(r5); PUTXER  /* se_sraw */
        slwi    r6, r24, 4;     PUT(r6)          /* se_slwi */
        srwi    r7, r26, 31;    PUT(r7)          /* se_srwi */
        srawi   r3, r26, 1;     PUT(r3); PUTXER  /* se_srawi */
        slwi    r4, r24, 8;     PUT(r4)          /* e_slwi */
        slwi.   r5, r24, 4;     PUT(r5); PUTCR   /* e_slwi. */
        srwi    r6, r26, 4;     PUT(r6)          /* e_srwi */
        srwi.   r7, r26, 1;     PUT(r7); PUTCR   /* e_srwi. */
        rotlw   r3, r24, r27;   PUT(r3)          /* e_rlw */
        rotlw.  r4, r26, r27;   PUT(r4); PUTCR   /* e_rlw. */
        rotlwi  r5, r24, 12;    PUT(r5)          /* e_rlwi */
        rotlwi. r6, r26, 1;     PUT(r6); PUTCR   /* e_rlwi. */
        rlwinm  r7, r24, 4, 8, 23; PUT(r7)       /* e_rlwinm */
        mr      r3, r26
        rlwimi  r3, r24, 8, 16, 23; PUT(r3)      /* e_rlwimi */
        sraw    r4, r24, r27;   PUT(r4)          /* Book E sraw in a VLE page */
        srawi   r5, r25, 1;     PUT(r5); PUTXER  /* Book E srawi */

        /* E: compares and CR operations */
        li      r0, 0
        mtcrf   0xff, r0
        cmpw    r24, r25;       PUTCR            /* se_cmp */
        cmplw   r24, r25;       PUTCR            /* se_cmpl */
        extsh   r8, r26
        extsh   r9, r28
        cmpw    r8, r9;         PUTCR            /* se_cmph */
        rlwinm  r8, r26, 0, 16, 31
        rlwinm  r9, r28, 0, 16, 31
        cmplw   r8, r9;         PUTCR            /* se_cmphl */
        cmpwi   r27, 3;         PUTCR            /* se_cmpi */
        cmplwi  r27, 4;         PUTCR            /* se_cmpli */
        cmpwi   cr1, r25, -5;   PUTCR            /* e_cmpi */
        lis     r8, 0x8000
        cmplw   cr2, r26, r8;   PUTCR            /* e_cmpli */
        cmpwi   r25, -6;        PUTCR            /* e_cmp16i */
        cmplwi  r27, 0xffff;    PUTCR            /* e_cmpl16i */
        extsh   r8, r28
        cmpwi   r8, -128;       PUTCR            /* e_cmph16i */
        rlwinm  r8, r28, 0, 16, 31
        cmplwi  r8, 0xff81;     PUTCR            /* e_cmphl16i */
        extsh   r8, r28
        extsh   r9, r26
        cmpw    cr3, r8, r9;    PUTCR            /* e_cmph */
        rlwinm  r8, r28, 0, 16, 31
        rlwinm  r9, r26, 0, 16, 31
        cmplw   cr4, r8, r9;    PUTCR            /* e_cmphl */
        crand   20, 0, 1
        crandc  21, 2, 5
        creqv   22, 4, 8
        crnand  23, 9, 13
        crnor   24, 12, 14
        cror    25, 1, 6
        crorc   26, 3, 10
        crxor   27, 11, 15
        mcrf    cr7, cr1;       PUTCR            /* e_cr*, e_mcrf */
        isel    r3, r24, r25, 2; PUT(r3)         /* Book E isel */
        mtcrf   0x81, r24;      PUTCR            /* Book E mtcrf */

        /* F: loads and stores */
        stw     r24, 0(r30)
        sth     r25, 4(r30)
        stb     r26, 6(r30)
        stb     r27, 7(r30)
        stw     r25, 60(r30)
        lwz     r3, 0(r30);  PUT(r3)              /* se_lwz */
        lhz     r4, 4(r30);  PUT(r4)              /* se_lhz */
        lbz     r5, 6(r30);  PUT(r5)              /* se_lbz */
        lbz     r6, 7(r30);  PUT(r6)
        lwz     r7, 60(r30); PUT(r7)
        stw     r25, 100(r30)
        sth     r24, 104(r30)
        stb     r24, 106(r30)
        lwz     r3, 100(r30); PUT(r3)             /* e_lwz */
        lhz     r4, 104(r30); PUT(r4)             /* e_lhz */
        lha     r5, 102(r30); PUT(r5)             /* e_lha */
        lbz     r6, 106(r30); PUT(r6)             /* e_lbz */
        mr      r7, r30
        stwu    r24, 8(r7)
        stbu    r25, 1(r7)
        sthu    r26, 3(r7)
        subf    r3, r30, r7;  PUT(r3)             /* e_st*u */
        mr      r7, r30
        lwzu    r3, 8(r7);    PUT(r3)             /* e_l*u */
        lbzu    r4, 1(r7);    PUT(r4)
        lhzu    r5, 3(r7);    PUT(r5)
        lhau    r6, -2(r7);   PUT(r6)
        subf    r3, r30, r7;  PUT(r3)
        addi    r22, r30, 192
        stmw    r24, 8(r22)                       /* e_stmw */
        lwz     r3, 200(r30); PUT(r3)
        lwz     r4, 220(r30); PUT(r4)
        li      r24, 0
        li      r29, 0
        lmw     r24, 8(r22)                       /* e_lmw */
        PUT(r24); PUT(r29)
        li      r0, 100                           /* e_stmvgprw: r0, r3-r12 */
        li      r3, 103
        li      r4, 104
        li      r5, 105
        li      r6, 106
        li      r7, 107
        li      r8, 108
        li      r9, 109
        li      r10, 110
        li      r11, 111
        li      r12, 112
        addi    r22, r30, 292
        stw     r0, 300(r30)
        stw     r3, 304(r30)
        stw     r4, 308(r30)
        stw     r5, 312(r30)
        stw     r6, 316(r30)
        stw     r7, 320(r30)
        stw     r8, 324(r30)
        stw     r9, 328(r30)
        stw     r10, 332(r30)
        stw     r11, 336(r30)
        stw     r12, 340(r30)
        lwz     r3, 300(r30); PUT(r3)
        lwz     r3, 340(r30); PUT(r3)
        li      r3, 0
        li      r12, 0
        lwz     r0, 300(r30)                      /* e_lmvgprw */
        lwz     r3, 304(r30)
        lwz     r12, 340(r30)
        PUT(r3); PUT(r12)
        li      r3, 77                            /* e_stmvsprw: CR LR CTR XER */
        addi    r22, r30, 392
        mtctr   r3
        mfcr    r0
        stw     r0, 400(r30)
        mflr    r0
        stw     r0, 404(r30)
        mfctr   r0
        stw     r0, 408(r30)
        mfxer   r0
        stw     r0, 412(r30)
        lwz     r3, 400(r30); PUT(r3)
        lwz     r3, 408(r30); PUT(r3)
        lwz     r3, 412(r30); PUT(r3)
        li      r3, 0
        mtctr   r3
        lwz     r0, 400(r30)                      /* e_lmvsprw */
        mtcrf   0xff, r0
        lwz     r0, 408(r30)
        mtctr   r0
        mfctr   r3;           PUT(r3)
        li      r8, 500
        stwx    r24, r30, r8                      /* Book E indexed forms */
        lwzx    r3, r30, r8;  PUT(r3)
        lbzx    r4, r30, r8;  PUT(r4)
        mr      r7, r30
        lhzux   r5, r7, r8;   PUT(r5)
        subf    r6, r30, r7;  PUT(r6)

        /* G: branches */
        li      r3, 0
        b       1f                                /* se_b */
        addi    r3, r3, 1
1:      addi    r3, r3, 2
        b       1f                                /* e_b */
        addi    r3, r3, 4
1:      b       2f                                /* se_bl, se_blr */
3:      addi    r3, r3, 8
        blr
2:      bl      3b
        addi    r3, r3, 16
        b       2f                                /* e_bl */
3:      addi    r3, r3, 32
        blr
2:      bl      3b
        addi    r3, r3, 64
        PUT(r3)
        li      r3, 0
        bl      1f                                /* se_bctr, se_bctrl, se_blrl */
1:      mflr    r5
        addi    r5, r5, 4f - 1b
        mtctr   r5
        bctr
        addi    r3, r3, 1
4:      addi    r3, r3, 2
        b       2f
3:      addi    r3, r3, 4
        blr
2:      bl      1f
1:      mflr    r5
        addi    r5, r5, 3b - 1b
        mtctr   r5
        bctrl
        addi    r3, r3, 8
        mtlr    r5
        blrl
        addi    r3, r3, 16
        PUT(r3)
        li      r3, 0
        cmpwi   r27, 3
        beq     1f                                /* se_beq */
        addi    r3, r3, 1
1:      bne     2f                                /* se_bne */
        addi    r3, r3, 2
2:      cmpwi   cr1, r27, 2
        bgt     cr1, 1f                           /* e_bgt cr1 */
        addi    r3, r3, 4
1:      ble     cr1, 2f                           /* e_ble cr1 */
        addi    r3, r3, 8
2:      li      r6, 5
        mtctr   r6
        li      r4, 0
1:      addi    r4, r4, 3
        bdnz    1b                                /* e_bdnz */
        li      r6, 1
        mtctr   r6
        bdz     1f                                /* e_bdz */
        addi    r3, r3, 16
1:      b       2f                                /* e_beql, e_bdnzl */
3:      addi    r3, r3, 32
        blr
2:      cmpwi   r27, 3
        beql    3b
        li      r6, 2
        mtctr   r6
        bdnzl   3b
        addi    r3, r3, 64
        mfctr   r5
        PUT(r3); PUT(r4); PUT(r5)

        /* H: se_mtar, se_mfar */
        mr      r8, r24
        mr      r23, r25
        mr      r3, r8;       PUT(r3)
        mr      r4, r23;      PUT(r4)
        addi    r8, r8, 1
        mr      r5, r8;       PUT(r5)

        /* I: e_li/se_li ranges, SPRs through opcode 31 */
        lis     r3, 0xfff8;   PUT(r3)
        lis     r4, 7
        ori     r4, r4, 0xffff; PUT(r4)
        li      r5, 127;      PUT(r5)
        lis     r6, 0xffff;   PUT(r6)
        mtspr   272, r24                          /* SPRG0 */
        mfspr   r7, 272;      PUT(r7)

        subf    r3, r14, r31
        srwi    r3, r3, 2
        addi    r3, r3, 1
        lmw     r14, 24(r1)
        lwz     r0, FRAME+4(r1)
        mtlr    r0
        addi    r1, r1, FRAME
        blr
        .size   forms, . - forms

        .section .note.GNU-stack, "", @progbits
