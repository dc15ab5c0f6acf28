/* bootstate.c - prints the state QEMU's ppce500 -kernel loader leaves at
 * the entry (registers saved by crt0.S, the MSR, TLB1 entry 0 read back
 * with tlbre) and the identification SPRs of the e500v2; vboard's e500v2
 * must leave and report the same. */
#include "fw.h"

static const char *const names[BOOT_N] = { "r1", "r3", "r4", "r5", "r6", "r7", "r8",
                                           "r9", "msr", "lr" };

void setup(void) {}
void work(void) {}

void report(void)
{
    fw_puts("bootstate\n");
    for (int i = 0; i < BOOT_N; i++)
        fw_kv(names[i], boot_regs[i]);
    for (unsigned esel = 0; esel < 2; esel++) {
        MTSPR(SPR_MAS0, 0x10000000u | esel << 16);
        __asm__ volatile("tlbre\n\tisync");
        fw_puts(esel ? "tlb1[1]\n" : "tlb1[0]\n");
        fw_kv("mas1", MFSPR(SPR_MAS1));
        fw_kv("mas2", MFSPR(SPR_MAS2));
        fw_kv("mas3", MFSPR(SPR_MAS3));
        fw_kv("mas7", MFSPR(SPR_MAS7));
    }
    fw_kv("pvr", MFSPR(SPR_PVR));
    fw_kv("tlb0cfg", MFSPR(SPR_TLB0CFG));
    fw_kv("tlb1cfg", MFSPR(SPR_TLB1CFG));
    fw_kv("pid", MFSPR(SPR_PID));
    fw_kv("tcr", MFSPR(SPR_TCR));
    fw_kv("tsr", MFSPR(SPR_TSR));
    fw_kv("dbcr0", MFSPR(SPR_DBCR0));
    fw_kv("hid0", MFSPR(SPR_HID0));
    fw_kv("word@32MiB", *(volatile uint32_t *)0x02000000u);
}
