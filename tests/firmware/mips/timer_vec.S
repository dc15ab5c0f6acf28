/*
 * timer_vec.S - interrupt handler and timer wait for timer.c. The handler
 * records Cause, acknowledges the timer by writing Compare (MD00090 9.14),
 * masks IM7 and returns.
 */
        .set    noreorder
        .set    noat
        .text
        .globl  timer_handler
timer_handler:
        mfc0    $k0, $13
        la      $k1, timer_cause
        sw      $k0, 0($k1)
        la      $k1, timer_hits
        lw      $k0, 0($k1)
        addiu   $k0, $k0, 1
        sw      $k0, 0($k1)
        mfc0    $k0, $11
        mtc0    $k0, $11                /* ack: write Compare */
        mfc0    $k0, $12
        li      $k1, ~0x8000            /* mask IM7 */
        and     $k0, $k0, $k1
        mtc0    $k0, $12
        ehb
        eret

/* uint32_t timer_wait(uint32_t delta): Compare = Count + delta, enable IM7
 * and IE, spin until the handler ran; returns Cause.IP7 as seen before.
 * (It spins rather than executing WAIT: QEMU 7.2's Malta did not wake from
 * WAIT on this timer interrupt when tried, so WAIT could not be compared.) */
        .globl  timer_wait
timer_wait:
        mfc0    $t0, $9
        addu    $t0, $t0, $a0
        mtc0    $t0, $11
        mfc0    $v0, $13
        srl     $v0, $v0, 15
        andi    $v0, $v0, 1
        mfc0    $t0, $12
        ori     $t0, $t0, 0x8001        /* IM7, IE */
        mtc0    $t0, $12
        ehb
2:      la      $t1, timer_hits
        lw      $t1, 0($t1)
        beqz    $t1, 2b
        nop
        jr      $ra
        nop

        .data
        .globl  timer_cause, timer_hits
        .align  2
timer_cause:
        .word   0
timer_hits:
        .word   0
