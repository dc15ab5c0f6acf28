/*
 * pmuctl_test_cli.c - the command line: what is accepted, and that bad
 * input ends with exit status 2 and a one-line message before any target
 * is contacted (cli_parse never connects); that each command takes the
 * options its --help lists and refuses the others by name; PMUCTL_TARGET.
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
#include "cmd/commands.h"
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
    assert_ptr_equal(c.cmd, &cmd_measure);
    assert_int_equal(c.iterations, 10);
    assert_string_equal(c.sep, ";");
    assert_true(c.calibrate);
    assert_false(c.no_native);
    assert_int_equal(parse("-t h:1 measure --from a --to b --no-native"), 0);
    assert_true(c.no_native);
    /* each count with breakpoints too */
    assert_int_equal(parse("-t h:1 measure --from a --to b --no-trace --per-iteration"), 0);
    assert_true(c.per_iteration && c.no_trace);
    assert_int_equal(parse("compare a b --threshold 2 --threshold cycles=5 "
                           "--threshold IPC=0.5 --fail-on any"), 0);
    assert_true(c.threshold == 2 && c.nthresholds == 2 && c.fail_on == 2);
    assert_string_equal(c.thresholds[1], "IPC=0.5");
    assert_int_equal(parse("list dcache_*"), 0);
    assert_int_equal(c.nargs, 1);
    assert_int_equal(parse("set instructions:u cycles -t /dev/ttyUSB0@115200"), 0);
    assert_ptr_equal(c.cmd, &cmd_set);
    assert_int_equal(c.nargs, 2);
    assert_string_equal(c.args[1], "cycles");
    assert_int_equal(parse("list --cpu r10k"), 0);
    assert_int_equal(parse("--help"), 0);
    assert_true(c.help);
    assert_null(c.cmd);
    assert_int_equal(parse("-t h:1 info -T 0.5"), 0);
    assert_int_equal(c.timeout_ms, 500);
    assert_int_equal(parse("-t h:3333 proxy --listen 3334"), 0);
    assert_ptr_equal(c.cmd, &cmd_proxy);
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
        {"-t h:1 measure --from a", "measure needs --to LOC"},
        {"-t h:1 measure --to a", "measure needs --from LOC"},
        {"-t h:1 measure --from a --to b -r 0", "-r wants a number"},
        {"-t h:1 measure --from a --to b -r -3", "-r wants a number"},
        {"-t h:1 measure --from a --to b -r 5x", "-r wants a number"},
        {"-t h:1 measure --from a --to b --json -x ,", "choose one"},
        {"-t h:1 read --from a", "option --from does not apply to read"},
        {"-t h:1 info --cpu 34k", "--cpu does not apply"},
        {"-t h:1 set", "set needs EVENT[:MODES]..."},
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
        {"-t h:1 measure --from a --to b --mhz 200", "--mhz is --cost's clock rate: it needs --cost"},
        {"-t h:1 measure --from a --to b --cost --mhz 0", "--mhz wants a clock rate"},
        {"-t h:1 measure --from a --to b --cost --mhz x", "--mhz wants a clock rate"},
        {"-t h:1 measure --from a --to b --no-trace --no-native",
         "--no-native chooses how tracepoints add up"},
        {"compare a.json", "compare needs BASE.json NEW.json"},
        {"compare a.json b.json c.json", "compare takes no argument 'c.json'"},
        {"-t h:1 compare a.json b.json", "option -t does not apply to compare"},
        {"report -t h:1", "option -t does not apply to report"},
        {"plot a.json", "plot needs -o FIG.svg|FIG.png"},
        {"plot -o f.svg", "plot needs FILE..."},
        {"-t h:1 record", "record needs --elf FILE"},
        {"-t h:1 proxy --listen 1 --rsp-stats", "option --rsp-stats does not apply to proxy"},
        {"--vboard", "unknown option"},
        {"help bogus", "unknown command 'bogus'"},
        {"compare a.json b.json --threshold x", "--threshold wants a percentage"},
        {"compare a.json b.json --threshold -1", "--threshold wants a percentage"},
        {"-t h:1 measure --from a --to b --threshold 2", "--threshold does not apply"},
        {"compare a.json b.json -x ,", "option -x does not apply to compare"},
        {"-t h:1 measure --from a --to b --sweep n=1", "--sweep needs --elf"},
        {"compare a.json b.json --fail-on up", "increase, decrease or any"},
        {"compare a.json b.json --threshold cycles=", "--threshold wants a percentage"},
        {"compare a.json b.json --threshold =3", "--threshold wants a percentage"},
        {"-t h:1 record --elf x --samples 3 --duration 1", "choose one"},
        {"report --json --folded", "choose one"},
    };
    (void)s;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        int rc;
        unsetenv("PMUCTL_TARGET");
        rc = parse(bad[i].line);
        if (rc != PMUCTL_EXIT_USAGE || !strstr(err, bad[i].msg))
            fail_msg("'%s': rc %d, '%s' (want '%s')", bad[i].line, rc, err, bad[i].msg);
        assert_null(strchr(err, '\n'));
    }
}

