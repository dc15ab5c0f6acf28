/*
 * tdesc.h - what pmuctl needs from a GDB target description (GDB manual,
 * "Target Descriptions"): every register's name, number, size, group and
 * type, read with libexpat; xi:include'd documents are fetched through a
 * callback (qXfer:features:read on a live target).
 */
#ifndef PMUCTL_TDESC_H
#define PMUCTL_TDESC_H

#include <stddef.h>

#define TDESC_MAX_REGS 512
#define TDESC_MAX_COUNTERS 32

struct tdesc_reg {
    char name[32];
    char group[16];
    char type[64];
    char feature[64];
    int regnum;
    unsigned bitsize;
};

struct tdesc {
    char arch[64];
    struct tdesc_reg regs[TDESC_MAX_REGS];
    int nregs;
};

/* Returns 0 and a malloc'd document in *text, or -1. */
typedef int (*tdesc_fetch_fn)(void *ctx, const char *annex, char **text,
                              size_t *len);

int tdesc_parse(struct tdesc *d, const char *xml, size_t len,
                tdesc_fetch_fn fetch, void *ctx, char *err, size_t errlen);
const struct tdesc_reg *tdesc_find(const struct tdesc *d, const char *name);

/* The PMU as published by name: perfctlN and perfcntN in group "pmu" for
 * N = 0, 1, ... while both exist. Fills regnums and returns N. */
int tdesc_pmu_counters(const struct tdesc *d, int ctl_regnum[],
                       int cnt_regnum[], int max);
/* The stub's 64-bit count of counter n ("perfcntN_64", 64 bits, group
 * pmu), or -1 if the target has none. */
int tdesc_pmu_wide(const struct tdesc *d, unsigned n);
/* The core whose event types the stub named its PerfCtl type after
 * ("pmu_<core>_perfctl<k>", target-xml/gen_pmu_xml.py); 0 if none. */
int tdesc_pmu_core(const struct tdesc *d, char *core, size_t len);

#endif
