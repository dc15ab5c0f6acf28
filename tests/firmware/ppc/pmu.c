/* pmu.c - the counters of vboard's e200z7 and e500v2 over one region of
 * code, for tests/vboard/ppc/pmu_oracle_ppc.py, which counts the same
 * region in QEMU's execution of this ELF. Groups of four events (numbers from the
 * catalogues, target-xml/events/{e200z7,e500v2}.csv) each run the same
 * workload between pmu_on (the mtpmr that clears PMGC0[FAC]: not counted)
 * and pmu_off (the one that sets it: counted), pmu_asm.S. Prints
 * "pmu g<N> e<code>=<count>" for each. QEMU has no mfpmr/mtpmr: there
 * they raise the program interrupt, which the handler skips, and the
 * printed values mean nothing (only vboard's are compared). */
#include "fw.h"

static const uint8_t z7_groups[][4] = {
    { 2, 10, 15, 16 },   /* instructions, branches, loads, stores */
    { 13, 11, 12, 14 },  /* taken, branch-and-link, conditional, taken conditional */
    { 20, 21, 27, 107 }, /* multiply, divide, rfi, syscall/trap interrupts */
};
static const uint8_t v2_groups[][4] = {
    { 2, 8, 9, 10 },     /* instructions, branches, load and store micro-ops */
    { 39, 12, 13, 86 },  /* stores, branches and taken branches finished, interrupts */
};
static uint32_t counts[3][4];
static volatile uint32_t sink;
static uint32_t table[64];

extern void pmu_region(void (*fn)(void));
extern void pmu_multiple(uint32_t *words); /* lmw/stmw of r29-r31 */

static void skip_illegal(struct fw_frame *f) { f->pc += 4; }

static __attribute__((noinline)) uint32_t mix(uint32_t a, uint32_t b)
{
    return a * 2654435761u + b / (a | 1u);
}

static void workload(void)
{
    uint32_t acc = 1;
    for (unsigned i = 0; i < 64; i++) /* the same work every time */
        table[i] = i;
    for (unsigned i = 0; i < 64; i++) {
        table[i] = mix(acc, i + 3);
        acc = (acc ^ table[i]) + (uint32_t)((int32_t)table[i] / 7);
        if (acc & 4u)
            acc += table[(i * 5) & 63u];
    }
    uint32_t words[4] = { acc, acc >> 8, acc << 3, ~acc };
    pmu_multiple(words);
    sink = acc + words[3];
}

static void program(const uint8_t ev[4])
{
    /* freeze (PMGC0[FAC]), events in PMLCa0-3 (EVENT << 16), PMC0-3 = 0
     * (PMR numbers: e200z7.md section 1) */
    __asm__ volatile("mtpmr 400, %0" : : "r"(0x80000000u));
    __asm__ volatile("mtpmr 144, %0\n\tmtpmr 145, %1\n\tmtpmr 146, %2\n\tmtpmr 147, %3"
                     : : "r"((uint32_t)ev[0] << 16), "r"((uint32_t)ev[1] << 16),
                         "r"((uint32_t)ev[2] << 16), "r"((uint32_t)ev[3] << 16));
    __asm__ volatile("mtpmr 16, %0\n\tmtpmr 17, %0\n\tmtpmr 18, %0\n\tmtpmr 19, %0"
                     : : "r"(0u));
}

static void read_counts(uint32_t out[4])
{
    __asm__ volatile("mfpmr %0, 16\n\tmfpmr %1, 17\n\tmfpmr %2, 18\n\tmfpmr %3, 19"
                     : "=r"(out[0]), "=r"(out[1]), "=r"(out[2]), "=r"(out[3]));
}

static int is_e200(void) { return (MFSPR(SPR_PVR) >> 24) == 0x81u; }

void setup(void) { fw_set_handler(6, skip_illegal); }

void work(void)
{
    unsigned n = is_e200() ? 3 : 2;
    for (unsigned g = 0; g < n; g++) {
        program(is_e200() ? z7_groups[g] : v2_groups[g]);
        pmu_region(workload);
        read_counts(counts[g]);
    }
}

void report(void)
{
    unsigned n = is_e200() ? 3 : 2;
    for (unsigned g = 0; g < n; g++)
        for (unsigned k = 0; k < 4; k++) {
            fw_puts("pmu g");
            fw_dec(g);
            fw_puts(" e");
            fw_dec(is_e200() ? z7_groups[g][k] : v2_groups[g][k]);
            fw_putc('=');
            fw_dec(counts[g][k]);
            fw_putc('\n');
        }
}
