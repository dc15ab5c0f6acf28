/*
 * interval.c - pmuctl stat -I counted on the target (interval.h,
 * pmustub/interval.h, docs/stub.md "Intervals on the target").
 *
 *   QPmustub.Interval:N,REG,PERIOD,R1[,R2...]   (hex) counter N, whose
 *       32-bit count register is GDB's REG and which counts cycles, ends
 *       an interval every PERIOD events; at each end the 64-bit count
 *       registers R1... are copied. E02: the board cannot send while the
 *       program runs.
 *   QPmustub.Interval:off                       no more intervals.
 *
 * Each copy goes to the host as a notification (GDB manual, "Notification
 * Packets": '%', no acknowledgement), sent by the UART's transmit
 * interrupt while the program runs:
 *
 *   %Pmustub.Interval:SEQ;C1;C2...#cs   (hex) SEQ: the intervals ended
 *       since the binding; Ci: Ri's 64-bit count at that end.
 *
 * GDB drops a notification whose name it does not know (gdb/remote-notif.c,
 * handle_notification: "We ignore notifications we don't recognize"), so
 * a GDB session sees nothing of them. The counts are totals, not deltas:
 * when the ring is full the newest copy is replaced by the next one, and
 * the host, seeing SEQ jump, prints one record for the intervals merged;
 * their deltas still add up to the run's total.
 */
#include "stat/interval.h"
#include "pmustub/interval.h"

/* Copies the ring holds while the line sends: at 115200 baud one takes
 * some 6 ms of line time, so 8 cover a burst of short intervals. */
#define RING 8
/* The most count registers a copy holds: every core the stub drives has
 * at most four counters (target-xml/cores.toml). */
#define MAX_REGS 4
#define COUNT_TOP 0x80000000u
/* '%', the name, ':', SEQ, MAX_REGS x (';' and 16 digits), '#', two. */
#define TX_MAX (1 + sizeof PMUSTUB_NOTIFY_INTERVAL + 8 + MAX_REGS * 17 + 3)

static const struct stub_board_rx_irq *line;
static struct {
    /* late: intervals that ended before the copy now owed was taken */
    uint32_t period, seq, late;
    unsigned n, nregs;
    uint32_t reg[MAX_REGS];
    uint8_t on;
} v;
/* Counts as two words, high and low: no 64-bit shifts, which would need
 * libgcc on a 32-bit core. */
static struct copy {
    uint32_t seq;
    uint32_t c[MAX_REGS][2];
} ring[RING];
static unsigned head, fill;
static char tx[TX_MAX];
static unsigned tx_len, tx_at;

void stub_interval_line(const struct stub_board_rx_irq *rx)
{
    line = rx && rx->tx_room && rx->tx_put && rx->tx_irq ? rx : 0;
}

uint32_t stub_interval_take(unsigned n, uint32_t *count)
{
    uint32_t k;

    if (!v.on || n != v.n)
        return 0;
    k = (*count - COUNT_TOP) / v.period + 1;
    v.late += k - 1;
    *count -= k * v.period;
    return k * v.period;
}

static void reg64(uint32_t reg, uint32_t *hl)
{
    uint8_t b[8];

    hl[0] = hl[1] = 0;
    if (STUB_T(reg_read)(reg, b) != STUB_REG_OK)
        return;
    for (unsigned i = 0; i < 8; i++)
        hl[i / 4 ^ 1] |= (uint32_t)b[PMUSTUB_TARGET_BIG_ENDIAN ? 7 - i : i]
                         << (8 * (i % 4));
}

void stub_interval_snap(void)
{
    struct copy *c;

    if (!v.on)
        return;
    v.seq += 1 + v.late;
    v.late = 0;
    /* Full: the newest copy gives way (its interval merges with this). */
    if (fill < RING)
        fill++;
    c = &ring[(head + fill - 1) % RING];
    c->seq = v.seq;
    for (unsigned i = 0; i < v.nregs; i++)
        reg64(v.reg[i], c->c[i]);
    /* Sent by the transmit interrupt, never from here: this entry may be
     * the UART's own interrupt, folded on the way in, whose level request
     * a byte written now would withdraw before the port claims it. The
     * controller then has nothing to acknowledge (MPC8544E RM,
     * "Programmable Interrupt Controller (PIC)": IACK with no request
     * pending returns the spurious vector), the port takes the entry for
     * a program's source and turns MSR[EE] off until the stop, and every
     * later interval merges into one record (vboard --baud 115200). */
    if (line)
        line->tx_irq(1);
}

/* x in hex, its leading zeros left out unless all (wide: all eight). */
static void put_hex(uint32_t x, int wide, unsigned *sum)
{
    int shift = 28;

    while (!wide && shift > 0 && !(x >> shift))
        shift -= 4;
    for (; shift >= 0; shift -= 4) {
        char ch = "0123456789abcdef"[(x >> shift) & 15];
        tx[tx_len++] = ch;
        *sum += (unsigned char)ch;
    }
}

