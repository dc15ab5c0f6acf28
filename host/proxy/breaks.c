/*
 * proxy/breaks.c - GDB's breakpoints through the proxy (breaks.h).
 *
 * OpenOCD 0.12's mips_m4k learns why the core halted only from the
 * EJTAG IBS and DBS registers (src/target/mips_m4k.c,
 * mips_m4k_examine_debug_reason): a halt on a software breakpoint, an
 * SDBBP written over the instruction, keeps the reason "not halted",
 * which its gdb server reports as signal 0 (src/server/gdb_server.c,
 * gdb_last_signal). GDB then prints "Program stopped." instead of a
 * breakpoint hit, and a step it makes of a breakpoint at the next
 * instruction (gdb-multiarch's default OS ABI, GNU/Linux, steps MIPS
 * that way: gdb/mips-linux-tdep.c, mips_software_single_step) ends the
 * whole "continue" there. So:
 *  - GDB's Z0 goes to OpenOCD as Z1, an instruction breakpoint (IBAn),
 *    while the core has one free: its halt sets IBS.BS, OpenOCD reports
 *    SIGTRAP, and no memory is written. OpenOCD knows how many there are
 *    (IBS.BCN, read at debug entry: mips32_configure_ibs in
 *    src/target/mips32.c) and refuses one too many (mips_m4k_add_breakpoint:
 *    "no hardware breakpoint available"); the proxy then places that one
 *    and, having learnt how many it gives, the next ones as OpenOCD's
 *    software breakpoints. GDB's own Z1 (hbreak) comes first: one of the
 *    proxy's takes a software place for it.
 *  - A stop with signal 0 at one of GDB's breakpoints, or at the end of a
 *    step, is reported as SIGTRAP (05).
 * OpenOCD keeps one breakpoint per address and removes it by address
 * whatever z type names it (src/target/breakpoints.c breakpoint_add,
 * breakpoint_remove): GDB's Z0 and Z1 at one address are one entry here.
 */
#include "proxy/breaks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session/io.h"

/* GDB's number of the MIPS pc (DESIGN.md: r0-31, status, lo, hi,
 * badvaddr, cause, pc = 37), as OpenOCD 0.12 numbers it too. */
#define MIPS_PC_REGNUM 37

void proxy_breaks_reset(struct proxy_breaks *b)
{
    memset(b, 0, sizeof *b);
    b->hard_cap = -1;
}

static int hard_held(const struct proxy_breaks *b)
{
    int n = 0;
    for (size_t i = 0; i < b->n; i++)
        n += b->b[i].hard;
    return n;
}

static struct proxy_break *find(struct proxy_breaks *b, unsigned long addr)
{
    for (size_t i = 0; i < b->n; i++)
        if (b->b[i].addr == addr)
            return &b->b[i];
    return NULL;
}

/* Sends "Ztype,addr,kind" or "z..." to OpenOCD: 1 if it answered OK, 0 if
 * it refused, or RSP_LOST. */
static int place(struct target *t, char z, int hard, const struct proxy_break *e)
{
    char req[48];
    snprintf(req, sizeof req, "%c%d,%lx,%x", z, hard, e->addr, e->kind);
    int rc = rsp_request(&t->rsp, req);
    if (rc) {
        target_io_fail(t, rc, "a breakpoint through OpenOCD");
        return RSP_LOST;
    }
    return !strcmp(t->rsp.reply, "OK");
}

/* A breakpoint the proxy made hardware for GDB's Z0 moves to a software
 * place, freeing its instruction breakpoint: 1 if one did, 0 if none
 * could, or RSP_LOST. */
static int free_one_hard(struct proxy_breaks *b, struct target *t)
{
    for (size_t i = 0; i < b->n; i++) {
        struct proxy_break *e = &b->b[i];
        int rc;
        if (!e->hard || (e->gdb & 2))
            continue;
        if ((rc = place(t, 'z', 1, e)) != 1 || (rc = place(t, 'Z', 0, e)) != 1)
            return rc; /* a refused software place: that one is gone */
        e->hard = 0;
        return 1;
    }
    return 0;
}

