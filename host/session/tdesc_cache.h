/*
 * session/tdesc_cache.h - target descriptions pmuctl has read before, kept
 * in a file each and found by what the stub says identifies its
 * description (qPmustub.Tdesc: its CRC-32 and length), so that a connect
 * over a slow serial line need not read some 11 KB again (docs/pmuctl.md,
 * "The description cache").
 */
#ifndef PMUCTL_SESSION_TDESC_CACHE_H
#define PMUCTL_SESSION_TDESC_CACHE_H

#include <stddef.h>
#include <stdint.h>

/* The folder: $PMUCTL_CACHE_DIR (empty: no cache), else
 * $XDG_CACHE_HOME/pmuctl, else $HOME/.cache/pmuctl; NULL for none. Writes
 * into buf. */
const char *tdesc_cache_dir(char *buf, size_t len);
/* The text kept for (crc, len), checked against both; a malloc'd string
 * or NULL. */
char *tdesc_cache_get(const char *dir, uint32_t crc, size_t len);
/* Keeps text (which must have that crc and len); quietly does nothing if
 * the folder cannot be made or written. */
void tdesc_cache_put(const char *dir, uint32_t crc, const char *text, size_t len);
/* "CRC,LEN" (hex) as the stub says it; 0 or -1. */
int tdesc_cache_key(const char *reply, uint32_t *crc, size_t *len);

#endif
