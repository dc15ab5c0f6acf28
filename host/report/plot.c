/*
 * report/plot.c - pmuctl plot's reading and script (report/plot.h). The
 * script holds its data inline (gnuplot 5 datablocks, "$name << EOD"), so
 * that gnuplot needs nothing but the script. Labels are drawn
 * "noenhanced": event names have underscores, which gnuplot's enhanced
 * text would take for subscripts (gnuplot 5.4 manual, "enhanced text").
 */
#include "report/plot.h"
#include "report/plot_axis.h"

#include <jansson.h>
#include <math.h>
#include <string.h>

static void copy(char *dst, size_t n, const char *src)
{
    snprintf(dst, n, "%s", src ? src : "");
}

static const char *str(json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

int plot_name_index(struct plot_file *f, const char *name, int metric)
{
    for (int i = 0; i < f->nnames; i++)
        if (f->metric[i] == metric && !strcmp(f->name[i], name))
            return i;
    if (f->nnames == PLOT_MAX_NAMES)
        return -1;
    copy(f->name[f->nnames], PLOT_NAME, name);
    f->metric[f->nnames] = metric;
    return f->nnames++;
}

static double number_or_nan(json_t *v)
{
    return json_is_number(v) ? json_number_value(v) : NAN;
}

/* One result object's events and metrics into point p. */
static int load_point(json_t *o, struct plot_file *f, int p, char *err, size_t errlen)
{
    json_t *events = json_object_get(o, "events"), *e;
    size_t i;

    if (!json_is_array(events)) {
        snprintf(err, errlen, "not a result of pmuctl measure --json (no \"events\")");
        return -1;
    }
    json_array_foreach(events, i, e) {
        int k;
        if (!str(e, "event") || (k = plot_name_index(f, str(e, "event"), 0)) < 0)
            continue;
        f->val[p][k] = number_or_nan(json_object_get(e, "counter-value"));
        f->unsupported[p][k] = json_object_get(e, "not-supported") != NULL;
    }
    json_array_foreach(json_object_get(o, "metrics"), i, e) {
        int k;
        if (!str(e, "metric") || (k = plot_name_index(f, str(e, "metric"), 1)) < 0)
            continue;
        copy(f->unit[k], sizeof f->unit[k], str(e, "metric-unit"));
        f->val[p][k] = number_or_nan(json_object_get(e, "metric-value"));
    }
    return 0;
}

static void header(json_t *o, struct plot_file *f)
{
    copy(f->counts_from, sizeof f->counts_from, str(o, "counts-from"));
    copy(f->simulator, sizeof f->simulator, str(o, "simulator"));
    copy(f->from, sizeof f->from, str(o, "from"));
    copy(f->to, sizeof f->to, str(o, "to"));
}

static int from_sweep(json_t *root, json_t *results, struct plot_file *f,
                      char *err, size_t errlen)
{
    json_t *vars = json_object_get(root, "sweep"), *v, *r;
    size_t i;

    json_array_foreach(vars, i, v) {
        if (f->nvars == PLOT_MAX_VARS || !str(v, "variable")) {
            snprintf(err, errlen, "its \"sweep\" is not pmuctl's");
            return -1;
        }
        copy(f->var[f->nvars++], PLOT_NAME, str(v, "variable"));
    }
    if (!f->nvars || !json_array_size(results)) {
        snprintf(err, errlen, "a sweep with no variable or no result");
        return -1;
    }
    json_array_foreach(results, i, r) {
        json_t *at = json_object_get(r, "variables");
        if (f->npoints == PLOT_MAX_POINTS) {
            snprintf(err, errlen, "more than %d results", PLOT_MAX_POINTS);
            return -1;
        }
        if (!i)
            header(r, f);
        for (int k = 0; k < f->nvars; k++) {
            json_t *x = json_object_get(at, f->var[k]);
            if (!json_is_number(x)) {
                snprintf(err, errlen, "result %zu has no value of %s", i + 1,
                         f->var[k]);
                return -1;
            }
            f->x[f->npoints][k] = json_number_value(x);
        }
        if (load_point(r, f, f->npoints++, err, errlen))
            return -1;
    }
    return 0;
}

void plot_file_init(struct plot_file *f, const char *label)
{
    memset(f, 0, sizeof *f);
    for (int p = 0; p < PLOT_MAX_POINTS; p++)
        for (int k = 0; k < PLOT_MAX_NAMES; k++)
            f->val[p][k] = NAN;
    copy(f->label, sizeof f->label, label);
}

int plot_parse(const char *text, const char *label, struct plot_file *f,
               char *err, size_t errlen)
{
    json_error_t je;
    json_t *root = json_loads(text, 0, &je), *results;
    int rc;

    plot_file_init(f, label);
    if (!root) {
        snprintf(err, errlen, "not JSON: %s (line %d)", je.text, je.line);
        return -1;
    }
    results = json_object_get(root, "results");
    if (json_is_array(results)) {
        rc = from_sweep(root, results, f, err, errlen);
    } else {
        header(root, f);
        f->npoints = 1;
        rc = load_point(root, f, 0, err, errlen);
    }
    json_decref(root);
    return rc;
}

/* Adds each name of a comma list as a quantity of kind k. */
static int add_list(struct plot_request *r, const char *list, enum plot_kind k,
                    char *err, size_t errlen)
{
    while (list && *list) {
        const char *c = strchr(list, ',');
        size_t n = c ? (size_t)(c - list) : strlen(list);
        if (!n || n >= PLOT_NAME) {
            snprintf(err, errlen, "bad name in '%s'", list);
            return -1;
        }
        if (r->nq == PLOT_MAX_QUANTITIES) {
            snprintf(err, errlen, "at most %d quantities in one figure",
                     PLOT_MAX_QUANTITIES);
            return -1;
        }
        r->q[r->nq].kind = k;
        memcpy(r->q[r->nq].name, list, n);
        r->q[r->nq++].name[n] = 0;
        list = c ? c + 1 : NULL;
    }
    return 0;
}

int plot_request_init(struct plot_request *r, const char *events,
                      const char *metrics, const char *relative,
                      const char *percent_of, const char *output, char *err,
                      size_t errlen)
{
    size_t n = output ? strlen(output) : 0;

    memset(r, 0, sizeof *r);
    r->output = output;
    if (n > 4 && !strcmp(output + n - 4, ".png"))
        r->png = 1;
    else if (!(n > 4 && !strcmp(output + n - 4, ".svg"))) {
        snprintf(err, errlen, "plot writes FIG.svg or FIG.png, not '%s'",
                 output ? output : "");
        return -1;
    }
    if (percent_of) {
        if (!events) {
            snprintf(err, errlen, "--percent-of %s: of which events? (-e)", percent_of);
            return -1;
        }
        copy(r->percent_of, sizeof r->percent_of, percent_of);
    }
    /* Panels in this order: relative (the execution time of a sweep, as
     * the 34K note's figures put it first), events, metrics. */
    if (add_list(r, relative, PLOT_RELATIVE, err, errlen) ||
        add_list(r, events, percent_of ? PLOT_PERCENT : PLOT_EVENT, err, errlen) ||
        add_list(r, metrics, PLOT_METRIC, err, errlen))
        return -1;
    return 0;
}

static int find(const struct plot_file *f, const char *name, int metric)
{
    for (int i = 0; i < f->nnames; i++)
        if (f->metric[i] == metric && !strcmp(f->name[i], name))
            return i;
    return -1;
}

/* Quantity q of file f at point p; base: the point it is relative to. */
static double value(const struct plot_file *f, int p, int base,
                    const struct plot_quantity *q, const char *pct)
{
    int k = find(f, q->name, q->kind == PLOT_METRIC);
    double v = k < 0 ? NAN : f->val[p][k];
    if (q->kind == PLOT_RELATIVE)
        return v / f->val[base][k];
    if (q->kind == PLOT_PERCENT) {
        int d = find(f, pct, 0);
        return d < 0 ? NAN : 100.0 * v / f->val[p][d];
    }
    return v;
}

/* The unit of a quantity, for the axis. */
static void unit_of(const struct plot_file *f, const struct plot_quantity *q,
                    const char *pct, char *out, size_t len)
{
    int k = find(f, q->name, q->kind == PLOT_METRIC);
    char first[32];
    switch (q->kind) {
    case PLOT_EVENT:
        snprintf(out, len, f->timeline ? "events in the interval" : "events per iteration");
        break;
    case PLOT_PERCENT: snprintf(out, len, "%% of %s", pct); break;
    case PLOT_METRIC:
        snprintf(out, len, "%s", k >= 0 && f->unit[k][0] ? f->unit[k] : "ratio");
        break;
    case PLOT_RELATIVE:
        plot_exact(f->nvars ? f->x[0][0] : NAN, first, sizeof first);
        if (f->nvars)
            snprintf(out, len, "relative to %s = %s", f->var[0], first);
        else
            snprintf(out, len, "relative");
        break;
    }
}

static void axis_label(const struct plot_file *f, const struct plot_quantity *q,
                       const char *pct, char *out, size_t len)
{
    char unit[160];
    unit_of(f, q, pct, unit, sizeof unit);
    /* Two lines (ylabel's \n), so that a long one fits a panel's height. */
    if (q->kind == PLOT_RELATIVE && !strcmp(q->name, "cycles"))
        snprintf(out, len, "relative execution time\n(cycles, %s)", unit);
    else
        snprintf(out, len, "%s\n(%s)", q->name, unit);
}

/* A gnuplot single-quoted string: ' doubled (gnuplot manual, "Strings"). */
static void quoted(FILE *o, const char *s)
{
    fputc('\'', o);
    for (; *s; s++) {
        if (*s == '\'')
            fputc('\'', o);
        fputc(*s, o);
    }
    fputc('\'', o);
}

/* A gnuplot double-quoted string, whose \n is a new line. */
static void dquoted(FILE *o, const char *s)
{
    fputc('"', o);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', o);
        if (*s == '\n')
            fputs("\\n", o);
        else
            fputc(*s, o);
    }
    fputc('"', o);
}

