/* ejtag.c - vboard's EJTAG TAP (placeholder: full TAP follows). */
#include "ejtag.h"

#include <stdlib.h>

struct ejtag {
    struct cpu *cpu;
    bool prob_en, prob_trap;
};

struct ejtag *ejtag_new(struct cpu *c)
{
    struct ejtag *ej = calloc(1, sizeof *ej);
    if (ej)
        ej->cpu = c;
    return ej;
}

void ejtag_free(struct ejtag *ej) { free(ej); }

enum ejtag_access ejtag_dmseg_access(struct ejtag *ej, uint32_t addr,
                                     unsigned size, bool is_store,
                                     bool is_fetch, uint32_t *data)
{
    (void)ej; (void)addr; (void)size; (void)is_store; (void)is_fetch;
    (void)data;
    return EJTAG_PENDING;
}

uint32_t ejtag_drseg_read(struct ejtag *ej, uint32_t addr)
{
    (void)ej; (void)addr;
    return 0;
}

void ejtag_drseg_write(struct ejtag *ej, uint32_t addr, uint32_t val)
{
    (void)ej; (void)addr; (void)val;
}

bool ejtag_ibreak_match(struct ejtag *ej, uint32_t pc)
{
    (void)ej; (void)pc;
    return false;
}

bool ejtag_probe_trap(const struct ejtag *ej) { return ej->prob_trap; }
bool ejtag_probe_enabled(const struct ejtag *ej) { return ej->prob_en; }
