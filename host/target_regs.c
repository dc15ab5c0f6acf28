/*
 * target_regs.c - registers by GDB number, read with "p" and written with
 * "P" (GDB manual, "Packets"): the stub's counters, their 64-bit counts,
 * the PC.
 *
 * On a serial line a value is read until two answers agree. The packet
 * checksum is a sum modulo 256: two flipped bits in one packet go unseen
 * when they change the sum by +2^k and -2^k (about 7% of the double flips;
 * a 20-byte reply on a line that flips 0.3% of its bytes has two flips
 * once in 600 packets), and a value read here is put back into the target
 * at the end. Two answers that agree were not both garbled the same way.
 */
#include <stdio.h>
#include <string.h>

#include "exit_status.h"
#include "target.h"

/* One "p": 0 and the value; 1 if the answer is no value; or an rsp status. */
static int read_once(struct target *t, int regnum, unsigned long long *v)
{
    char req[16];
    snprintf(req, sizeof req, "p%x", regnum);
    int rc = rsp_request(&t->rsp, req);
    if (rc)
        return rc;
    return rsp_decode_reg(t->rsp.reply, t->rsp.reply_len, t->big_endian, v) ? 1 : 0;
}

int target_reg_get(struct target *t, int regnum, const char *name,
                   unsigned long long *v)
{
    unsigned long long prev = 0;
    int have = 0;
    char doing[48];

    snprintf(doing, sizeof doing, "reading %s", name);
    for (int tries = 0; tries < RSP_MAX_TRIES; tries++) {
        int rc = read_once(t, regnum, v);
        if (rc < 0)
            return target_io_fail(t, rc, doing);
        if (rc == 0 && (!t->rsp.conn.is_serial || (have && *v == prev)))
            return 0;
        if (rc && !t->rsp.conn.is_serial)
            break;
        have = rc == 0;
        prev = *v;
    }
    snprintf(t->err, sizeof t->err, "reading %s: the target answered '%.20s'",
             name, t->rsp.reply);
    return PMUCTL_EXIT_TARGET;
}

int target_reg_put(struct target *t, int regnum, const char *name,
                   unsigned long long v, unsigned bytes)
{
    char req[48], hex[17], doing[48];
    rsp_encode_reg(v, bytes, t->big_endian, hex);
    snprintf(req, sizeof req, "P%x=%s", regnum, hex);
    snprintf(doing, sizeof doing, "writing %s", name);
    int rc = rsp_request(&t->rsp, req);
    if (rc)
        return target_io_fail(t, rc, doing);
    if (strcmp(t->rsp.reply, "OK")) {
        snprintf(t->err, sizeof t->err, "writing %s: the target answered '%.20s'",
                 name, t->rsp.reply);
        return PMUCTL_EXIT_TARGET;
    }
    return 0;
}

static int regs_read(struct target *t, int ctl, unsigned n, uint32_t *v)
{
    char name[32];
    unsigned long long x;
    snprintf(name, sizeof name, "%s%u", ctl ? "perfctl" : "perfcnt", n);
    int rc = target_reg_get(t, ctl ? t->ctl_reg[n] : t->cnt_reg[n], name, &x);
    *v = (uint32_t)x;
    return rc;
}

static int regs_write(struct target *t, int ctl, unsigned n, uint32_t v)
{
    char name[32];
    snprintf(name, sizeof name, "%s%u", ctl ? "perfctl" : "perfcnt", n);
    return target_reg_put(t, ctl ? t->ctl_reg[n] : t->cnt_reg[n], name, v, 4);
}

const struct pmu_access target_regs_access = {"registers", regs_read, regs_write};

int target_pmu_count(struct target *t, unsigned n, uint64_t *v, int *wide)
{
    char name[32];
    unsigned long long x;
    uint32_t v32;

    *wide = !t->is_openocd && t->wide_reg[n] >= 0;
    if (!*wide) {
        int rc = target_pmu_read(t, 0, n, &v32);
        *v = v32;
        return rc;
    }
    snprintf(name, sizeof name, "perfcnt%u_64", n);
    int rc = target_reg_get(t, t->wide_reg[n], name, &x);
    *v = x;
    return rc;
}

int target_read_pc(struct target *t, struct stop *st)
{
    unsigned long long v;
    int rc = target_reg_get(t, MIPS_PC_REGNUM, "the PC", &v);
    if (rc)
        return rc;
    st->pc = (unsigned long)(v & 0xffffffffu);
    st->have_pc = 1;
    return 0;
}

int target_restore_count(struct target *t, unsigned n)
{
    char name[32];
    if (!t->saved_wide[n])
        return target_pmu_write(t, 0, n, (uint32_t)t->saved_cnt[n]);
    snprintf(name, sizeof name, "perfcnt%u_64", n);
    return target_reg_put(t, t->wide_reg[n], name, t->saved_cnt[n], 8);
}
