/* exceptions.c - takes one interrupt of each kind a program can cause
 * (exc_asm.S) and records what the core reports: IVOR, the saved pc and
 * MSR, ESR and DEAR where the interrupt sets them, and MAS0-2 after TLB
 * misses. The handler resumes after the faulting instruction (at LR for
 * fetch faults, reached by bctrl; in supervisor mode after sc). The same
 * ELF runs on QEMU; the logs must agree.
 *
 * Pages (TLB1): 0x30000000 -> RAM 0x00200000, 4 KiB, supervisor read only;
 * 0x31000000 -> RAM 0x00201000, 4 KiB, supervisor read/write, no execute.
 * 0x50000000 and 0x60000000 are not mapped. */
#include "fw.h"

struct exc_rec { uint32_t ivor, pc, msr, esr, dear, mas0, mas1, mas2; };
static struct exc_rec log[24];
static unsigned n_log;
extern void exc_trigger_all(void);

/* QEMU 7.2 (target/ppc/excp_helper.c, program interrupts) ORs 0x80000,
 * 0x40000 or 0x20000 (illegal, privileged, trap) into the saved MSR, bits
 * a Book E core saves as MSR bits (0x20000 is MSR[CE]): they are masked in
 * the record and in the MSR the handler returns with (else rfi would set
 * MSR[CE] on QEMU). The program runs with MSR = 0 otherwise: QEMU's e500v2
 * cannot set MSR[ME] (mtmsr 0x1000 reads back 0, measured), and it clears
 * CE and DE on every interrupt where Book E keeps them for base-class ones
 * (vboard's unit tests check the Book E behaviour). */
#define QEMU_SRR1_EXTRA 0x000e0000u

static void handler(struct fw_frame *f)
{
    struct exc_rec *r = &log[n_log < 24 ? n_log++ : 23];
    unsigned n = f->ivor;
    r->ivor = n;
    r->pc = f->pc;
    if (n == 6)
        f->msr &= ~QEMU_SRR1_EXTRA;
    r->msr = f->msr;
    /* ESR: not for alignment, which QEMU 7.2 leaves as it was (a core
     * writes ESR[ST] for stores and clears it for loads) */
    if (n == 2 || n == 6 || n == 13)
        r->esr = f->esr;
    if (n == 2 || n == 5 || n == 13)
        r->dear = f->dear;
    if (n == 13 || n == 14) {
        r->mas0 = MFSPR(SPR_MAS0);
        r->mas1 = MFSPR(SPR_MAS1);
        r->mas2 = MFSPR(SPR_MAS2);
    }
    if (n == 3 || n == 14)
        f->pc = f->lr;          /* fetch faults: back to after the bctrl */
    else if (n == 8)
        f->msr &= ~MSR_PR;      /* sc: SRR0 is already the next instruction */
    else
        f->pc += 4;
}

void setup(void)
{
    static const unsigned ivors[] = { 2, 3, 5, 6, 8, 13, 14 };
    for (unsigned i = 0; i < sizeof(ivors) / sizeof(ivors[0]); i++)
        fw_set_handler(ivors[i], handler);
    fw_tlb1_write(2, 0x30000000u, 0x00200000u, 1, 0, 0x01u); /* SR */
    fw_tlb1_write(3, 0x31000000u, 0x00201000u, 1, 0, 0x05u); /* SR SW */
    MTSPR(SPR_MAS4, 0x00000100u | 0x0au); /* defaults on a miss: TSIZED 4 KiB, I G */
}

void work(void) { exc_trigger_all(); }

void report(void)
{
    fw_puts("exceptions\n");
    for (unsigned i = 0; i < n_log; i++) {
        const struct exc_rec *r = &log[i];
        fw_dec(i);
        fw_puts(" ivor=");
        fw_dec(r->ivor);
        fw_puts(" pc=");
        fw_hex(r->pc);
        fw_puts(" msr=");
        fw_hex(r->msr);
        fw_puts(" esr=");
        fw_hex(r->esr);
        fw_puts(" dear=");
        fw_hex(r->dear);
        fw_puts(" mas=");
        fw_hex(r->mas0);
        fw_putc(',');
        fw_hex(r->mas1);
        fw_putc(',');
        fw_hex(r->mas2);
        fw_putc('\n');
    }
}
