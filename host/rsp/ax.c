/*
 * rsp/ax.c - agent-expression building (ax.h). Operands are big-endian in
 * the bytecode whatever the target (GDB manual, "Bytecode Descriptions":
 * "stored most significant byte first").
 */
#include "rsp/ax.h"

#include <stdio.h>
#include <string.h>

void ax_init(struct ax *a)
{
    memset(a, 0, sizeof *a);
}

static void put(struct ax *a, uint64_t v, unsigned bytes)
{
    if (a->len + bytes > AX_MAX) {
        a->overflow = 1;
        return;
    }
    for (unsigned i = 0; i < bytes; i++)
        a->code[a->len++] = (uint8_t)(v >> 8 * (bytes - 1 - i));
}

void ax_op(struct ax *a, enum ax_op op)
{
    put(a, op, 1);
}

void ax_const(struct ax *a, uint64_t v)
{
    if (v <= 0xff) {
        put(a, AX_CONST8, 1);
        put(a, v, 1);
    } else if (v <= 0xffffffffu) {
        put(a, AX_CONST32, 1);
        put(a, v, 4);
    } else {
        put(a, AX_CONST64, 1);
        put(a, v, 8);
    }
}

void ax_op16(struct ax *a, enum ax_op op, unsigned n)
{
    put(a, op, 1);
    put(a, n, 2);
}

void ax_zero_ext(struct ax *a, unsigned bits)
{
    put(a, AX_ZERO_EXT, 1);
    put(a, bits, 1);
}

size_t ax_jump(struct ax *a, enum ax_op op)
{
    put(a, op, 1);
    put(a, 0, 2);
    return a->len - 2;
}

void ax_land(struct ax *a, size_t jump)
{
    if (a->overflow || jump + 2 > a->len)
        return;
    a->code[jump] = (uint8_t)(a->len >> 8);
    a->code[jump + 1] = (uint8_t)a->len;
}

int ax_format(const struct ax *a, char *out, size_t cap)
{
    int n = snprintf(out, cap, "%zx,", a->len);
    if (a->overflow || n < 0 || (size_t)n + 2 * a->len + 1 > cap)
        return -1;
    for (size_t i = 0; i < a->len; i++)
        sprintf(out + n + 2 * i, "%02x", a->code[i]);
    return 0;
}