static void num(FILE *o, double v)
{
    if (isfinite(v))
        fprintf(o, "%.17g", v);
    else
        fputs("NaN", o);
}

/* Did every file measure the one region? Then the title names it, else
 * each file's legend entry names its own. */
static int same_region(const struct plot_file *files, int n)
{
    for (int i = 1; i < n; i++)
        if (strcmp(files[i].from, files[0].from) || strcmp(files[i].to, files[0].to))
            return 0;
    return 1;
}

/* A file's legend word: its name, and its region when the files differ. */
static size_t file_label(const struct plot_file *files, int n, int i, char *t,
                         size_t len)
{
    if (same_region(files, n) || !files[i].from[0])
        return (size_t)snprintf(t, len, "%s", files[i].label);
    return (size_t)snprintf(t, len, "%s (%s .. %s)", files[i].label, files[i].from,
                            files[i].to);
}

/* The title: the region (when every file measured the same one) and
 * where the counts came from; simulated counts say so even where a
 * file's words do not. */
static void title(FILE *o, const struct plot_file *files, int n)
{
    char t[700];
    size_t at = 0;
    if (files[0].timeline)
        at = (size_t)snprintf(t, sizeof t, "%s; ", files[0].ran);
    else if (same_region(files, n) && files[0].from[0])
        at = (size_t)snprintf(t, sizeof t, "%s .. %s: ", files[0].from, files[0].to);
    for (int i = 0; i < n && at < sizeof t; i++) {
        int dup = 0;
        for (int j = 0; j < i; j++)
            dup |= !strcmp(files[j].counts_from, files[i].counts_from);
        if (dup)
            continue;
        at += (size_t)snprintf(t + at, sizeof t - at, "%s%s", i ? "; " : "",
                               files[i].counts_from[0] ? files[i].counts_from
                                                       : "counts from an unnamed target");
        if (files[i].simulator[0] && !strstr(files[i].counts_from, "simulated") &&
            at < sizeof t)
            at += (size_t)snprintf(t + at, sizeof t - at, " (simulated by %s)",
                                   files[i].simulator);
    }
    quoted(o, t);
}

