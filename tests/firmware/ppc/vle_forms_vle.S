/*
 * vle_forms_vle.S - the VLE version of vle_forms_booke.S (vle_forms.h):
 * every VLE instruction form the e200z7 has, each case giving what the
 * Book E case of the same name gives. Assembled with -mvle into a VLE
 * section ("axv"); vle_start.S maps its page with MAS2[VLE] and calls
 * forms_vle. The code is position independent (it runs at the effective
 * address vle_start.S maps, not where it is linked): addresses are taken
 * from LR after a branch and link.
 */
#include "vle_forms.h"
#define PUT(r) e_stwu r, 4(r31)
#define PUTCR mfcr r0; PUT(r0)
#define PUTXER mfxer r0; PUT(r0); se_li r0, 0; mtxer r0

        .section .text_vle, "axv"
        .p2align 14
        .globl  forms_vle
        .type   forms_vle, @function
forms_vle:
        e_stwu  r1, -FRAME(r1)
        se_mflr r0
        e_stw   r0, FRAME+4(r1)
        e_stmw  r14, 24(r1)
        or      r14, r3, r3
        e_add16i r31, r3, -4
        e_add16i r30, r3, SCRATCH
        se_li   r0, 0
        mtcrf   0xff, r0
        mtxer   r0

        /* constants */
        e_lis   r24, 0x1234
        e_or2i  r24, 0x5678
        e_li    r25, -5
        e_lis   r26, 0x8000
        se_addi r26, 1
        se_li   r27, 3
        e_li    r28, 0xff80
        e_li    r29, -524288
        PUT(r24); PUT(r25); PUT(r26); PUT(r27); PUT(r28); PUT(r29)

        /* A: 16-bit arithmetic */
        se_mr   r3, r24;  se_add r3, r25;     PUT(r3)
        se_mr   r4, r24;  se_sub r4, r27;     PUT(r4)
        se_mr   r5, r27;  se_subf r5, r24;    PUT(r5)
        se_mr   r6, r24;  se_mullw r6, r25;   PUT(r6)
        se_mr   r7, r24;  se_neg r7;          PUT(r7)
        se_mr   r3, r26;  se_not r3;          PUT(r3)
        se_mr   r4, r25;  se_addi r4, 32;     PUT(r4)
        se_mr   r5, r27;  se_subi r5, 4;      PUT(r5)
        se_mr   r6, r27;  se_subi. r6, 3;     PUT(r6); PUTCR
        e_add16i r7, r24, -300;               PUT(r7)

        /* B: SCI8 and I16A arithmetic */
        e_addi  r3, r24, 0x300;               PUT(r3)
        e_addi  r4, r24, 0x55000000;          PUT(r4)
        e_addi  r5, r25, 0xffffabff;          PUT(r5)
        e_addi. r6, r25, 5;                   PUT(r6); PUTCR
        e_addic r7, r26, 0x7fffffff;          PUT(r7); PUTXER
        e_addic. r3, r25, 5;                  PUT(r3); PUTCR; PUTXER
        e_subfic r4, r27, 100;                PUT(r4); PUTXER
        e_subfic. r5, r24, 0;                 PUT(r5); PUTCR; PUTXER
        e_mulli r6, r24, 0x100;               PUT(r6)
        se_mr   r7, r24;  e_mull2i r7, -1000; PUT(r7)
        se_mr   r3, r24;  e_add2i. r3, -0x5678; PUT(r3); PUTCR
        se_mr   r4, r24;  e_add2is r4, 0x7000;  PUT(r4)

        /* C: logical */
        se_mr   r3, r24;  se_and r3, r25;     PUT(r3)
        se_mr   r4, r24;  se_and. r4, r28;    PUT(r4); PUTCR
        se_mr   r5, r24;  se_andc r5, r28;    PUT(r5)
        se_mr   r6, r24;  se_or r6, r26;      PUT(r6)
        se_mr   r7, r24;  e_and2i. r7, 0x0f0f; PUT(r7); PUTCR
        se_mr   r3, r24;  e_and2is. r3, 0xff00; PUT(r3); PUTCR
        e_andi  r4, r24, 0xff;                PUT(r4)
        e_andi. r5, r24, 0xff00;              PUT(r5); PUTCR
        se_mr   r6, r24;  se_andi r6, 0x1f;   PUT(r6)
        e_ori   r7, r24, 0x00ff0000;          PUT(r7)
        e_ori.  r3, r26, 0xff;                PUT(r3); PUTCR
        e_xori  r4, r24, 0xff;                PUT(r4)
        e_xori. r5, r24, 0x78;                PUT(r5); PUTCR
        se_mr   r6, r24;  e_or2i r6, 0x8001;  PUT(r6)
        se_mr   r7, r24;  e_or2is r7, 0x8001; PUT(r7)
        e_lis   r3, 0xabcd;                   PUT(r3)
        se_bmaski r4, 0;                      PUT(r4)
        se_bmaski r5, 7;                      PUT(r5)
        se_mr   r6, r24;  se_bclri r6, 27;    PUT(r6)
        se_bgeni r7, 3;                       PUT(r7)
        se_mr   r3, r24;  se_bseti r3, 0;     PUT(r3)
        se_btsti r24, 31;                     PUTCR
        se_btsti r24, 3;                      PUTCR
        se_mr   r4, r26;  se_extzb r4;        PUT(r4)
        se_mr   r5, r28;  se_extsb r5;        PUT(r5)
        se_mr   r6, r26;  se_extzh r6;        PUT(r6)
        se_mr   r7, r28;  se_extsh r7;        PUT(r7)

        /* D: shifts and rotates */
        se_mr   r3, r24;  se_slw r3, r27;     PUT(r3)
        se_mr   r4, r26;  se_srw r4, r27;     PUT(r4)
        se_mr   r5, r26;  se_sraw r5, r27;    PUT(r5); PUTXER
        se_mr   r6, r24;  se_slwi r6, 4;      PUT(r6)
        se_mr   r7, r26;  se_srwi r7, 31;     PUT(r7)
        se_mr   r3, r26;  se_srawi r3, 1;     PUT(r3); PUTXER
        e_slwi  r4, r24, 8;                   PUT(r4)
        e_slwi. r5, r24, 4;                   PUT(r5); PUTCR
        e_srwi  r6, r26, 4;                   PUT(r6)
        e_srwi. r7, r26, 1;                   PUT(r7); PUTCR
        e_rlw   r3, r24, r27;                 PUT(r3)
        e_rlw.  r4, r26, r27;                 PUT(r4); PUTCR
        e_rlwi  r5, r24, 12;                  PUT(r5)
        e_rlwi. r6, r26, 1;                   PUT(r6); PUTCR
        e_rlwinm r7, r24, 4, 8, 23;           PUT(r7)
        se_mr   r3, r26
        e_rlwimi r3, r24, 8, 16, 23;          PUT(r3)
        sraw    r4, r24, r27;                 PUT(r4)
        srawi   r5, r25, 1;                   PUT(r5); PUTXER

        /* E: compares and CR operations */
        se_li   r0, 0
        mtcrf   0xff, r0
        se_cmp  r24, r25;                     PUTCR
        se_cmpl r24, r25;                     PUTCR
        se_cmph r26, r28;                     PUTCR
        se_cmphl r26, r28;                    PUTCR
        se_cmpi r27, 3;                       PUTCR
        se_cmpli r27, 4;                      PUTCR
        e_cmpi  cr1, r25, -5;                 PUTCR
        e_cmpli cr2, r26, 0x80000000;         PUTCR
        e_cmp16i r25, -6;                     PUTCR
        e_cmpl16i r27, 0xffff;                PUTCR
        e_cmph16i r28, -128;                  PUTCR
        e_cmphl16i r28, 0xff81;               PUTCR
        e_cmph  cr3, r28, r26;                PUTCR
        e_cmphl cr4, r28, r26;                PUTCR
        e_crand 20, 0, 1
        e_crandc 21, 2, 5
        e_creqv 22, 4, 8
        e_crnand 23, 9, 13
        e_crnor 24, 12, 14
        e_cror  25, 1, 6
        e_crorc 26, 3, 10
        e_crxor 27, 11, 15
        e_mcrf  cr7, cr1;                     PUTCR
        isel    r3, r24, r25, 2;              PUT(r3)
        mtcrf   0x81, r24;                    PUTCR

        /* F: loads and stores */
        se_stw  r24, 0(r30)
        se_sth  r25, 4(r30)
        se_stb  r26, 6(r30)
        se_stb  r27, 7(r30)
        se_stw  r25, 60(r30)
        se_lwz  r3, 0(r30);  PUT(r3)
        se_lhz  r4, 4(r30);  PUT(r4)
        se_lbz  r5, 6(r30);  PUT(r5)
        se_lbz  r6, 7(r30);  PUT(r6)
        se_lwz  r7, 60(r30); PUT(r7)
        e_stw   r25, 100(r30)
        e_sth   r24, 104(r30)
        e_stb   r24, 106(r30)
        e_lwz   r3, 100(r30); PUT(r3)
        e_lhz   r4, 104(r30); PUT(r4)
        e_lha   r5, 102(r30); PUT(r5)
        e_lbz   r6, 106(r30); PUT(r6)
        se_mr   r7, r30
        e_stwu  r24, 8(r7)
        e_stbu  r25, 1(r7)
        e_sthu  r26, 3(r7)
        subf    r3, r30, r7;  PUT(r3)
        se_mr   r7, r30
        e_lwzu  r3, 8(r7);    PUT(r3)
        e_lbzu  r4, 1(r7);    PUT(r4)
        e_lhzu  r5, 3(r7);    PUT(r5)
        e_lhau  r6, -2(r7);   PUT(r6)
        subf    r3, r30, r7;  PUT(r3)
        e_add16i r22, r30, 192
        e_stmw  r24, 8(r22)
        e_lwz   r3, 200(r30); PUT(r3)
        e_lwz   r4, 220(r30); PUT(r4)
        se_li   r24, 0
        se_li   r29, 0
        e_lmw   r24, 8(r22)
        PUT(r24); PUT(r29)
        se_li   r0, 100
        se_li   r3, 103
        se_li   r4, 104
        se_li   r5, 105
        se_li   r6, 106
        se_li   r7, 107
        e_li    r8, 108
        e_li    r9, 109
        e_li    r10, 110
        e_li    r11, 111
        e_li    r12, 112
        e_add16i r22, r30, 292
        e_stmvgprw 8(r22)
        e_lwz   r3, 300(r30); PUT(r3)
        e_lwz   r3, 340(r30); PUT(r3)
        se_li   r3, 0
        e_li    r12, 0
        e_lmvgprw 8(r22)
        PUT(r3); PUT(r12)
        e_li    r3, 77
        se_mtctr r3
        e_add16i r22, r30, 392
        e_stmvsprw 8(r22)
        e_lwz   r3, 400(r30); PUT(r3)
        e_lwz   r3, 408(r30); PUT(r3)
        e_lwz   r3, 412(r30); PUT(r3)
        se_li   r3, 0
        se_mtctr r3
        e_lmvsprw 8(r22)
        se_mfctr r3;          PUT(r3)
        e_li    r8, 500
        stwx    r24, r30, r8
        lwzx    r3, r30, r8;  PUT(r3)
        lbzx    r4, r30, r8;  PUT(r4)
        se_mr   r7, r30
        lhzux   r5, r7, r8;   PUT(r5)
        subf    r6, r30, r7;  PUT(r6)

        /* G: branches */
        se_li   r3, 0
        se_b    1f
        se_addi r3, 1
