/*
 * pmu/perfctl.c - control values encoded and decoded by the core's layout.
 * The bits come from the registry's field files: target-xml/mips/
 * perfctl-fields.csv (MD00548 Table 2, 34K; R10000 User's Manual 14.20;
 * Linux asm/mipsregs.h M_PERFCTL_EXL 1<<0, KERNEL 1<<1, SUPERVISOR 1<<2,
 * USER 1<<3, INTERRUPT_ENABLE 1<<4, EVENT from bit 5) and target-xml/power/
 * pmr-fields.csv (e200z7 RM 8.3.4 PMLCa: FC, FCS, FCU, FCM1, FCM0, CE,
 * EVENT; Linux asm/reg_fsl_emb.h PMLCA_FC 0x80000000, PMLCA_FCS
 * 0x40000000, PMLCA_FCU 0x20000000, PMLCA_FCM1 0x10000000, PMLCA_FCM0
 * 0x08000000, PMLCA_CE 0x04000000).
 */
#include "pmu/perfctl.h"

#include <stdio.h>
#include <string.h>

const struct pmuctl_ctl_layout *perfctl_layout(const char *core)
{
    for (int i = 0; i < PMUCTL_CTL_LAYOUT_COUNT; i++)
        if (!strcmp(pmuctl_ctl_layouts[i].core, core))
            return &pmuctl_ctl_layouts[i];
    return NULL;
}

/* The mode words; privilege: a mode of the processor (the others only
 * narrow what those count). */
static const struct {
    const char *name;
    size_t offset; /* of the bit in struct pmuctl_ctl_layout */
    int privilege;
} modes[] = {
    {"u", offsetof(struct pmuctl_ctl_layout, u), 1},
    {"s", offsetof(struct pmuctl_ctl_layout, s), 1},
    {"k", offsetof(struct pmuctl_ctl_layout, k), 1},
    {"exl", offsetof(struct pmuctl_ctl_layout, exl), 1},
    {"marked", offsetof(struct pmuctl_ctl_layout, marked), 0},
    {"unmarked", offsetof(struct pmuctl_ctl_layout, unmarked), 0},
};
#define N_MODES (sizeof modes / sizeof *modes)

static unsigned mode_bit(const struct pmuctl_ctl_layout *l, size_t i)
{
    unsigned v;
    memcpy(&v, (const char *)l + modes[i].offset, sizeof v);
    return v;
}

/* The bits of the privilege modes, or of the narrowing ones. */
static unsigned mode_mask(const struct pmuctl_ctl_layout *l, int privilege)
{
    unsigned m = 0;
    for (size_t i = 0; i < N_MODES; i++)
        if (modes[i].privilege == privilege)
            m |= mode_bit(l, i);
    return m;
}

/* "u,s,k,exl" as this core has them. */
static void mode_words(const struct pmuctl_ctl_layout *l, char *out, size_t len)
{
    size_t at = 0;
    out[0] = 0;
    for (size_t i = 0; i < N_MODES && at < len; i++)
        if (mode_bit(l, i))
            at += (size_t)snprintf(out + at, len - at, "%s%s", at ? "," : "",
                                   modes[i].name);
}

unsigned perfctl_word_bits(const struct pmuctl_ctl_layout *l, const char *w)
{
    for (size_t i = 0; i < N_MODES; i++)
        if (!strcmp(modes[i].name, w))
            return mode_bit(l, i);
    return 0;
}

int perfctl_is_mode_word(const char *s, size_t len)
{
    for (size_t i = 0; i < N_MODES; i++)
        if (strlen(modes[i].name) == len && !strncmp(s, modes[i].name, len))
            return 1;
    return 0;
}

unsigned perfctl_default_modes(const struct pmuctl_ctl_layout *l)
{
    return l->u | (l->k ? l->k : l->s);
}

