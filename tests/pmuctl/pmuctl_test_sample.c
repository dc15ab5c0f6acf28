/*
 * pmuctl_test_sample.c - record's and report's host side: the stub's
 * buffer decoded (three words a sample, in the target's byte order: pc,
 * return address, counter, the counter naming the sample's event), the
 * record file written and read back with one event and with two, -F's
 * period from a clock and its refusals, the program's identity it keeps
 * (against readelf), samples with a stack copy (--call-graph dwarf:
 * decoded, written as "pmuctl.data 2" and read back; a copy longer than
 * its bound refused), and the attribution of addresses to
 * functions and source lines in a small MIPS ELF built for the test
 * (attrib_prog.c, -g). Oracle for the attribution: GNU binutils' nm and
 * addr2line on the same ELF, another reader of the symbol table and the
 * DWARF line table than elfutils' libdwfl, which report uses.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elf/elfid.h"
#include "sample/attrib.h"
#include "sample/data.h"
#include "sample/freq.h"
#include "sample/profile.h"

static void decode_both_orders(void **state)
{
    static const uint8_t be[] = {0x80, 0x10, 0x00, 0x34, 0x80, 0x10, 0x01, 0x30,
                                 0, 0, 0, 2,
                                 0x00, 0x00, 0x01, 0x00, 0xff, 0xff, 0xff, 0xfc,
                                 0, 0, 0, 1};
    static const uint8_t le[] = {0x34, 0x00, 0x10, 0x80, 0x30, 0x01, 0x10, 0x80,
                                 2, 0, 0, 0};
    static const uint8_t other[] = {0, 0, 0, 4, 0, 0, 0, 8, 0, 0, 0, 3};
    struct sample_data d;

    (void)state;
    memset(&d, 0, sizeof d);
    d.n_ev = 2; /* instructions on counter 1, a cache event on 2 */
    d.ev[0].counter = 1;
    d.ev[1].counter = 2;
    assert_int_equal(sample_decode(&d, be, sizeof be, 1), 0);
    assert_int_equal(d.n, 2);
    assert_int_equal(d.s[0].pc, 0x80100034u);
    assert_int_equal(d.s[0].ra, 0x80100130u);
    assert_int_equal(d.s[0].event, 1);
    assert_int_equal(d.s[1].pc, 0x100u);
    assert_int_equal(d.s[1].ra, 0xfffffffcu);
    assert_int_equal(d.s[1].event, 0);
    assert_int_equal(sample_decode(&d, le, sizeof le, 0), 0); /* appended */
    assert_int_equal(d.n, 3);
    assert_int_equal(d.s[2].pc, 0x80100034u);
    assert_int_equal(d.s[2].ra, 0x80100130u);
    assert_int_equal(d.s[2].event, 1);
    /* No half samples; no sample of a counter no event is on. */
    assert_int_equal(sample_decode(&d, be, 8, 1), -1);
    assert_int_equal(sample_decode(&d, other, sizeof other, 1), -1);
    assert_int_equal(d.n, 3);
    sample_free(&d);
}

/* A file of path's template made (and named in path), and d empty. */
static void new_record(char *path, struct sample_data *d)
{
    int fd = mkstemp(path);

    assert_true(fd >= 0);
    close(fd);
    memset(d, 0, sizeof *d);
}

