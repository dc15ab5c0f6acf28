/*
 * pass.c - the pass tracker of --count-events (pass.h).
 */
#include "pass.h"

#include <string.h>

void vb_pass_arm(struct vb_pass *p, uint32_t from, uint32_t to, uint64_t n,
                 unsigned n_ev)
{
    memset(p, 0, sizeof(*p));
    p->on = true;
    p->from = from;
    p->to = to;
    p->want = n ? n : 1;
    p->n_ev = n_ev <= VB_PASS_MAX_EV ? n_ev : VB_PASS_MAX_EV;
}

bool vb_pass_at(struct vb_pass *p, uint32_t pc, const uint64_t *ev)
{
    /* TO first: with FROM = TO one arrival ends a pass and starts the next */
    if (p->counting && pc == p->to) {
        p->counting = false;
        if (++p->completed == p->want) {
            for (unsigned i = 0; i < p->n_ev; i++)
                p->delta[i] = ev[i] - p->start[i];
            p->done = true;
            return true;
        }
    }
    if (!p->counting && pc == p->from) {
        memcpy(p->start, ev, p->n_ev * sizeof(ev[0]));
        p->counting = true;
    }
    return false;
}
