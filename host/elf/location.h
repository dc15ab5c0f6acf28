/*
 * elf/location.h - --from/--to's LOC in the forms of GDB's "break" (GDB
 * manual, "Linespec Locations", "Address Locations"): FILE:LINE,
 * FUNCTION, FILE:FUNCTION (elf/srcloc.h, through the ELF's DWARF), and
 * *ADDRESS, 0xADDRESS, SYMBOL+OFFSET (elf/elfsym.h loc_resolve).
 */
#ifndef PMUCTL_LOCATION_H
#define PMUCTL_LOCATION_H

#include <stddef.h>

#include "elf/elfsym.h"

/* LOC, given as option OPT ("--from"), to one code address. elf_path and
 * e: the program (NULL without --elf: addresses only). A source location
 * says on stderr which address it took, and that a line without code
 * moved to the next one; one that has several addresses (inlined,
 * unrolled, in several functions) is refused with the list of them. */
int location_resolve(const char *opt, const char *loc, const char *elf_path,
                     const struct elfsym *e, unsigned long *addr, char *err,
                     size_t errlen);

#endif