1:      se_addi r3, 2
        e_b     1f
        se_addi r3, 4
1:      se_b    2f
3:      se_addi r3, 8
        se_blr
2:      se_bl   3b
        se_addi r3, 16
        se_b    2f
3:      se_addi r3, 32
        se_blr
2:      e_bl    3b
        e_add16i r3, r3, 64
        PUT(r3)
        se_li   r3, 0
        se_bl   1f
1:      se_mflr r5
        e_add16i r5, r5, 4f - 1b
        se_mtctr r5
        se_bctr
        se_addi r3, 1
4:      se_addi r3, 2
        se_b    2f
3:      se_addi r3, 4
        se_blr
2:      se_bl   1f
1:      se_mflr r5
        e_add16i r5, r5, 3b - 1b
        se_mtctr r5
        se_bctrl
        se_addi r3, 8
        se_mtlr r5
        se_blrl
        se_addi r3, 16
        PUT(r3)
        se_li   r3, 0
        se_cmpi r27, 3
        se_beq  1f
        se_addi r3, 1
1:      se_bne  2f
        se_addi r3, 2
2:      e_cmpi  cr1, r27, 2
        e_bgt   cr1, 1f
        se_addi r3, 4
1:      e_ble   cr1, 2f
        se_addi r3, 8
2:      se_li   r6, 5
        se_mtctr r6
        se_li   r4, 0