static void file_round_trip(void **state)
{
    static const uint8_t buf[] = {0x80, 0, 0, 4, 0x80, 0, 0, 8, 0, 0, 0, 0,
                                  0x80, 0, 0, 0x10, 0, 0, 0, 0, 0, 0, 0, 0};
    char path[] = "/tmp/pmuctl_test_sampleXXXXXX", err[256];
    struct sample_data d, r;
    FILE *f;

    (void)state;
    new_record(path, &d);
    strcpy(d.ev[0].name, "instructions");
    d.ev[0].period = 997;
    d.n_ev = 1;
    strcpy(d.core, "e200z7");
    strcpy(d.simulator, "vboard");
    strcpy(d.elf, "prog.elf");
    strcpy(d.from, "region_begin");
    strcpy(d.to, "region_end");
    d.lost = 3;
    strcpy(d.program.build_id, "4905bd78f8aa94a4b932af074ad73471fe4f3f4e");
    d.program.code_crc = 0x89abcdefu;
    d.has_program = 1;
    assert_int_equal(sample_decode(&d, buf, sizeof buf, 1), 0);
    assert_int_equal(sample_write(&d, path, err, sizeof err), 0);
    assert_int_equal(sample_read(&r, path, err, sizeof err), 0);
    assert_int_equal(r.n_ev, 1);
    assert_string_equal(r.ev[0].name, "instructions");
    assert_int_equal(r.ev[0].period, 997);
    assert_string_equal(r.core, "e200z7");
    assert_string_equal(r.simulator, "vboard");
    assert_string_equal(r.elf, "prog.elf");
    assert_string_equal(r.from, "region_begin");
    assert_string_equal(r.to, "region_end");
    assert_int_equal(r.lost, 3);
    assert_int_equal(r.has_program, 1);
    assert_string_equal(r.program.build_id, d.program.build_id);
    assert_int_equal(r.program.code_crc, 0x89abcdefu);
    assert_int_equal(r.n, 2);
    assert_int_equal(r.s[1].pc, 0x80000010u);
    assert_int_equal(r.s[1].ra, 0);
    assert_int_equal(r.s[1].event, 0);
    sample_free(&r);
    /* A line that is neither a fact nor a sample is refused, by line. */
    f = fopen(path, "a");
    fputs("8000 garbage\n", f);
    fclose(f);
    assert_int_equal(sample_read(&r, path, err, sizeof err), -1);
    assert_non_null(strstr(err, ":15:"));
    f = fopen(path, "w");
    fputs("perf.data\n", f);
    fclose(f);
    assert_int_equal(sample_read(&r, path, err, sizeof err), -1);
    sample_free(&d);
    unlink(path);
}

/* --call-graph dwarf,8: each sample is its three words, the stack
 * pointer, the bytes copied (8, or 4 where the stack ended) and 8 bytes of
 * room; the file keeps them and says so in its first line. */
static void stacks_decoded_and_kept(void **state)
{
    static const uint8_t buf[] = {
        0x80, 0, 0, 4, 0x80, 0, 0, 8, 0, 0, 0, 1, 0x80, 1, 0, 0, 0, 0, 0, 8,
        0xde, 0xad, 0xbe, 0xef, 0x80, 0, 0, 0x20,
        0x80, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 1, 0x80, 1, 0, 4, 0, 0, 0, 4,
        0x11, 0x22, 0x33, 0x44, 0, 0, 0, 0};
    static const uint8_t too_long[] = {
        0x80, 0, 0, 4, 0x80, 0, 0, 8, 0, 0, 0, 1, 0x80, 1, 0, 0, 0, 0, 0, 12,
        0, 0, 0, 0, 0, 0, 0, 0};
    char path[] = "/tmp/pmuctl_test_sampleXXXXXX", err[256], line[64];
    struct sample_data d, r;
    FILE *f;

    (void)state;
    new_record(path, &d);
    d.n_ev = 1;
    d.ev[0].counter = 1;
    d.stack_bytes = 8;
    assert_int_equal(sample_record_bytes(&d), 28);
    assert_int_equal(sample_decode(&d, buf, sizeof buf - 1, 1), -1);
    assert_int_equal(sample_decode(&d, buf, sizeof buf, 1), 0);
    assert_int_equal(d.n, 2);
    assert_int_equal(d.s[0].sp, 0x80010000u);
    assert_int_equal(d.s[0].stack_len, 8);
    assert_memory_equal(d.s[0].stack, buf + 20, 8);
    assert_int_equal(d.s[1].stack_len, 4);
    assert_int_equal(sample_write(&d, path, err, sizeof err), 0);
    f = fopen(path, "r");
    assert_non_null(fgets(line, sizeof line, f));
    fclose(f);
    assert_string_equal(line, "pmuctl.data 2\n");
    assert_int_equal(sample_read(&r, path, err, sizeof err), 0);
    assert_int_equal(r.stack_bytes, 8);
    assert_int_equal(r.n, 2);
    assert_int_equal(r.s[0].sp, 0x80010000u);
    assert_int_equal(r.s[0].stack_len, 8);
    assert_memory_equal(r.s[0].stack, buf + 20, 8);
    assert_int_equal(r.s[1].sp, 0x80010004u);
    assert_int_equal(r.s[1].stack_len, 4);
    assert_memory_equal(r.s[1].stack, buf + 48, 4);
    sample_free(&r);
    assert_int_equal(sample_decode(&d, too_long, sizeof too_long, 1), -1);
    sample_free(&d);
    /* A copy longer than the file's bound is no line of it. */
    f = fopen(path, "a");
    fputs("80000010 00000000\nstack 80010000 000000000000000000000000\n", f);
    fclose(f);
    assert_int_equal(sample_read(&r, path, err, sizeof err), -1);
    unlink(path);
}

/* Two events: each its name and period, each sample its event, and a
 * view of one event's samples (report's section of it). */
