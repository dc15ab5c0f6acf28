/*
 * sweep/sweep.h - measure --sweep VAR=V1,V2,...: the swept variables,
 * their values as the user wrote them, their sizes once the ELF has told
 * them, and the product of several sweeps (the first --sweep varies
 * slowest, as the outer loop of nested loops in the order written).
 * No target here: cmd/measure_sweep.c writes the values.
 */
#ifndef PMUCTL_SWEEP_H
#define PMUCTL_SWEEP_H

#include <stddef.h>
#include <stdint.h>

#define SWEEP_MAX_VARS 4
#define SWEEP_MAX_VALUES 64
#define SWEEP_MAX_POINTS 256
#define SWEEP_NAME 64

struct sweep_value {
    int negative;
    uint64_t magnitude;
    char text[24];     /* decimal, as reports and JSON show it */
};

struct sweep_var {
    char name[SWEEP_NAME];
    struct sweep_value v[SWEEP_MAX_VALUES];
    int n;
    /* From the ELF (sweep_set_type): where and how wide; is_signed -1
     * when only the symbol's size is known (no DWARF type). */
    unsigned long addr;
    unsigned size;
    int is_signed;
};

struct sweep {
    struct sweep_var var[SWEEP_MAX_VARS];
    int n;
};

/* Adds one --sweep VAR=V1,V2,... (integers: decimal, or 0x hex, with an
 * optional minus sign); 0, or -1 with a one-line message in err. */
int sweep_add(struct sweep *s, const char *arg, char *err, size_t errlen);
/* Sets a variable's size and signedness and checks that every value fits;
 * 0, or -1 with the value that does not in err. */
int sweep_set_type(struct sweep_var *v, unsigned long addr, unsigned size,
                   int is_signed, char *err, size_t errlen);
/* How many points the product has. */
unsigned long sweep_points(const struct sweep *s);
/* Point k of the product: idx[i], the value of variable i. */
void sweep_point(const struct sweep *s, unsigned long k, int idx[SWEEP_MAX_VARS]);
/* A value as size bytes in the target's byte order. */
void sweep_encode(const struct sweep_value *v, unsigned size, int big_endian,
                  uint8_t out[8]);
/* "VAR=V, VAR2=V2" of point idx, for messages and the table. */
void sweep_describe(const struct sweep *s, const int idx[SWEEP_MAX_VARS],
                    char *out, size_t len);

#endif
