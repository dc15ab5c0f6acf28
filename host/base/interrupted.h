/*
 * base/interrupted.h - SIGINT or SIGTERM came (main.c's handler sets it):
 * a wait for the target ends, the target is put back and pmuctl leaves
 * (session/resume.c, the proxy's loop in proxy/server.c).
 */
#ifndef PMUCTL_BASE_INTERRUPTED_H
#define PMUCTL_BASE_INTERRUPTED_H

#include <signal.h>

extern volatile sig_atomic_t pmuctl_interrupted;

#endif