static void file_of_two_events(void **state)
{
    char path[] = "/tmp/pmuctl_test_sampleXXXXXX", err[256];
    struct sample_data d, r, one;
    FILE *f;

    (void)state;
    new_record(path, &d);
    d.n_ev = 2;
    strcpy(d.ev[0].name, "instructions");
    d.ev[0].period = 997;
    strcpy(d.ev[1].name, "dcache_miss");
    d.ev[1].period = 101;
    strcpy(d.core, "34k");
    d.n = d.cap = 3;
    d.s = calloc(3, sizeof *d.s);
    d.s[0] = (struct sample){0x80000004u, 0x80000100u, 1, 0, 0, NULL};
    d.s[1] = (struct sample){0x80000008u, 0, 0, 0, 0, NULL};
    d.s[2] = (struct sample){0x8000000cu, 0, 1, 0, 0, NULL};
    assert_int_equal(sample_write(&d, path, err, sizeof err), 0);
    assert_int_equal(sample_read(&r, path, err, sizeof err), 0);
    assert_int_equal(r.n_ev, 2);
    assert_string_equal(r.ev[0].name, "instructions");
    assert_int_equal(r.ev[0].period, 997);
    assert_string_equal(r.ev[1].name, "dcache_miss");
    assert_int_equal(r.ev[1].period, 101);
    assert_int_equal(r.n, 3);
    assert_int_equal(r.s[0].event, 1);
    assert_int_equal(r.s[1].event, 0);
    assert_int_equal(r.s[2].event, 1);
    assert_int_equal(sample_select(&r, 1, &one), 0);
    assert_int_equal(one.n_ev, 1);
    assert_string_equal(one.ev[0].name, "dcache_miss");
    assert_int_equal(one.ev[0].period, 101);
    assert_string_equal(one.core, "34k");
    assert_int_equal(one.n, 2);
    assert_int_equal(one.s[1].pc, 0x8000000cu);
    assert_int_equal(one.s[1].event, 0);
    sample_free(&one);
    sample_free(&r);
    /* A sample of an event the file does not name is refused. */
    f = fopen(path, "a");
    fputs("80000010 00000000 2\n", f);
    fclose(f);
    assert_int_equal(sample_read(&r, path, err, sizeof err), -1);
    free(d.s);
    unlink(path);
}

/* -F: MHz x 10^6 / FREQ cycles, rounded; refused for another event, for a
 * core of no known clock, and where the period leaves the stub's range. */
static void period_from_freq(void **state)
{
    unsigned long period = 0;
    char err[256];

    (void)state;
    assert_int_equal(sample_period_from_freq("cycles", "r10000", 200, 4000,
                                             &period, err, sizeof err), 0);
    assert_int_equal(period, 50000);
    assert_int_equal(sample_period_from_freq("cycles:u", "34k", 100, 3,
                                             &period, err, sizeof err), 0);
    assert_int_equal(period, 33333333); /* 33,333,333.3 */
    assert_int_equal(sample_period_from_freq("cycles", "34k", 100, 1.5e6,
                                             &period, err, sizeof err), 0);
    assert_int_equal(period, 67); /* 66.67 */
    assert_int_equal(sample_period_from_freq("cycles", "34k", 0, 1000, &period,
                                             err, sizeof err), -1);
    assert_non_null(strstr(err, "the registry has none for the 34k: give --mhz"));
    assert_int_equal(sample_period_from_freq("instructions", "34k", 100, 1000,
                                             &period, err, sizeof err), -1);
    assert_non_null(strstr(err, "for instructions give EVENT:PERIOD"));
    assert_int_equal(sample_period_from_freq("cyclesx", "34k", 100, 1000,
                                             &period, err, sizeof err), -1);
    assert_int_equal(sample_period_from_freq("cycles", "34k", 100, 1e9,
                                             &period, err, sizeof err), -1);
    assert_non_null(strstr(err, "a period of 0 cycles"));
    assert_int_equal(sample_period_from_freq("cycles", "34k", 1e6, 0.1,
                                             &period, err, sizeof err), -1);
    assert_int_equal(period, 67); /* untouched by the refusals */
}

/* One line of a command's output. */
static void run1(const char *cmd, char *out, size_t len)
{
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    assert_non_null(fgets(out, (int)len, p));
    out[strcspn(out, "\n")] = 0;
    pclose(p);
}

/* The program's identity: the build ID readelf -n shows (binutils, not
 * libelf), and the code's CRC, which a copy without the note (objcopy)
 * keeps: the same program by elf_id_same, named by its CRC then. */
