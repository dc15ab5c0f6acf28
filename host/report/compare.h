/*
 * report/compare.h - two measure results (their --json files) side by side:
 * each event's and metric's change, and whether it moved beyond the
 * threshold and beyond the runs' own spread (pmuctl compare,
 * docs/pmuctl.md "compare").
 */
#ifndef PMUCTL_REPORT_COMPARE_H
#define PMUCTL_REPORT_COMPARE_H

#include <stddef.h>
#include <stdio.h>

#include "pmu_metrics.h" /* enum pmu_worse */

#define CMP_MAX_ROWS 64
#define CMP_NAME 64

/* One event or metric of one file. */
struct cmp_value {
    char name[CMP_NAME], unit[16];
    int counted; /* 0: the file says not counted or not supported */
    int unsupported; /* not counted because the target does not model it */
    double mean, se; /* se: the standard error of the mean (0: exact) */
    unsigned long n; /* iterations behind the mean (metrics: 0) */
    /* Which change is the worse, from the registry (the file's core's
     * catalogue, the metrics' table); any where it names nothing. */
    enum pmu_worse worse;
};

/* One result file as compare needs it. */
struct cmp_file {
    char counts_from[96], core[32], from[CMP_NAME], to[CMP_NAME];
    unsigned long iterations;
    int nev, nmet;
    struct cmp_value ev[CMP_MAX_ROWS], met[CMP_MAX_ROWS];
};

enum cmp_verdict {
    CMP_SAME,        /* no change at all */
    CMP_BELOW,       /* changed, not beyond the threshold */
    CMP_WITHIN,      /* beyond the threshold, within the noise */
    CMP_MOVED,       /* beyond both, the way that fails: the exit status */
    CMP_IMPROVED,    /* beyond both, the other way: not a failure */
    CMP_ONLY_BASE,   /* in the base file only */
    CMP_ONLY_NEW,
    CMP_NOT_COUNTED, /* not counted in one of them */
    CMP_UNGATED,     /* a metric beyond the threshold: its files keep no spread */
};

/* How compare gates: a threshold for every row, or per event or metric
 * (--threshold NAME=PCT), and the direction that fails. */
#define CMP_MAX_NAMED 16
struct cmp_gate {
    double threshold; /* percent of base, for rows not named */
    int nnamed;
    struct cmp_named { const char *name; double pct; } named[CMP_MAX_NAMED];
    int fail_on; /* -1: each row's worse direction (registry); else enum pmu_worse */
};

struct cmp_row {
    const char *name, *unit;
    int metric;
    int unsupported; /* not counted because not modelled, in one file or both */
    double base, new_, change_pct, noise_pct; /* pct: of base; inf if base 0 */
    double threshold;       /* the one it was held to */
    enum pmu_worse fail_on; /* the direction that fails */
    enum cmp_verdict verdict;
};

struct cmp_result {
    int nrows, moved;
    struct cmp_row row[2 * CMP_MAX_ROWS];
};

/* Reads a file pmuctl measure --json wrote; 0, or -1 with a one-line
 * message in err. */
int cmp_load(const char *path, struct cmp_file *f, char *err, size_t errlen);
/* The same from text (the unit tests). */
int cmp_parse(const char *text, struct cmp_file *f, char *err, size_t errlen);
/* Base against new, gated by g. */
void cmp_compute(const struct cmp_file *base, const struct cmp_file *new_,
                 const struct cmp_gate *g, struct cmp_result *r);
void cmp_print_table(FILE *out, const char *base_name, const struct cmp_file *base,
                     const char *new_name, const struct cmp_file *new_,
                     const struct cmp_gate *g, const struct cmp_result *r);
void cmp_print_json(FILE *out, const char *base_name, const char *new_name,
                    const struct cmp_gate *g, const struct cmp_result *r);
/* A word for each verdict, as the table and the JSON say it. */
const char *cmp_verdict_name(enum cmp_verdict v);

#endif
