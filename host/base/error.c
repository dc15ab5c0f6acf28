/*
 * base/error.c - pmuctl_error (base/error.h).
 */
#include "base/error.h"

#include <stdarg.h>
#include <stdio.h>

void pmuctl_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("pmuctl: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}
