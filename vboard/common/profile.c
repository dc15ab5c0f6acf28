/*
 * profile.c - --profile's table (profile.h): allocation and the report.
 */
#include "profile.h"

#include <inttypes.h>
#include <stdlib.h>

struct vb_profile *vb_profile_new(void)
{
    return calloc(1, sizeof(struct vb_profile));
}

void vb_profile_free(struct vb_profile *p)
{
    free(p);
}

struct row {
    uint32_t pc;
    uint64_t count;
};

static int by_pc(const void *a, const void *b)
{
    uint32_t x = ((const struct row *)a)->pc, y = ((const struct row *)b)->pc;
    return x < y ? -1 : x > y;
}

void vb_profile_write(const struct vb_profile *p, FILE *f)
{
    struct row *rows = malloc(sizeof(struct row) * VB_PROFILE_SLOTS);
    unsigned n = 0;

    if (!rows) {
        fprintf(f, "out of memory\n");
        return;
    }
    for (uint32_t i = 0; i < VB_PROFILE_SLOTS; i++)
        if (p->count[i])
            rows[n++] = (struct row){ p->pc[i], p->count[i] };
    qsort(rows, n, sizeof *rows, by_pc);
    for (unsigned k = 0; k < n; k++)
        fprintf(f, "0x%08" PRIx32 " %" PRIu64 "\n", rows[k].pc, rows[k].count);
    if (p->other)
        fprintf(f, "other %" PRIu64 "\n", p->other);
    free(rows);
}
