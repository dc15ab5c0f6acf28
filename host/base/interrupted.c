/*
 * base/interrupted.c - the flag of base/interrupted.h.
 */
#include "base/interrupted.h"

volatile sig_atomic_t pmuctl_interrupted;
