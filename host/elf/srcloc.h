/*
 * elf/srcloc.h - source locations (FILE:LINE, FUNCTION, FILE:FUNCTION)
 * to code addresses through the ELF's DWARF (elfutils libdw), choosing
 * the address GDB's "break" chooses for the same location (GDB manual,
 * "Location Specifications", "Linespec Locations"), so that a region
 * named in source words starts where a breakpoint set by GDB would stop.
 */
#ifndef PMUCTL_SRCLOC_H
#define PMUCTL_SRCLOC_H

#include <stddef.h>

#define SRCLOC_MAX 16

/* One address a location resolved to, and what is there. */
struct srcloc_site {
    unsigned long addr;
    char file[96];  /* base name of the line's file */
    int line;
    char func[96];  /* the innermost function, an inlined one included */
    int inlined;    /* func is inlined there */
};

struct srcloc {
    struct srcloc_site site[SRCLOC_MAX];
    int n;          /* sites found; those past SRCLOC_MAX are not kept */
    int line_asked; /* FILE:LINE: the line given ... */
    int line_used;  /* ... and the line with code it moved to (GDB's
                     * choice for a line without code: the next one) */
};

/* FILE:LINE. 0 with r filled (n >= 1), -1 with err set. */
int srcloc_line(const char *elf, const char *file, int line, struct srcloc *r,
                char *err, size_t errlen);

/* FUNCTION, or FILE:FUNCTION (file non-NULL): its definitions and inlined
 * instances. 0 with r filled (n may be 0: the DWARF has no such
 * function), -1 with err set. */
int srcloc_function(const char *elf, const char *file, const char *name,
                    struct srcloc *r, char *err, size_t errlen);

#endif
