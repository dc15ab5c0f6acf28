/* debug.c - single-stepping with the debug unit: DBCR0[IDM|ICMP] with
 * MSR[DE] raises the debug interrupt (IVOR15) after each completed
 * instruction, with DBSR[IC] set (Book E "Instruction Complete Debug
 * Event"); the handler records the address it returns to (CSRR0 on the
 * e500v2; DSRR0 on the e200z7 with HID0[DAPUEN], fw_vectors.S) and clears
 * DBSR[IC]; after eight steps it turns ICMP off. */
#include "fw.h"

#define STEPS 8

static uint32_t pcs[16], dbsr[16], msrs[16];
static volatile unsigned n_steps;
extern void debug_steps(void);
extern char debug_steps_start[];

static void on_debug(struct fw_frame *f)
{
    unsigned i = n_steps < 16 ? n_steps : 15;
    pcs[i] = f->pc - (uint32_t)(uintptr_t)debug_steps_start;
    msrs[i] = f->msr & MSR_DE;
    dbsr[i] = MFSPR(SPR_DBSR) & DBSR_IC;
    MTSPR(SPR_DBSR, DBSR_IC);
    if (++n_steps == STEPS)
        MTSPR(SPR_DBCR0, DBCR0_IDM);
}

void setup(void) { fw_set_handler(15, on_debug); }

void work(void)
{
    MTSPR(SPR_DBSR, 0xffffffffu);
    MTSPR(SPR_DBCR0, DBCR0_IDM | DBCR0_ICMP);
    __asm__ volatile("isync");
    MTMSR(MFMSR() | MSR_DE);
    debug_steps();
    MTMSR(MFMSR() & ~MSR_DE);
    MTSPR(SPR_DBCR0, 0);
}

void report(void)
{
    fw_puts("debug\n");
    fw_kv("steps", n_steps);
    for (unsigned i = 0; i < n_steps && i < 16; i++) {
        fw_dec(i);
        fw_puts(" pc=+");
        fw_hex(pcs[i]);
        fw_puts(" de=");
        fw_hex(msrs[i]);
        fw_puts(" dbsr=");
        fw_hex(dbsr[i]);
        fw_putc('\n');
    }
}
