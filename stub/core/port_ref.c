/*
 * port_ref.c - the port the stub runs on: the one pointer to its struct
 * stub_target (pmustub/target.h). stub_init sets it, once; the core's
 * files read the board's I/O and the description's pieces through it
 * (STUB_T, stub_internal.h). Its own file, so that the file that sets it
 * and the files that read it do not depend on each other through it
 * (tests/layout/object_cycles.py).
 */
#include "stub_internal.h"

const struct stub_target *stub_port;