static void identity_as_readelf(void **state)
{
    char cmd[512], want[160], copy[] = "/tmp/pmuctl_test_idXXXXXX", err[256];
    char name[160];
    struct elfsym e;
    struct elf_id id, stripped;
    int fd = mkstemp(copy);

    (void)state;
    assert_true(fd >= 0);
    close(fd);
    snprintf(cmd, sizeof cmd, "%s -n %s | awk '/Build ID:/ { print $3 }'",
             READELF, ATTRIB_ELF);
    run1(cmd, want, sizeof want);
    assert_int_equal(elfsym_open(&e, ATTRIB_ELF, err, sizeof err), 0);
    assert_int_equal(elf_identity(ATTRIB_ELF, &e, &id, err, sizeof err), 0);
    elfsym_close(&e);
    assert_string_equal(id.build_id, want);
    snprintf(cmd, sizeof cmd, "%s --remove-section .note.gnu.build-id %s %s && echo ok",
             OBJCOPY, ATTRIB_ELF, copy);
    run1(cmd, want, sizeof want);
    assert_string_equal(want, "ok");
    assert_int_equal(elfsym_open(&e, copy, err, sizeof err), 0);
    assert_int_equal(elf_identity(copy, &e, &stripped, err, sizeof err), 0);
    elfsym_close(&e);
    assert_string_equal(stripped.build_id, "");
    assert_int_equal(stripped.code_crc, id.code_crc);
    assert_true(elf_id_same(&id, &stripped));
    elf_id_format(&id, &stripped, name, sizeof name);
    assert_true(!strncmp(name, "code-crc32 ", 11));
    stripped.code_crc ^= 1; /* one bit of code */
    assert_false(elf_id_same(&id, &stripped));
    stripped = id;
    stripped.build_id[0] ^= 1; /* both with an ID: the IDs decide */
    assert_false(elf_id_same(&id, &stripped));
    unlink(copy);
}

/* The function nm says holds addr: the last text symbol at or below it. */
static void nm_function(unsigned long addr, char *out, size_t len)
{
    char cmd[512], line[256], name[128];
    unsigned long best = 0, a;
    char type;
    FILE *p;

    snprintf(cmd, sizeof cmd, "%s -n %s", NM, ATTRIB_ELF);
    assert_non_null(p = popen(cmd, "r"));
    out[0] = 0;
    while (fgets(line, sizeof line, p))
        if (sscanf(line, "%lx %c %127s", &a, &type, name) == 3 &&
            (type == 'T' || type == 't') && (a &= 0xffffffffUL) <= addr &&
            a >= best) {
            best = a;
            snprintf(out, len, "%s", name);
        }
    pclose(p);
}

static unsigned long nm_addr(const char *sym)
{
    char cmd[512], out[64];
    snprintf(cmd, sizeof cmd, "%s %s | awk '$3 == \"%s\" { print substr($1, "
             "length($1) - 7) }'", NM, ATTRIB_ELF, sym);
    run1(cmd, out, sizeof out);
    return strtoul(out, NULL, 16);
}

static void attribution_as_binutils(void **state)
{
    char err[256], fn[128], a2l[512], cmd[512];
    struct attrib *a = attrib_open(ATTRIB_ELF, err, sizeof err);
    unsigned long lo = nm_addr("attrib_leaf"), hi = nm_addr("attrib_start") + 16;
    int lines = 0;

    (void)state;
    assert_non_null(a);
    assert_true(lo && hi > lo);
    for (unsigned long pc = lo; pc < hi; pc += 4) {
        const char *file;
        int line;
        nm_function(pc, fn, sizeof fn);
        assert_non_null(attrib_function(a, pc));
        assert_string_equal(attrib_function(a, pc), fn);
        snprintf(cmd, sizeof cmd, "%s -e %s 0x%lx", ADDR2LINE, ATTRIB_ELF, pc);
        run1(cmd, a2l, sizeof a2l);
        if (strstr(a2l, "??"))
            continue;
        char *slash = strrchr(a2l, '/'), *disc = strstr(a2l, " (discriminator");
        if (disc)
            *disc = 0;
        assert_int_equal(attrib_line(a, pc, &file, &line), 0);
        snprintf(cmd, sizeof cmd, "%s:%d", file, line);
        assert_string_equal(cmd, slash ? slash + 1 : a2l);
        lines++;
    }
    assert_true(lines > 10);
    assert_null(attrib_function(a, 0x10)); /* nothing there */
    attrib_close(a);
    assert_null(attrib_open("/nonexistent.elf", err, sizeof err));
}

