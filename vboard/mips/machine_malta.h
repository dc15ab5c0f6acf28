/*
 * machine_malta.h - the MIPS machine: a CPU (cpu.h) on the Malta-compatible
 * board (malta.h), joined only here. main.c reaches it through the machine
 * interface (common/machine.h, vb_malta_class); the unit tests build one
 * directly.
 */
#ifndef VBOARD_MACHINE_MALTA_H
#define VBOARD_MACHINE_MALTA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cpu.h"
#include "machine.h"
#include "malta.h"

struct malta_machine {
    struct cpu cpu;
    struct malta board;
    struct ejtag *ejtag; /* NULL until --remote-bitbang asks for the port */
};

/* Board and CPU of the given personality; false with a one-line reason. */
bool malta_machine_init(struct malta_machine *m, enum pmu_core_id model,
                        uint32_t ram_mib, char *err, size_t errlen);
void malta_machine_free(struct malta_machine *m);
/* The board's reset as QEMU's Malta does it without reloading the kernel:
 * the CPU reset, Status.ERL cleared (main_cpu_reset), the bootloader's
 * registers and table, and the CPU at board.entry. */
void malta_machine_reset(struct malta_machine *m);

/* The class main.c picks by --cpu (listed in common/machines.c). */
extern const struct vb_machine_class vb_malta_class;

#endif
