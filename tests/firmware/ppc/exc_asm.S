/*
 * exc_asm.S - the faulting instructions of exceptions.c, each exactly as
 * written: illegal, trap (taken and not), system call, a floating-point
 * load (no FPU: illegal), data TLB misses (load, store), a data storage
 * fault (store to a read-only page), alignment (misaligned lwarx; QEMU
 * 7.2 does not check stwcx.'s alignment, so it is not tried here),
 * instruction TLB miss and instruction storage (no-execute page) through
 * bctrl, and from user mode: a privileged instruction, a data storage
 * fault (supervisor-only page) and the system call that returns to
 * supervisor mode. Pages: see exceptions.c.
 */
        .text
        .globl  exc_trigger_all
exc_trigger_all:
        mflr    r0
        stw     r0, 4(r1)
        stwu    r1, -16(r1)
        .long   0x00000000              /* primary opcode 0: illegal */
        tw      4, r1, r1               /* r1 == r1: trap */
        twi     0, r1, 0                /* TO = 0: never traps */
        twi     16, r1, 0               /* r1 < 0 signed: no */
        sc
        .long   0xc8010000              /* lfd f0, 0(r1): no FPU */
        lis     r3, 0x5000
        lwz     r4, 0(r3)               /* data TLB miss, load */
        stw     r4, 8(r3)               /* data TLB miss, store */
        lis     r3, 0x3000
        lwz     r4, 0(r3)               /* read-only page: fine */
        stw     r4, 4(r3)               /* data storage: store */
        lis     r3, exc_word@ha
        addi    r3, r3, exc_word@l
        addi    r3, r3, 2
        lwarx   r4, 0, r3               /* alignment */
        lis     r3, 0x6000
        mtctr   r3
        bctrl                           /* instruction TLB miss */
        lis     r3, 0x3100
        mtctr   r3
        bctrl                           /* instruction storage: no SX */
        /* to user mode (MSR[PR]) at exc_user, through rfi */
        lis     r3, exc_user@ha
        addi    r3, r3, exc_user@l
        mtsrr0  r3
        mfmsr   r3
        ori     r3, r3, 0x4000
        mtsrr1  r3
        rfi
exc_user:
        mfmsr   r3                      /* privileged */
        lis     r3, 0x3000
        lwz     r4, 0(r3)               /* supervisor-only page: data storage */
        sc                              /* back to supervisor (exceptions.c) */
        addi    r1, r1, 16
        lwz     r0, 4(r1)
        mtlr    r0
        blr

        .data
        .align  3
exc_word:
        .long   0x01020304, 0x05060708
