/*
 * idle_poll_vec.S - idle_poll.c's wait loop and interrupt handler.
 *
 * idle_wait(flag) spins reading the UART's LSR (kseg1 0xb80003fd) and the
 * word at flag until either is non-zero: a loop that only polls a quiet
 * line and ordinary memory, which vboard may let pass while it sleeps.
 * The handler ends a wait: it acknowledges the timer (writing Compare,
 * MD00090 9.14) or turns the interrupt enable of counter 0 off (a counter
 * with IE and bit 31 set interrupts, MD00090 9.35), then sets idle_flag.
 */
        .set    noreorder
        .set    noat
        .text
        .globl  idle_wait
idle_wait:
        li      $t3, 0xb80003f8
1:      lbu     $t0, 5($t3)
        andi    $t0, $t0, 1
        bnez    $t0, 2f
        lw      $t1, 0($a0)
        beqz    $t1, 1b
        nop
2:      jr      $ra
        move    $v0, $t0

        .globl  idle_handler
idle_handler:
        mfc0    $k0, $13
        srl     $k1, $k0, 30            /* Cause.TI */
        andi    $k1, $k1, 1
        beqz    $k1, 1f
        nop
        mfc0    $k1, $11
        mtc0    $k1, $11
1:      srl     $k1, $k0, 26            /* Cause.PCI */
        andi    $k1, $k1, 1
        beqz    $k1, 2f
        nop
        mfc0    $k1, $25, 0
        li      $k0, ~0x10              /* PerfCtl0.IE */
        and     $k1, $k1, $k0
        mtc0    $k1, $25, 0
2:      la      $k0, idle_flag
        li      $k1, 1
        sw      $k1, 0($k0)
        ehb
        eret

        .data
        .globl  idle_flag
        .align  2
idle_flag:
        .word   0