1:      se_addi r4, 3
        e_bdnz  1b
        se_li   r6, 1
        se_mtctr r6
        e_bdz   1f
        se_addi r3, 16
1:      se_b    2f
3:      se_addi r3, 32
        se_blr
2:      se_cmpi r27, 3
        e_beql  3b
        se_li   r6, 2
        se_mtctr r6
        e_bdnzl 3b
        e_add16i r3, r3, 64
        se_mfctr r5
        PUT(r3); PUT(r4); PUT(r5)

        /* H: se_mtar, se_mfar */
        se_mtar r8, r24
        se_mtar r23, r25
        se_mfar r3, r8;       PUT(r3)
        se_mfar r4, r23;      PUT(r4)
        e_add16i r8, r8, 1
        se_mfar r5, r8;       PUT(r5)

        /* I: e_li/se_li ranges, SPRs through opcode 31 */
        e_li    r3, -524288;  PUT(r3)
        e_li    r4, 524287;   PUT(r4)
        se_li   r5, 127;      PUT(r5)
        e_lis   r6, 0xffff;   PUT(r6)
        mtspr   272, r24
        mfspr   r7, 272;      PUT(r7)

        subf    r3, r14, r31
        e_srwi  r3, r3, 2
        se_addi r3, 1
        e_lmw   r14, 24(r1)
        e_lwz   r0, FRAME+4(r1)
        se_mtlr r0
        e_add16i r1, r1, FRAME
        se_blr
        .size   forms_vle, . - forms_vle

        .section .note.GNU-stack, "", @progbits
