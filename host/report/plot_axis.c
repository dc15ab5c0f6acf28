/*
 * report/plot_axis.c - readable numbers and y axes (report/plot_axis.h).
 * The tics are 1, 2 or 5 times a power of ten, some five to eight of
 * them, as gnuplot chooses its own (gnuplot 5.4 manual, "xtics": "the
 * tic interval is chosen so that ... 4 to 10 major tics"); writing them
 * here lets their labels be ours.
 */
#include "report/plot_axis.h"

#include <math.h>
#include <string.h>

/* Drops a fraction's trailing zeros (and its point when none is left). */
static void trim(char *s)
{
    char *dot = strchr(s, '.'), *end;
    if (!dot)
        return;
    end = s + strlen(s);
    while (end > dot + 1 && end[-1] == '0')
        *--end = 0;
    if (end == dot + 1)
        *dot = 0;
}

/* An integer (below 1e15) with a comma between each three digits. */
static void grouped(double v, char *out, size_t len)
{
    long long n = llround(fabs(v));
    char d[24];
    size_t at = 0;
    int k = snprintf(d, sizeof d, "%lld", n);
    if (v < 0 && at + 1 < len)
        out[at++] = '-';
    for (int i = 0; i < k && at + 2 < len; i++) {
        if (i && (k - i) % 3 == 0)
            out[at++] = ',';
        out[at++] = d[i];
    }
    out[at] = 0;
}

/* v in `digits` significant digits; exact: trailing zeros dropped (a
 * tic's 2.5M), else kept (a measured 13.0 is not 13). */
static void readable(double v, int digits, int exact, char *out, size_t len)
{
    static const char si[] = "MGTPE";
    double a = fabs(v);
    if (!isfinite(v)) {
        snprintf(out, len, "%s", "");
        return;
    }
    if (a >= 1e6) {
        int p = 0;
        while (a >= 1e6 * pow(1e3, p + 1) && p + 1 < (int)sizeof si - 1)
            p++;
        double m = v / (1e6 * pow(1e3, p));
        int mag = (int)floor(log10(fabs(m))) + 1;
        snprintf(out, len, "%.*f", digits > mag ? digits - mag : 0, m);
        if (exact)
            trim(out);
        snprintf(out + strlen(out), len - strlen(out), "%c", si[p]);
    } else if (a >= 1000 || (a >= 1 && a == floor(a))) {
        grouped(v, out, len);
    } else if (a == 0) {
        snprintf(out, len, "0");
    } else {
        /* Fixed point with `digits` significant digits: 0.000123, 3.14. */
        int mag = (int)floor(log10(a)) + 1;
        snprintf(out, len, "%.*f", digits - mag > 0 ? digits - mag : 0, v);
        if (exact)
            trim(out);
    }
}

void plot_readable(double v, int digits, char *out, size_t len)
{
    readable(v, digits, 0, out, len);
}

void plot_exact(double v, char *out, size_t len)
{
    if (v == floor(v) && fabs(v) < 1e15)
        grouped(v, out, len);
    else
        readable(v, 6, 1, out, len);
}

/* The tic interval for a span: 1, 2 or 5 times a power of ten, the
 * largest that gives four tics or more. */
static double step_of(double span)
{
    static const double m[] = {5, 2, 1, 0.5, 0.2, 0.1};
    double p = pow(10, floor(log10(span)));
    for (int i = 0; i < 6; i++)
        if (span / (m[i] * p) >= 4)
            return m[i] * p;
    return p / 20;
}

/* A y tic: its value as far as 6 digits go, "2.5M" rather than
 * "2,500,000" (a tic's value is round: no digit is lost). */
static void tic(FILE *o, int first, double v)
{
    char s[32];
    readable(v, 6, 1, s, sizeof s);
    fprintf(o, "%s\"%s\" %.17g", first ? "" : ", ", s, v);
}

void plot_y_axis(FILE *o, double lo, double hi, enum plot_scale s)
{
    if (!isfinite(lo) || !isfinite(hi)) { /* no value: an empty panel */
        lo = 0;
        hi = 1;
    }
    if (s == PLOT_LOG) {
        int d0 = (int)floor(log10(lo > 0 ? lo : 1)), d1 = (int)ceil(log10(hi > 0 ? hi : 1));
        if (d1 <= d0)
            d1 = d0 + 1;
        fprintf(o, "set logscale y 10\nset yrange [%.17g:%.17g]\nset ytics (",
                pow(10, d0), pow(10, d1) * 1.5); /* room for the bars' labels */
        for (int d = d0; d <= d1; d++)
            tic(o, d == d0, pow(10, d));
        fputs(")\nset mytics 10\n", o);
        return;
    }
    if (s == PLOT_FROM_ZERO || lo > hi)
        lo = lo < 0 ? lo : 0;
    if (hi <= lo) /* one value: a span around it */
        hi = lo + (lo ? fabs(lo) : 1);
    double st = step_of(hi - lo);
    double a = floor(lo / st) * st, b = ceil(hi / st) * st;
    /* Room above the highest value for its label (bars) or its point. */
    double top = hi + (hi - a) * 0.1 > b ? b + st : b;
    fprintf(o, "unset logscale y\nset yrange [%.17g:%.17g]\nset ytics (", a, top);
    for (int i = 0; a + i * st <= top + st / 2; i++) {
        double v = a + i * st;
        tic(o, !i, fabs(v) < st * 1e-9 ? 0 : v);
    }
    fputs(")\nset mytics default\n", o);
}
