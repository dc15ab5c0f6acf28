/*
 * session/memory.c - memory reads and writes (session/memory.h). On a
 * serial line a read is repeated until two answers agree, as registers
 * are (session/io.c): what is read here is written back at the end.
 */
#include "session/memory.h"

#include <stdio.h>
#include <string.h>

#include "base/exit_status.h"
#include "session/io.h"

#define MEM_CHUNK 256 /* bytes an m reply carries: 512 digits < PacketSize */

static int read_once(struct target *t, unsigned long addr, uint8_t *buf,
                     unsigned n)
{
    char req[40];
    int rc;
    snprintf(req, sizeof req, "m%lx,%x", addr, n);
    if ((rc = rsp_request(&t->rsp, req)))
        return target_io_fail(t, rc, "reading memory");
    if (t->rsp.reply_len != 2 * n) {
        snprintf(t->err, sizeof t->err, "reading %u bytes at 0x%08lx: the "
                 "target answered '%.20s'", n, addr, t->rsp.reply);
        return PMUCTL_EXIT_TARGET;
    }
    for (unsigned i = 0; i < n; i++) {
        int hi = rsp_hexval(t->rsp.reply[2 * i]), lo = rsp_hexval(t->rsp.reply[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            snprintf(t->err, sizeof t->err, "reading 0x%08lx: '%.20s' is no "
                     "hex", addr, t->rsp.reply);
            return PMUCTL_EXIT_TARGET;
        }
        buf[i] = (uint8_t)(hi << 4 | lo);
    }
    return 0;
}

int target_mem_read(struct target *t, unsigned long addr, uint8_t *buf, unsigned n)
{
    uint8_t prev[8];
    int rc = read_once(t, addr, buf, n);
    for (int tries = 0; !rc && t->rsp.conn.is_serial && tries < RSP_MAX_TRIES; tries++) {
        memcpy(prev, buf, n);
        if ((rc = read_once(t, addr, buf, n)) || !memcmp(prev, buf, n))
            return rc;
    }
    return rc;
}

int target_mem_read_bulk(struct target *t, unsigned long addr, uint8_t *buf,
                        size_t len)
{
    for (size_t done = 0; done < len;) {
        unsigned n = len - done < MEM_CHUNK ? (unsigned)(len - done) : MEM_CHUNK;
        int rc = read_once(t, addr + done, buf + done, n);
        if (rc)
            return rc;
        done += n;
    }
    return 0;
}

int target_mem_write(struct target *t, unsigned long addr, const uint8_t *buf,
                     unsigned n)
{
    char req[64];
    int at = snprintf(req, sizeof req, "M%lx,%x:", addr, n), rc;
    for (unsigned i = 0; i < n; i++)
        at += snprintf(req + at, sizeof req - (size_t)at, "%02x", buf[i]);
    if ((rc = rsp_request(&t->rsp, req)))
        return target_io_fail(t, rc, "writing memory");
    if (strcmp(t->rsp.reply, "OK")) {
        snprintf(t->err, sizeof t->err, "writing %u bytes at 0x%08lx: the "
                 "target answered '%.20s'", n, addr, t->rsp.reply);
        return PMUCTL_EXIT_TARGET;
    }
    return 0;
}

int target_mem_save(struct target *t, unsigned long addr, unsigned n)
{
    struct target_mem_saved *m = &t->saved_mem;
    for (int i = 0; i < m->n; i++)
        if (m->addr[i] == addr)
            return 0;
    if (m->n == TARGET_MAX_SAVED_MEM) {
        snprintf(t->err, sizeof t->err, "more than %d variables to put back",
                 TARGET_MAX_SAVED_MEM);
        return PMUCTL_EXIT_TARGET;
    }
    int rc = target_mem_read(t, addr, m->bytes[m->n], n);
    if (rc)
        return rc;
    m->addr[m->n] = addr;
    m->len[m->n++] = n;
    return 0;
}

void target_mem_restore(struct target *t)
{
    struct target_mem_saved *m = &t->saved_mem;
    while (m->n > 0) {
        m->n--;
        if (target_mem_write(t, m->addr[m->n], m->bytes[m->n], m->len[m->n]))
            fprintf(stderr, "pmuctl: putting back the %u bytes at 0x%08lx: %s\n",
                    m->len[m->n], m->addr[m->n], t->err);
    }
}
