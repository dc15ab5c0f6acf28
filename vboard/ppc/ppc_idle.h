/*
 * ppc_idle.h - the Power CPU for the idle-loop search (common/idle.h).
 */
#ifndef VBOARD_PPC_IDLE_H
#define VBOARD_PPC_IDLE_H

#include "idle.h"
#include "ppc_cpu.h"

/* c's hooks for vb_idle_find; line: the console the loop may poll. */
struct vb_idle_cpu ppc_idle_cpu(struct ppc_cpu *c, struct uart *line);

#endif
