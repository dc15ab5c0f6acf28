/*
 * perfctl.c - PerfCtl encode/decode. The bit positions come from
 * target-xml/mips/perfctl-fields.csv, which cites MD00548 Table 2 (34K),
 * the R10000 User's Manual 14.20 and Linux arch/mips/include/asm/
 * mipsregs.h (M_PERFCTL_EXL 1<<0, KERNEL 1<<1, SUPERVISOR 1<<2, USER 1<<3,
 * INTERRUPT_ENABLE 1<<4, EVENT from bit 5) as its second source.
 */
#include "perfctl.h"

#include <stdio.h>
#include <string.h>

const struct pmuctl_ctl_layout *perfctl_layout(const char *core)
{
    for (int i = 0; i < PMUCTL_CTL_LAYOUT_COUNT; i++)
        if (!strcmp(pmuctl_ctl_layouts[i].core, core))
            return &pmuctl_ctl_layouts[i];
    return NULL;
}

static const struct {
    const char *name;
    size_t offset; /* of the bit in struct pmuctl_ctl_layout */
} modes[] = {
    {"u", offsetof(struct pmuctl_ctl_layout, u)},
    {"s", offsetof(struct pmuctl_ctl_layout, s)},
    {"k", offsetof(struct pmuctl_ctl_layout, k)},
    {"exl", offsetof(struct pmuctl_ctl_layout, exl)},
};
#define N_MODES (sizeof modes / sizeof *modes)

static unsigned mode_bit(const struct pmuctl_ctl_layout *l, size_t i)
{
    unsigned v;
    memcpy(&v, (const char *)l + modes[i].offset, sizeof v);
    return v;
}

int perfctl_parse_modes(const struct pmuctl_ctl_layout *l, const char *s,
                        unsigned *bits, char *err, size_t errlen)
{
    *bits = 0;
    while (*s) {
        size_t n = strcspn(s, ",");
        size_t i;
        for (i = 0; i < N_MODES; i++)
            if (strlen(modes[i].name) == n && !strncmp(s, modes[i].name, n))
                break;
        if (i == N_MODES || (*bits & mode_bit(l, i))) {
            snprintf(err, errlen,
                     "%s mode '%.*s' (modes are u,s,k,exl, each once)",
                     i == N_MODES ? "unknown" : "repeated", (int)n, s);
            return -1;
        }
        *bits |= mode_bit(l, i);
        s += n;
        if (*s == ',' && !*++s) {
            snprintf(err, errlen, "empty mode after ','");
            return -1;
        }
    }
    if (!*bits) {
        snprintf(err, errlen, "no mode given (modes are u,s,k,exl)");
        return -1;
    }
    return 0;
}

void perfctl_format_modes(const struct pmuctl_ctl_layout *l, unsigned ctl,
                          char *out, size_t len)
{
    size_t at = 0;
    out[0] = 0;
    for (size_t i = 0; i < N_MODES && at < len; i++)
        if (ctl & mode_bit(l, i))
            at += (size_t)snprintf(out + at, len - at, "%s%s", at ? "," : "",
                                   modes[i].name);
    if (!out[0])
        snprintf(out, len, "none");
}

unsigned perfctl_modes_mask(const struct pmuctl_ctl_layout *l)
{
    return l->u | l->s | l->k | l->exl;
}

unsigned perfctl_encode(const struct pmuctl_ctl_layout *l, unsigned code,
                        unsigned mode_bits)
{
    return (code & l->event_mask) << l->event_shift |
           (mode_bits & perfctl_modes_mask(l));
}

unsigned perfctl_event(const struct pmuctl_ctl_layout *l, unsigned ctl)
{
    return (ctl >> l->event_shift) & l->event_mask;
}
