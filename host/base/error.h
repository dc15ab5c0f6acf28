/*
 * base/error.h - pmuctl's one-line messages on stderr ("pmuctl: ...").
 */
#ifndef PMUCTL_BASE_ERROR_H
#define PMUCTL_BASE_ERROR_H

void pmuctl_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
