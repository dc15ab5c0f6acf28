/*
 * pmu/perfctl.h - building and reading a counter's control value (MIPS
 * PerfCtl, Power PMLCa) from the core's layout, generated from the
 * registry (target-xml/cores.toml, family "modes"; pmuctl_fields.h).
 *
 * A set of modes is kept as the layout's bits of the words chosen (u, s,
 * k, exl; marked, unmarked). On MIPS those bits enable counting in their
 * mode; on Power the u/s bits (FCU, FCS) freeze it, so counting in a mode
 * means clearing its bit, and marked/unmarked (FCM0, FCM1) restrict
 * counting to the process MSR[PMM] marks or the others.
 */
#ifndef PMUCTL_PERFCTL_H
#define PMUCTL_PERFCTL_H

#include <stddef.h>

#include "pmuctl_fields.h"

const struct pmuctl_ctl_layout *perfctl_layout(const char *core);
/* The modes when none are given: user and kernel (MIPS u,k); a Book E
 * core has only user and supervisor (u,s). */
unsigned perfctl_default_modes(const struct pmuctl_ctl_layout *l);
/* "u,s,marked" (any order, no repeats, words the core has) -> modes. */
int perfctl_parse_modes(const struct pmuctl_ctl_layout *l, const char *s,
                        unsigned *modes, char *err, size_t errlen);
/* --modes sweep[=WORDS]: the modes measured one at a time, each as a
 * control's mode bits (bits[m]) and its word (words[m]); WORDS NULL: every
 * mode the core has (MIPS u, s, k, exl; Power u, s, marked, unmarked). A
 * privilege mode counts alone; marked/unmarked count in every privilege
 * mode, only while MSR[PMM] is 1 / 0. Returns how many, or -1 and err
 * for a word the core lacks. */
int perfctl_sweep_modes(const struct pmuctl_ctl_layout *l, const char *words_in,
                        unsigned *bits, const char **words, int max,
                        char *err, size_t errlen);
/* Modes as "u,k" (or "none"). */
void perfctl_format_modes(const struct pmuctl_ctl_layout *l, unsigned modes,
                          char *out, size_t len);
/* The modes a control value counts in (0: it does not count). */
unsigned perfctl_ctl_modes(const struct pmuctl_ctl_layout *l, unsigned ctl);
/* The layout's bit of mode word w ("u", "k", "exl" ...), 0 if the core
 * has not that mode. */
unsigned perfctl_word_bits(const struct pmuctl_ctl_layout *l, const char *w);
/* Is s one of the mode words of any core (u, s, k, exl, marked ...)? */
int perfctl_is_mode_word(const char *s, size_t len);
unsigned perfctl_encode(const struct pmuctl_ctl_layout *l, unsigned code,
                        unsigned modes);
/* A control value that counts nothing (MIPS 0, Power FC). */
unsigned perfctl_off(const struct pmuctl_ctl_layout *l);
unsigned perfctl_event(const struct pmuctl_ctl_layout *l, unsigned ctl);

#endif
