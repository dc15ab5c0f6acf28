/*
 * pmuctl_test_cli.c - the command line: what is accepted, and that bad
 * input ends with exit status 2 and a one-line message before any target
 * is contacted (cli_parse never connects).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include <stdio.h>
#include <stdlib.h>

#include "base/exit_status.h"
#include "cli.h"
#include "pmu/catalog.h"

static struct cli c;
static char err[512];

static int parse(const char *line)
{
    static char buf[1024];
    char *argv[64];
    int argc = 0;
    snprintf(buf, sizeof buf, "pmuctl %s", line);
    for (char *tok = strtok(buf, " "); tok && argc < 63; tok = strtok(NULL, " "))
        argv[argc++] = tok;
    argv[argc] = NULL;
    err[0] = 0;
    return cli_parse(&c, argc, argv, err, sizeof err);
}

static void accepted(void **s)
{
    (void)s;
    assert_int_equal(parse("-t 127.0.0.1:1234 measure --from a --to 0x80100010 "
                           "-e cycles -r 10 --elf x.elf --calibrate -x ; -o out"), 0);
    assert_int_equal(c.cmd, CMD_MEASURE);
    assert_int_equal(c.iterations, 10);
    assert_string_equal(c.sep, ";");
    assert_true(c.calibrate);
    assert_false(c.no_native);
    assert_int_equal(parse("-t h:1 measure --from a --to b --no-native"), 0);
    assert_true(c.no_native);
    assert_int_equal(parse("set instructions:u cycles -t /dev/ttyUSB0@115200"), 0);
    assert_int_equal(c.cmd, CMD_SET);
    assert_int_equal(c.nargs, 2);
    assert_string_equal(c.args[1], "cycles");
    assert_int_equal(parse("list --cpu r10k"), 0);
    assert_int_equal(parse("--help"), 0);
    assert_int_equal(c.cmd, CMD_HELP);
    assert_int_equal(parse("-t h:1 info -T 0.5"), 0);
    assert_int_equal(c.timeout_ms, 500);
    assert_int_equal(parse("-t h:3333 proxy --listen 3334"), 0);
    assert_int_equal(c.cmd, CMD_PROXY);
    assert_string_equal(c.listen, "3334");
}

static void refused(void **s)
{
    static const struct {
        const char *line, *msg;
    } bad[] = {
        {"", "no command given"},
        {"frobnicate", "unknown command 'frobnicate'"},
        {"info", "info needs a target"},
        {"-t h:1 measure --from a", "measure needs --from LOC and --to LOC"},
        {"-t h:1 measure --from a --to b -r 0", "-r wants a number"},
        {"-t h:1 measure --from a --to b -r -3", "-r wants a number"},
        {"-t h:1 measure --from a --to b -r 5x", "-r wants a number"},
        {"-t h:1 measure --from a --to b --json -x ,", "choose one"},
        {"-t h:1 read --from a", "--from does not apply"},
        {"-t h:1 info --cpu 34k", "--cpu does not apply"},
        {"-t h:1 set", "set needs at least one EVENT"},
        {"-t h:1 read extra", "read takes no argument 'extra'"},
        {"-t h:1 info --bogus", "unknown option"},
        {"-t h:1 info -T x", "--timeout must be a number of seconds"},
        {"-t h:1 info -T 0", "--timeout must be a number of seconds"},
        {"-t h:1 measure --from a --to b -e", "unknown option or missing argument"},
        {"-t h:1 proxy", "proxy needs --listen [HOST:]PORT"},
        {"proxy --listen 3334", "proxy needs a target"},
        {"-t h:1 info --listen 3334", "--listen does not apply"},
        {"-t h:1 info --no-native", "--no-native does not apply"},
        {"-t h:1 info --cost", "--cost does not apply"},
        {"-t h:1 measure --from a --to b --mhz 200", "--mhz without --cost does not apply"},
        {"-t h:1 measure --from a --to b --cost --mhz 0", "--mhz wants a clock rate"},
        {"-t h:1 measure --from a --to b --cost --mhz x", "--mhz wants a clock rate"},
        {"-t h:1 measure --from a --to b --no-trace --no-native",
         "--no-native chooses how tracepoints add up"},
        {"compare a.json", "compare needs two files"},
        {"compare a.json b.json c.json", "compare takes no argument 'c.json'"},
        {"-t h:1 compare a.json b.json", "-t (compare reads two files) does not apply"},
        {"compare a.json b.json --threshold x", "--threshold wants a percentage"},
        {"compare a.json b.json --threshold -1", "--threshold wants a percentage"},
        {"-t h:1 measure --from a --to b --threshold 2", "--threshold does not apply"},
        {"compare a.json b.json -x ,", "-x does not apply"},
    };
    (void)s;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        int rc = parse(bad[i].line);
        if (rc != PMUCTL_EXIT_USAGE || !strstr(err, bad[i].msg))
            fail_msg("'%s': rc %d, '%s' (want '%s')", bad[i].line, rc, err, bad[i].msg);
        assert_null(strchr(err, '\n'));
    }
}

/* --help names every core of the registry for --cpu (a core added to
 * cores.toml shows up without an edit here). */
static void help_lists_every_core(void **s)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    (void)s;
    assert_non_null(f);
    cli_usage(f);
    fclose(f);
    for (int i = 0; i < PMU_CATALOG_COUNT; i++)
        assert_non_null(strstr(text, pmu_catalogs[i].core));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(accepted), cmocka_unit_test(refused),
        cmocka_unit_test(help_lists_every_core),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
