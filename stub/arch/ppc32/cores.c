/*
 * cores.c - the Book E cores this port knows, told apart by PVR, and what
 * the stub must do differently on each. Plain C (host unit tests).
 */
#include "booke.h"
#include "ppc_port.h"

static const struct ppc_core cores[] = {
    /* e500v2: PVR version 0x8021 (Linux cputable.c, "e500v2"). Its debug
     * interrupt is critical-class, CSRR0/1 and rfci, as Linux's
     * __setup_e500_ivors sets IVOR15 to its DebugCrit handler. QEMU's
     * e500v2 writes DSRR0/1 and CSRR0/1 both (target/ppc/excp_helper.c,
     * powerpc_excp_booke), so rfci returns right there too. */
    {"e500v2", 0x80210000, 0xffff0000, PPC_LEVEL_CRIT, 0},
    /* e200z7: PVR MANID 0b1000, type 0b010110 (e200z7 RM Table 2-3), so
     * PVR[0:11] = 0x816. With HID0[DAPUEN] the debug interrupt has its own
     * level, DSRR0/1 and rfdi (RM 3.10, Table 2-10; Linux __setup_cpu_e200
     * sets it), and leaves a program's critical handlers' CSRR0/1 alone.
     * DAPUEN makes the four "clears MSR" bits count: the stub wants each
     * level masking the others while it runs. TBEN starts the time base,
     * off after reset, which the Ctrl-C poll's decrementer needs. */
    {"e200z7", 0x81600000, 0xfff00000, PPC_LEVEL_DEBUG,
     HID0_TBEN | HID0_DCLREE | HID0_DCLRCE | HID0_CICLRDE | HID0_MCCLRDE |
         HID0_DAPUEN},
};

/* Book E itself: the debug interrupt is critical-class (Power ISA Book E,
 * "Debug Interrupt"), and the stub touches no HID0 bit it does not know. */
static const struct ppc_core book_e = {"Book E core", 0, 0, PPC_LEVEL_CRIT, 0};

const struct ppc_core *ppc_core_lookup(uint32_t pvr)
{
    for (unsigned i = 0; i < sizeof cores / sizeof *cores; i++)
        if ((pvr & cores[i].pvr_mask) == cores[i].pvr)
            return &cores[i];
    return &book_e;
}
