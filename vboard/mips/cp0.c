/*
 * cp0.c - Coprocessor 0: register file, exceptions and their vectors,
 * interrupts (timer, performance counters), and EJTAG debug-mode entry.
 *
 * References: MD00090 (MIPS32 PRA) chapter 6 "Interrupts and Exceptions"
 * (6.2.1 exception vector locations, 6.1.2 interrupt modes) and chapter 9
 * (register layouts); EJTAG specification MD00047 chapter 9 (Debug, DEPC,
 * DESAVE) and section 2.4 (debug exception vector).
 */
#include <string.h>

#include "cpu.h"
#include "ejtag.h"

/* Writable bits. Status: CU0, BEV, SR, NMI, IM7..0, KSU, ERL, EXL, IE;
 * CU1/FR read 0 because there is no FPU (MD00090 9.18: "CU1 ... ignored on
 * write and read as zero if the coprocessor is not implemented"); no RE, MX
 * (no DSP ASE) or TS. Cause: IV, WP... only IV, DC and the software
 * interrupts IP1..0 are writable (MD00090 9.23). */
#define STATUS_WMASK 0x1058ff1fu
#define CAUSE_WMASK  0x08800300u
#define EBASE_WMASK  0x3ffff000u /* MD00090 9.29: bits 29:12 */
#define INTCTL_VS_MASK 0x000003e0u

bool cpu_kernel_mode(const struct cpu *c)
{
    return (c->debug & DBG_DM) || (c->status & (ST_EXL | ST_ERL)) ||
           (c->status & ST_KSU) == 0;
}

static uint32_t cur_mode(const struct cpu *c)
{
    return pmu_mode_bit(c->status, c->debug & DBG_DM);
}

/* ---- timer --------------------------------------------------------------- */

/* Count runs at half the pipeline clock (QEMU 34Kf CCRes = 2, cpu-defs.c.inc;
 * R10000 User's Manual 14.8: "incremented every other PClk cycle"). */
uint32_t cpu_count(const struct cpu *c)
{
    return c->count_base + (uint32_t)((cpu_cycles(c) - c->count_cycle0) / 2);
}

/* IntCtl.IPTI and IPPCI (MD00090 9.19): which IP line the timer and the
 * counter interrupt are wired to. vboard wires both to IP7 (hardware
 * interrupt 5), like the timer on Malta; the R10000 does the same
 * (R10000 User's Manual 14.8 and 14.20: both assert IP[7]). */
static unsigned ipti(const struct cpu *c) { return c->intctl >> 29; }
static unsigned ippci(const struct cpu *c) { return (c->intctl >> 26) & 7u; }

static bool pci_pending(const struct cpu *c)
{
    return pmu_irq(&c->pmu, c->ev);
}

/* The cycle at which Count next equals Compare. */
static void arm_timer(struct cpu *c)
{
    uint64_t now = cpu_cycles(c);
    uint64_t at = c->count_cycle0 + 2u * (uint64_t)(uint32_t)(c->compare - c->count_base);
    while (at <= now)
        at += 1ull << 33; /* Count wraps every 2^32 steps of 2 cycles */
    c->timer_cycle = at;
    c->timer_armed = true;
}

/* Count == Compare sets Cause.TI (MD00090 9.14). The main loop calls this
 * between slices, and bounds slices by cpu_quiet_budget(). */
void cpu_update_timer(struct cpu *c)
{
    if (c->timer_armed && cpu_cycles(c) >= c->timer_cycle) {
        c->cause |= CAUSE_TI;
        arm_timer(c); /* the next match is one Count wrap later */
    }
}

void cpu_idle_until_timer(struct cpu *c)
{
    if (c->timer_armed && cpu_count(c) != c->compare) {
        uint64_t now = cpu_cycles(c);
        if (c->timer_cycle > now)
            c->ev[EV_IDLE] += c->timer_cycle - now;
    }
}

static uint32_t cause_read(const struct cpu *c)
{
    /* The board's lines (an interrupt controller's output) read in IP7..2
     * as they are, like the timer's and the counters' (MD00090 9.23). */
    uint32_t v = (c->cause & ~CAUSE_PCI) | (uint32_t)(c->hw_ip & 0xfcu) << CAUSE_IP_SHIFT;
    if (v & CAUSE_TI)
        v |= 1u << (CAUSE_IP_SHIFT + ipti(c));
    if (pci_pending(c)) {
        /* Cause.PCI, bit 26, exists on Release 2 cores, those whose
         * counter line IntCtl.IPPCI names (MD00090 9.23; registry irq). */
        if (pmu_catalogs[c->model].irq_line == 0)
            v |= CAUSE_PCI;
        v |= 1u << (CAUSE_IP_SHIFT + ippci(c));
    }
    return v;
}

