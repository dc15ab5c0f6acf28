/*
 * elfsym.h - symbols and code ranges of the program's ELF (libelf), so
 * that --from/--to can name functions and labels, and a location that is
 * not code is refused before the target is touched.
 */
#ifndef PMUCTL_ELFSYM_H
#define PMUCTL_ELFSYM_H

#include <stddef.h>

struct elfsym_entry {
    char *name;
    unsigned long value;
};

struct elfsym_range {
    unsigned long start, end;
};

struct elfsym {
    struct elfsym_entry *syms;
    size_t nsyms;
    struct elfsym_range code[32]; /* executable sections */
    size_t ncode;
    int big_endian;
};

int elfsym_open(struct elfsym *e, const char *path, char *err, size_t errlen);
void elfsym_close(struct elfsym *e);
int elfsym_lookup(const struct elfsym *e, const char *name,
                  unsigned long *addr);
/* The symbol at addr (exact match), or NULL. */
const char *elfsym_name_at(const struct elfsym *e, unsigned long addr);

/* LOC: 0xHEX, *0xHEX, SYMBOL or SYMBOL+OFFSET (needs e). Checks that it is
 * word-aligned (MIPS32 instructions) and, with an ELF, inside code. */
int loc_resolve(const char *loc, const struct elfsym *e, unsigned long *addr,
                char *err, size_t errlen);

#endif