int perfctl_parse_modes(const struct pmuctl_ctl_layout *l, const char *s,
                        unsigned *bits, char *err, size_t errlen)
{
    char words[64];
    mode_words(l, words, sizeof words);
    *bits = 0;
    while (*s) {
        size_t n = strcspn(s, ",");
        size_t i;
        for (i = 0; i < N_MODES; i++)
            if (strlen(modes[i].name) == n && !strncmp(s, modes[i].name, n) &&
                mode_bit(l, i))
                break;
        if (i == N_MODES || (*bits & mode_bit(l, i))) {
            snprintf(err, errlen, "%s mode '%.*s' (modes of the %s are %s, each "
                     "once)", i == N_MODES ? "unknown" : "repeated", (int)n, s,
                     l->core, words);
            return -1;
        }
        *bits |= mode_bit(l, i);
        s += n;
        if (*s == ',' && !*++s) {
            snprintf(err, errlen, "empty mode after ','");
            return -1;
        }
    }
    if (!(*bits & mode_mask(l, 1))) {
        snprintf(err, errlen, "no mode given (modes of the %s are %s)", l->core,
                 words);
        return -1;
    }
    if ((*bits & mode_mask(l, 0)) == mode_mask(l, 0) && mode_mask(l, 0)) {
        snprintf(err, errlen, "marked and unmarked together count nothing");
        return -1;
    }
    return 0;
}

int perfctl_sweep_modes(const struct pmuctl_ctl_layout *l, const char *words_in,
                        unsigned *bits, const char **words, int max,
                        char *err, size_t errlen)
{
    unsigned chosen = 0;
    int n = 0;

    if (words_in) {
        /* The same checks as for --modes: words of this core, each once
         * (marked with unmarked is allowed here: they are measured apart). */
        for (const char *p = words_in; *p;) {
            size_t len = strcspn(p, ",");
            size_t i;
            for (i = 0; i < N_MODES; i++)
                if (strlen(modes[i].name) == len && !strncmp(p, modes[i].name, len))
                    break;
            if (i == N_MODES || !mode_bit(l, i) || (chosen & mode_bit(l, i))) {
                char all[64];
                mode_words(l, all, sizeof all);
                snprintf(err, errlen, "--modes sweep: %s mode '%.*s' (modes of "
                         "the %s are %s, each once)", i == N_MODES || !mode_bit(l, i)
                         ? "the core has no" : "repeated", (int)len, p, l->core, all);
                return -1;
            }
            chosen |= mode_bit(l, i);
            p += len;
            if (*p == ',')
                p++;
        }
    }
    for (size_t i = 0; i < N_MODES && n < max; i++) {
        unsigned b = mode_bit(l, i);
        if (!b || (words_in && !(chosen & b)))
            continue;
        bits[n] = modes[i].privilege ? b : mode_mask(l, 1) | b;
        words[n++] = modes[i].name;
    }
    if (!n) {
        snprintf(err, errlen, "--modes sweep: no mode given");
        return -1;
    }
    return n;
}

void perfctl_format_modes(const struct pmuctl_ctl_layout *l, unsigned bits,
                          char *out, size_t len)
{
    size_t at = 0;
    out[0] = 0;
    for (size_t i = 0; i < N_MODES && at < len; i++)
        if (bits & mode_bit(l, i))
            at += (size_t)snprintf(out + at, len - at, "%s%s", at ? "," : "",
                                   modes[i].name);
    if (!out[0])
        snprintf(out, len, "none");
}

unsigned perfctl_ctl_modes(const struct pmuctl_ctl_layout *l, unsigned ctl)
{
    unsigned priv = mode_mask(l, 1), narrow = mode_mask(l, 0);
    if (!l->mode_freezes)
        return ctl & priv ? ctl & (priv | narrow) : 0;
    /* Freeze sense: FC, or every privilege mode frozen, or both process
     * marks frozen, counts nothing. */
    if ((ctl & l->fc) || (ctl & priv) == priv || (narrow && (ctl & narrow) == narrow))
        return 0;
    return (priv & ~ctl) | (ctl & narrow);
}

unsigned perfctl_encode(const struct pmuctl_ctl_layout *l, unsigned code,
                        unsigned bits)
{
    unsigned priv = mode_mask(l, 1), narrow = mode_mask(l, 0);
    unsigned ev = (code & l->event_mask) << l->event_shift;
    if (!l->mode_freezes)
        return ev | (bits & (priv | narrow));
    return ev | (priv & ~bits) | (bits & narrow);
}

unsigned perfctl_off(const struct pmuctl_ctl_layout *l)
{
    return l->mode_freezes ? l->fc : 0;
}

unsigned perfctl_event(const struct pmuctl_ctl_layout *l, unsigned ctl)
{
    return (ctl >> l->event_shift) & l->event_mask;
}
