/* decrementer.c - the decrementer interrupt (IVOR10): DEC counts down,
 * its expiry sets TSR[DIS] while MSR[EE] = 0 (seen by polling TSR), the
 * interrupt comes as soon as wrteei 1 enables it, and with TCR[ARE] DEC
 * reloads from DECAR so that it comes again; the handler clears TSR[DIS]
 * (write 1 to clear; what TSR shows afterwards depends on time, as the
 * decrementer keeps running). Book III-E chapter 8 (TCR/TSR bits in ppc_regs.h).
 * QEMU's decrementer follows the host clock and vboard's the timing model,
 * so only the output is compared, not instruction counts. Not compared:
 * whether DEC stops at 0 without TCR[ARE] (Book E: it does, and vboard's
 * does; QEMU 7.2's keeps counting down). */
#include "fw.h"

#define PERIOD  500000u

static volatile uint32_t hits, seen_srr1_ee, seen_tsr;
static uint32_t pending_before;

static void on_dec(struct fw_frame *f)
{
    seen_tsr = MFSPR(SPR_TSR) & TSR_DIS;
    seen_srr1_ee = f->msr & MSR_EE;
    MTSPR(SPR_TSR, TSR_DIS);
    if (++hits == 3)
        MTSPR(SPR_TCR, 0);
}

void setup(void) { fw_set_handler(10, on_dec); }

void work(void)
{
    MTSPR(SPR_TSR, TSR_DIS);
    MTSPR(SPR_DECAR, PERIOD);
    MTSPR(SPR_DEC, PERIOD);
    MTSPR(SPR_TCR, TCR_DIE);
    while (!(MFSPR(SPR_TSR) & TSR_DIS))
        ;
    pending_before = 1;
    MTSPR(SPR_TCR, TCR_DIE | TCR_ARE);
    MTSPR(SPR_DEC, PERIOD);
    __asm__ volatile("wrteei 1");
    while (hits < 3)
        ;
    __asm__ volatile("wrteei 0");
}

void report(void)
{
    fw_puts("decrementer\n");
    fw_kv("pending_before", pending_before);
    fw_kv("hits", hits);
    fw_kv("tsr_dis_in_handler", seen_tsr);
    fw_kv("srr1_ee", seen_srr1_ee);
}
