/*
 * pmuctl_test_tdesc_cache.c - the description cache (host/session/
 * tdesc_cache.c): a text kept under its CRC and length comes back only for
 * that CRC and length, a damaged file is not used, the stub's key is read
 * strictly, and the folder follows PMUCTL_CACHE_DIR, XDG_CACHE_HOME, HOME.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "elf/crc32.h"
#include "session/tdesc_cache.h"

static char dir[64];

static int setup(void **st)
{
    (void)st;
    snprintf(dir, sizeof dir, "/tmp/pmuctl-tdesc-XXXXXX");
    assert_non_null(mkdtemp(dir));
    return 0;
}

static int teardown(void **st)
{
    char cmd[128];
    (void)st;
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
    return 0;
}

static void a_kept_text_comes_back_for_its_key_only(void **st)
{
    static const char text[] = "<target version=\"1.0\"><architecture>mips</architecture></target>";
    size_t len = sizeof text - 1;
    uint32_t crc = gdb_crc32(0xffffffffu, text, len);
    char sub[128], *got;
    (void)st;
    /* The folder is made (two levels) when the first text is kept. */
    snprintf(sub, sizeof sub, "%s/a/pmuctl", dir);
    assert_null(tdesc_cache_get(sub, crc, len));
    tdesc_cache_put(sub, crc, text, len);
    got = tdesc_cache_get(sub, crc, len);
    assert_non_null(got);
    assert_string_equal(got, text);
    free(got);
    /* Another CRC or length: not this text. */
    assert_null(tdesc_cache_get(sub, crc ^ 1, len));
    assert_null(tdesc_cache_get(sub, crc, len - 1));
}

static void a_damaged_file_is_not_used(void **st)
{
    static const char text[] = "<target><architecture>powerpc:common</architecture></target>";
    size_t len = sizeof text - 1;
    uint32_t crc = gdb_crc32(0xffffffffu, text, len);
    char path[256];
    FILE *f;
    (void)st;
    tdesc_cache_put(dir, crc, text, len);
    snprintf(path, sizeof path, "%s/tdesc-%08x-%zx.xml", dir, crc, len);
    f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, 5, SEEK_SET);
    fputc('X', f); /* same length, another text */
    fclose(f);
    assert_null(tdesc_cache_get(dir, crc, len));
    f = fopen(path, "ab");
    assert_non_null(f);
    fputs("more", f); /* a longer file */
    fclose(f);
    assert_null(tdesc_cache_get(dir, crc, len));
}

static void the_key_is_read_strictly(void **st)
{
    uint32_t crc;
    size_t len;
    (void)st;
    assert_int_equal(tdesc_cache_key("1a2b3c4d,2a7a", &crc, &len), 0);
    assert_int_equal(crc, 0x1a2b3c4d);
    assert_int_equal(len, 0x2a7a);
    assert_int_equal(tdesc_cache_key("", &crc, &len), -1);       /* not offered */
    assert_int_equal(tdesc_cache_key("E01", &crc, &len), -1);
    assert_int_equal(tdesc_cache_key("1a2b3c4d", &crc, &len), -1);
    assert_int_equal(tdesc_cache_key("1a2b3c4d,", &crc, &len), -1);
    assert_int_equal(tdesc_cache_key("1a2b3c4d,0", &crc, &len), -1);
    assert_int_equal(tdesc_cache_key("1a2b3c4d,10x", &crc, &len), -1);
    assert_int_equal(tdesc_cache_key("123456789,10", &crc, &len), -1);
}

static void the_folder_follows_the_environment(void **st)
{
    char buf[256];
    (void)st;
    setenv("PMUCTL_CACHE_DIR", "/x/y", 1);
    assert_string_equal(tdesc_cache_dir(buf, sizeof buf), "/x/y");
    setenv("PMUCTL_CACHE_DIR", "", 1); /* no cache */
    assert_null(tdesc_cache_dir(buf, sizeof buf));
    unsetenv("PMUCTL_CACHE_DIR");
    setenv("XDG_CACHE_HOME", "/c", 1);
    assert_string_equal(tdesc_cache_dir(buf, sizeof buf), "/c/pmuctl");
    unsetenv("XDG_CACHE_HOME");
    setenv("HOME", "/h", 1);
    assert_string_equal(tdesc_cache_dir(buf, sizeof buf), "/h/.cache/pmuctl");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_kept_text_comes_back_for_its_key_only, setup, teardown),
        cmocka_unit_test_setup_teardown(a_damaged_file_is_not_used, setup, teardown),
        cmocka_unit_test(the_key_is_read_strictly),
        cmocka_unit_test(the_folder_follows_the_environment),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
