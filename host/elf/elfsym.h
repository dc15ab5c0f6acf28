/*
 * elf/elfsym.h - symbols and loaded code of the program's ELF (libelf),
 * so that --from/--to can name functions and labels, a location that is
 * not loaded code is refused before the target is touched, and the ELF's
 * code can be compared with the target (elfcheck.h).
 */
#ifndef PMUCTL_ELFSYM_H
#define PMUCTL_ELFSYM_H

#include <stddef.h>
#include <stdint.h>

#define ELFSYM_MAX_LOADED 32

struct elfsym_entry {
    char *name;
    unsigned long value;
    unsigned long size; /* st_size: a variable's bytes (0: not given) */
    int object;         /* STT_OBJECT: a variable, not code */
};

/* A section of Power VLE code (SHF_PPC_VLE) and its bytes, for the size
 * of the instruction at a breakpoint. */
#define ELFSYM_MAX_VLE 8
struct elfsym_vle {
    unsigned long start, end;
    unsigned char *bytes;
};

/* A section of code that a loadable segment puts on the target. */
struct elf_section {
    char name[32];
    unsigned long addr;
    unsigned long size;
    uint32_t crc;      /* gdb_crc32 of its contents in the file */
    int writable;      /* SHF_WRITE: code the program or the stub may patch */
    uint8_t *bytes;    /* its contents as in the file (cmd/repair.c) */
};

struct elfsym {
    struct elfsym_entry *syms;
    size_t nsyms;
    /* SHF_EXECINSTR PROGBITS sections inside a PT_LOAD segment's file
     * image: the only memory of the target the ELF speaks for. A default
     * linker script also loads metadata (.MIPS.abiflags, .reginfo, notes)
     * in a segment of its own at 0x00400000, which on a bare board is no
     * memory at all (kuseg, unmapped): reading it through OpenOCD halts
     * its EJTAG processor access ("No memory access in progress"). */
    struct elf_section loaded[ELFSYM_MAX_LOADED];
    size_t nloaded;
    struct elfsym_vle vle[ELFSYM_MAX_VLE]; /* EM_PPC: VLE code */
    size_t nvle;
    int big_endian;
    unsigned machine;  /* e_machine: EM_MIPS, EM_PPC ... */
};

/* The architecture the ELF is for, in the words of GDB's target
 * descriptions ("mips", "powerpc"), or NULL for a machine pmuctl does
 * not know. */
const char *elfsym_arch(const struct elfsym *e);

int elfsym_open(struct elfsym *e, const char *path, char *err, size_t errlen);
void elfsym_close(struct elfsym *e);
int elfsym_lookup(const struct elfsym *e, const char *name,
                  unsigned long *addr);
/* The entry of a symbol by name, or NULL. */
const struct elfsym_entry *elfsym_find(const struct elfsym *e, const char *name);

/* The Z0 kind for a breakpoint at addr: in VLE code the size of the
 * instruction there (2 or 4, from its first halfword), else 0 (the
 * architecture's one size). e may be NULL. */
int elfsym_break_kind(const struct elfsym *e, unsigned long addr);

/* LOC: 0xHEX, *0xHEX, SYMBOL or SYMBOL+OFFSET (needs e). Checks that it is
 * aligned (4 bytes; 2 in VLE code) and, with an ELF, inside its loaded
 * code. */
int loc_resolve(const char *loc, const struct elfsym *e, unsigned long *addr,
                char *err, size_t errlen);

#endif
