/*
 * elf_load.h - loads a 32-bit big-endian ELF executable into a machine's RAM
 * the way QEMU's -kernel does, and looks up symbols (libelf). What differs
 * between machines is a parameter: the ELF machine they run and where a
 * segment's p_paddr lands in RAM.
 */
#ifndef VBOARD_ELF_LOAD_H
#define VBOARD_ELF_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct elf_target {
    uint16_t machine;    /* e_machine, e.g. EM_MIPS */
    const char *arch;    /* for messages: "not a 32-bit big-endian <arch> ELF" */
    /* A PT_LOAD segment goes to RAM offset p_paddr & paddr_mask. MIPS Malta:
     * 0x1fffffff (QEMU's load_elf with cpu_mips_kseg0_to_phys, so kseg0 and
     * kseg1 addresses load at their physical address); a machine that loads
     * at p_paddr as it stands (Power): all ones. */
    uint32_t paddr_mask;
};

/* Copies the loadable segments into ram (ram_size bytes). On failure returns
 * false with a one-line reason in err. */
bool elf_load(const char *path, const struct elf_target *t, uint8_t *ram,
              uint32_t ram_size, uint32_t *entry, char *err, size_t errlen);
/* Value of a symbol from .symtab; false if absent. */
bool elf_symbol(const char *path, const char *name, uint32_t *value);

#endif