/* list --help names every core of the registry for --cpu (a core added to
 * cores.toml shows up without an edit here). */
static void help_lists_every_core(void **s)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    (void)s;
    assert_non_null(f);
    cli_usage(f, &cmd_list);
    fclose(f);
    for (int i = 0; i < PMU_CATALOG_COUNT; i++)
        assert_non_null(strstr(text, pmu_catalogs[i].core));
    free(text);
}

static char *help_of(const struct cli_command *k)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    cli_usage(f, k);
    fclose(f);
    return text;
}

/* The options a help text lists: "  -x, --name ARG" or "      --name". */
#define MAX_LISTED 64
struct listed {
    char name[32], letter;
    int arg;
};

static int options_listed(const char *text, struct listed *l)
{
    int n = 0;
    for (const char *p = text; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
        char name[32], letter = 0, after = 0;
        if (!strncmp(p, "  -", 3) && p[4] == ',' && !strncmp(p + 5, " --", 3))
            letter = p[3], sscanf(p + 8, "%31[a-z-]%c", name, &after);
        else if (!strncmp(p, "      --", 8))
            sscanf(p + 8, "%31[a-z-]%c", name, &after);
        else
            continue;
        assert_true(n < MAX_LISTED);
        snprintf(l[n].name, sizeof l[n].name, "%s", name);
        l[n].letter = letter;
        l[n++].arg = after == ' ';
    }
    return n;
}

/* Each command takes every option its --help lists (the parse may end on
 * the option's value or a missing one, never on "does not apply"), and
 * every other option of pmuctl, long or short, is refused by name. */
static void help_and_refusals_agree(void **s)
{
    static struct listed all[4 * MAX_LISTED], own[MAX_LISTED];
    int nall = 0;
    (void)s;
    unsetenv("PMUCTL_TARGET");
    for (const struct cli_command *const *k = pmuctl_commands; *k; k++) {
        char *text = help_of(*k);
        nall += options_listed(text, all + nall);
        free(text);
    }
    for (const struct cli_command *const *k = pmuctl_commands; *k; k++) {
        char *text = help_of(*k), line[200], want[200];
        int nown = options_listed(text, own);
        free(text);
        assert_true(nown > 0);
        for (int i = 0; i < nall; i++) {
            int listed = 0;
            for (int j = 0; j < nown && !listed; j++)
                listed = !strcmp(own[j].name, all[i].name);
            if (all[i].letter) {
                snprintf(line, sizeof line, "%s -%c%s", (*k)->name,
                         all[i].letter, all[i].arg ? " 1" : "");
                snprintf(want, sizeof want, "option -%c does not apply to %s "
                         "(pmuctl %s --help)", all[i].letter, (*k)->name, (*k)->name);
            } else {
                snprintf(line, sizeof line, "%s --%s%s", (*k)->name,
                         all[i].name, all[i].arg ? " 1" : "");
                snprintf(want, sizeof want, "option --%s does not apply to %s "
                         "(pmuctl %s --help)", all[i].name, (*k)->name, (*k)->name);
            }
            int rc = parse(line);
            if (listed && (strstr(err, "does not apply") || strstr(err, "unknown option")))
                fail_msg("'%s': %s, but its help lists it", line, err);
            if (!listed && (rc != PMUCTL_EXIT_USAGE || strcmp(err, want)))
                fail_msg("'%s': rc %d, '%s' (want '%s')", line, rc, err, want);
        }
    }
}