/* Is any of the files holding quantity q? */
static int has(const struct plot_file *files, int n, const struct plot_quantity *q,
               const char *pct)
{
    for (int i = 0; i < n; i++)
        if (find(&files[i], q->name, q->kind == PLOT_METRIC) >= 0 &&
            (q->kind != PLOT_PERCENT || find(&files[i], pct, 0) >= 0))
            return 1;
    return 0;
}

/* The points of f whose other variables (all but the first) equal those
 * of point p: a line. */
static int same_line(const struct plot_file *f, int p, int q)
{
    for (int k = 1; k < f->nvars; k++)
        if (f->x[p][k] != f->x[q][k])
            return 0;
    return 1;
}

/* Line l of f: its first point, or -1 past the last line. */
static int line_start(const struct plot_file *f, int l)
{
    for (int p = 0; p < f->npoints; p++) {
        int seen = 0;
        for (int q = 0; q < p && !seen; q++)
            seen = same_line(f, p, q);
        if (!seen && l-- == 0)
            return p;
    }
    return -1;
}

static void line_title(FILE *o, const struct plot_file *files, int n, int fi,
                       int start, const char *quantity)
{
    const struct plot_file *f = &files[fi];
    char t[300], x[32];
    size_t at = n > 1 ? file_label(files, n, fi, t, sizeof t) : (t[0] = 0);
    for (int k = 1; k < f->nvars && at < sizeof t; k++) {
        plot_exact(f->x[start][k], x, sizeof x);
        at += (size_t)snprintf(t + at, sizeof t - at, "%s%s = %s", at ? ", " : "",
                               f->var[k], x);
    }
    if (quantity)
        snprintf(t + at, sizeof t - at, "%s%s", at ? ": " : "", quantity);
    quoted(o, t[0] ? t : f->label);
}

