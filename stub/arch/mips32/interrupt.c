/*
 * interrupt.c - GDB's interrupt byte (0x03) while the program runs, the
 * counter overflow interrupt, and the program's own interrupts.
 *
 * Where the board routes the debug UART's receive interrupt to the CPU
 * (struct stub_board_rx_irq: Malta's COM1 through the i8259 on IP2), a
 * continue arms that line and the UART: a byte from GDB interrupts the
 * program, the stub reads the line (0x03 stops it, and so does a packet's
 * '$', a new client's first packet; anything else is dropped), and the
 * program is otherwise never interrupted for Ctrl-C.
 *
 * Without one, a polled UART cannot interrupt, so the stub polls it from
 * the CP0 Count/Compare timer: while the program runs under "continue",
 * the timer fires every POLL_TICKS Count ticks, the stub looks for 0x03
 * and, finding none, returns to the program at once. Which interrupt line
 * the timer drives is IntCtl.IPTI (MD00090 IntCtl); Cause.TI says it is
 * pending whatever the line, so only the line's Status.IM bit needs
 * knowing.
 *
 * The same path serves the counter overflow interrupt that keeps 64-bit
 * counts (pmu.c), armed on every resume, step included.
 *
 * What the program sees: Status.IE and the IM bits of those lines are set
 * while it runs, and restored to the program's own values at every stop, so
 * GDB shows the program's Status. A program that clears Status.IE itself
 * while it runs cannot be interrupted from GDB until it stops otherwise.
 * The program's own Compare value is not kept.
 */
#include "mips_port.h"
#include "pmu.h"
#include "pmustub/board.h"
#include "rx_ctrlc.h"
#include "pmustub/program.h"
#include "pmustub/interval.h"

/* Count runs at half the pipeline clock on the 34K (MD00534 34K Software
 * User's Manual, Count register); ~2^20 ticks is some milliseconds on any
 * plausible clock, and under QEMU's virtual clock. */
#define POLL_TICKS (1u << 20)

static int (*poll_getc)(void);
static const struct stub_board_rx_irq *rx; /* NULL: the timer poll */
static uint32_t rx_im;    /* Status.IM bit of the receive interrupt's line */
static uint32_t timer_im; /* Status.IM bit of the timer's line */
static uint32_t saved_bits; /* the program's IE and our IM bits */
static uint32_t armed_mask; /* what arming set in the program's Status */
static int rx_armed;        /* the receive interrupt is armed */
static int poll_off;        /* monitor ctrlc off */
#if PMUSTUB_CTRLC_POLL
static int polling;         /* the Ctrl-C timer poll is armed */
static int ctrlc_seen;      /* rx_scan's find at a resume, for the next tick */
static int poll_missed;     /* a poll fell due while it was not armed */
#else
#define polling 0
#endif

void mips_interrupt_init(int (*poll)(void),
                         const struct stub_board_rx_irq *rx_irq)
{
    /* Release 2 cores: IntCtl (12,1) bits 31:29 IPTI give the line, 2..7,
     * as IP2..IP7 = Status bits 10..15 (MD00090 IntCtl). */
    uint32_t ipti = mips_cp0_intctl() >> 29;
    poll_getc = poll;
    timer_im = ipti >= 2 ? 1u << (8 + ipti) : 0;
    if (poll && rx_irq && rx_irq->line >= 2 && rx_irq->line <= 7) {
        rx = rx_irq;
        rx_im = 1u << (8 + rx_irq->line);
        stub_interval_line(rx_irq);
    } else if (!PMUSTUB_CTRLC_POLL) {
        poll_getc = 0; /* no way to see a Ctrl-C: monitor ctrlc says off */
    }
}

/* Called on resume: a continue arms Ctrl-C (the receive interrupt, or the
 * timer poll); every resume arms the counter overflow. Other lines stay
 * masked: their interrupts have no handler here. */
void mips_interrupt_arm(enum stub_resume how)
{
    uint32_t *st = &mips_ctx[CTX_STATUS], mask = pmu_irq_im();
    int ctrlc = how == STUB_CONTINUE && poll_getc && !poll_off;

    rx_armed = ctrlc && rx;
#if PMUSTUB_CTRLC_POLL
    polling = ctrlc && !rx && timer_im;
#endif
    if (rx_armed)
        mask |= rx_im;
    if (polling)
        mask |= timer_im;
    armed_mask = mask ? mask | ST_IE : 0;
    saved_bits = *st & armed_mask;
    *st |= armed_mask;
    if (rx_armed)
        rx->arm();
    if (rx) {
        /* The timer is not the stub's, but its line may be the counters'
         * (IPTI = IPPCI = 7 on the 34K): put the next match as far away
         * as Count allows, 2^32 - 1 ticks, so that it does not interrupt
         * the program while it runs. */
        if (armed_mask & timer_im)
            mips_cp0_set_compare(mips_cp0_count() - 1);
        return;
    }
#if PMUSTUB_CTRLC_POLL
    if (!polling)
        return;
    /* A poll that fell due while the stub ran (a tracepoint's hidden stop
     * and step; a stop of GDB's): look for the 0x03 now; if it is there,
     * the timer interrupts at once and mips_interrupt_poll stops. */
    if ((mips_cp0_cause() & CAUSE_TI) || poll_missed) {
        poll_missed = 0;
        ctrlc_seen |= rx_scan(poll_getc);
    }
    /* A deadline still ahead stays: resumes that come more often than
     * POLL_TICKS (tracepoint hits) must not put the poll off for ever.
     * Writing Compare also acks a pending tick. */
    uint32_t left = mips_cp0_compare() - mips_cp0_count();
    if (ctrlc_seen)
        mips_cp0_set_compare(mips_cp0_count() + 2);
    else if (left == 0 || left > POLL_TICKS || (mips_cp0_cause() & CAUSE_TI))
        mips_cp0_set_compare(mips_cp0_count() + POLL_TICKS);
#endif
}

