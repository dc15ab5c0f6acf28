/*
 * monitor_out.h - where a monitor command's output goes (monitor_out.c):
 * stub_mon_puts and the others (pmustub/target.h) write into the reply
 * that h_rcmd (monitor.c) gives mon_out_run.
 */
#ifndef PMUSTUB_MONITOR_OUT_H
#define PMUSTUB_MONITOR_OUT_H

#include "stub_internal.h"

/* Runs run(args) with its output going into r, hex-encoded; then r is
 * the reply (the output itself, or OK after 'O' packets). */
void mon_out_run(struct reply *r, int (*run)(const char *), const char *args);

#endif
