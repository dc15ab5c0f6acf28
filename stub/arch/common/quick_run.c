/*
 * quick_run.c - the ports' quick paths' shared C (quick_run.h).
 */
#include "quick_run.h"
#include "pmu_registry.h" /* PMU_REGNUM_COUNT, PMU_REGNUM_COUNT64 */

static uint32_t addr(const void *p)
{
    return (uint32_t)(uintptr_t)p;
}

/* Where the vector hands the book over: when it is full, or after the
 * entry of the bracket the program stops at. */
static void set_fill_end(const struct quick_run *r, struct quick_book *b)
{
    unsigned room = r->left && r->left < QUICK_ENTRIES ? r->left : QUICK_ENTRIES;
    b->fill_end = addr(b->buf[room]);
}

int quick_run_set(struct quick_run *r, struct quick_book *b, const struct stub_quick *sq,
                  unsigned counters)
{
    if (!counters) /* the vectors would read counters that are not there */
        return 0;
    r->n = sq->n;
    r->top = 0;
    for (unsigned i = 0; i < r->n; i++) {
        unsigned c = 0;
        while (c < counters && sq->reg[i] != PMU_REGNUM_COUNT(c) &&
               sq->reg[i] != PMU_REGNUM_COUNT64(c))
            c++;
        if (c == counters)
            return 0;
        r->cnt[i] = (uint8_t)c;
        r->top = c > r->top ? c : r->top;
    }
    r->from_pc = sq->from;
    r->to_pc = sq->to;
    r->left = sq->left;
    b->fill = addr(b->buf);
    set_fill_end(r, b);
    return 1;
}

int quick_run_fold(struct quick_run *r, struct quick_book *b)
{
    unsigned m = (b->fill - addr(b->buf)) / sizeof b->buf[0];

    if (!m)
        return 0;
    b->fill = addr(b->buf);
    if (r->left)
        r->left -= m;
    set_fill_end(r, b);
    return stub_quick_end(b->buf[0], m, QUICK_ENTRY_WORDS, r->cnt);
}