/* A long name has one letter and one kind (argument or none) in every
 * table: getopt_long sees each name once. */
static void tables_agree(void **s)
{
    static struct listed all[4 * MAX_LISTED];
    char *text;
    int n = 0;
    (void)s;
    for (const struct cli_command *const *k = pmuctl_commands; *k; k++) {
        text = help_of(*k);
        n += options_listed(text, all + n);
        free(text);
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if ((!strcmp(all[i].name, all[j].name) &&
                 (all[i].letter != all[j].letter || all[i].arg != all[j].arg)) ||
                (all[i].letter && all[i].letter == all[j].letter &&
                 strcmp(all[i].name, all[j].name)))
                fail_msg("--%s (-%c) and --%s (-%c) disagree", all[i].name,
                         all[i].letter ? all[i].letter : ' ', all[j].name,
                         all[j].letter ? all[j].letter : ' ');
}

/* A rule between options names options its command takes (a misspelt
 * name would never apply). */
static void rules_name_options(void **s)
{
    (void)s;
    for (const struct cli_command *const *k = pmuctl_commands; *k; k++)
        for (const struct cli_rule *r = (*k)->rules; r && r->a; r++)
            if (!cli_find(*k, r->a) || !cli_find(*k, r->b))
                fail_msg("%s: a rule names --%s or --%s", (*k)->name, r->a, r->b);
}

/* pmuctl CMD --help, pmuctl help CMD: that command's help, no more. */
static void help_per_command(void **s)
{
    static const char *const lines[] = {"measure --help", "help measure",
                                        "--help measure", "-t h:1 measure -h"};
    char *text;
    (void)s;
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
        assert_int_equal(parse(lines[i]), 0);
        assert_true(c.help);
        assert_ptr_equal(c.cmd, &cmd_measure);
    }
    assert_int_equal(parse("help"), 0);
    assert_true(c.help);
    assert_null(c.cmd);
    text = help_of(&cmd_compare);
    assert_non_null(strstr(text, "usage: pmuctl compare [options] BASE.json NEW.json\n"));
    assert_non_null(strstr(text, "--threshold [EVENT=]PCT"));
    assert_non_null(strstr(text, "--fail-on WAY"));
    assert_null(strstr(text, "--from"));
    assert_null(strstr(text, "--target")); /* compare reads files */
    free(text);
    text = help_of(NULL);
    for (const struct cli_command *const *k = pmuctl_commands; *k; k++)
        assert_non_null(strstr(text, (*k)->summary));
    assert_null(strstr(text, "--from"));
    free(text);
    assert_int_equal(parse("--version"), 0);
    assert_true(c.version);
}

/* PMUCTL_TARGET stands for -t when -t is not given; only for commands
 * with a target. */
static void target_from_environment(void **s)
{
    (void)s;
    setenv("PMUCTL_TARGET", "127.0.0.1:9", 1);
    assert_int_equal(parse("info"), 0);
    assert_string_equal(c.target, "127.0.0.1:9");
    assert_int_equal(parse("-t h:1 info"), 0);
    assert_string_equal(c.target, "h:1");
    assert_int_equal(parse("compare a.json b.json"), 0);
    assert_null(c.target);
    assert_int_equal(parse("list"), 0);
    assert_true(cli_connects(&c));
    assert_int_equal(parse("list --cpu 34k"), 0);
    assert_false(cli_connects(&c));
    setenv("PMUCTL_TARGET", "", 1);
    assert_int_equal(parse("info"), PMUCTL_EXIT_USAGE);
    assert_non_null(strstr(err, "info needs a target"));
    unsetenv("PMUCTL_TARGET");
    assert_int_equal(parse("list"), 0);
    assert_false(cli_connects(&c));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(accepted), cmocka_unit_test(refused),
        cmocka_unit_test(help_lists_every_core),
        cmocka_unit_test(help_and_refusals_agree), cmocka_unit_test(tables_agree),
        cmocka_unit_test(help_per_command), cmocka_unit_test(rules_name_options),
        cmocka_unit_test(target_from_environment),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