/* report --json's object as text. */
static void json_text(const struct profile *p, char *buf, size_t len)
{
    json_t *o = profile_json(p);
    char *t = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);

    assert_non_null(t);
    snprintf(buf, len, "%s", t);
    free(t);
    json_decref(o);
}

/* Shares, the JSON's fields and the folded stacks of a known set. */
static void profile_of_samples(void **state)
{
    char err[256], buf[8192];
    struct attrib *a = attrib_open(ATTRIB_ELF, err, sizeof err);
    unsigned long leaf = nm_addr("attrib_leaf"), caller = nm_addr("attrib_caller");
    struct sample_data d;
    struct profile p;
    FILE *f;

    (void)state;
    memset(&d, 0, sizeof d);
    strcpy(d.ev[0].name, "cycles");
    d.ev[0].period = 10007;
    d.n_ev = 1;
    d.n = d.cap = 4;
    d.s = calloc(4, sizeof *d.s);
    for (int i = 0; i < 3; i++) /* leaf, called from caller */
        d.s[i] = (struct sample){(uint32_t)leaf + 4, (uint32_t)caller + 16, 0, 0, 0, NULL};
    d.s[3] = (struct sample){(uint32_t)caller + 4, 0x10, 0, 0, 0, NULL}; /* return address nowhere */
    assert_int_equal(profile_build(&p, &d, a), 0);
    assert_int_equal(p.functions.n, 2);
    assert_string_equal(p.functions.r[0].key, "attrib_leaf");
    assert_int_equal(p.functions.r[0].samples, 3);

    f = fmemopen(buf, sizeof buf, "w");
    profile_print_folded(f, &p, NULL);
    fclose(f);
    assert_string_equal(buf, "attrib_caller;attrib_leaf 3\nattrib_caller 1\n");
    /* Under its event's name, in a record of several. */
    f = fmemopen(buf, sizeof buf, "w");
    profile_print_folded(f, &p, "cycles");
    fclose(f);
    assert_string_equal(buf, "cycles;attrib_caller;attrib_leaf 3\n"
                             "cycles;attrib_caller 1\n");
    json_text(&p, buf, sizeof buf);
    assert_non_null(strstr(buf, "\"event\": \"cycles\""));
    assert_non_null(strstr(buf, "\"period\": 10007"));
    assert_non_null(strstr(buf, "\"samples\": 4"));
    assert_non_null(strstr(buf, "\"name\": \"attrib_leaf\""));
    assert_non_null(strstr(buf, "\"percent\": 75"));
    assert_non_null(strstr(buf, "\"file\": \"attrib_prog.c\""));
    f = fmemopen(buf, sizeof buf, "w");
    profile_print_table(f, &p, PROFILE_BY_FUNCTION);
    fclose(f);
    assert_non_null(strstr(buf, "# Samples: 4 of event 'cycles', Event period: 10007"));
    assert_non_null(strstr(buf, "    75.00%        3  attrib_leaf\n"));
    assert_non_null(strstr(buf, "    25.00%        1  attrib_caller\n"));
    /* --sort addr: an instruction a row, named as nm's symbol plus the
     * offset; 3 samples at attrib_leaf+4, 1 at attrib_caller+4. */
    char at[16], row[128];
    snprintf(at, sizeof at, "0x%08lx", leaf + 4);
    assert_int_equal(p.addrs.n, 2);
    assert_string_equal(p.addrs.r[0].key, at);
    assert_string_equal(p.addrs.r[0].function, "attrib_leaf+0x4");
    assert_int_equal(p.addrs.r[0].samples, 3);
    assert_string_equal(p.addrs.r[1].function, "attrib_caller+0x4");
    f = fmemopen(buf, sizeof buf, "w");
    profile_print_table(f, &p, PROFILE_BY_ADDR);
    fclose(f);
    snprintf(row, sizeof row, "    75.00%%        3  %s  attrib_leaf+0x4  attrib_prog.c:", at);
    assert_non_null(strstr(buf, row));
    json_text(&p, buf, sizeof buf);
    snprintf(row, sizeof row, "\"address\": \"%s\",\n      \"symbol\": \"attrib_leaf+0x4\"", at);
    assert_non_null(strstr(buf, row));
    profile_free(&p);
    free(d.s);
    attrib_close(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(decode_both_orders),
        cmocka_unit_test(file_round_trip),
        cmocka_unit_test(file_of_two_events),
        cmocka_unit_test(stacks_decoded_and_kept),
        cmocka_unit_test(period_from_freq),
        cmocka_unit_test(identity_as_readelf),
        cmocka_unit_test(attribution_as_binutils),
        cmocka_unit_test(profile_of_samples),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
