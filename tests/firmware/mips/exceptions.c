/* exceptions.c - takes one exception of each kind from kernel mode with
 * Status.BEV=0 and records what the CPU reports: vector (refill 0x000 or
 * general 0x180), Cause (ExcCode, BD, CE), EPC and BadVAddr. The same ELF
 * runs on QEMU; the logs must agree. The handler (exc_vec.S) skips the
 * faulting instruction (and its branch, when in a delay slot). */
#include "fw.h"

struct exc_rec { uint32_t vec, cause, epc, badvaddr; };
extern struct exc_rec exc_log[16];
extern uint32_t exc_count;
extern void exc_common(void);
extern void exc_trigger_all(void);

void setup(void)
{
    fw_install_vector(0x000, 0x000, exc_common); /* TLB refill */
    fw_install_vector(0x180, 0x180, exc_common); /* general */
    fw_use_ebase_vectors();
}

void work(void) { exc_trigger_all(); }

void report(void)
{
    fw_puts("exceptions\n");
    for (uint32_t i = 0; i < exc_count && i < 16; i++) {
        fw_dec(i);
        fw_puts(" vec=");
        fw_hex(exc_log[i].vec);
        fw_puts(" cause=");
        fw_hex(exc_log[i].cause & 0xb000007cu); /* BD, CE, ExcCode */
        fw_puts(" epc=");
        fw_hex(exc_log[i].epc);
        fw_puts(" badvaddr=");
        fw_hex(exc_log[i].badvaddr);
        fw_putc('\n');
    }
}