uint64_t cpu_quiet_budget(const struct cpu *c)
{
    uint64_t best = UINT64_MAX;
    if (c->timer_armed) /* every instruction adds at least one cycle */
        best = c->timer_cycle - cpu_cycles(c);
    uint64_t p = pmu_events_to_irq(&c->pmu, c->ev);
    if (p < best)
        best = p;
    return best;
}

/* ---- exceptions ------------------------------------------------------------ */

static uint32_t vector_base(const struct cpu *c)
{
    return (c->status & ST_BEV) ? 0xbfc00200u : (c->ebase & 0xfffff000u);
}

static void take(struct cpu *c, enum exc_code code, uint32_t offset, bool from_insn)
{
    uint32_t old_mode = cur_mode(c);
    pmu_sync(&c->pmu, c->ev, old_mode);
    if (from_insn && !c->fetching)
        c->ev[EV_INSNS]--; /* the excepting instruction does not complete */
    if (!(c->status & ST_EXL)) {
        c->cause &= ~CAUSE_BD;
        if (c->cur_ds) {
            c->epc = cpu_slot_branch(c, c->cur_pc);
            c->cause |= CAUSE_BD;
        } else {
            c->epc = c->cur_pc;
        }
    }
    c->cause = (c->cause & ~(0x1fu << 2)) | ((uint32_t)code << 2);
    c->status |= ST_EXL;
    c->pc = vector_base(c) + offset;
    c->npc = c->pc + 4;
    c->in_ds = false;
    c->waiting = false;
    c->stop = true;
    pmu_sync(&c->pmu, c->ev, cur_mode(c));
    /* Documented choice (docs/vboard.md): an exception is counted in the
     * mode it enters (EXL = 1), after the mode switch above, so only a
     * counter with PerfCtl.EXL set sees "exceptions taken". A debugger stub
     * entered by break exceptions thus stays out of U/K counts. */
    c->ev[EV_EXC]++;
}

/* Cause.CE is only defined for CpU; other exceptions leave it as it was,
 * as QEMU 7.2 does (observed by the exceptions differential test). */
void cpu_exception(struct cpu *c, enum exc_code code)
{
    take(c, code, 0x180, true);
}

void cpu_address_error(struct cpu *c, bool store, uint32_t vaddr)
{
    c->badvaddr = vaddr;
    cpu_exception(c, store ? EXC_ADES : EXC_ADEL);
}

/* TLB refill: vector offset 0 while EXL=0, else the general vector
 * (MD00090 6.2.1, Table 6.4). Context/EntryHi get the faulting VPN. */
void cpu_tlb_refill(struct cpu *c, bool store, uint32_t vaddr)
{
    c->badvaddr = vaddr;
    c->entryhi = (c->entryhi & 0xffu) | (vaddr & 0xffffe000u);
    c->context = (c->context & 0xff800000u) | ((vaddr >> 9) & 0x007ffff0u);
    c->ev[EV_TLB_REFILL]++;
    take(c, store ? EXC_TLBS : EXC_TLBL, (c->status & ST_EXL) ? 0x180 : 0x000, true);
}

bool cpu_check_interrupts(struct cpu *c)
{
    if (c->debug & DBG_DM)
        return false;
    uint32_t pending = cause_read(c) >> CAUSE_IP_SHIFT & 0xffu;
    if (pending)
        c->waiting = false; /* WAIT ends on a pending interrupt even if masked */
    if ((c->status & (ST_IE | ST_EXL | ST_ERL)) != ST_IE)
        return false;
    if (c->ejtag && !ejtag_interrupts_enabled(c->ejtag))
        return false; /* DCR.IntE=0: the probe holds interrupts off */
    uint32_t live = pending & (c->status >> ST_IM_SHIFT) & 0xffu;
    if (!live)
        return false;
    /* Interrupt offset: 0x180 (IV=0), 0x200 (IV=1), or vectored 0x200 +
     * vector * spacing when IntCtl.VS != 0 (MD00090 6.1.2.2, Config3.VInt). */
    uint32_t off = 0x180;
    if (c->cause & CAUSE_IV) {
        off = 0x200;
        uint32_t vs = (c->intctl & INTCTL_VS_MASK) >> 5;
        if (vs && !(c->status & ST_BEV))
            off = 0x200 + (31u - (uint32_t)__builtin_clz(live)) * (vs << 5);
    }
    c->cur_pc = c->pc;
    c->cur_ds = c->in_ds;
    take(c, EXC_INT, off, false);
    return true;
}

/* ---- debug mode ---------------------------------------------------------- */

