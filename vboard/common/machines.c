/*
 * machines.c - the table of machine classes main.c picks from by --cpu.
 */
#include <string.h>

#include "machine.h"

/* Each class is defined beside its machine (mips/machine_malta.c,
 * ppc/machine_ppce500.c) and declared here, so that common/ includes
 * nothing of a machine's. */
extern const struct vb_machine_class vb_malta_class;
extern const struct vb_machine_class vb_ppce500_class;
extern const struct vb_machine_class vb_mpc5674f_class;

/* The Malta first: vboard's board when no --cpu or --machine is given. */
const struct vb_machine_class *const vb_machines[] = {
    &vb_malta_class,
    &vb_ppce500_class,
    &vb_mpc5674f_class,
    NULL,
};

const struct vb_machine_class *vb_machine_for_cpu(const char *cpu)
{
    for (unsigned i = 0; vb_machines[i]; i++)
        for (const char *const *k = vb_machines[i]->cpus; *k && !vb_machines[i]->machine; k++)
            if (strcmp(*k, cpu) == 0)
                return vb_machines[i];
    return NULL;
}

const struct vb_machine_class *vb_machine_named(const char *name)
{
    for (unsigned i = 0; vb_machines[i]; i++)
        if (vb_machines[i]->machine && strcmp(vb_machines[i]->machine, name) == 0)
            return vb_machines[i];
    return NULL;
}
