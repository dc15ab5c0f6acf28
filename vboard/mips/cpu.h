/*
 * cpu.h - vboard's MIPS32 Release 2 interpreter: architectural state, the
 * event totals the performance-counter model reads, and the run interface.
 *
 * The CPU is big-endian, kernel-mode bare metal, one VPE / one TC. Register
 * and bit names follow the MIPS32 Architecture For Programmers Vol. III,
 * "The MIPS32 Privileged Resource Architecture" (MD00090), chapter 9
 * ("Coprocessor 0 Registers"); section numbers are cited where bits are used.
 */
#ifndef VBOARD_CPU_H
#define VBOARD_CPU_H

#include <stdbool.h>
#include <stdint.h>

#include "cache.h"
#include "events.h"
#include "machine.h"
#include "pass.h"
#include "profile.h"
#include "pmu.h"
#include "pmu_catalog.h" /* the registry: enum pmu_core_id, pmu_catalogs[] */

struct ejtag;

/* Personalities (PRId, Config, PMU). */

/* Cause.ExcCode values (MD00090 section 9.23, Table 9.31). */
enum exc_code {
    EXC_INT = 0, EXC_MOD = 1, EXC_TLBL = 2, EXC_TLBS = 3, EXC_ADEL = 4,
    EXC_ADES = 5, EXC_IBE = 6, EXC_DBE = 7, EXC_SYS = 8, EXC_BP = 9,
    EXC_RI = 10, EXC_CPU = 11, EXC_OV = 12, EXC_TR = 13,
};

/* Status bits (MD00090 section 9.18). */
#define ST_IE   (1u << 0)
#define ST_EXL  (1u << 1)
#define ST_ERL  (1u << 2)
#define ST_KSU  (3u << 3)
#define ST_IM_SHIFT 8
#define ST_BEV  (1u << 22)
#define ST_CU0  (1u << 28)
#define ST_CU1  (1u << 29)

/* Cause bits (MD00090 section 9.23). IP[7:2] are the hardware lines. */
#define CAUSE_BD  (1u << 31)
#define CAUSE_TI  (1u << 30)
#define CAUSE_CE_SHIFT 28
#define CAUSE_DC  (1u << 27)
#define CAUSE_PCI (1u << 26)
#define CAUSE_IV  (1u << 23)
#define CAUSE_IP_SHIFT 8

/* Debug register bits (EJTAG spec MD00047, section 9.2.1 "Debug Register"). */
#define DBG_DSS   (1u << 0)
#define DBG_DBP   (1u << 1)
#define DBG_DINT  (1u << 5)
#define DBG_DIB   (1u << 4)
#define DBG_SST   (1u << 8)
#define DBG_DM    (1u << 30)
#define DBG_DBD   (1u << 31)

/* Why cpu_run() returned. */
enum run_stop {
    RUN_SLICE_DONE = 0,  /* executed the requested number of instructions */
    RUN_EVENT,           /* something the main loop must look at (reset, ...) */
    RUN_STALLED,         /* waiting on the EJTAG probe (EJTAG_PENDING) */
    RUN_WAIT,            /* WAIT instruction: idle until an interrupt */
};

struct cpu {
    /* ---- architectural state -------------------------------------------- */
    uint32_t gpr[32];
    uint32_t hi, lo;
    /* pc, npc, cur_pc and every saved PC (EPC, ErrorEPC, DEPC, a link
     * register) carry the ISA mode in bit 0: 1 = MIPS16e, as the
     * architecture stores it (MD00090 "EPC Register": bit 0 is the ISA mode
     * on a core with MIPS16e; MD00076 "ISA Mode Switching": JR/JALR/JALX
     * and ERET take the mode from bit 0 of the target). An odd pc runs in
     * mips16.c on a core with the ASE; on one without, its fetch raises an
     * address error (MIPS IV ISA, JR: a misaligned target faults at the
     * fetch). Vectors are even: exceptions enter MIPS32 (Config3.ISAOnExc=0). */
    uint32_t pc;       /* address of the instruction about to execute */
    uint32_t npc;      /* address of the one after it (branch target in a delay slot) */
    bool in_ds;        /* the instruction at pc is in a branch delay slot */
    uint32_t cur_pc;   /* the instruction executing now (for EPC/DEPC) */
    bool cur_ds;       /* ... and whether it sits in a delay slot */
    bool llbit;
    bool mips16;       /* the MIPS16e ASE is implemented (Config1.CA) */
    uint8_t m16_jump_len; /* bytes of the last MIPS16e jump with a delay slot (2, 4) */

    /* CP0 (MD00090 chapter 9) */
    uint32_t index, entrylo0, entrylo1, context, pagemask, wired, hwrena;
    uint32_t badvaddr, count_base, compare, entryhi, status, intctl, srsctl;
    uint32_t cause, epc, ebase, config0, config1, config2, config3, config7;
    uint32_t lladdr, errorepc, debug, depc, desave, kscratch, prid, userlocal;
    uint64_t count_cycle0;  /* cycle total when Count was last written */
    uint64_t timer_cycle;   /* cycle total at which Count reaches Compare */
    bool timer_armed;
    uint8_t hw_ip;          /* Cause.IP7..IP2 the board drives (bit n: IPn) */

