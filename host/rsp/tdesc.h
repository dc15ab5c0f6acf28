/*
 * rsp/tdesc.h - what pmuctl needs from a GDB target description (GDB manual,
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

/* The register named name in feature, or NULL. */
const struct tdesc_reg *tdesc_find_in(const struct tdesc *d, const char *feature,
                                      const char *name);
/* Does any register come from feature? */
int tdesc_has_feature(const struct tdesc *d, const char *feature);
/* GDB's number of the PC: the register "pc" of the architecture's own
 * feature (a name "org.gnu.gdb.*": org.gnu.gdb.mips.cpu, org.gnu.gdb.
 * power.core; GDB manual, "Standard Target Features"); -1 if none. */
int tdesc_pc_regnum(const struct tdesc *d);

#endif