void cpu_enter_debug(struct cpu *c, uint32_t why)
{
    pmu_sync(&c->pmu, c->ev, cur_mode(c));
    bool from_insn = why == DBG_DBP;
    if (from_insn)
        c->ev[EV_INSNS]--;
    /* DEPC: the instruction to resume at, or its branch (Debug.DBd) */
    uint32_t at = from_insn || why == DBG_DIB ? c->cur_pc : c->pc;
    bool ds = from_insn || why == DBG_DIB ? c->cur_ds : c->in_ds;
    c->debug &= ~(DBG_DBD | DBG_DSS | DBG_DBP | DBG_DIB | DBG_DINT | 0x0000000cu);
    c->depc = ds ? cpu_slot_branch(c, at) : at; /* bit 0: the ISA mode */
    if (ds)
        c->debug |= DBG_DBD;
    c->debug |= DBG_DM | why;
    cpu_debug_mode_changed(c);
    c->fetch_line = 1; /* debug mode: no fast fetch window */
    c->pc = (c->ejtag && ejtag_probe_trap(c->ejtag)) ? 0xff200200u : 0xbfc00480u;
    c->npc = c->pc + 4;
    c->in_ds = false;
    c->waiting = false;
    c->stop = true;
    pmu_sync(&c->pmu, c->ev, cur_mode(c));
}

void cpu_debug_interrupt(struct cpu *c)
{
    if (!(c->debug & DBG_DM))
        cpu_enter_debug(c, DBG_DINT);
}

bool cpu_in_debug_mode(const struct cpu *c) { return (c->debug & DBG_DM) != 0; }

bool cpu_has_mips16(const struct cpu *c) { return c->mips16; }

bool cpu_single_stepping(const struct cpu *c)
{
    return (c->debug & (DBG_DM | DBG_SST)) == DBG_SST;
}

void cpu_reset(struct cpu *c, bool debug_boot)
{
    c->reset_board(c->bus.ctx);
    if (debug_boot) {
        c->cur_pc = c->pc;
        c->cur_ds = false;
        cpu_enter_debug(c, DBG_DINT);
    }
}

/* ---- register file --------------------------------------------------------- */

uint32_t cp0_read(struct cpu *c, unsigned reg, unsigned sel)
{
    switch (reg << 3 | sel) {
    case 0 << 3: return c->index;
    case 1 << 3: return 0;               /* Random: one entry */
    case 2 << 3: return c->entrylo0;
    case 3 << 3: return c->entrylo1;
    case 4 << 3: return c->context;
    case 4 << 3 | 2: return c->userlocal;
    case 5 << 3: return c->pagemask;
    case 6 << 3: return c->wired;
    case 7 << 3: return c->hwrena;
    case 8 << 3: return c->badvaddr;
    case 9 << 3: return cpu_count(c);
    case 10 << 3: return c->entryhi;
    case 11 << 3: return c->compare;
    case 12 << 3: return c->status;
    case 12 << 3 | 1: return c->intctl;
    case 12 << 3 | 2: return c->srsctl;
    case 13 << 3: return cause_read(c);
    case 14 << 3: return c->epc;
    case 15 << 3: return c->prid;
    case 15 << 3 | 1: return c->ebase;
    case 16 << 3: return c->config0;
    case 16 << 3 | 1: return c->config1;
    case 16 << 3 | 2: return c->config2;
    case 16 << 3 | 3: return c->config3;
    case 16 << 3 | 7: return c->config7;
    case 17 << 3: return c->lladdr >> 4; /* MD00090 9.28: PAddr[35:4] */
    case 23 << 3: return c->debug;
    case 24 << 3: return c->depc;
    case 30 << 3: return c->errorepc;
    case 31 << 3: return c->desave;
    default:
        if (reg == 25) { /* PerfCtl/PerfCnt: select 2n / 2n+1 */
            unsigned n = sel >> 1;
            if (n >= pmu_n_counters(&c->pmu))
                return 0;
            return (sel & 1u) ? pmu_read_count(&c->pmu, n, c->ev)
                              : pmu_read_ctl(&c->pmu, n);
        }
        return 0;
    }
}

