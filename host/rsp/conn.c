/*
 * rsp/conn.c - TCP or serial byte stream with timeouts (poll(2)).
 */
#include "rsp/conn.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/* The baud rates termios names (termios(3)); a rate not listed is refused
 * rather than silently rounded. */
static const struct {
    unsigned baud;
    speed_t code;
} bauds[] = {
    {1200, B1200},     {2400, B2400},     {4800, B4800},
    {9600, B9600},     {19200, B19200},   {38400, B38400},
    {57600, B57600},   {115200, B115200}, {230400, B230400},
    {460800, B460800}, {921600, B921600},
};

int conn_parse_target(const char *spec, char *host, size_t hostlen,
                      char *port_or_dev, size_t plen, unsigned *baud,
                      int *is_serial, char *err, size_t errlen)
{
    const char *colon, *at;
    char *end;

    if (strchr(spec, '/')) {
        *is_serial = 1;
        *baud = 115200;
        at = strrchr(spec, '@');
        size_t n = at ? (size_t)(at - spec) : strlen(spec);
        if (n == 0 || n >= plen) {
            snprintf(err, errlen, "bad serial device in '%s'", spec);
            return -1;
        }
        memcpy(port_or_dev, spec, n);
        port_or_dev[n] = 0;
        if (at) {
            unsigned long b = strtoul(at + 1, &end, 10);
            size_t i;
            for (i = 0; i < sizeof bauds / sizeof *bauds; i++)
                if (bauds[i].baud == b)
                    break;
            if (*end || at[1] == 0 || i == sizeof bauds / sizeof *bauds) {
                snprintf(err, errlen,
                         "unsupported baud rate '%s' (1200 ... 921600)", at + 1);
                return -1;
            }
            *baud = (unsigned)b;
        }
        return 0;
    }
    *is_serial = 0;
    colon = strrchr(spec, ':');
    if (!colon || colon == spec || !colon[1] ||
        (size_t)(colon - spec) >= hostlen || strlen(colon + 1) >= plen) {
        snprintf(err, errlen,
                 "target '%s' is neither HOST:PORT nor a DEVICE[@BAUD] path",
                 spec);
        return -1;
    }
    unsigned long p = strtoul(colon + 1, &end, 10);
    if (*end || p == 0 || p > 65535) {
        snprintf(err, errlen, "bad port in target '%s'", spec);
        return -1;
    }
    memcpy(host, spec, (size_t)(colon - spec));
    host[colon - spec] = 0;
    strcpy(port_or_dev, colon + 1);
    return 0;
}

