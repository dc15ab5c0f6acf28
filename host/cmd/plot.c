/*
 * cmd/plot.c - pmuctl plot FILE... -o FIG.svg|FIG.png: no target; the
 * files read (report/plot.c: measure --json results; report/plot_stat.c:
 * stat -I output, --json or -x), a gnuplot script written to a temporary
 * file and gnuplot run on it as a child process (PMUCTL_GNUPLOT names
 * another program). Exit status 2 for files or options it cannot use,
 * 1 when gnuplot is missing or fails.
 */
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/error.h"
#include "base/exit_status.h"
#include "cmd/commands.h"
#include "report/plot.h"
#include "report/plot_stat.h"

extern char **environ;

/* The legend's word for a file: its name without folder and ".json". */
static void label_of(const char *path, char *out, size_t len)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t n = strlen(b);
    if (n > 5 && !strcmp(b + n - 5, ".json"))
        n -= 5;
    snprintf(out, len, "%.*s", (int)n, b);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    char *buf = NULL;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = malloc((size_t)n + 1)) && fread(buf, 1, (size_t)n, f) == (size_t)n)
        buf[n] = 0;
    else {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    return buf;
}

/* gnuplot SCRIPT; an exit status, its complaint on our stderr. */
static int run_gnuplot(const char *script)
{
    const char *prog = getenv("PMUCTL_GNUPLOT");
    char *argv[] = {(char *)(prog && *prog ? prog : "gnuplot"), (char *)script, NULL};
    pid_t pid;
    int st, rc = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ);

    if (rc == ENOENT) {
        pmuctl_error("plot needs gnuplot, and '%s' is not installed (on Debian: "
                     "apt-get install gnuplot-nox)", argv[0]);
        return PMUCTL_EXIT_TARGET;
    }
    if (rc) {
        pmuctl_error("cannot run %s: %s", argv[0], strerror(rc));
        return PMUCTL_EXIT_TARGET;
    }
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) {
            pmuctl_error("waiting for %s: %s", argv[0], strerror(errno));
            return PMUCTL_EXIT_TARGET;
        }
    if (!WIFEXITED(st) || WEXITSTATUS(st)) {
        pmuctl_error("%s failed on the script pmuctl wrote (its message above)",
                     argv[0]);
        return PMUCTL_EXIT_TARGET;
    }
    return 0;
}

static int run_plot(const struct cli *c, struct target *t)
{
    static struct plot_file files[PLOT_MAX_FILES];
    struct plot_request req;
    char err[512], label[PLOT_NAME], script[] = "/tmp/pmuctl-plot-XXXXXX";
    int n = c->nargs, fd, rc;
    FILE *f;

    (void)t;
    if (n > PLOT_MAX_FILES) {
        pmuctl_error("plot draws at most %d files", PLOT_MAX_FILES);
        return PMUCTL_EXIT_USAGE;
    }
    if (plot_request_init(&req, c->events, c->metrics, c->relative, c->percent_of,
                          c->output, err, sizeof err)) {
        pmuctl_error("%s", err);
        return PMUCTL_EXIT_USAGE;
    }
    req.scale = c->log_y ? PLOT_LOG : c->zoom ? PLOT_ZOOM : PLOT_FROM_ZERO;
    for (int i = 0; i < n; i++) {
        char *text = slurp(c->args[i]);
        if (!text) {
            pmuctl_error("cannot read %s", c->args[i]);
            return PMUCTL_EXIT_USAGE;
        }
        label_of(c->args[i], label, sizeof label);
        if (plot_stat_is(text)) {
            plot_file_init(&files[i], label);
            rc = plot_stat_parse(text, &files[i], err, sizeof err);
        } else {
            rc = plot_parse(text, label, &files[i], err, sizeof err);
        }
        free(text);
        if (rc) {
            pmuctl_error("%s: %s", c->args[i], err);
            return PMUCTL_EXIT_USAGE;
        }
    }
    if ((fd = mkstemp(script)) < 0 || !(f = fdopen(fd, "w"))) {
        pmuctl_error("cannot write a script in /tmp");
        return PMUCTL_EXIT_TARGET;
    }
    rc = plot_script(f, files, n, &req, err, sizeof err);
    if (fclose(f) || rc) {
        unlink(script);
        pmuctl_error("%s", rc ? err : "cannot write the script");
        return rc ? PMUCTL_EXIT_USAGE : PMUCTL_EXIT_TARGET;
    }
    rc = run_gnuplot(script);
    unlink(script);
    return rc;
}

static const struct cli_opt opts[] = {
    {"output", 'o', "FIG.svg|FIG.png", "the figure, SVG or PNG by its suffix",
     cli_set_string, offsetof(struct cli, output), CLI_REQUIRED, NULL},
    CLI_STRING('e', "events", "EVENT,...", events,
               "these events, per iteration or per interval (nothing named: "
               "every counted event of the first file, and a timeline's "
               "metrics)"),
    CLI_STRING(0, "metric", "NAME,...", metrics,
               "these metrics of the files (e.g. IPC)"),
    CLI_STRING(0, "relative", "EVENT,...", relative,
               "EVENT relative to its value at the first swept value"),
    CLI_STRING(0, "percent-of", "EVENT", percent_of,
               "the -e events in percent of EVENT"),
    CLI_FLAG(0, "log", log_y,
             "y axes on a log10 scale (small and large values in one panel)"),
    CLI_FLAG(0, "zoom", zoom,
             "y axes span the values only, not from zero (differences look "
             "larger than they are)"),
    CLI_END,
};

static const struct cli_rule rules[] = {
    {"log", "zoom", 0, "--log and --zoom are two y axes: choose one"},
    {0},
};

const struct cli_command cmd_plot = {
    .name = "plot",
    .args = "FILE...",
    .min_args = 1,
    .max_args = CLI_ANY_ARGS,
    .summary = "measure --json results or stat -I output drawn with gnuplot",
    .about = "Draws measure --json results or stat -I output (--json or -x) "
             "with gnuplot (PMUCTL_GNUPLOT names another program): a sweep as "
             "lines against the swept value, plain results as bars, stat -I as "
             "a timeline of each event and metric per interval. Reads files "
             "only: no target.",
    .target = CLI_NO_TARGET,
    .opts = opts,
    .rules = rules,
    .run = run_plot,
};
