/*
 * ppc_spr.h - mfspr/mtspr of the Book E SPRs (ppc_spr.c). Also used by
 * the unit tests to read and set SPRs as a program would.
 */
#ifndef VBOARD_PPC_SPR_H
#define VBOARD_PPC_SPR_H

#include <stdint.h>

struct ppc_cpu;

enum ppc_spr_access { SPR_OK, SPR_ILLEGAL, SPR_PRIVILEGED };

enum ppc_spr_access ppc_mfspr(struct ppc_cpu *c, unsigned num, uint32_t *v);
enum ppc_spr_access ppc_mtspr(struct ppc_cpu *c, unsigned num, uint32_t v);

#endif