/* A timeline's x axis: from 0 to the last interval's end, tics a round
 * step apart (1, 2 or 5 times a power of ten, some 5 to 10 of them),
 * written by pmuctl. */
static void time_axis(FILE *o, const struct plot_file *files, int n)
{
    double hi = 0, step, top;
    char s[32];
    for (int i = 0; i < n; i++)
        for (int p = 0; p < files[i].npoints; p++)
            hi = files[i].x[p][0] > hi ? files[i].x[p][0] : hi;
    if (!(hi > 0))
        hi = 1;
    step = pow(10, floor(log10(hi / 5)));
    step *= hi / step > 25 ? 5 : hi / step > 10 ? 2 : 1;
    top = ceil(hi / step - 1e-9) * step;
    fputs("unset logscale x\nset xtics (", o);
    for (int k = 0; k * step <= top * (1 + 1e-9); k++) {
        plot_exact(k * step, s, sizeof s);
        fprintf(o, "%s'%s' %.17g", k ? ", " : "", s, k * step);
    }
    fprintf(o, ")\nset xrange [0:%.17g]\n", top);
}

/* The x axis: the first variable, its values as the tics; a log2 scale
 * when they span 16 times or more (a blocksize doubling). */
static void x_axis(FILE *o, const struct plot_file *files, int n)
{
    double lo = INFINITY, hi = -INFINITY;
    int first = 1;
    char s[32];
    fputs("set xlabel ", o);
    quoted(o, files[0].var[0]);
    if (files[0].timeline) {
        fputc('\n', o);
        time_axis(o, files, n);
        return;
    }
    fputs("\nset xtics (", o);
    for (int i = 0; i < n; i++)
        for (int p = 0; p < files[i].npoints; p++) {
            double x = files[i].x[p][0];
            int dup = 0;
            for (int j = 0; j <= i && !dup; j++)
                for (int q = 0; q < (j < i ? files[j].npoints : p) && !dup; q++)
                    dup = files[j].x[q][0] == x;
            if (dup)
                continue;
            plot_exact(x, s, sizeof s);
            fprintf(o, "%s'%s' ", first ? "" : ", ", s);
            num(o, x);
            first = 0;
            lo = x < lo ? x : lo;
            hi = x > hi ? x : hi;
        }
    fputs(")\n", o);
    if (lo > 0 && hi / lo >= 16)
        fputs("set logscale x 2\n", o);
    else
        fputs("unset logscale x\n", o);
    /* Some room either side, so that the first and last points show. */
    if (lo > 0 && hi / lo >= 16)
        fprintf(o, "set xrange [%.17g:%.17g]\n", lo / 1.25, hi * 1.25);
    else if (hi > lo)
        fprintf(o, "set xrange [%.17g:%.17g]\n", lo - (hi - lo) * 0.05,
                hi + (hi - lo) * 0.05);
}

