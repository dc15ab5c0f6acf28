/*
 * bench_loop.S - the region pmuctl's tests measure, in a loop:
 * region_begin .. region_end brackets one call of work(WORK_N); the
 * labels are exact instruction addresses (no compiler scheduling moves
 * them), so QEMU's execution log and pmuctl count the same instructions.
 * bench_loop(rounds) runs the region `rounds` times.
 */
#define WORK_N 100

    .text
    .set noreorder
    .globl bench_loop
    .ent bench_loop
bench_loop:
    addiu $sp, $sp, -24
    sw $ra, 20($sp)
    sw $s0, 16($sp)
    move $s0, $a0
1:
    .globl region_begin
region_begin:
    jal work
    li $a0, WORK_N              /* delay slot: in the region */
    .globl region_end
region_end:
    addiu $s0, $s0, -1
    bnez $s0, 1b
    nop
    lw $s0, 16($sp)
    lw $ra, 20($sp)
    jr $ra
    addiu $sp, $sp, 24
    .end bench_loop
