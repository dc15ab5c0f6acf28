/*
 * session/memory.h - the program's memory through "m" and "M" (GDB
 * manual, "Packets"), and what we write kept to be put back by
 * target_leave (measure --sweep writes a program variable).
 */
#ifndef PMUCTL_SESSION_MEMORY_H
#define PMUCTL_SESSION_MEMORY_H

#include <stddef.h>
#include <stdint.h>

#include "session/target.h"

/* Reads n (at most 8) bytes at addr; an exit status, t->err set. */
int target_mem_read(struct target *t, unsigned long addr, uint8_t *buf, unsigned n);
/* Reads len bytes at addr in packets of 256 bytes, read once each. */
int target_mem_read_bulk(struct target *t, unsigned long addr, uint8_t *buf,
                         size_t len);
/* Writes n (at most 8) bytes at addr. */
int target_mem_write(struct target *t, unsigned long addr, const uint8_t *buf,
                     unsigned n);
/* Reads and remembers the n bytes at addr (once per address), so that
 * target_leave writes them back. */
int target_mem_save(struct target *t, unsigned long addr, unsigned n);
/* Writes back what target_mem_save kept; messages on stderr. */
void target_mem_restore(struct target *t);

#endif
