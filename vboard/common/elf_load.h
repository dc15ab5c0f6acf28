/*
 * elf_load.h - loads a big-endian MIPS32 ELF executable into board RAM the
 * way QEMU's Malta does (PT_LOAD segments at p_paddr & 0x1fffffff, i.e. the
 * kseg0/kseg1 physical address), and looks up symbols (libelf).
 */
#ifndef VBOARD_ELF_LOAD_H
#define VBOARD_ELF_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Copies the loadable segments into ram (ram_size bytes). On failure returns
 * false with a one-line reason in err. */
bool elf_load(const char *path, uint8_t *ram, uint32_t ram_size,
              uint32_t *entry, char *err, size_t errlen);
/* Value of a symbol from .symtab; false if absent. */
bool elf_symbol(const char *path, const char *name, uint32_t *value);

#endif
