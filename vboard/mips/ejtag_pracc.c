/*
 * ejtag_pracc.c - processor-access handshake; see ejtag_pracc.h for the
 * model and /work/shared/reference/ejtag_openocd.md section 3 for why the
 * store is shown one fetch late.
 */
#include "ejtag_pracc.h"

#include <string.h>

void pracc_reset(struct pracc *p)
{
    memset(p, 0, sizeof *p);
}

static struct pracc_access make(uint32_t addr, unsigned size, bool store,
                                bool fetch, uint32_t data)
{
    struct pracc_access a = {
        .valid = true, .store = store, .fetch = fetch,
        .size = size, .addr = addr, .data = data,
    };
    return a;
}

static void post_latched(struct pracc *p)
{
    p->cur = p->latched;
    p->cur.lagged = true;
    p->latched.valid = false;
}

/* The CPU waits for its load or store: remember that its instruction's
 * fetch may be asked for again. */
static enum ejtag_access data_wait(struct pracc *p)
{
    p->refetch = p->last_fetch.valid;
    return EJTAG_PENDING;
}

enum ejtag_access pracc_cpu_access(struct pracc *p, uint32_t addr,
                                   unsigned size, bool is_store,
                                   bool is_fetch, uint32_t *data)
{
    if (is_fetch && p->refetch && p->last_fetch.addr == addr) {
        p->refetch = false;
        *data = p->last_fetch.data;
        return EJTAG_DONE;
    }
    if (p->done.valid) {
        struct pracc_access d = p->done;
        bool same = d.addr == addr && d.size == size &&
                    d.store == is_store && d.fetch == is_fetch;
        p->done.valid = false;
        if (same) {
            if (!is_store)
                *data = d.data;
            if (is_fetch)
                p->last_fetch = d;
            return EJTAG_DONE;
        }
        /* The CPU asks for something else (it was reset or redirected):
         * the served answer is stale; handle the new request below. */
    }
    if (is_store) {
        if (!p->latched.valid) {
            /* Latched now, shown to the probe after the next fetch (or
             * after the lagged store being shown now). */
            p->latched = make(addr, size, true, false, *data);
            p->last_fetch.valid = false;
            return EJTAG_DONE;
        }
        if (!p->cur.valid) {
            /* Two stores with no dmseg fetch between them (code running
             * outside dmseg): show the older one first. */
            post_latched(p);
        }
        return data_wait(p);
    }
    if (p->cur.valid)
        return is_fetch ? EJTAG_PENDING : data_wait(p);
    if (!is_fetch && p->latched.valid) {
        /* A load must not overtake an earlier store. */
        post_latched(p);
        return data_wait(p);
    }
    p->cur = make(addr, size, false, is_fetch, 0);
    if (is_fetch)
        p->last_fetch.valid = false;
    return is_fetch ? EJTAG_PENDING : data_wait(p);
}

bool pracc_complete(struct pracc *p, uint32_t answer)
{
    if (!p->cur.valid)
        return false;
    struct pracc_access a = p->cur;
    p->cur.valid = false;
    if (!a.lagged) {
        p->done = a;
        if (!a.store)
            p->done.data = answer;
    }
    if (a.fetch && p->latched.valid)
        post_latched(p);
    return true;
}
