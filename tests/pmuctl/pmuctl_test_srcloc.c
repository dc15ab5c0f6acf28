/*
 * pmuctl_test_srcloc.c - source locations (elf/location.c, elf/srcloc.c)
 * and the pprof writer (sample/pprof.c) under ASan and UBSan, on
 * srclines_prog at -O2 and -O0 for MIPS (tests/e2e/srclines.cmake builds
 * them). The addresses are GDB's as tests/e2e/srclines_gdb.py checks them
 * against gdb-multiarch; here the oracle is the ELF's symbol table (at
 * -O2 GDB breaks at a function's entry; at -O0 after its prologue, so
 * further in) and the source's marks.
 */
#define _GNU_SOURCE /* memmem */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include <cmocka.h>

#include "elf/location.h"
#include "sample/pprof.h"

/* The line of "@name" in the source. */
static int mark(const char *name)
{
    char line[256], want[64];
    int n = 0;
    FILE *f = fopen(SRC, "r");
    assert_non_null(f);
    snprintf(want, sizeof want, "@%s ", name);
    while (fgets(line, sizeof line, f)) {
        n++;
        if (strstr(line, want)) {
            fclose(f);
            return n;
        }
    }
    fclose(f);
    fail_msg("no mark %s", name);
    return 0;
}

static int resolve(const char *elf, struct elfsym *e, const char *loc,
                   unsigned long *addr, char *err, size_t errlen)
{
    char oe[256];
    assert_int_equal(elfsym_open(e, elf, oe, sizeof oe), 0);
    int rc = location_resolve("--from", loc, elf, e, addr, err, errlen);
    elfsym_close(e);
    return rc;
}

static void functions_at_gdbs_address(void **s)
{
    struct elfsym e;
    unsigned long a, entry;
    char err[1024];
    (void)s;
    assert_int_equal(resolve(ELF_O2, &e, "fib", &a, err, sizeof err), 0);
    assert_int_equal(elfsym_open(&e, ELF_O2, err, sizeof err), 0);
    assert_int_equal(elfsym_lookup(&e, "fib", &entry), 0);
    elfsym_close(&e);
    assert_int_equal(a, entry & 0xffffffffUL);
    assert_int_equal(resolve(ELF_O0, &e, "srclines_prog.c:fib", &a, err,
                             sizeof err), 0);
    assert_int_equal(elfsym_open(&e, ELF_O0, err, sizeof err), 0);
    assert_int_equal(elfsym_lookup(&e, "fib", &entry), 0);
    elfsym_close(&e);
    assert_true(a > (entry & 0xffffffffUL)); /* past the prologue */
}

static void inlined_line_is_refused_with_both(void **s)
{
    struct elfsym e;
    unsigned long a;
    char err[1024], loc[64];
    (void)s;
    snprintf(loc, sizeof loc, "srclines_prog.c:%d", mark("mix"));
    assert_int_equal(resolve(ELF_O2, &e, loc, &a, err, sizeof err), -1);
    assert_non_null(strstr(err, "has 2 addresses"));
    snprintf(loc, sizeof loc, "nosuch.c:%d", mark("mix"));
    assert_int_equal(resolve(ELF_O2, &e, loc, &a, err, sizeof err), -1);
    assert_non_null(strstr(err, "no code for nosuch.c"));
}

static void pprof_file_is_gzipped_profile(void **s)
{
    struct sample_data d = {0};
    struct sample smp[3] = {{0}};
    struct elfsym e;
    unsigned long fib, twice;
    unsigned char buf[4096];
    char err[256], path[] = "/tmp/pmuctl_test_pprofXXXXXX";
    struct attrib *a;
    gzFile f;
    int fd, n;
    (void)s;

    assert_int_equal(elfsym_open(&e, ELF_O2, err, sizeof err), 0);
    assert_int_equal(elfsym_lookup(&e, "fib", &fib), 0);
    assert_int_equal(elfsym_lookup(&e, "twice", &twice), 0);
    elfsym_close(&e);
    smp[0].pc = smp[1].pc = (uint32_t)fib + 8;
    smp[2].pc = (uint32_t)twice + 4;
    d.s = smp;
    d.n = 3;
    d.n_ev = 1;
    d.ev[0].period = 997;
    snprintf(d.ev[0].name, sizeof d.ev[0].name, "instructions");
    assert_non_null(a = attrib_open(ELF_O2, err, sizeof err));
    assert_true((fd = mkstemp(path)) >= 0);
    assert_int_equal(pprof_write(&d, a, path, err, sizeof err), 0);
    attrib_close(a);
    assert_non_null(f = gzdopen(fd, "rb"));
    n = gzread(f, buf, sizeof buf);
    gzclose(f);
    unlink(path);
    /* Profile.sample_type first (field 1, length-delimited: 0x0a), and
     * the names in the string table. */
    assert_true(n > 0);
    assert_int_equal(buf[0], 0x0a);
    assert_non_null(memmem(buf, (size_t)n, "fib", 3));
    assert_non_null(memmem(buf, (size_t)n, "twice", 5));
    assert_non_null(memmem(buf, (size_t)n, "instructions", 12));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(functions_at_gdbs_address),
        cmocka_unit_test(inlined_line_is_refused_with_both),
        cmocka_unit_test(pprof_file_is_gzipped_profile),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
