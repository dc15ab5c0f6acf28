/*
 * step_branches.S - one of each kind of MIPS32 branch, for stepping through
 * with GDB (tests/e2e/step_out_of_line.sh): a taken beq, a branch-likely
 * that is not taken (its delay slot nullified), bal and bltzal (links, the
 * first taken, the second not), jal, jalr and jr $ra, each delay slot
 * adding to v0 so that a slot run twice or not at all shows.
 * int step_demo(int x), x > 0, returns x + 1 + 2 + 16 + 8 (bal) + 4 + 8
 * (jal) + 32 = x + 71.
 */
    .set noreorder
    .text
    .globl step_demo
    .ent step_demo
step_demo:
    move    $t8, $ra
    move    $v0, $zero
    beq     $a0, $a0, 1f            /* taken */
    addiu   $v0, $v0, 1
    addiu   $v0, $v0, 100           /* jumped over */
1:  bnel    $a0, $a0, 2f            /* likely, not taken: slot nullified */
    addiu   $v0, $v0, 1000
    addiu   $v0, $v0, 2
2:  bal     step_sub                /* taken, links */
    addiu   $v0, $v0, 16
    bltzal  $a0, 3f                 /* not taken (x > 0), links anyway */
    addiu   $v0, $v0, 4
    jal     step_sub
    nop
    la      $t9, step_sub2
    jalr    $t9
    addiu   $v0, $v0, 32
3:  addu    $v0, $v0, $a0
    jr      $t8
    nop
    .end step_demo

step_sub:
    jr      $ra
    addiu   $v0, $v0, 8
step_sub2:
    jr      $ra
    nop
