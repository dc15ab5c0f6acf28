/*
 * session/pmu_stub.c - the PMU as the pmustub stub publishes it.
 *
 * - The family: the PMU feature of the target description whose name the
 *   registry gives (pmuctl_fields.h, generated from target-xml/cores.toml:
 *   org.pmustub.mips.pmu ...).
 * - Its registers: the family's registers by role (control, count, the
 *   stub's 64-bit count), named by the registry, numbered by the
 *   description; counter n exists while its control and count do.
 * - The core and the freeze state: data the stub gives, qPmustub.Pmu
 *   "id=HHHHHHHH;frozen=0|1" (stub/core/monitor_pmu.c); the id register
 *   (PRId, PVR) is matched against the registry's cores of the family.
 *
 * Registers are read with p and written with P (session/io.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/exit_status.h"
#include "pmu/catalog.h"
#include "pmu/perfctl.h"
#include "pmustub/wire.h"
#include "session/attach.h"
#include "session/io.h"

#define PMU_QUERY PMUSTUB_Q_PMU

static const struct pmu_family_reg *role_reg(const struct pmu_family *f,
                                             enum pmu_role role)
{
    for (unsigned i = 0; i < f->n_regs; i++)
        if (f->regs[i].role == role)
            return &f->regs[i];
    return NULL;
}

/* The registry's name of counter n's register of role ("perfctl0"). */
static void reg_name(const struct target *t, enum pmu_role role, unsigned n,
                     char *out, size_t len)
{
    const struct pmu_family_reg *r = role_reg(t->pmu.fam, role);
    snprintf(out, len, r ? r->name : "?", n);
}

/* Its GDB number in the family's feature, if it is there as wide as the
 * registry says; -1 if not. */
static int find_reg(const struct target *t, enum pmu_role role, unsigned n)
{
    const struct pmu_family_reg *r = role_reg(t->pmu.fam, role);
    const struct tdesc_reg *d;
    char name[32];

    if (!r)
        return -1;
    reg_name(t, role, n, name, sizeof name);
    d = tdesc_find_in(&t->tdesc, t->pmu.fam->feature, name);
    return d && d->bitsize == r->bits ? d->regnum : -1;
}

/* qPmustub.Pmu's field key as a number (base 16 for the id). */
static int ask(struct target *t, const char *key, unsigned long *v)
{
    char val[16], *end;
    int rc = rsp_request(&t->rsp, PMU_QUERY);
    if (rc)
        return target_io_fail(t, rc, PMU_QUERY);
    if (rsp_reply_field(t->rsp.reply, key, val, sizeof val) ||
        (*v = strtoul(val, &end, 16), *end)) {
        snprintf(t->err, sizeof t->err, "the stub does not say its PMU's %s "
                 "(%s answered '%.40s'): a stub older than this pmuctl",
                 key, PMU_QUERY, t->rsp.reply);
        return PMUCTL_EXIT_TARGET;
    }
    return 0;
}

static int attach(struct target *t)
{
    unsigned long id;
    unsigned n;
    int rc;

    t->pmu.fam = NULL;
    for (unsigned i = 0; i < PMU_FAMILY_COUNT && !t->pmu.fam; i++)
        if (tdesc_has_feature(&t->tdesc, pmu_families[i].feature))
            t->pmu.fam = &pmu_families[i];
    if (!t->pmu.fam)
        return PMU_ACCESS_NOT_MINE;
    for (n = 0; n < t->pmu.fam->max_counters && n < TARGET_MAX_COUNTERS; n++) {
        t->ctl_reg[n] = find_reg(t, PMU_ROLE_CONTROL, n);
        t->cnt_reg[n] = find_reg(t, PMU_ROLE_COUNT, n);
        if (t->ctl_reg[n] < 0 || t->cnt_reg[n] < 0) {
            t->ctl_reg[n] = t->cnt_reg[n] = -1;
            break;
        }
        t->wide_reg[n] = find_reg(t, PMU_ROLE_COUNT64, n);
    }
    t->pmu.n_counters = n;
    if (n == 0)
        return PMU_ACCESS_NOT_MINE;
    /* A gdb server that serves the stub's feature without being the stub
     * answers the query empty: pmuctl proxy in front of OpenOCD
     * (docs/proxy.md), whose OpenOCD the next backend reaches. */
    if ((rc = ask(t, "id", &id)) == PMUCTL_EXIT_TARGET && !t->rsp.reply[0])
        return PMU_ACCESS_NOT_MINE;
    if (rc)
        return rc;
    t->pmu.id = (uint32_t)id;
    if (!(t->pmu.cat = catalog_core_by_id(t->pmu.fam->key, t->pmu.id)) ||
        !(t->pmu.lay = perfctl_layout(t->pmu.cat->core))) {
        snprintf(t->err, sizeof t->err, "the target's counters are of a core "
                 "pmuctl has no catalogue for (%s 0x%08x; known: %s)",
                 t->pmu.fam->id_register, t->pmu.id, catalog_core_names());
        return PMUCTL_EXIT_TARGET;
    }
    snprintf(t->pmu.core, sizeof t->pmu.core, "%s", t->pmu.cat->core);
    return 0;
}

static int read_reg(struct target *t, int ctl, unsigned n, uint32_t *v)
{
    enum pmu_role role = ctl ? PMU_ROLE_CONTROL : PMU_ROLE_COUNT;
    char name[32];
    unsigned long long x;
    reg_name(t, role, n, name, sizeof name);
    int rc = target_reg_get(t, ctl ? t->ctl_reg[n] : t->cnt_reg[n], name, &x);
    *v = (uint32_t)x;
    return rc;
}

static int write_reg(struct target *t, int ctl, unsigned n, uint32_t v)
{
    enum pmu_role role = ctl ? PMU_ROLE_CONTROL : PMU_ROLE_COUNT;
    char name[32];
    reg_name(t, role, n, name, sizeof name);
    return target_reg_put(t, ctl ? t->ctl_reg[n] : t->cnt_reg[n], name, v, 4);
}

static int count(struct target *t, unsigned n, uint64_t *v, int *wide)
{
    char name[32];
    unsigned long long x;
    uint32_t v32;

    *wide = t->wide_reg[n] >= 0;
    if (!*wide) {
        int rc = read_reg(t, 0, n, &v32);
        *v = v32;
        return rc;
    }
    reg_name(t, PMU_ROLE_COUNT64, n, name, sizeof name);
    int rc = target_reg_get(t, t->wide_reg[n], name, &x);
    *v = x;
    return rc;
}

static int put_count(struct target *t, unsigned n, uint64_t v, int wide)
{
    char name[32];
    if (!wide)
        return write_reg(t, 0, n, (uint32_t)v);
    reg_name(t, PMU_ROLE_COUNT64, n, name, sizeof name);
    return target_reg_put(t, t->wide_reg[n], name, v, 8);
}

static int frozen(struct target *t, int *frozen)
{
    unsigned long v;
    int rc = ask(t, "frozen", &v);
    *frozen = !rc && v;
    return rc;
}

static int set_frozen(struct target *t, int frozen)
{
    char out[256];
    return target_monitor(t, frozen ? "pmu freeze" : "pmu unfreeze", out,
                          sizeof out);
}

const struct pmu_access pmu_stub_access = {
    .name = "the stub's registers",
    .attach = attach,
    .read = read_reg,
    .write = write_reg,
    .count = count,
    .put_count = put_count,
    .frozen = frozen,
    .set_frozen = set_frozen,
};
