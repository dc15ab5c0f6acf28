/*
 * sample/profile.h - the samples of a record run attributed and added up
 * per function, per source line and per call stack, and printed the ways
 * pmuctl report offers: a table as perf report --stdio prints one, JSON,
 * and folded stacks ("a;b;c count", what flamegraph.pl, inferno and
 * speedscope read).
 */
#ifndef PMUCTL_SAMPLE_PROFILE_H
#define PMUCTL_SAMPLE_PROFILE_H

#include <jansson.h>
#include <stdio.h>

#include "sample/attrib.h"
#include "sample/data.h"

struct profile_row {
    char *key;       /* function, "file:line", or a folded stack */
    char *function;  /* lines: the function the line is in; addresses:
                      * SYMBOL+0xOFFSET */
    char *line;      /* addresses: "file:line", or NULL */
    unsigned long samples;
};

struct profile_table {
    struct profile_row *r;
    size_t n, cap;
};

struct profile {
    const struct sample_data *d;
    struct profile_table functions, lines, stacks, addrs;
};

/* Adds up d's samples (a, NULL: addresses only). 0, or -1 out of memory.
 * Each table is sorted by samples, most first (ties by key). */
int profile_build(struct profile *p, const struct sample_data *d,
                  struct attrib *a);
void profile_free(struct profile *p);

/* By function, by source line, or by instruction (its address, symbol
 * and offset, and line: perf annotate's per-instruction shares). */
enum profile_sort { PROFILE_BY_FUNCTION, PROFILE_BY_LINE, PROFILE_BY_ADDR };
void profile_print_table(FILE *f, const struct profile *p,
                         enum profile_sort sort);
/* The profile as report --json's object (event, period, samples, lost,
 * core, simulated, functions, lines, addresses); json_decref frees it. */
json_t *profile_json(const struct profile *p);
/* Folded stacks, each under a root frame when root is given (a record of
 * several events: the event's name). */
void profile_print_folded(FILE *f, const struct profile *p, const char *root);

#endif
