/*
 * machine_ppce500.h - the Power machine class (machine_ppce500.c), for the
 * list of machine classes.
 */
#ifndef VBOARD_MACHINE_PPCE500_H
#define VBOARD_MACHINE_PPCE500_H

#include "machine.h"

extern const struct vb_machine_class vb_machine_ppce500;

#endif