    /* ---- board and models -------------------------------------------------- */
    /* The board as the CPU sees it (machine_malta.c wires it): devices
     * behind the bus (RAM is the CPU's own, below), and the board reset
     * that an EJTAG processor reset (ECR.PrRst, SRST) pulls. */
    struct vb_bus bus;
    void (*reset_board)(void *ctx); /* ctx: bus.ctx */
    uint8_t *ram;          /* low RAM, physical 0 .. ram_size-1 */
    uint32_t ram_size;
    uint32_t fast_ram_size; /* ram_size, or 0 in debug mode (no fast paths) */
    struct cache icache, dcache;
    uint32_t miss_penalty; /* stall cycles per modelled cache miss */
    struct cache_memo imemo, dmemo; /* recent lines of each cache (cache.h) */
    uint32_t fetch_line;   /* kseg0 I-cache line open for fast fetches (1: none) */
    uint32_t fetch_mask;   /* selects the line and the alignment bits */
    const uint8_t *fetch_host; /* its RAM */
    struct pmu pmu;
    enum pmu_core_id model;
    uint64_t ev[EV_COUNT]; /* event totals since reset (events.h) */

    /* ---- EJTAG ----------------------------------------------------------- */
    struct ejtag *ejtag;   /* NULL without --remote-bitbang */
    bool probe_stalled;    /* last instruction waits for a pending dmseg access */

    /* ---- run control ----------------------------------------------------- */
    bool slow_checks;      /* per-instruction checks needed (ejtag, watch, pass) */
    bool stop;             /* leave cpu_run() after this instruction */
    bool waiting;          /* executed WAIT, idle until an interrupt */
    bool fetching;         /* an exception now is a fetch fault (no instruction began) */
    /* --count-insns FROM:TO: an oracle independent of the PMU */
    bool watch_on, watch_counting, watch_done;
    uint32_t watch_from, watch_to;
    uint64_t watch_count;
    /* --count-events FROM:TO:N: the pass tracker over ev[] (pass.h) */
    struct vb_pass pass;
    /* --profile: each instruction address counted (NULL: off) */
    struct vb_profile *profile;
};


/* The --cpu keys: the registry's mips32 cores (pmu_family_mips32_keys).
 * A model is its index in pmu_catalogs[] (target-xml/cores.toml). */
bool cpu_model_from_name(const char *name, enum pmu_core_id *out);
const char *cpu_model_name(enum pmu_core_id m);
/* Sets PRId, Config0-3/7, the cache model and the counter personality;
 * false if the cache model cannot be allocated. */
bool cpu_apply_personality(struct cpu *c, enum pmu_core_id m);
/* Architectural reset values (MD00090 table 9.x), then the personality;
 * false if the cache model cannot be allocated. */
bool cpu_init(struct cpu *c, enum pmu_core_id model, const struct vb_bus *bus,
              void (*reset_board)(void *ctx), uint8_t *ram, uint32_t ram_size);
void cpu_free(struct cpu *c);
/* Processor reset: registers and CP0 to reset values, PC = 0xbfc00000.
 * Keeps RAM, the personality, the probe and the event totals. */
void cpu_reset_state(struct cpu *c);
/* Runs up to n instructions (fewer if an event needs the main loop). */
enum run_stop cpu_run(struct cpu *c, uint64_t n);
/* Takes a pending, unmasked interrupt, if any; returns true if it did. */
bool cpu_check_interrupts(struct cpu *c);
/* Updates Cause.TI/Cause.PCI from the timer and counters (main loop). */
void cpu_update_timer(struct cpu *c);
/* After cpu_run returned RUN_WAIT: nothing runs until the timer interrupt,
 * so the cycles until Count reaches Compare are idle ones. */
void cpu_idle_until_timer(struct cpu *c);
uint32_t cpu_count(const struct cpu *c);
/* Instructions that may pass before the timer or a counter needs a look. */
uint64_t cpu_quiet_budget(const struct cpu *c);
/* The cycle total of the timing model: 1 per completed instruction, plus
 * stall cycles, plus cycles idled in WAIT. */
static inline uint64_t cpu_cycles(const struct cpu *c)
{
    return c->ev[EV_INSNS] + c->ev[EV_STALLS] + c->ev[EV_IDLE];
}

/* Debug.DM changed: fast paths only outside debug mode. */
static inline void cpu_debug_mode_changed(struct cpu *c)
{
    c->fast_ram_size = (c->debug & DBG_DM) ? 0 : c->ram_size;
}

/* The jump whose delay slot holds the instruction at `at` (EPC, DEPC with
 * Cause.BD/Debug.DBD): 4 bytes back in MIPS32, 2 (JR, JALR) or 4 (JAL,
 * JALX) in MIPS16e, the slot having the jump's ISA mode (MD00090 "EPC
 * Register"; MD00076 "Jumps, Branches and Delay Slots"). */
static inline uint32_t cpu_slot_branch(const struct cpu *c, uint32_t at)
{
    return at - ((at & 1u) ? c->m16_jump_len : 4u);
}

/* Exceptions (cp0.c). */
void cpu_exception(struct cpu *c, enum exc_code code);
void cpu_address_error(struct cpu *c, bool store, uint32_t vaddr);
void cpu_tlb_refill(struct cpu *c, bool store, uint32_t vaddr);
void cpu_enter_debug(struct cpu *c, uint32_t why);
uint32_t cp0_read(struct cpu *c, unsigned reg, unsigned sel);
void cp0_write(struct cpu *c, unsigned reg, unsigned sel, uint32_t v);
/* Kernel mode as the PRA defines it: KSU=0 or EXL=1 or ERL=1 (or debug). */
bool cpu_kernel_mode(const struct cpu *c);

#endif
