/*
 * elf/location.c - see location.h.
 */
#include "elf/location.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elf/srcloc.h"

static int all_digits(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

/* "FILE:LINE in FUNC at 0xADDR; ..." for a refusal. */
static void list_sites(const struct srcloc *r, char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = 0;
    for (int i = 0; i < r->n && i < SRCLOC_MAX && at < len; i++) {
        const struct srcloc_site *s = &r->site[i];
        int w = snprintf(buf + at, len - at, "%s%s:%d in %s%s at 0x%08lx",
                         i ? "; " : "", s->file, s->line, s->func,
                         s->inlined ? " (inlined)" : "", s->addr);
        if (w < 0)
            break;
        at += (size_t)w;
    }
    if (r->n > SRCLOC_MAX && at < len)
        snprintf(buf + at, len - at, "; and %d more", r->n - SRCLOC_MAX);
}

/* The one site of r as *addr, said on stderr unless it is the address
 * of the symbol named (sym: the ELF's value for it, else 0), which is
 * what a bare name always meant. */
static int one_site(const char *opt, const char *loc, const struct srcloc *r,
                    unsigned long sym, const struct elfsym *e,
                    unsigned long *addr, char *err, size_t errlen)
{
    char list[1024], hex[32];
    const struct srcloc_site *s = &r->site[0];

    if (r->n > 1) {
        list_sites(r, list, sizeof list);
        snprintf(err, errlen, "%s %s has %d addresses (%s): name one with "
                 "*ADDRESS or a line of its own", opt, loc, r->n, list);
        return -1;
    }
    if (r->line_used != r->line_asked)
        fprintf(stderr, "pmuctl: %s %s: line %d has no code; taking line %d, "
                "the next with code, as GDB's break does\n", opt, loc,
                r->line_asked, r->line_used);
    if (s->addr != sym)
        fprintf(stderr, "pmuctl: %s %s is 0x%08lx (%s%s, %s:%d)\n", opt, loc,
                s->addr, s->func, s->inlined ? ", inlined" : "", s->file,
                s->line);
    snprintf(hex, sizeof hex, "0x%lx", s->addr);
    return loc_resolve(hex, e, addr, err, errlen);
}

int location_resolve(const char *opt, const char *loc, const char *elf_path,
                     const struct elfsym *e, unsigned long *addr, char *err,
                     size_t errlen)
{
    struct srcloc r;
    char file[256];
    const char *colon = strrchr(loc, ':');
    unsigned long sym;
    int rc;

    if (*loc == '*' || (*loc >= '0' && *loc <= '9') || strchr(loc, '+') ||
        (!colon && !elf_path))
        return loc_resolve(loc, e, addr, err, errlen);
    if (!elf_path) {
        snprintf(err, errlen, "%s %s is a source location: give the program "
                 "with --elf FILE", opt, loc);
        return -1;
    }
    if (colon) {
        size_t n = (size_t)(colon - loc);
        if (!n || n >= sizeof file || !colon[1]) {
            snprintf(err, errlen, "bad location '%s' (FILE:LINE or "
                     "FILE:FUNCTION)", loc);
            return -1;
        }
        memcpy(file, loc, n);
        file[n] = 0;
        if (all_digits(colon + 1))
            rc = srcloc_line(elf_path, file, atoi(colon + 1), &r, err, errlen);
        else
            rc = srcloc_function(elf_path, file, colon + 1, &r, err, errlen);
        if (rc)
            return -1;
        if (!r.n) {
            snprintf(err, errlen, "%s %s: no function '%s' defined in %s in "
                     "the ELF's DWARF", opt, loc, colon + 1, file);
            return -1;
        }
        return one_site(opt, loc, &r, 0, e, addr, err, errlen);
    }
    /* FUNCTION: GDB's address where the DWARF has it; a symbol it does
     * not describe (assembly, no -g) is its address, as before. */
    if (srcloc_function(elf_path, NULL, loc, &r, err, errlen) || !r.n)
        return loc_resolve(loc, e, addr, err, errlen);
    if (!e || elfsym_lookup(e, loc, &sym))
        sym = 0;
    return one_site(opt, loc, &r, sym & 0xffffffffUL, e, addr, err, errlen);
}
