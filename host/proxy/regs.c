/*
 * proxy/regs.c - GDB's p and P of the PMU registers the proxy adds (GDB
 * manual, "Packets": "p n" -> the value in target byte order, "P n=r" ->
 * OK), done through the target's PMU access: OpenOCD's
 * "monitor mips32 cp0 25 SEL [VALUE]" (session/pmu_openocd.c). A failed access
 * answers E01, as OpenOCD does for a register it cannot reach.
 */
#include <stdlib.h>
#include <string.h>

#include "proxy/regs.h"
#include "session/counters.h"

/* The register number of "p<hex>" or "P<hex>=...", and where it ends. */
static int regnum_of(const char *pkt, const char **end)
{
    char *e;
    if ((pkt[0] != 'p' && pkt[0] != 'P') || rsp_hexval((unsigned char)pkt[1]) < 0)
        return -1;
    long n = strtol(pkt + 1, &e, 16);
    *end = e;
    return n < 0 || n > 0xffff ? -1 : (int)n;
}

int proxy_regs_handle(const struct proxy_map *map, struct target *t,
                      const char *pkt, char *reply)
{
    const char *end = pkt;
    int num = regnum_of(pkt, &end), rc;
    unsigned long long v;

    if (num < map->first || num >= map->first + (int)map->n)
        return 0;
    unsigned i = (unsigned)(num - map->first);
    int ctl = map->reg[i].control;
    unsigned n = map->reg[i].counter;
    if (pkt[0] == 'p') {
        uint32_t x;
        if (*end)
            return 0;
        rc = target_pmu_read(t, ctl, n, &x);
        if (!rc)
            rsp_encode_reg(x, 4, t->big_endian, reply);
    } else {
        if (*end != '=' || strlen(end + 1) != 8 ||
            rsp_decode_reg(end + 1, 8, t->big_endian, &v)) {
            strcpy(reply, "E02"); /* not one 32-bit value */
            return 1;
        }
        rc = target_pmu_write(t, ctl, n, (uint32_t)v);
        if (!rc)
            strcpy(reply, "OK");
    }
    if (rc && t->rsp.conn.fd < 0)
        return RSP_LOST; /* target_io_fail closed it */
    if (rc)
        strcpy(reply, "E01");
    return 1;
}
