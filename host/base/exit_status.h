/*
 * base/exit_status.h - pmuctl's exit statuses: a script can tell a bad command
 * line from a target that is gone or silent (docs/pmuctl.md, "Exit status").
 */
#ifndef PMUCTL_EXIT_STATUS_H
#define PMUCTL_EXIT_STATUS_H

enum pmuctl_exit {
    PMUCTL_EXIT_OK = 0,
    PMUCTL_EXIT_TARGET = 1,      /* the target refused or lacks something (no PMU) */
    PMUCTL_EXIT_USAGE = 2,       /* bad command line or input; target untouched */
    PMUCTL_EXIT_CONNECT = 3,     /* could not connect, or the connection was lost */
    PMUCTL_EXIT_TIMEOUT = 4,     /* the target did not answer in time */
    PMUCTL_EXIT_CHANGED = 5,     /* compare: an event moved beyond threshold and noise */
    PMUCTL_EXIT_ENDED = 6,       /* the program ended before the iterations asked for */
    PMUCTL_EXIT_INTERRUPTED = 130 /* SIGINT: the target was put back, then we left */
};

#endif
