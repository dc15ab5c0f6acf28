/*
 * pmu_select.c - "monitor pmu set EVENT[:MODES] ...", "monitor pmu read"
 * and "monitor pmu list" (pmu_core.h): events chosen by the catalogue's
 * names inside GDB, from the same tables the target description's event
 * enums are (target-xml/cores.toml and the core's events CSV). Linked by
 * a stub built with the summary (PMUSTUB_PMU_SUMMARY) only.
 *
 * set: every argument is checked before a register is written, so a
 * mistake changes nothing. Each event (a name, or a raw code in decimal)
 * gets the first counter still free whose catalogue has it, in the order
 * given; the counters not named are
 * turned off, and every count starts from 0. The control value is the
 * event's code in the EVENT field and the modes' bits (PMU_MODES, from
 * the family's modes), written as GDB's P would write it.
 */
#include "pmu_core.h"
#include "pmustub/target.h"

#define PUT(s) stub_mon_puts(s)

static const struct {
    const char *word;
    uint32_t bit;
} modes[] = {
#define PMU_MODE_ROW(w, b) {w, b},
    PMU_MODES(PMU_MODE_ROW)
#undef PMU_MODE_ROW
};
#define N_MODES (sizeof modes / sizeof *modes)
#define PMU_MODE_BIT(w, b) | (b)
#define ALL_MODES (0u PMU_MODES(PMU_MODE_BIT))

void pmu_select_modes(void)
{
    for (unsigned i = 0; i < N_MODES; i++) {
        PUT(i ? "," : "");
        PUT(modes[i].word);
    }
}

static int same(const char *a, const char *b, unsigned len)
{
    for (; len; len--, a++, b++)
        if (*a != *b)
            return 0;
    return !*b;
}

/* Is the event name[0..len) (not NUL-terminated) on counter n? Its code.
 * A number is a raw code, taken on any counter (the EVENT field's width). */
__attribute__((noinline)) static int find(const struct pmu_select *p, unsigned n, const char *name,
                unsigned len, unsigned *code)
{
    struct pmu_events it;
    char s[PMU_EVENT_NAME_MAX + 1];
    unsigned k;

    for (k = 0, *code = 0; k < len && name[k] >= '0' && name[k] <= '9'; k++)
        *code = *code * 10 + (unsigned)(name[k] - '0');
    if (len && k == len)
        return len < 5 && *code <= p->core->event_mask;

    pmu_events_start(&it, p->core, n);
    while (pmu_events_next(&it, s, code))
        if (same(name, s, len))
            return 1;
    return 0;
}

/* Edit distance of a[0..la) and b, at most 3 (3: that or more). */
__attribute__((noinline)) static unsigned distance(const char *a, unsigned la, const char *b)
{
    unsigned char row[PMU_EVENT_NAME_MAX + 2];
    unsigned lb = 0, j, best;

    while (b[lb])
        lb++;
    if (la > PMU_EVENT_NAME_MAX || la + 3 <= lb || lb + 3 <= la)
        return 3;
    for (j = 0; j <= lb; j++)
        row[j] = (unsigned char)j;
    for (unsigned i = 1; i <= la; i++) {
        unsigned diag = row[0];
        row[0] = (unsigned char)i;
        best = i;
        for (j = 1; j <= lb; j++) {
            unsigned up = row[j];
            unsigned v = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < v)
                v = up + 1;
            if (row[j - 1] + 1u < v)
                v = row[j - 1] + 1u;
            row[j] = (unsigned char)(v > 3 ? 3 : v);
            diag = up;
            if (row[j] < best)
                best = row[j];
        }
        if (best >= 3)
            return 3;
    }
    return row[lb];
}

/* Does b start with a[0..la), la >= 3? */
static int begins(const char *a, unsigned la, const char *b)
{
    unsigned k = 0;

    while (k < la && a[k] == b[k])
        k++;
    return la >= 3 && k == la;
}