static int open_tcp(const char *host, const char *port, char *err,
                    size_t errlen)
{
    struct addrinfo hints = {0}, *res, *ai;
    int fd = -1, rc, one = 1;

    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    rc = getaddrinfo(host, port, &hints, &res);
    if (rc) {
        snprintf(err, errlen, "cannot resolve %s: %s", host, gai_strerror(rc));
        return -1;
    }
    for (ai = res; ai; ai = ai->ai_next) {
        fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
        if (fd < 0)
            continue;
        if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
            break;
        rc = errno;
        close(fd);
        fd = -1;
        errno = rc;
    }
    freeaddrinfo(res);
    if (fd < 0) {
        snprintf(err, errlen, "cannot connect to %s:%s: %s", host, port,
                 strerror(errno));
        return -1;
    }
    /* Packets are small and each waits for its answer: send at once. */
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

static int open_serial(const char *dev, unsigned baud, char *err,
                       size_t errlen)
{
    struct termios t;
    speed_t code = B115200;
    int fd = open(dev, O_RDWR | O_NOCTTY | O_NONBLOCK);

    if (fd < 0) {
        snprintf(err, errlen, "cannot open %s: %s", dev, strerror(errno));
        return -1;
    }
    for (size_t i = 0; i < sizeof bauds / sizeof *bauds; i++)
        if (bauds[i].baud == baud)
            code = bauds[i].code;
    if (tcgetattr(fd, &t) != 0) {
        snprintf(err, errlen, "%s is not a serial line: %s", dev,
                 strerror(errno));
        close(fd);
        return -1;
    }
    cfmakeraw(&t);            /* 8N1, no echo, no translation */
    t.c_cflag |= CLOCAL | CREAD;
    t.c_cflag &= ~(tcflag_t)CRTSCTS;
    t.c_cc[VMIN] = 0;         /* reads return what is there; poll waits */
    t.c_cc[VTIME] = 0;
    cfsetispeed(&t, code);
    cfsetospeed(&t, code);
    if (tcsetattr(fd, TCSANOW, &t) != 0) {
        snprintf(err, errlen, "cannot set up %s: %s", dev, strerror(errno));
        close(fd);
        return -1;
    }
    tcflush(fd, TCIOFLUSH);
    return fd;
}

int conn_open(struct rsp_conn *c, const char *spec, char *err, size_t errlen)
{
    char host[256], port[256];
    unsigned baud;
    int serial;

    memset(c, 0, sizeof *c);
    c->fd = -1;
    if (conn_parse_target(spec, host, sizeof host, port, sizeof port, &baud,
                          &serial, err, errlen))
        return -1;
    c->is_serial = serial;
    c->baud = serial ? baud : 0;
    c->fd = serial ? open_serial(port, baud, err, errlen)
                   : open_tcp(host, port, err, errlen);
    return c->fd < 0 ? -1 : 0;
}

void conn_close(struct rsp_conn *c)
{
    if (c->fd >= 0)
        close(c->fd);
    c->fd = -1;
}

long long conn_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Waits for c->fd (at most timeout_ms, -1 for ever) and for the watch:
 * 1 when c->fd can be read, or a status. */
static int wait_readable(struct rsp_conn *c, int timeout_ms)
{
    long long end = timeout_ms < 0 ? 0 : conn_now_ms() + timeout_ms;

    for (;;) {
        struct conn_watch *w = c->watch;
        if (w && w->ready(w)) {
            c->watch = NULL;
            return CONN_INTR;
        }
        long long left = timeout_ms < 0 ? -1 : end - conn_now_ms();
        struct pollfd p[2] = {{c->fd, POLLIN, 0}, {w ? w->fd : -1, POLLIN, 0}};
        int n = poll(p, 2, left < 0 && timeout_ms >= 0 ? 0 : (int)left);
        if (n < 0)
            return errno == EINTR ? CONN_INTR : CONN_LOST;
        if (n == 0)
            return CONN_TIMEOUT;
        if (p[0].revents)
            return 1;
    }
}

int conn_getc(struct rsp_conn *c, int timeout_ms)
{
    if (c->pos < c->len)
        return c->buf[c->pos++];
    if (c->fd < 0)
        return CONN_LOST;
    int n = wait_readable(c, timeout_ms);
    if (n != 1)
        return n;
    ssize_t r = read(c->fd, c->buf, sizeof c->buf);
    if (r < 0 && (errno == EINTR || errno == EAGAIN))
        return errno == EINTR ? CONN_INTR : CONN_TIMEOUT;
    if (r <= 0)
        return CONN_LOST;
    c->bytes_in += (unsigned long)r;
    c->len = (size_t)r;
    c->pos = 1;
    return c->buf[0];
}

void conn_ungetc(struct rsp_conn *c)
{
    if (c->pos > 0)
        c->pos--;
}

int conn_write(struct rsp_conn *c, const void *data, size_t n)
{
    const char *p = data;
    while (n) {
        ssize_t w = write(c->fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && errno == EAGAIN) {
            struct pollfd pf = {c->fd, POLLOUT, 0};
            poll(&pf, 1, 1000);
            continue;
        }
        if (w <= 0)
            return CONN_LOST;
        c->bytes_out += (unsigned long)w;
        p += w;
        n -= (size_t)w;
    }
    return CONN_OK;
}
