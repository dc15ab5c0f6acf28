/*
 * esci.c - the eSCI in SCI mode, polled: the MPC5674F's debug line.
 *
 * Registers (MPC5674F header mpc5674f.h v1.04, struct ESCI_tag, as RTEMS
 * carries it in bsps/powerpc/mpc55xxevb/include/mpc55xx/fsl-mpc567x.h;
 * the same offsets in the CM2350 emulator's eSCI model, after MPC5674F RM
 * rev. 7): CR1 +0 (32 bits; SBR, the baud divisor, in bits 3-15, i.e.
 * << 16; TE 0x8, RE 0x4), CR2 +4 (16 bits; MDIS 0x8000 switches the
 * module off), DR +6 (16 bits, the data byte in the low 8), SR +8 (32
 * bits, write 1 to clear; TDRE 0x80000000 the transmit data register is
 * empty, RDRF 0x20000000 a byte was received), LCR +0xC (LIN control, 0:
 * LIN off).
 *
 * The sequence is RTEMS console-esci.c's polled one: at start CR2 = 0
 * (module on, no DMA, no error interrupts), LCR = 0, CR1 = SBR | TE | RE;
 * to send, wait for TDRE, clear it, write DR; to receive, when RDRF is
 * set clear it and read DR. Byte, half-word and word accesses as the
 * header declares each register (the eSCI is on a 32-bit peripheral bridge
 * that takes all three).
 */
#include "esci.h"

#define CR1 0x0u
#define CR2 0x4u
#define DR  0x6u
#define SR  0x8u
#define LCR 0xcu
#define CR1_SBR_SHIFT 16
#define CR1_SBR_MASK 0x1fffu
#define CR1_TE 0x8u
#define CR1_RE 0x4u
#define SR_TDRE 0x80000000u
#define SR_RDRF 0x20000000u

static uintptr_t esci;

static volatile uint32_t *reg32(uint32_t off)
{
    return (volatile uint32_t *)(esci + off);
}

static volatile uint16_t *reg16(uint32_t off)
{
    return (volatile uint16_t *)(esci + off);
}

void esci_init(uintptr_t base, uint32_t sbr)
{
    esci = base;
    *reg16(CR2) = 0;
    *reg32(LCR) = 0;
    *reg32(CR1) = (sbr & CR1_SBR_MASK) << CR1_SBR_SHIFT | CR1_TE | CR1_RE;
}

int esci_poll_getc(void)
{
    if (!(*reg32(SR) & SR_RDRF))
        return -1;
    *reg32(SR) = SR_RDRF;
    return *reg16(DR) & 0xff;
}

int esci_getc(void)
{
    int c;
    while ((c = esci_poll_getc()) < 0)
        ;
    return c;
}

void esci_putc(int c)
{
    while (!(*reg32(SR) & SR_TDRE))
        ;
    *reg32(SR) = SR_TDRE;
    *reg16(DR) = (uint16_t)(c & 0xff);
}
