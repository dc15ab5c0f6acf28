/*
 * session/simulator.c - whether the counts come from a board or from vboard, the
 * project's simulator, found out from signals the program and the stub
 * never see (docs/pmuctl.md, "Where the counts come from"):
 *
 *  - over the stub's line, vboard's serial port (vboard/common/sim_query.c,
 *    the host side of its UART, not the UART itself) answers the packet
 *    qPmustub.Simulator with "name=vboard;cpu=CORE" and never passes it to
 *    the board; a stub answers a q packet it does not know with the empty
 *    reply (GDB manual, "General Query Packets"), so a board says nothing;
 *  - through OpenOCD, the IDCODE OpenOCD read from the JTAG TAP the target
 *    sits on: vboard's is VBOARD_EJTAG_IDCODE (pmustub/wire.h, a part number
 *    of its own); the IDCODE is the TAP's, not something the CPU can read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session/simulator.h"

#include "base/exit_status.h"
#include "pmu/catalog.h"
#include "pmustub/wire.h"
#include "session/io.h"

#define SIM_QUERY PMUSTUB_Q_SIMULATOR

int target_ask_simulator(struct target *t)
{
    int rc = rsp_request(&t->rsp, SIM_QUERY);
    if (rc)
        return target_io_fail(t, rc, SIM_QUERY);
    t->sim.name[0] = t->sim.cpu[0] = 0;
    /* Empty (a stub, OpenOCD) or an error: not a simulator. */
    if (rsp_reply_field(t->rsp.reply, "name", t->sim.name, sizeof t->sim.name) ||
        rsp_reply_field(t->rsp.reply, "cpu", t->sim.cpu, sizeof t->sim.cpu))
        t->sim.name[0] = t->sim.cpu[0] = 0;
    return 0;
}

int target_openocd_simulator(struct target *t)
{
    char out[128];
    int failed;
    /* OpenOCD src/jtag/tcl.c: "jtag cget TAP -idcode" is the IDCODE found
     * when the chain was scanned (decimal in 0.12). */
    int rc = rsp_monitor(&t->rsp, "jtag cget [[target current] cget "
                         "-chain-position] -idcode", out, sizeof out, &failed);
    if (rc)
        return target_io_fail(t, rc, "monitor jtag cget -idcode");
    char *end;
    unsigned long id = strtoul(out, &end, 0);
    if (!failed && end != out && id == VBOARD_EJTAG_IDCODE)
        snprintf(t->sim.name, sizeof t->sim.name, "vboard");
    return 0;
}

const char *target_sim_counting(const struct target *t, const char *name)
{
    struct pmu_event ev;
    if (strcmp(t->sim.name, "vboard") || !t->pmu.cat || catalog_event(t->pmu.cat, name, &ev))
        return NULL;
    return pmu_vboard_name(ev.vboard);
}

void target_counts_from(const struct target *t, const char *label, char *out,
                        size_t len)
{
    if (!t->sim.name[0]) {
        snprintf(out, len, "%s", label ? label : "counts from the target's "
                 "performance counters");
        return;
    }
    /* A label never hides that the counts are simulated. */
    snprintf(out, len, "%s%scounts simulated by %s (%s)", label ? label : "",
             label ? "; " : "", t->sim.name, t->sim.cpu[0] ? t->sim.cpu : t->pmu.core);
}