/* The figure: panels stacked, each 340 pixels high, on white; the
 * multiplot's title names the region and where the counts came from. */
static void terminal(FILE *o, const struct plot_file *files, int n,
                     const struct plot_request *r, int panels)
{
    int h = 100 + 340 * panels;
    if (r->png)
        fprintf(o, "set terminal pngcairo size 900,%d noenhanced font 'sans,11' "
                "background rgb 'white'\n", h);
    else
        fprintf(o, "set terminal svg size 900,%d dynamic noenhanced font 'sans,11' "
                "background rgb 'white'\n", h);
    fputs("set output ", o);
    quoted(o, r->output);
    fputs("\nset datafile missing 'NaN'\nset grid\n"
          "set lmargin 14\n", o); /* the same in every panel: y axes align */
    fprintf(o, "set multiplot layout %d,1 title ", panels);
    title(o, files, n);
    fputc('\n', o);
}

/* The smallest and largest value of quantity k in the files (with a log
 * axis the smallest above zero: zero has no place on it). */
static void span(const struct plot_file *files, int n, const struct plot_request *r,
                 int k, double *lo, double *hi)
{
    for (int i = 0; i < n; i++)
        for (int p = 0; p < files[i].npoints; p++) {
            int s = 0; /* the first point of p's line: --relative's base */
            while (!same_line(&files[i], p, s))
                s++;
            double v = value(&files[i], p, s, &r->q[k], r->percent_of);
            if (!isfinite(v) || (r->scale == PLOT_LOG && v <= 0))
                continue;
            *lo = v < *lo ? v : *lo;
            *hi = v > *hi ? v : *hi;
        }
}

/* Quantities drawn against one y axis. */
struct panel {
    int q[PLOT_MAX_QUANTITIES], nq;
    double lo, hi;
};

/* The quantities into panels, in their order: with `each`, a panel a
 * quantity; else one unit a panel and, on a linear axis, one magnitude
 * (the largest values within PLOT_MAGNITUDE times of each other), so that
 * no quantity is drawn flat along another's zero. The number of panels. */
#define PLOT_MAGNITUDE 10.0
static int group(const struct plot_file *files, int n, const struct plot_request *r,
                 int each, struct panel *pn)
{
    int np = 0;
    char u[160], v[160];
    for (int k = 0; k < r->nq; k++) {
        double lo = INFINITY, hi = -INFINITY;
        int j = 0;
        span(files, n, r, k, &lo, &hi);
        unit_of(&files[0], &r->q[k], r->percent_of, u, sizeof u);
        for (; !each && j < np; j++) {
            double top = pn[j].hi > hi ? pn[j].hi : hi;
            double bottom = pn[j].hi > hi ? hi : pn[j].hi;
            unit_of(&files[0], &r->q[pn[j].q[0]], r->percent_of, v, sizeof v);
            /* A quantity with no value, or only zeros, joins its unit's
             * first panel: any axis from 0 shows it. */
            if (!strcmp(u, v) &&
                (r->scale == PLOT_LOG || !isfinite(hi) || !isfinite(pn[j].hi) ||
                 !(hi > 0) || !(pn[j].hi > 0) || bottom * PLOT_MAGNITUDE >= top))
                break;
        }
        if (each || j == np) {
            j = np++;
            pn[j].nq = 0;
            pn[j].lo = INFINITY;
            pn[j].hi = -INFINITY;
        }
        pn[j].q[pn[j].nq++] = k;
        pn[j].lo = lo < pn[j].lo ? lo : pn[j].lo;
        pn[j].hi = hi > pn[j].hi ? hi : pn[j].hi;
    }
    return np;
}

