/*
 * branches.S - one taken and one untaken branch, each with a delay slot
 * that does visible work, at labels the end-to-end tests step from.
 * int branch_demo(int x) returns x + 1 + 2 + 4.
 */
    .set noreorder
    .text
    .globl branch_demo
    .ent branch_demo
branch_demo:
    move    $v0, $zero
    .globl br_taken
br_taken:
    beq     $a0, $a0, br_taken_target   /* always taken */
    addiu   $v0, $v0, 1                 /* delay slot: runs */
    addiu   $v0, $v0, 100               /* jumped over */
    .globl br_taken_target
br_taken_target:
    .globl br_untaken
br_untaken:
    bne     $a0, $a0, 1f                /* never taken */
    addiu   $v0, $v0, 2                 /* delay slot: runs */
    .globl br_untaken_next
br_untaken_next:
    addiu   $v0, $v0, 4
1:  jr      $ra
    addu    $v0, $v0, $a0
    .end branch_demo
