/*
 * pmu/mt.h - per-TC and per-VPE counting on a core with the MT ASE's
 * PerfCtl filter (34K: MT_EN, VPEID, TCID; the layout's fields come from
 * the registry, cores.toml mt_filter): the "tc=N" and "vpe=N" words of an
 * event's modifiers ("-e instructions:tc=1", "instructions:u,vpe=0").
 */
#ifndef PMUCTL_MT_H
#define PMUCTL_MT_H

#include <stddef.h>

#include "pmuctl_fields.h"

/* Is the word of len chars at s "tc=..." or "vpe=..."? */
int mt_is_word(const char *s, size_t len);
/* The control bits (MT_EN and TCID or VPEID) of the word for an event of
 * the catalogue's type ('T' per TC, 'V' per VPE, 'P' processor-wide, '-'
 * unknown): 0 and *bits, or -1 and a message in err when the core has no
 * MT filter, the number does not fit its field, or the event's type does
 * not allow it (MD00548: T events count per TC, per VPE or for the
 * processor; V events per VPE or for the processor; P events only for
 * the processor). */
int mt_filter_bits(const struct pmuctl_ctl_layout *l, const char *word,
                   size_t len, const char *event, char type, unsigned *bits,
                   char *err, size_t errlen);
/* "tc=N", "vpe=N" of a control value, or "" when it counts every TC. */
void mt_format(const struct pmuctl_ctl_layout *l, unsigned ctl, char *out,
               size_t len);

#endif
