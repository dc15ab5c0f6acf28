/*
 * ppc_timer.c - the time base and the decrementer (Power ISA 2.06 Book
 * III-E chapter 8 "Timer Facilities"). Both count time-base ticks of the
 * timing model: one tick every personality->tb_div model cycles, so a
 * program's timing depends only on what it executes.
 *
 * DEC decrements once a tick; its 1 -> 0 transition sets TSR[DIS] and,
 * with TCR[ARE], reloads DEC from DECAR; without ARE it stays at 0. The
 * interrupt (TSR[DIS] and TCR[DIE] and MSR[EE]) is ppc_irq.c's. The
 * watchdog and fixed-interval timers are not modelled (TCR/TSR bits are
 * kept, nothing fires).
 */
#include "ppc_internal.h"

uint64_t ppc_tb_ticks(const struct ppc_cpu *c)
{
    return ppc_cycles(c) / c->p->tb_div;
}

uint64_t ppc_tb_read(const struct ppc_cpu *c)
{
    return c->tb_base + (ppc_tb_ticks(c) - c->tb_tick0);
}

/* mtspr TBL (284) / TBU (285) write one half (Book III-E 8.2). */
void ppc_tb_write(struct ppc_cpu *c, bool upper, uint32_t v)
{
    uint64_t tb = ppc_tb_read(c);
    tb = upper ? (tb & 0xffffffffull) | (uint64_t)v << 32
               : (tb & ~0xffffffffull) | v;
    c->tb_base = tb;
    c->tb_tick0 = ppc_tb_ticks(c);
}

uint32_t ppc_dec_read(const struct ppc_cpu *c)
{
    uint64_t gone = ppc_tb_ticks(c) - c->dec_tick0;
    return gone < c->dec_base ? c->dec_base - (uint32_t)gone : 0;
}

void ppc_dec_write(struct ppc_cpu *c, uint32_t v)
{
    c->dec_base = v;
    c->dec_tick0 = ppc_tb_ticks(c);
    c->stop = true;
}

uint64_t ppc_dec_expiry(const struct ppc_cpu *c)
{
    return c->dec_base ? c->dec_tick0 + c->dec_base : UINT64_MAX;
}

void ppc_update_timers(struct ppc_cpu *c)
{
    uint64_t at = ppc_dec_expiry(c);
    if (at == UINT64_MAX || ppc_tb_ticks(c) < at)
        return;
    c->tsr |= TSR_DIS;
    c->dec_base = (c->tcr & TCR_ARE) ? c->decar : 0;
    c->dec_tick0 = at;
}