/* A panel's y label: the quantity and its unit, or the shared unit. */
static void panel_label(FILE *o, const struct plot_file *files, const struct plot_request *r,
                        const struct panel *p)
{
    char label[300];
    if (p->nq == 1)
        axis_label(&files[0], &r->q[p->q[0]], r->percent_of, label, sizeof label);
    else
        unit_of(&files[0], &r->q[p->q[0]], r->percent_of, label, sizeof label);
    fputs("set ylabel ", o);
    dquoted(o, label);
    fputc('\n', o);
}

/* A sweep: one panel per quantity with a line per file (and per value of
 * the other variables); or, from one file and one line, the quantities
 * of one unit and magnitude as lines of one panel. */
static void lines(FILE *o, const struct plot_file *files, int n,
                  const struct plot_request *r)
{
    struct panel pn[PLOT_MAX_QUANTITIES];
    int one = n == 1 && line_start(&files[0], 1) < 0;
    int panels = group(files, n, r, !one, pn);
    terminal(o, files, n, r, panels);
    /* The data: one block per quantity, file and line: x y. */
    for (int k = 0; k < r->nq; k++)
        for (int i = 0; i < n; i++)
            for (int l = 0, s; (s = line_start(&files[i], l)) >= 0; l++) {
                fprintf(o, "$d%d_%d_%d << EOD\n", k, i, l);
                for (int p = s; p < files[i].npoints; p++) {
                    if (!same_line(&files[i], p, s))
                        continue;
                    num(o, files[i].x[p][0]);
                    fputc(' ', o);
                    num(o, value(&files[i], p, s, &r->q[k], r->percent_of));
                    fputc('\n', o);
                }
                fputs("EOD\n", o);
            }
    x_axis(o, files, n);
    for (int j = 0; j < panels; j++) {
        const struct panel *p = &pn[j];
        plot_y_axis(o, p->lo, p->hi, r->scale);
        panel_label(o, files, r, p);
        /* One line needs no key: the axis names it. Below the panel:
         * inside, it would cover the top line. */
        fputs(p->nq > 1 || !one ? "set key below\n" : "unset key\n", o);
        fputs("plot ", o);
        for (int m = 0; m < p->nq; m++)
            for (int i = 0; i < n; i++)
                for (int l = 0, s; (s = line_start(&files[i], l)) >= 0; l++) {
                    fprintf(o, "%s$d%d_%d_%d using 1:2 with %s title ",
                            m || i || l ? ", " : "", p->q[m], i, l,
                            files[i].timeline ? "lines lw 2" : "linespoints lw 2 pt 7");
                    line_title(o, files, n, i, s, p->nq > 1 ? r->q[p->q[m]].name : NULL);
                }
        fputc('\n', o);
    }
    fputs("unset multiplot\n", o);
}

/* Plain results: a cluster of bars per quantity, a bar per file, each
 * with its value written above it; quantities of one unit and magnitude
 * share a panel. */
