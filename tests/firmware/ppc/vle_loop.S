/*
 * vle_loop.S - a counted VLE loop of 16- and 32-bit instructions for
 * vboard's counts (tests/vboard/ppc/vle_count.sh): uint32_t
 * vle_loop(passes) runs `passes` times, from vle_loop_top, e_li and then
 * VLE_INNER times the five instructions se_addi, e_add16i, se_subi,
 * se_cmpi, se_bne, then e_bdnz: 2 + 5 * VLE_INNER instructions a pass,
 * VLE_INNER + 1 branches (VLE_INNER - 1 + 1 taken but on the last pass),
 * and returns 3 * VLE_INNER * passes.
 */
#define VLE_INNER 10

        .section .text_vle, "axv"
        .p2align 1
        .globl  vle_loop
        .type   vle_loop, @function
vle_loop:
        se_mtctr r3
        se_li   r4, 0
        .globl  vle_loop_top
vle_loop_top:
        e_li    r5, VLE_INNER
1:      se_addi r4, 1
        e_add16i r4, r4, 2
        se_subi r5, 1
        se_cmpi r5, 0
        se_bne  1b
        e_bdnz  vle_loop_top
        .globl  vle_loop_done
vle_loop_done:
        se_mr   r3, r4
        se_blr
        .size   vle_loop, . - vle_loop

        .section .note.GNU-stack, "", @progbits
