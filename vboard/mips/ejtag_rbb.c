/*
 * ejtag_rbb.c - the EJTAG port's pins as the TAP behind the remote_bitbang
 * server (common/rbb.h), so that stock OpenOCD drives it (ejtag_port.h).
 */
#include "ejtag_port.h"

static void pins(void *ej, bool tck, bool tms, bool tdi)
{
    ejtag_pins(ej, tck, tms, tdi);
}

static bool tdo(void *ej) { return ejtag_tdo(ej); }

static void reset_lines(void *ej, bool trst, bool srst)
{
    ejtag_reset_lines(ej, trst, srst);
}

static bool waiting_for_cpu(void *ej) { return ejtag_waiting_for_cpu(ej); }

static void stop_waiting_for_cpu(void *ej) { ejtag_stop_waiting_for_cpu(ej); }

struct rbb_tap ejtag_rbb_tap(struct ejtag *ej)
{
    return (struct rbb_tap){
        .ctx = ej,
        .pins = pins,
        .tdo = tdo,
        .reset_lines = reset_lines,
        .waiting_for_cpu = waiting_for_cpu,
        .stop_waiting_for_cpu = stop_waiting_for_cpu,
    };
}