static void bars(FILE *o, const struct plot_file *files, int n,
                 const struct plot_request *r)
{
    struct panel pn[PLOT_MAX_QUANTITIES];
    char s[32], t[300];
    int panels = group(files, n, r, 0, pn);
    terminal(o, files, n, r, panels);
    /* A block a panel: the name, then each file's value and its label. */
    for (int j = 0; j < panels; j++) {
        fprintf(o, "$bars%d << EOD\n", j);
        for (int m = 0; m < pn[j].nq; m++) {
            int k = pn[j].q[m];
            fprintf(o, "\"%s\"", r->q[k].name);
            for (int i = 0; i < n; i++) {
                double v = value(&files[i], 0, 0, &r->q[k], r->percent_of);
                fputc(' ', o);
                num(o, v);
                plot_readable(v, 3, s, sizeof s);
                fprintf(o, " \"%s\"", s);
            }
            fputc('\n', o);
        }
        fputs("EOD\n", o);
    }
    /* Clustered bars (gnuplot manual, "histograms"): with gap 1 a bar is
     * 1/(n+1) of a cluster wide, bar i centred (i - (n-1)/2)/(n+1) from
     * the cluster's x. Names turned 30 degrees, so that long ones side
     * by side do not run into each other. */
    fputs("set style data histograms\nset style histogram clustered gap 1\n"
          "set style fill solid 0.8 border -1\n"
          "set xtics nomirror rotate by 30 right\n", o);
    /* Below the panel: inside, a long legend covers the tallest bars. */
    fputs(n > 1 ? "set key below\n" : "unset key\n", o);
    for (int j = 0; j < panels; j++) {
        const struct panel *p = &pn[j];
        plot_y_axis(o, p->lo, p->hi, r->scale);
        panel_label(o, files, r, p);
        /* A value the file has no number for is no bar: said where its bar
         * would be, in perf stat's words: "not supported" for an event the
         * target does not model (the file says so), "not counted" else. */
        fputs("unset label\n", o);
        for (int m = 0; m < p->nq; m++)
            for (int i = 0; i < n; i++) {
                const struct plot_quantity *q = &r->q[p->q[m]];
                if (isfinite(value(&files[i], 0, 0, q, r->percent_of)))
                    continue;
                int e = find(&files[i], q->name, q->kind == PLOT_METRIC);
                fprintf(o, "set label '%s' at %g, graph 0.03 left rotate by 90\n",
                        e >= 0 && files[i].unsupported[0][e] ? "not supported"
                                                             : "not counted",
                        m + (i - (n - 1) / 2.0) / (n + 1));
            }
        fputs("plot ", o);
        for (int i = 0; i < n; i++) {
            fprintf(o, "%s$bars%d using %d%s title ", i ? ", " : "", j, 2 + 2 * i,
                    i ? "" : ":xtic(1)");
            file_label(files, n, i, t, sizeof t);
            quoted(o, t);
        }
        for (int i = 0; i < n; i++)
            fprintf(o, ", $bars%d using ($0 + (%d - %g) / %d.0):%d:%d with labels "
                    "offset 0,0.7 notitle", j, i, (n - 1) / 2.0, n + 1, 2 + 2 * i,
                    3 + 2 * i);
        fputc('\n', o);
    }
    fputs("unset multiplot\n", o);
}

int plot_script(FILE *out, const struct plot_file *files, int n,
                const struct plot_request *req, char *err, size_t errlen)
{
    struct plot_request r = *req;

    for (int i = 1; i < n; i++) {
        if (!files[i].nvars != !files[0].nvars) {
            snprintf(err, errlen, "%s is a sweep and %s is not: plot draws "
                     "sweeps or plain results, not both", files[files[0].nvars ? 0 : i].label,
                     files[files[0].nvars ? i : 0].label);
            return -1;
        }
        if (files[0].nvars && strcmp(files[i].var[0], files[0].var[0])) {
            snprintf(err, errlen, "%s sweeps %s, %s sweeps %s: one x axis "
                     "only", files[0].label, files[0].var[0], files[i].label,
                     files[i].var[0]);
            return -1;
        }
    }
    /* Nothing named: every event of the first file that was counted, and
     * on a timeline its metrics too (the intervals' IPC shows phases). */
    if (r.nq == 0)
        for (int k = 0; k < files[0].nnames && r.nq < PLOT_MAX_QUANTITIES; k++)
            if ((!files[0].metric[k] || files[0].timeline) &&
                isfinite(files[0].val[0][k])) {
                r.q[r.nq].kind = files[0].metric[k] ? PLOT_METRIC : PLOT_EVENT;
                copy(r.q[r.nq++].name, PLOT_NAME, files[0].name[k]);
            }
    if (r.nq == 0) {
        snprintf(err, errlen, "%s has no counted event to draw", files[0].label);
        return -1;
    }
    for (int k = 0; k < r.nq; k++)
        if (!has(files, n, &r.q[k], r.percent_of)) {
            snprintf(err, errlen, "no file has the %s '%s'%s%s",
                     r.q[k].kind == PLOT_METRIC ? "metric" : "event", r.q[k].name,
                     r.q[k].kind == PLOT_PERCENT ? " or " : "",
                     r.q[k].kind == PLOT_PERCENT ? r.percent_of : "");
            return -1;
        }
    if (files[0].nvars)
        lines(out, files, n, &r);
    else
        bars(out, files, n, &r);
    return 0;
}