/* A new address: GDB's Z1 as hardware, its Z0 as hardware while one is
 * free, else software. 1 placed, 0 refused, or RSP_LOST. */
static int place_new(struct proxy_breaks *b, struct target *t, struct proxy_break *e,
                     int gdb_hard)
{
    int rc;
    if (gdb_hard || b->hard_cap < 0 || hard_held(b) < b->hard_cap) {
        rc = place(t, 'Z', 1, e);
        if (rc == 0)
            b->hard_cap = hard_held(b);
        while (rc == 0 && gdb_hard && (rc = free_one_hard(b, t)) == 1)
            rc = place(t, 'Z', 1, e);
        if (rc != 0 || gdb_hard) {
            e->hard = rc == 1;
            return rc;
        }
    }
    return place(t, 'Z', 0, e);
}

int proxy_breaks_handle(struct proxy_breaks *b, struct target *t, const char *pkt,
                        char *reply)
{
    unsigned long addr;
    unsigned kind;
    char z, type;
    int used, rc;

    if (sscanf(pkt, "%c%c,%lx,%x%n", &z, &type, &addr, &kind, &used) != 4 ||
        (z != 'Z' && z != 'z') || (type != '0' && type != '1') || pkt[used])
        return 0; /* conditions, watchpoints: OpenOCD's as they come */
    unsigned char bit = type == '1' ? 2 : 1;
    struct proxy_break *e = find(b, addr);

    strcpy(reply, "OK");
    if (z == 'z') {
        if (!e || !(e->gdb & bit))
            return 1; /* nothing of GDB's there: removing it is done */
        e->gdb &= (unsigned char)~bit;
        if (e->gdb)
            return 1;
        if ((rc = place(t, 'z', e->hard, e)) < 0)
            return rc;
        *e = b->b[--b->n];
        return 1;
    }
    if (e) { /* Z0 and Z1 at one address: one breakpoint */
        e->gdb |= bit;
        return 1;
    }
    if (b->n == PROXY_MAX_BREAKS) {
        strcpy(reply, "E0E");
        return 1;
    }
    e = &b->b[b->n];
    *e = (struct proxy_break){.addr = addr, .kind = kind, .gdb = bit};
    if ((rc = place_new(b, t, e, bit == 2)) < 0)
        return rc;
    if (rc == 1)
        b->n++;
    else
        strcpy(reply, "E0E"); /* as OpenOCD refuses (EFAULT: gdb_error) */
    return 1;
}

int proxy_breaks_place_all(const struct proxy_breaks *b, struct target *t, char z)
{
    for (size_t i = 0; i < b->n; i++) {
        int rc = place(t, z, b->b[i].hard, &b->b[i]);
        if (rc == 0)
            snprintf(t->err, sizeof t->err, "OpenOCD refused %c%d at 0x%lx", z,
                     b->b[i].hard, b->b[i].addr);
        if (rc != 1)
            return -1;
    }
    return 0;
}

void proxy_breaks_resumed(struct proxy_breaks *b, const char *pkt)
{
    /* s, S, and vCont with an s or S action (GDB manual, "Packets") */
    b->stepping = pkt[0] == 's' || pkt[0] == 'S' ||
                  (!strncmp(pkt, "vCont;", 6) &&
                   (strstr(pkt, ";s") || strstr(pkt, ";S")));
}

int proxy_breaks_stopped(struct proxy_breaks *b, struct target *t, char *payload)
{
    unsigned long long pc;
    int stepping = b->stepping;

    b->stepping = 0;
    if ((payload[0] != 'T' && payload[0] != 'S') || strncmp(payload + 1, "00", 2))
        return 0;
    if (!stepping) {
        int rc = target_reg_get(t, MIPS_PC_REGNUM, "pc", &pc);
        if (rc)
            return t->rsp.conn.fd < 0 ? RSP_LOST : 0;
        if (!find(b, (unsigned long)(pc & 0xffffffffULL)))
            return 0;
    }
    payload[1] = '0';
    payload[2] = '5';
    return 0;
}
