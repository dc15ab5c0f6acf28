/* rbb.c - OpenOCD remote_bitbang server (placeholder: full server follows). */
#include "ejtag.h"

#include <stdlib.h>

struct rbb {
    struct ejtag *ej;
    int fd;
};

struct rbb *rbb_listen(struct ejtag *ej, uint16_t port)
{
    (void)port;
    struct rbb *r = calloc(1, sizeof *r);
    if (r) {
        r->ej = ej;
        r->fd = -1;
    }
    return r;
}

int rbb_fd(const struct rbb *r) { return r->fd; }
bool rbb_service(struct rbb *r) { (void)r; return false; }
void rbb_close(struct rbb *r) { free(r); }
