/*
 * measure/function.c - see function.h.
 *
 * The return is where the call returns to: the return address at entry,
 * $ra (r31) on MIPS (MIPS32 Vol. II, JAL/JALR write it), LR on Power
 * (Power ISA Book I 2.4, bl writes it), which no instruction of the
 * function has changed yet. A breakpoint there ends the call.
 *
 * Only the outermost call is measured: the entry's breakpoint is out
 * while the call runs, so a recursive call does not stop the program,
 * and a stop at the return address counts only when the stack pointer
 * is back where it was at entry (r29 on MIPS, r1 on Power; both ABIs
 * give a function back its caller's stack pointer). That tells a
 * nested call that returns to the same address (the function reached
 * again through its caller, e.g. mutual recursion) from the outermost
 * one: such a stop is stepped over and the program runs on, as GDB's
 * "finish" tells frames apart by their stack pointer.
 */
#include "measure/function.h"

#include <stdio.h>

#include "base/exit_status.h"
#include "measure/group.h"
#include "rsp/tdesc.h"
#include "session/breakpoints.h"
#include "session/io.h"
#include "session/resume.h"

/* GDB's numbers of the return address and stack pointer registers, from
 * the target description (GDB manual, "Standard Target Features":
 * org.gnu.gdb.power.core has lr and r1; org.gnu.gdb.mips.cpu r31, r29). */
static int call_regs(struct target *t, int *ra, int *sp)
{
    const struct tdesc_reg *lr = tdesc_find(&t->tdesc, "lr");
    const struct tdesc_reg *r = tdesc_find(&t->tdesc, lr ? "r1" : "r29");
    const struct tdesc_reg *a = lr ? lr : tdesc_find(&t->tdesc, "r31");

    if (!r || !a) {
        snprintf(t->err, sizeof t->err, "--function: the target description "
                 "has no return address and stack pointer registers (lr and "
                 "r1, or r31 and r29)");
        return PMUCTL_EXIT_TARGET;
    }
    *ra = a->regnum;
    *sp = r->regnum;
    return 0;
}

int measure_run_call(struct target *t, const struct measure_opts *o,
                     struct stop *st)
{
    unsigned long long ret, sp0, sp;
    unsigned long back;
    int rc, ra_reg, sp_reg;

    if ((rc = call_regs(t, &ra_reg, &sp_reg)) ||
        (rc = target_reg_get(t, ra_reg, "the return address", &ret)) ||
        (rc = target_reg_get(t, sp_reg, "the stack pointer", &sp0)))
        return rc;
    /* MIPS16e and microMIPS keep the ISA mode in the address's bit 0. */
    back = (unsigned long)ret & 0xfffffffeUL;
    if ((rc = target_bp(t, o->from, 0)) || (rc = target_bp(t, back, 1)))
        return rc;
    for (;;) {
        if ((rc = target_continue(t, st, o->run_timeout_ms)) ||
            (rc = measure_expect_stop(t, st, back, "the function's return", 0)) ||
            (rc = target_reg_get(t, sp_reg, "the stack pointer", &sp)))
            return rc;
        if (sp == sp0)
            break;
        /* A nested call's return to the same address: step past it. */
        if ((rc = target_bp(t, back, 0)) ||
            (rc = target_resume(t, "s", st, o->run_timeout_ms)) ||
            (rc = target_bp(t, back, 1)))
            return rc;
    }
    if ((rc = target_bp(t, back, 0)) || (rc = target_bp(t, o->from, 1)))
        return rc;
    return 0;
}
