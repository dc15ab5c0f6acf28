/* ejtag_test_jtag.c - see ejtag_test_jtag.h. */
#include "ejtag_test_jtag.h"

#include "ejtag_port.h"

#include <stddef.h>

void cpu_debug_interrupt(struct cpu *c)
{
    c->debug_interrupts++;
    c->dm = true;
}

bool cpu_in_debug_mode(const struct cpu *c)
{
    return c->dm;
}

bool cpu_has_mips16(const struct cpu *c)
{
    return c->mips16;
}

bool cpu_single_stepping(const struct cpu *c)
{
    return !c->dm && c->sst;
}

void cpu_reset(struct cpu *c, bool debug_boot)
{
    c->resets++;
    c->last_debug_boot = debug_boot;
    c->dm = debug_boot;
}

bool jt_clock(struct ejtag *ej, bool tms, bool tdi)
{
    ejtag_pins(ej, false, tms, tdi);
    bool tdo = ejtag_tdo(ej);
    ejtag_pins(ej, true, tms, tdi);
    return tdo;
}

void jt_reset_to_idle(struct ejtag *ej)
{
    for (int i = 0; i < 5; i++)
        jt_clock(ej, true, false);
    jt_clock(ej, false, false);
}

void jt_scan(struct ejtag *ej, bool ir, const uint32_t *out, uint32_t *in,
             unsigned nbits)
{
    /* Idle -> Select-DR (-> Select-IR) -> Capture -> Shift */
    jt_clock(ej, true, false);
    if (ir)
        jt_clock(ej, true, false);
    jt_clock(ej, false, false);
    jt_clock(ej, false, false);
    for (unsigned i = 0; i < nbits; i++) {
        bool tdi = (out[i / 32] >> (i % 32)) & 1u;
        bool last = i + 1 == nbits;
        bool tdo = jt_clock(ej, last, tdi); /* last bit leaves to Exit1 */
        if (in) {
            if (i % 32 == 0)
                in[i / 32] = 0;
            in[i / 32] |= (uint32_t)tdo << (i % 32);
        }
    }
    jt_clock(ej, true, false);  /* Exit1 -> Update */
    jt_clock(ej, false, false); /* Update -> Idle */
}

void jt_ir(struct ejtag *ej, uint32_t ir)
{
    jt_scan(ej, true, &ir, NULL, 5);
}

uint32_t jt_dr32(struct ejtag *ej, uint32_t out)
{
    uint32_t in = 0;
    jt_scan(ej, false, &out, &in, 32);
    return in;
}
