/*
 * cmd/repair.h - SDBBPs a killed session left in the program's code, put
 * back from the ELF before the ELF check refuses it (cmd/common.c).
 */
#ifndef PMUCTL_CMD_REPAIR_H
#define PMUCTL_CMD_REPAIR_H

#include "elf/elfsym.h"
#include "session/target.h"

/* For a MIPS ELF whose code differs from the target's: if every word that
 * differs holds an SDBBP on the target where the ELF has another
 * instruction, writes the ELF's words back, says which addresses on
 * stderr and sets *repaired. Anything else that differs: nothing written,
 * *repaired 0. Returns an exit status (0 ok) with t->err set. */
int cmd_repair_sdbbp(struct target *t, const struct elfsym *elf, int *repaired);

#endif
