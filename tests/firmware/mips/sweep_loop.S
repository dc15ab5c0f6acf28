/*
 * sweep_loop.S - the region pmuctl_sweep.sh measures while it sweeps
 * sweep_n and sweep_m (sweep_main.c): region_begin .. region_end reads
 * both variables and runs two count-down loops of that many trips, so a
 * pass is 4 + 3 * sweep_n + 3 * sweep_m instructions (lui, lw or lhu; addiu,
 * bnez and its delay slot a trip; the same for m). The variables are
 * read inside the region, so a pass always runs the values pmuctl wrote
 * before it. Exact labels, as host/firmware/bench_loop.S's.
 */
    .set noreorder
    .text
    .globl sweep_pass
    .ent sweep_pass
sweep_pass:
    .globl region_begin
region_begin:
    lui $t0, %hi(sweep_n)
    lw $t1, %lo(sweep_n)($t0)
1:
    addiu $t1, $t1, -1
    bnez $t1, 1b
    nop
    lui $t0, %hi(sweep_m)
    lhu $t1, %lo(sweep_m)($t0)
2:
    addiu $t1, $t1, -1
    bnez $t1, 2b
    nop
    .globl region_end
region_end:
    jr $ra
    nop
    .end sweep_pass
