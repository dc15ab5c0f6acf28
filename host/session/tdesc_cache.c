/*
 * session/tdesc_cache.c - the description cache (session/tdesc_cache.h).
 * A kept text is used only if its own CRC and length are the ones the
 * stub gives now: a stale or damaged file is read again from the target
 * and replaced. Files are written to a temporary name and renamed, so two
 * pmuctl at once never see half a file.
 */
#include "session/tdesc_cache.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf/crc32.h"

const char *tdesc_cache_dir(char *buf, size_t len)
{
    const char *e = getenv("PMUCTL_CACHE_DIR");

    if (e)
        return *e ? snprintf(buf, len, "%s", e), buf : NULL;
    if ((e = getenv("XDG_CACHE_HOME")) && *e)
        snprintf(buf, len, "%s/pmuctl", e);
    else if ((e = getenv("HOME")) && *e)
        snprintf(buf, len, "%s/.cache/pmuctl", e);
    else
        return NULL;
    return buf;
}

static void path_of(char *p, size_t n, const char *dir, uint32_t crc, size_t len)
{
    snprintf(p, n, "%s/tdesc-%08x-%zx.xml", dir, crc, len);
}

char *tdesc_cache_get(const char *dir, uint32_t crc, size_t len)
{
    char path[4096];
    char *text;
    FILE *f;

    path_of(path, sizeof path, dir, crc, len);
    if (!(f = fopen(path, "rb")))
        return NULL;
    text = malloc(len + 1);
    if (text && (fread(text, 1, len + 1, f) != len ||
                 gdb_crc32(0xffffffffu, text, len) != crc)) {
        free(text); /* another length or another text: not this one */
        text = NULL;
    }
    fclose(f);
    if (text)
        text[len] = 0;
    return text;
}

/* mkdir -p of dir's last two levels at most ($HOME/.cache/pmuctl). */
static int make_dir(const char *dir)
{
    char parent[4096], *slash;

    if (!mkdir(dir, 0777) || errno == EEXIST)
        return 0;
    snprintf(parent, sizeof parent, "%s", dir);
    if (!(slash = strrchr(parent, '/')) || slash == parent)
        return -1;
    *slash = 0;
    if (mkdir(parent, 0777) && errno != EEXIST)
        return -1;
    return mkdir(dir, 0777) && errno != EEXIST ? -1 : 0;
}

void tdesc_cache_put(const char *dir, uint32_t crc, const char *text, size_t len)
{
    char path[4096], tmp[4200];
    FILE *f;
    int ok;

    if (make_dir(dir))
        return;
    path_of(path, sizeof path, dir, crc, len);
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    if (!(f = fopen(tmp, "wb")))
        return;
    ok = fwrite(text, 1, len, f) == len;
    ok = !fclose(f) && ok;
    if (!ok || rename(tmp, path))
        unlink(tmp);
}

int tdesc_cache_key(const char *reply, uint32_t *crc, size_t *len)
{
    char *end;
    unsigned long c, n;

    errno = 0;
    c = strtoul(reply, &end, 16);
    if (end == reply || *end != ',' || c > 0xffffffffUL)
        return -1;
    reply = end + 1;
    n = strtoul(reply, &end, 16);
    if (end == reply || *end || errno || n == 0 || n > (1UL << 24))
        return -1;
    *crc = (uint32_t)c;
    *len = n;
    return 0;
}