/* A name's hash (FNV-1a), to print each close name once. */
static uint32_t hash(const char *s)
{
    uint32_t h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

/* The catalogue's names close to name[0..len): within two edits, or
 * beginning with it; the first CLOSE_MAX of them, each once though
 * several counters have it (by hash: no second walk of the catalogue,
 * whose cursor would double this path's stack). */
#define CLOSE_MAX 8
__attribute__((noinline)) static void close_names(const struct pmu_select *p, const char *name, unsigned len)
{
    struct pmu_events it;
    char s[PMU_EVENT_NAME_MAX + 1];
    uint32_t seen[CLOSE_MAX];
    unsigned code, any = 0;

    for (unsigned n = 0; n < p->counters; n++) {
        pmu_events_start(&it, p->core, n);
        while (pmu_events_next(&it, s, &code)) {
            unsigned m;
            uint32_t h;
            if (distance(name, len, s) > 2 && !begins(name, len, s))
                continue;
            for (h = hash(s), m = 0; m < any && seen[m] != h; m++)
                ;
            if (m < any)
                continue;
            if (any == CLOSE_MAX) {
                PUT(", ...");
                return;
            }
            seen[any] = h;
            PUT(any++ ? ", " : "; close names: ");
            PUT(s);
        }
    }
    if (!any)
        PUT("; no name is close (monitor pmu list)");
}

static void put_word(const char *s, unsigned len)
{
    char c[2] = {0, 0};
    for (; len; len--) {
        c[0] = *s++;
        PUT(c);
    }
}

static void put_be(uint8_t *b, uint32_t v)
{
    b[0] = (uint8_t)(v >> 24);
    b[1] = (uint8_t)(v >> 16);
    b[2] = (uint8_t)(v >> 8);
    b[3] = (uint8_t)v;
}

static uint32_t get_be(const uint8_t *b)
{
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/* The modes a control value counts in: their bits, as set takes them. */
static uint32_t counting(uint32_t ctl)
{
    if (PMU_CTL_OFF && (ctl & PMU_CTL_OFF))
        return 0;
    return PMU_MODES_FREEZE ? ~ctl & ALL_MODES : ctl & ALL_MODES;
}

/* Parses MODES (after the ':') up to a blank or the end; -1 with a message
 * on a word the core has not or one given twice. */
static int parse_modes(const char **at, uint32_t *bits)
{
    const char *s = *at;

    *bits = 0;
    for (;;) {
        unsigned len = 0, i;
        while (s[len] && s[len] != ',' && s[len] != ' ')
            len++;
        for (i = 0; i < N_MODES && !same(s, modes[i].word, len); i++)
            ;
        if (i == N_MODES || (*bits & modes[i].bit)) {
            PUT(i == N_MODES ? "pmu: unknown mode '" : "pmu: mode given twice: '");
            put_word(s, len);
            PUT("' (modes: ");
            pmu_select_modes();
            PUT(", each once); nothing changed\n");
            return -1;
        }
        *bits |= modes[i].bit;
        s += len;
        if (*s != ',')
            break;
        s++;
    }
    *at = s;
    return 0;
}

int pmu_select_set(const struct pmu_select *p, const char *args)
{
    uint32_t ctl[PMU_MAX_COUNTERS];
    unsigned used = 0, any = 0;
    uint8_t b[8] = {0};

    for (unsigned n = 0; n < p->counters; n++)
        ctl[n] = PMU_CTL_OFF;
    for (const char *s = args;;) {
        const char *name;
        unsigned len = 0, code = 0, n, on_any = 0;
        uint32_t bits = PMU_MODES_DEFAULT;

        while (*s == ' ')
            s++;
        if (!*s)
            break;
        name = s;
        while (s[len] && s[len] != ':' && s[len] != ' ')
            len++;
        s += len;
        if (*s == ':') {
            s++;
            if (parse_modes(&s, &bits))
                return -1;
        }
        for (n = 0; n < p->counters; n++) {
            unsigned c;
            if (!find(p, n, name, len, &c))
                continue;
            on_any = 1;
            if (!(used & 1u << n)) {
                code = c;
                break;
            }
        }
        if (n == p->counters) {
            PUT("pmu: '");
            put_word(name, len);
            if (on_any) {
                PUT("': every counter that can count it is taken by an event "
                    "before it; nothing changed\n");
                return -1;
            }
            PUT("' is no event of the ");
            PUT(p->core->name);
            close_names(p, name, len);
            PUT("; nothing changed\n");
            return -1;
        }
        used |= 1u << n;
        any = 1;
        ctl[n] = ((uint32_t)code & p->core->event_mask) << p->core->event_shift |
                 (PMU_MODES_FREEZE ? ~bits & ALL_MODES : bits);
    }
    if (!any) {
        PUT("pmu: set what? monitor pmu set EVENT[:MODES] ... (monitor pmu list)\n");
        return -1;
    }
    for (unsigned n = 0; n < p->counters; n++) {
        put_be(b, ctl[n]);
        (void)p->reg_write(PMU_REGNUM_CONTROL(n), b);
        put_be(b, 0);
        (void)p->reg_write(PMU_REGNUM_COUNT64(n), b);
    }
    return 0;
}

/* hi:lo in decimal, by 32-bit divisions only (a 64-bit one would want
 * libgcc): each step divides by 10 in 16-bit pieces. */
static void put_u64(uint32_t hi, uint32_t lo)
{
    char s[21];
    int i = 20;

    s[i] = 0;
    do {
        uint32_t r = hi % 10, x, y;
        hi /= 10;
        x = r << 16 | lo >> 16;
        y = x % 10 << 16 | (lo & 0xffff);
        lo = x / 10 << 16 | y / 10;
        s[--i] = (char)('0' + y % 10);
    } while (hi || lo);
    PUT(s + i);
}

void pmu_select_read(const struct pmu_select *p)
{
    uint8_t b[8];

    for (unsigned n = 0; n < p->counters; n++) {
        uint32_t ctl, code;
        (void)p->reg_read(PMU_REGNUM_CONTROL(n), b);
        ctl = get_be(b);
        code = ctl >> p->core->event_shift & p->core->event_mask;
        PUT("  counter ");
        stub_mon_putu(n);
        if (!counting(ctl)) {
            PUT(": off ");
        } else {
            PUT(": ");
            if (pmu_put_event_name(p->core, n, code))
                stub_mon_putu(code);
            for (unsigned i = 0, any = 0; i < N_MODES; i++)
                if (counting(ctl) & modes[i].bit) {
                    PUT(any++ ? "," : ":");
                    PUT(modes[i].word);
                }
            PUT(" ");
        }
        (void)p->reg_read(PMU_REGNUM_COUNT64(n), b);
        put_u64(get_be(b), get_be(b + 4));
        PUT("\n");
    }
}

void pmu_select_list(const struct pmu_select *p)
{
    struct pmu_events it;
    char s[PMU_EVENT_NAME_MAX + 1];
    unsigned code;

    for (unsigned n = 0; n < p->counters; n++) {
        unsigned m, col = 0;
        for (m = 0; m < n && p->core->event_at[m] != p->core->event_at[n]; m++)
            ;
        if (m < n)
            continue; /* the same catalogue as counter m's: listed there */
        PUT("pmu: the ");
        PUT(p->core->name);
        PUT("'s events on counter ");
        stub_mon_putu(n);
        for (m = n + 1; m < p->counters; m++)
            if (p->core->event_at[m] == p->core->event_at[n]) {
                PUT(", ");
                stub_mon_putu(m);
            }
        PUT(" (name code):\n");
        pmu_events_start(&it, p->core, n);
        while (pmu_events_next(&it, s, &code)) {
            unsigned l = 0;
            while (s[l])
                l++;
            if (col && col + l > 64) {
                PUT("\n");
                col = 0;
            }
            PUT("  ");
            PUT(s);
            PUT(" ");
            stub_mon_putu(code);
            col += l + 6;
        }
        PUT("\n");
    }
}
