/*
 * crt0.S - start-up code for vboard's Power differential-test firmware. Runs
 * the same way under QEMU 7.2's ppce500 -kernel and under vboard: saves the
 * registers the loader left (boot_regs, for the boot-state test), sets up a
 * stack, clears .bss, maps CCSR (physical 0xF_E000_0000) at FW_CCSR_VA with
 * TLB1 entry 1, points IVPR and the IVORs at fw_vectors.S, then calls
 * setup(), work() and report(). The labels work_begin/work_end bracket the
 * measured part (--count-insns and QEMU's execution log count the
 * instructions between them). Ends by resetting the board (fw_exit); run
 * with -no-reboot / --no-reboot that ends the simulation.
 *
 * QEMU's entry state (hw/ppc/e500.c ppce500_cpu_reset, measured with
 * -d cpu): MSR = 0, TLB1 entry 0 maps 64 MiB at 0 with all permissions,
 * r1 = 16 MiB - 8, r3 = device tree, r6 = ePAPR magic, r7 = map size.
 */
        .section .text.start, "ax"
        .globl  _start
_start:
        lis     r11, boot_regs@ha
        addi    r11, r11, boot_regs@l
        stw     r1, 0(r11)
        stw     r3, 4(r11)
        stw     r4, 8(r11)
        stw     r5, 12(r11)
        stw     r6, 16(r11)
        stw     r7, 20(r11)
        stw     r8, 24(r11)
        stw     r9, 28(r11)
        mfmsr   r0
        stw     r0, 32(r11)
        mflr    r0
        stw     r0, 36(r11)
        lis     r1, _stack_top@ha
        addi    r1, r1, _stack_top@l
        li      r0, 0
        stwu    r0, -16(r1)
        lis     r3, __bss_start@ha
        addi    r3, r3, __bss_start@l
        lis     r4, _end@ha
        addi    r4, r4, _end@l
1:      cmplw   r3, r4
        bge     2f
        stw     r0, 0(r3)
        addi    r3, r3, 4
        b       1b
2:      /* CCSR: TLB1 entry 1, 1 MiB (TSIZE 5), cache-inhibited and guarded,
         * supervisor read/write */
        li      r3, 1
        lis     r4, 0xe000
        li      r5, 0xf
        lis     r6, 0xe000
        li      r7, 5
        li      r8, 0x0a                /* MAS2 I | G */
        li      r9, 0x05                /* MAS3 SW | SR */
        bl      fw_tlb1_write
        bl      fw_init_vectors
        bl      setup
        .globl  work_begin
work_begin:
        bl      work
        .globl  work_end
work_end:
        bl      report
        bl      fw_exit

/* void fw_tlb1_write(esel r3, va r4, pa r5:r6 (hi:lo), tsize4 r7,
 *                    wimge r8, perm r9)
 * MAS layouts: Linux arch/powerpc/include/asm/mmu-book3e.h (MAS0_TLBSEL(1)
 * 0x10000000, MAS0_ESEL at 16, MAS1_VALID 0x80000000, MAS1_TSIZE at 7 in
 * 1 KiB powers of two, i.e. 4^n KiB is n << 8), e500 Core Reference Manual
 * "MMU Assist Registers" (MAS7 holds physical address bits 32-35). */
        .text
        .globl  fw_tlb1_write
fw_tlb1_write:
        slwi    r3, r3, 16
        oris    r3, r3, 0x1000          /* TLBSEL = 1 */
        mtspr   624, r3                 /* MAS0 */
        slwi    r7, r7, 8
        oris    r7, r7, 0x8000          /* V */
        mtspr   625, r7                 /* MAS1 */
        or      r4, r4, r8
        mtspr   626, r4                 /* MAS2: EPN | WIMGE */
        or      r6, r6, r9
        mtspr   627, r6                 /* MAS3: RPN | permissions */
        mtspr   944, r5                 /* MAS7: physical address 35:32 */
        isync
        tlbwe
        isync
        blr

/* Board reset: QEMU 7.2 hw/ppc/mpc8544_guts.c, RSTCR (GUTS + 0xb0) bit
 * 0x2 requests a system reset; the GUTS are at CCSR + 0xe0000
 * (hw/ppc/e500.c MPC8544_UTIL_OFFSET). */
        .globl  fw_exit
fw_exit:
        lis     r3, (0xe00e00b0)@ha
        li      r4, 2
        stw     r4, (0xe00e00b0)@l(r3)
        sync
3:      b       3b

        .data
        .globl  boot_regs
        .align  2
boot_regs:
        .space  40
