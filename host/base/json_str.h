/*
 * base/json_str.h - a string as a JSON string literal (RFC 8259: quote,
 * backslash and control characters escaped), for every JSON pmuctl writes.
 */
#ifndef PMUCTL_BASE_JSON_STR_H
#define PMUCTL_BASE_JSON_STR_H

#include <stdio.h>

void json_write_str(FILE *f, const char *s);

#endif
