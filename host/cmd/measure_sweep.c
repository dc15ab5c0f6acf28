/*
 * cmd/measure_sweep.c - measure --sweep (cmd/measure_sweep.h). pmuctl
 * writes the variables while the program is stopped: before the first
 * point where it found or stopped it, before each next point at --to,
 * where the previous point's last iteration ended. So a program sees a
 * new value when it reads the variable afresh on each pass, at or before
 * --from (docs/pmuctl.md, "--sweep").
 */
#include "cmd/measure_sweep.h"

#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "elf/elfvar.h"
#include "session/memory.h"
#include "sweep/sweep.h"

static struct sweep sw;

int sweep_prepare(const struct cli *c, const struct elfsym *elf)
{
    char err[512];
    memset(&sw, 0, sizeof sw);
    for (int i = 0; i < c->nsweep; i++) {
        struct elfvar v;
        if (sweep_add(&sw, c->sweep[i], err, sizeof err) ||
            elfvar_find(c->elf, elf, sw.var[i].name, &v, err, sizeof err) ||
            sweep_set_type(&sw.var[i], v.addr, v.size, v.is_signed, err, sizeof err)) {
            pmuctl_error("%s", err);
            return PMUCTL_EXIT_USAGE;
        }
    }
    return 0;
}

/* Writes point idx's values, each variable's bytes as found kept first,
 * and reads each back: a target that did not take the write (ROM, a
 * wrong address) is told, not measured. */
static int write_point(struct target *t, const int idx[SWEEP_MAX_VARS])
{
    for (int i = 0; i < sw.n; i++) {
        const struct sweep_var *v = &sw.var[i];
        uint8_t b[8], back[8];
        int rc;
        sweep_encode(&v->v[idx[i]], v->size, t->big_endian, b);
        if ((rc = target_mem_save(t, v->addr, v->size)) ||
            (rc = target_mem_write(t, v->addr, b, v->size)) ||
            (rc = target_mem_read(t, v->addr, back, v->size)))
            return rc;
        if (memcmp(b, back, v->size)) {
            snprintf(t->err, sizeof t->err, "--sweep %s: wrote %s at 0x%08lx "
                     "and read back something else", v->name, v->v[idx[i]].text,
                     v->addr);
            return PMUCTL_EXIT_TARGET;
        }
    }
    return 0;
}

static void write_all(const struct cli *c, sweep_write_fn write,
                      struct result *const *res, int n, FILE *f)
{
    struct result_sweep_var vars[SWEEP_MAX_VARS];
    const char *values[SWEEP_MAX_VARS][SWEEP_MAX_VALUES];

    if (!c->json) {
        for (int k = 0; k < n; k++)
            write(c, res[k], f);
        return;
    }
    for (int i = 0; i < sw.n; i++) {
        for (int j = 0; j < sw.var[i].n; j++)
            values[i][j] = sw.var[i].v[j].text;
        vars[i] = (struct result_sweep_var){sw.var[i].name, sw.var[i].addr,
                                            sw.var[i].size, sw.var[i].n, values[i]};
    }
    report_json_sweep(f, vars, sw.n, (const struct result *const *)res, n);
}

int sweep_measure(const struct cli *c, struct target *t, sweep_measure_fn fn,
                  void *ctx, sweep_write_fn write)
{
    unsigned long np = sweep_points(&sw), k;
    struct result **res = calloc(np, sizeof *res);
    struct result_point *pts = calloc(np, sizeof *pts);
    int rc = 0, done = 0;

    if (!res || !pts) {
        pmuctl_error("out of memory");
        free(res);
        free(pts);
        return PMUCTL_EXIT_TARGET;
    }
    for (k = 0; k < np && !rc; k++) {
        int idx[SWEEP_MAX_VARS];
        char what[256];
        sweep_point(&sw, k, idx);
        sweep_describe(&sw, idx, what, sizeof what);
        pts[k].n = sw.n;
        for (int i = 0; i < sw.n; i++) {
            pts[k].name[i] = sw.var[i].name;
            pts[k].value[i] = sw.var[i].v[idx[i]].text;
        }
        if (!c->no_progress)
            fprintf(stderr, "pmuctl: sweep %lu/%lu: %s\n", k + 1, np, what);
        if (!(res[k] = malloc(sizeof *res[k]))) {
            snprintf(t->err, sizeof t->err, "out of memory");
            rc = PMUCTL_EXIT_TARGET;
            break;
        }
        if ((rc = write_point(t, idx))) {
            free(res[k]);
            res[k] = NULL;
            break;
        }
        rc = fn(ctx, res[k]);
        res[k]->point = &pts[k];
        if (res[k]->iterations > 0)
            done = (int)k + 1;
        if (rc)
            fprintf(stderr, "pmuctl: the sweep stopped at %s\n", what);
    }
    if (rc && !done)
        pmuctl_error("%s", t->err);
    if (done) {
        FILE *f = c->output ? fopen(c->output, "w") : stdout;
        if (rc)
            pmuctl_error("%s", t->err);
        if (!f) {
            pmuctl_error("cannot write '%s'", c->output);
            rc = rc ? rc : PMUCTL_EXIT_USAGE;
        } else {
            if (rc)
                fprintf(stderr, "pmuctl: the results of the %d value%s "
                        "measured:\n", done, done == 1 ? "" : "s");
            write_all(c, write, res, done, f);
            if (f != stdout)
                fclose(f);
        }
    }
    for (k = 0; k < np; k++) {
        if (res[k])
            result_free(res[k]);
        free(res[k]);
    }
    free(res);
    free(pts);
    return rc;
}
