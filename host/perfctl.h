/*
 * perfctl.h - building and reading a counter's control value (PerfCtl)
 * from the field layout generated from target-xml/mips/perfctl-fields.csv.
 */
#ifndef PMUCTL_PERFCTL_H
#define PMUCTL_PERFCTL_H

#include <stddef.h>

#include "pmuctl_fields.h"

#define PERFCTL_DEFAULT_MODES "u,k"

const struct pmuctl_ctl_layout *perfctl_layout(const char *core);
/* "u,s,k,exl" (any order, no repeats) -> the mode-enable bits. */
int perfctl_parse_modes(const struct pmuctl_ctl_layout *l, const char *s,
                        unsigned *bits, char *err, size_t errlen);
/* The modes of ctl as "u,k" (or "none"). */
void perfctl_format_modes(const struct pmuctl_ctl_layout *l, unsigned ctl,
                          char *out, size_t len);
unsigned perfctl_modes_mask(const struct pmuctl_ctl_layout *l);
unsigned perfctl_encode(const struct pmuctl_ctl_layout *l, unsigned code,
                        unsigned mode_bits);
unsigned perfctl_event(const struct pmuctl_ctl_layout *l, unsigned ctl);

#endif
