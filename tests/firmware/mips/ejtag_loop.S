/*
 * ejtag_loop.S - firmware for the OpenOCD end-to-end test
 * (tests/e2e/openocd_vboard.sh): a loop that calls tick() forever, and
 * tick() adds 1 to `counter`. That gives the debugger known places to stop
 * (tick, after_tick) and an oracle that needs no tool output: between two
 * stops at tick, counter grows by exactly 1. `scratch` is memory the test
 * writes and reads back. Runs from kseg0 at 0x80100000 like malta.ld.
 */
    .set noreorder
    .text
    .globl _start
_start:
    lui     $sp, %hi(stack_top)
    addiu   $sp, $sp, %lo(stack_top)
    .globl loop
loop:
    jal     tick
    nop
    .globl after_tick
after_tick:                     /* jal returns here (jal address + 8) */
    b       loop
    nop

    .globl tick
tick:                           /* first instruction is not a branch, so a
                                   single step from tick stops at tick+4 */
    lui     $t0, %hi(counter)
    lw      $t1, %lo(counter)($t0)
    addiu   $t1, $t1, 1
    sw      $t1, %lo(counter)($t0)
    jr      $ra
    nop

    .data
    .align  2
    .globl counter
counter:
    .word   0
    .globl scratch
scratch:
    .word   0x11111111

    .bss
    .align  3
    .space  1024
stack_top:
