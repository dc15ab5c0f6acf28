/* exceptions.c - takes one exception of each kind from kernel mode with
 * Status.BEV=0 and records what the CPU reports: vector (refill 0x000 or
 * general 0x180), Cause (ExcCode, BD, CE), EPC and BadVAddr. The same ELF
 * runs on QEMU; the logs must agree. The handler (exc_vec.S) skips the
 * faulting instruction (and its branch, when in a delay slot). */
#include "fw.h"

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
    fw_exc_report();
}
