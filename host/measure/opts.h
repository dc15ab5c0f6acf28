/*
 * measure/opts.h - what a measurement is asked to do (the command line's
 * measure options, cmd/measure.c), read by both ways of measuring.
 */
#ifndef PMUCTL_MEASURE_OPTS_H
#define PMUCTL_MEASURE_OPTS_H

struct measure_opts {
    unsigned long from, to;
    unsigned long iterations;
    int calibrate;
    int run_timeout_ms; /* for the program to reach a breakpoint */
    int progress;       /* print a progress line on stderr */
    int trace;          /* tracepoints, if the target offers them */
    int per_iteration;  /* with tracepoints: each bracket's counts too */
    int native;         /* the stub's native bracket, if it offers it */
    int function;       /* from is a function's entry; a bracket is its
                         * outermost call, to its return (breakpoints) */
};

#endif