static void put_ch(char ch, unsigned *sum)
{
    tx[tx_len++] = ch;
    *sum += (unsigned char)ch;
}

/* The oldest copy into tx, framed. */
static void frame_next(void)
{
    const struct copy *c = &ring[head];
    const char *name = PMUSTUB_NOTIFY_INTERVAL;
    unsigned sum = 0;

    tx_len = tx_at = 0;
    tx[tx_len++] = '%';
    while (*name)
        put_ch(*name++, &sum);
    put_ch(':', &sum);
    put_hex(c->seq, 0, &sum);
    for (unsigned i = 0; i < v.nregs; i++) {
        put_ch(';', &sum);
        if (c->c[i][0])
            put_hex(c->c[i][0], 0, &sum);
        put_hex(c->c[i][1], c->c[i][0] != 0, &sum);
    }
    tx[tx_len++] = '#';
    tx[tx_len++] = "0123456789abcdef"[(sum >> 4) & 15];
    tx[tx_len++] = "0123456789abcdef"[sum & 15];
    head = (head + 1) % RING;
    fill--;
}

/* As many bytes as the transmitter takes without a wait; the transmit
 * interrupt stays on while some are left, so the program never waits. */
void stub_interval_pump(void)
{
    if (!line)
        return;
    for (;;) {
        unsigned room;

        if (tx_at == tx_len) {
            if (!fill) {
                line->tx_irq(0);
                return;
            }
            frame_next();
        }
        if (!(room = line->tx_room())) {
            line->tx_irq(1);
            return;
        }
        while (room-- && tx_at < tx_len)
            line->tx_put(tx[tx_at++]);
    }
}

void interval_flush(void)
{
    if (!line)
        return;
    line->tx_irq(0); /* a copy taken during a step armed it */
    while (tx_at < tx_len || fill) {
        if (tx_at == tx_len)
            frame_next();
        stub_port->putc(tx[tx_at++]);
    }
}

static void interval_clear(void)
{
    v.on = 0;
    fill = 0;
    tx_len = tx_at = 0;
}

/* A run on when the next session began: its client went without
 * QPmustub.Interval:off (a pmuctl killed in stat -I). monitor pmu tells
 * the new session so, and how far the run got. */
static uint32_t left_seq;
static uint8_t left_on;

void interval_session(void)
{
    left_on = v.on;
    left_seq = v.seq;
    interval_clear();
}

void interval_describe(void)
{
    if (v.on) {
        stub_mon_puts("  pmuctl stat -I: on, counter ");
        stub_mon_putu(v.n);
        stub_mon_puts(" ends an interval every ");
        stub_mon_putu(v.period);
        stub_mon_puts(" events; ");
        stub_mon_putu(v.seq);
        stub_mon_puts(" ended so far\n");
    } else if (left_on) {
        stub_mon_puts("  pmuctl stat -I: off; a run was on until this session "
                      "began (");
        stub_mon_putu(left_seq);
        stub_mon_puts(" intervals): its client went without ending it\n");
    } else {
        stub_mon_puts("  pmuctl stat -I: off\n");
    }
}

static unsigned bind(const char *p)
{
    uint32_t creg, x;
    uint8_t b[4];

    interval_clear();
    if (p[0] == 'o' && p[1] == 'f' && p[2] == 'f' && !p[3])
        return 0;
    if (!hex_field(&p, &x, ',') || !hex_field(&p, &creg, ',') ||
        !hex_u32(p, &v.period, &p))
        return 0x01;
    v.n = x;
    v.nregs = 0;
    while (*p == ',' && v.nregs < MAX_REGS) {
        p++;
        if (!hex_u32(p, &x, &p) || x >= STUB_T(nregs) || STUB_T(reg_size)(x) != 8)
            return 0x01;
        v.reg[v.nregs++] = x;
    }
    if (*p || !v.nregs || v.period == 0 || v.period >= COUNT_TOP ||
        creg >= STUB_T(nregs) || STUB_T(reg_size)(creg) != 4)
        return 0x01;
    if (!line)
        return 0x02;
    /* The top bit after period events (in target order, as the port's
     * registers take them). */
    x = COUNT_TOP - v.period;
    for (unsigned i = 0; i < 4; i++)
        b[PMUSTUB_TARGET_BIG_ENDIAN ? 3 - i : i] = (uint8_t)(x >> (8 * i));
    if (STUB_T(reg_write)(creg, b) != STUB_REG_OK)
        return 0x01;
    v.seq = v.late = 0;
    v.on = 1;
    return 0;
}

int interval_set_query(const char *pkt, struct reply *r)
{
    const char *p;

    if (!str_starts(pkt, PMUSTUB_Q_INTERVAL_SET, &p))
        return 0;
    reply_ok_or_error(r, bind(p));
    return 1;
}
