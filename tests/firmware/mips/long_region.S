/*
 * long_region.S - the region long_region.sh measures: region_begin ..
 * region_end brackets one call of long_work(), whose length (long_n
 * iterations) puts it well over the old Ctrl-C poll period of 2^20 Count
 * ticks; exact labels, as host/firmware/bench_loop.S's, so that QEMU's
 * execution log and pmuctl count the same instructions. long_pass() runs
 * the region once.
 */
    .set noreorder
    .text
    .globl long_pass
    .ent long_pass
long_pass:
    addiu $sp, $sp, -24
    sw $ra, 20($sp)
    .globl region_begin
region_begin:
    jal long_work
    nop                         /* delay slot: in the region */
    .globl region_end
region_end:
    lw $ra, 20($sp)
    jr $ra
    addiu $sp, $sp, 24
    .end long_pass