/* Called first on every exception, counters frozen. Returns 1 if it was
 * only an interrupt of the stub's own (bytes that are neither 0x03 nor a
 * packet, a poll finding none, a counter overflow folded): the program
 * resumes at once. 0 to stop. */
int mips_interrupt_poll(unsigned exc, struct stub_stop *why)
{
    int ours = 0, ctrlc = 0; /* ctrlc: rx_scan's find */
    uint32_t pending = mips_ctx[CTX_CAUSE] & mips_ctx[CTX_STATUS] & ST_IM_ALL;
    uint32_t prog = pending & ~armed_mask;

    if (exc == 0 && rx_armed && (pending & rx_im)) {
        int r = rx_ctrlc(rx, poll_getc);
        if (r < 0)
            prog |= rx_im; /* a source of the program's on the controller */
        else
            ours = 1, ctrlc = r;
    }
    if (exc == 0) {
        /* The program's own sources first (pmustub/program.h). */
        if (prog && pmustub_program_interrupt &&
            pmustub_program_interrupt(prog >> 8)) {
            /* The return path writes the saved Cause back, and its IP1..0
             * are the software interrupts the handler may have cleared. */
            mips_ctx[CTX_CAUSE] = mips_cp0_cause();
            ours = 1;
        }
    }
    if (!armed_mask)
        return ours;
    if (exc == 0) {
        ours |= pmu_overflow() > 0;
        if (mips_ctx[CTX_CAUSE] & CAUSE_TI) {
            /* Writing Compare acks the timer; unpolled, the next match is
             * 2^32 ticks away. The timer and the counters may share a line
             * (IPTI = IPPCI = 7 on QEMU's and vboard's 34K): a tick taken
             * during a step, where the line is armed for the counters only,
             * is a poll that is owed, served at the next continue;
             * otherwise a program that a tracepoint stops often would
             * spend every deadline inside a step and never see 0x03. */
            mips_cp0_set_compare(mips_cp0_count() + (polling ? POLL_TICKS : 0));
            ours = 1;
#if PMUSTUB_CTRLC_POLL
            poll_missed |= !polling;
            if (polling) {
                ctrlc |= rx_scan(poll_getc) | ctrlc_seen;
                ctrlc_seen = 0;
            }
#endif
        }
        if (mips_sample_stop()) {
            /* The sample buffer is full: the host drains it. */
            why->signal = STUB_SIGTRAP;
            ours = 0;
        }
        if (ctrlc) {
            rx_stop(ctrlc, why);
            ours = 0;
        }
        if (ours)
            return 1;
    }
    /* Stopping: the UART quiet, the program's own IE and IM bits back. */
    if (rx_armed)
        rx->disarm();
    rx_armed = 0;
    mips_ctx[CTX_STATUS] = (mips_ctx[CTX_STATUS] & ~armed_mask) | saved_bits;
    armed_mask = 0;
    return 0;
}

/* The program has ended (pmustub_exit): from now on the stub serves GDB
 * in the program's own context, where a poll would take GDB's packets
 * byte by byte, looking for 0x03. So no more interrupts. */
void mips_interrupt_off(void)
{
    mips_cp0_set_status(mips_cp0_status() & ~ST_IE);
    if (rx_armed)
        rx->disarm();
    rx_armed = 0;
    armed_mask = 0;
#if PMUSTUB_CTRLC_POLL
    polling = 0;
#endif
}

/* "monitor ctrlc [on|off]": the timer poll costs the program a few
 * hundred instructions every POLL_TICKS (not counted, but they move
 * caches and cycles); the receive interrupt costs nothing until GDB
 * sends a byte. Off, a running program cannot be interrupted from GDB. */
int mips_mon_ctrlc(const char *args)
{
    if (args[0] == 'o' && args[1] == 'n' && !args[2])
        poll_off = 0;
    else if (args[0] == 'o' && args[1] == 'f' && args[2] == 'f' && !args[3])
        poll_off = 1;
    else if (*args) {
        stub_mon_puts("ctrlc: usage: monitor ctrlc [on|off]\n");
        return -1;
    }
    if (poll_off || !poll_getc)
        stub_mon_puts("ctrlc: off: GDB cannot interrupt the running program\n");
    else if (rx) {
        /* Said in pieces: a message with the line patched in would be
         * RAM (.data) for good. */
        stub_mon_puts("ctrlc: on: by the UART's receive interrupt (IP");
        stub_mon_putu(rx->line);
        stub_mon_puts(") while the program runs\n");
    } else if (PMUSTUB_CTRLC_POLL)
        stub_mon_puts("ctrlc: on: polled from the CP0 timer while the "
                      "program runs\n");
    return 0;
}
