/*
 * branches.S - the Power demo's stepping ground: a taken and an untaken
 * conditional branch, a bl and a blr, at labels the end-to-end tests step
 * from. int branch_demo(int x) returns x + 1 + 2 + 4, as stub/demo/
 * mips32/branches.S does on MIPS, so demo.c's exit code is the same on both.
 */
    .text
    .globl branch_demo
branch_demo:
    mflr    %r12                /* ours to keep across the bl below */
    li      %r4, 1
    cmpw    %r3, %r3            /* cr0.eq = 1 */
    .globl br_taken
br_taken:
    beq     br_taken_target     /* always taken */
    addi    %r4, %r4, 100       /* jumped over */
    .globl br_taken_target
br_taken_target:
    .globl br_untaken
br_untaken:
    bne     br_call_return      /* never taken */
    .globl br_untaken_next
br_untaken_next:
    addi    %r4, %r4, 2
    .globl br_call
br_call:
    bl      branch_leaf
    .globl br_call_return
br_call_return:
    add     %r3, %r3, %r4
    mtlr    %r12
    blr

    .globl branch_leaf
branch_leaf:
    addi    %r4, %r4, 4
    .globl br_leaf_return
br_leaf_return:
    blr

    .section .note.GNU-stack, "", @progbits