void cp0_write(struct cpu *c, unsigned reg, unsigned sel, uint32_t v)
{
    switch (reg << 3 | sel) {
    case 0 << 3: c->index = v & 0x8000000fu; break;
    case 2 << 3: c->entrylo0 = v & 0x3fffffffu; break;
    case 3 << 3: c->entrylo1 = v & 0x3fffffffu; break;
    case 4 << 3: c->context = (c->context & 0x007ffff0u) | (v & 0xff800000u); break;
    case 4 << 3 | 2: c->userlocal = v; break;
    case 5 << 3: c->pagemask = v & 0x1fffe000u; break;
    case 6 << 3: c->wired = v & 0xfu; break;
    case 7 << 3: c->hwrena = v & 0xfu; break;
    case 9 << 3:
        c->count_base = v;
        c->count_cycle0 = cpu_cycles(c);
        arm_timer(c);
        break;
    case 10 << 3: c->entryhi = v & 0xffffe0ffu; break;
    case 11 << 3: /* writing Compare clears the timer interrupt (MD00090 9.14) */
        c->compare = v;
        c->cause &= ~CAUSE_TI;
        arm_timer(c);
        break;
    case 12 << 3: {
        uint32_t old = cur_mode(c);
        pmu_sync(&c->pmu, c->ev, old);
        c->status = (c->status & ~STATUS_WMASK) | (v & STATUS_WMASK);
        pmu_sync(&c->pmu, c->ev, cur_mode(c));
        break;
    }
    case 12 << 3 | 1: c->intctl = (c->intctl & ~INTCTL_VS_MASK) | (v & INTCTL_VS_MASK); break;
    case 13 << 3: c->cause = (c->cause & ~CAUSE_WMASK) | (v & CAUSE_WMASK); break;
    case 14 << 3: c->epc = v; break;
    case 15 << 3 | 1: c->ebase = (c->ebase & ~EBASE_WMASK) | (v & EBASE_WMASK); break;
    case 16 << 3: c->config0 = (c->config0 & ~7u) | (v & 7u); break; /* K0 */
    case 23 << 3: /* Debug: software may change SSt (bit 8) in debug mode */
        if (c->debug & DBG_DM)
            c->debug = (c->debug & ~DBG_SST) | (v & DBG_SST);
        break;
    case 24 << 3: c->depc = v; break;
    case 30 << 3: c->errorepc = v; break;
    case 31 << 3: c->desave = v; break;
    default:
        if (reg == 25) {
            unsigned n = sel >> 1;
            if (n >= pmu_n_counters(&c->pmu))
                break;
            if (sel & 1u)
                pmu_write_count(&c->pmu, n, v, c->ev, cur_mode(c));
            else
                pmu_write_ctl(&c->pmu, n, v, c->ev, cur_mode(c));
        }
        break;
    }
}

/* ---- power-on state ---------------------------------------------------------- */

bool cpu_init(struct cpu *c, enum pmu_core_id model, const struct vb_bus *bus,
              void (*reset_board)(void *ctx), uint8_t *ram, uint32_t ram_size)
{
    memset(c, 0, sizeof(*c));
    c->bus = *bus;
    c->reset_board = reset_board;
    c->ram = ram;
    c->ram_size = ram_size;
    cache_memo_clear(&c->imemo);
    cache_memo_clear(&c->dmemo);
    /* Miss penalty: the seed's Malta FPGA set-up measured "approximately 50
     * cycles" (MD00548 section 5). */
    c->miss_penalty = 50;
    if (!cpu_apply_personality(c, model))
        return false;
    cpu_reset_state(c);
    return true;
}

void cpu_reset_state(struct cpu *c)
{
    memset(c->gpr, 0, sizeof(c->gpr));
    c->hi = c->lo = 0;
    c->llbit = false;
    c->index = c->entrylo0 = c->entrylo1 = c->context = c->pagemask = 0;
    c->wired = c->hwrena = c->badvaddr = c->entryhi = c->srsctl = 0;
    c->cause = c->epc = c->errorepc = c->depc = c->desave = c->userlocal = 0;
    c->debug = 0;
    cpu_debug_mode_changed(c);
    c->lladdr = 0;
    c->compare = 0;
    c->count_base = 0;
    c->count_cycle0 = cpu_cycles(c);
    c->timer_armed = false;
    c->config0 = (c->config0 & ~7u) | 2u;
    c->status = ST_BEV | ST_ERL;     /* reset: BEV=1, ERL=1 (MD00090 9.18) */
    c->ebase = 0x80000000u;          /* MD00090 9.29 reset value */
    c->intctl = 7u << 29 | 7u << 26; /* IPTI = IPPCI = 7 (see ipti()) */
    pmu_reset(&c->pmu, c->pmu.p);
    pmu_sync(&c->pmu, c->ev, 0);
    cache_reset(&c->icache);
    cache_reset(&c->dcache);
    cache_memo_clear(&c->imemo);
    cache_memo_clear(&c->dmemo);
    c->fetch_line = 1;
    c->fetch_mask = 0xffffffffu;
    c->pc = 0xbfc00000u;
    c->npc = c->pc + 4;
    c->in_ds = false;
    c->waiting = false;
}

void cpu_free(struct cpu *c)
{
    cache_free(&c->icache);
    cache_free(&c->dcache);
}
