/*
 * session/leave.h - the end of a session: the target as it was found.
 */
#ifndef PMUCTL_SESSION_LEAVE_H
#define PMUCTL_SESSION_LEAVE_H

#include "session/target.h"

/* Removes our breakpoints, restores what target_save_pmu saved and the
 * freeze state, then detaches (program found running) or just closes. */
void target_leave(struct target *t);
/* The same without the detach and with the connection kept: the end of a
 * command run inside pmuctl proxy's GDB session (proxy/pmuctl_cmd.c). */
void target_tidy(struct target *t);

#endif
