/*
 * elf/elfvar.h - a program variable's address, size and signedness from
 * its ELF: the symbol table (libelf, elf/elfsym.c) says where it is, its
 * DWARF type (elfutils' libdw, where pmuctl was built with it) how wide
 * and whether signed; without DWARF, the symbol's st_size.
 */
#ifndef PMUCTL_ELFVAR_H
#define PMUCTL_ELFVAR_H

#include <stddef.h>

#include "elf/elfsym.h"

struct elfvar {
    unsigned long addr;
    unsigned size;
    int is_signed;      /* 1, 0, or -1: no DWARF type (st_size only) */
    int from_dwarf;
};

/* Finds variable name of the ELF at path (e: its symbols, open); 0, or -1
 * with a one-line message in err (no such symbol, a function, no size, a
 * type that is no integer). */
int elfvar_find(const char *path, const struct elfsym *e, const char *name,
                struct elfvar *v, char *err, size_t errlen);

#endif
