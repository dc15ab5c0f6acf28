/*
 * cmd/common.c - what several commands print alike (cmd/common.h).
 */
#include "cmd/common.h"
#include "cmd/repair.h"

#include <stdlib.h>

#include <stdio.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "elf/elfcheck.h"
#include "session/io.h"
#include "pmu/catalog.h"
#include "pmu/perfctl.h"

int cmd_fail(struct target *t, int rc)
{
    pmuctl_error("%s", t->err);
    return rc;
}

const char *cmd_event_name(struct target *t, unsigned n, uint32_t ctl)
{
    const char *name = catalog_name_of(t->pmu.cat, n, perfctl_event(t->pmu.lay, ctl));
    return name ? name : "(reserved code)";
}

static int elf_kind(const void *elf, unsigned long addr)
{
    return elfsym_break_kind(elf, addr);
}

/* Is --elf the program on the target? Asked before anything on the target
 * changes; symbols of another program would put breakpoints in the wrong
 * places. A target without qCRC cannot say: that is told, and we go on. */
int cmd_check_elf(const char *path, const struct elfsym *elf, struct target *t,
                  int wait_ms)
{
    char err[256];
    const struct tdesc_reg *pc = tdesc_find(&t->tdesc, "pc");
    int rc;

    if (elfcheck_arch(elfsym_arch(elf), elf->machine, t->tdesc.arch,
                      pc ? pc->feature : NULL, err, sizeof err)) {
        pmuctl_error("%s %s", path, err);
        return PMUCTL_EXIT_USAGE;
    }
    /* It is: its VLE code gives the breakpoints there their size. */
    t->bps.kind_at = elf_kind;
    t->bps.kind_ctx = elf;
    rc = elfcheck_compare(&t->rsp, elf->loaded, elf->nloaded, wait_ms, err, sizeof err);
    if (rc < 0) {
        rc = target_io_fail(t, rc, "comparing --elf with the target (qCRC)");
        pmuctl_error("%s", t->err);
        return rc;
    }
    if (rc == ELFCHECK_UNANSWERED)
        fprintf(stderr, "pmuctl: %s: cannot check that %s is the program on it; "
                "going on\n", err, path);
    if (rc == ELFCHECK_DIFFERS) {
        int repaired, e = cmd_repair_sdbbp(t, elf, &repaired);
        if (e) {
            pmuctl_error("%s", t->err);
            return e;
        }
        if (repaired)
            rc = elfcheck_compare(&t->rsp, elf->loaded, elf->nloaded, wait_ms,
                                  err, sizeof err);
        if (rc < 0) {
            rc = target_io_fail(t, rc, "comparing --elf with the target (qCRC)");
            pmuctl_error("%s", t->err);
            return rc;
        }
    }
    if (rc == ELFCHECK_DIFFERS) {
        pmuctl_error("%s is not the program on the target: %s", path, err);
        return PMUCTL_EXIT_USAGE;
    }
    return 0;
}

int cmd_open_elf(const char *path, struct elfsym *elf)
{
    char err[512];
    if (elfsym_open(elf, path, err, sizeof err)) {
        pmuctl_error("%s", err);
        return PMUCTL_EXIT_USAGE;
    }
    return 0;
}

int cmd_writable(const char *path)
{
    FILE *f = path ? fopen(path, "a") : NULL;
    if (path && !f) {
        pmuctl_error("cannot write '%s'", path);
        return PMUCTL_EXIT_USAGE;
    }
    if (f)
        fclose(f);
    return 0;
}
