/*
 * session/resume.h - letting the program run to its next stop, and SIGINT
 * while it runs.
 */
#ifndef PMUCTL_SESSION_RESUME_H
#define PMUCTL_SESSION_RESUME_H

#include "session/target.h"

/* Continues and waits for the next stop (timeout_ms < 0: forever). On
 * SIGINT it stops the program first and returns PMUCTL_EXIT_INTERRUPTED
 * with the stop in *st. */
int target_continue(struct target *t, struct stop *st, int timeout_ms);
/* The same with another resume packet ("s": one instruction). */
int target_resume(struct target *t, const char *how, struct stop *st,
                  int timeout_ms);

#endif
