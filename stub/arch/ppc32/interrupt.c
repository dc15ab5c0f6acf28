/*
 * interrupt.c - GDB's interrupt byte (0x03) while the program runs, and the
 * program's own interrupts.
 *
 * Where the board routes the debug UART's receive interrupt to the core
 * (struct stub_board_rx_irq: ppce500's DUART through the MPIC to the
 * external input, IVOR4), a continue arms the UART: a byte from GDB
 * interrupts the program, the stub reads the line (0x03 stops it, and so
 * does a packet's '$', a new client's first packet; anything else is
 * dropped), and the program is otherwise never interrupted for Ctrl-C.
 *
 * Without one, a polled UART cannot interrupt, so the stub polls it from
 * the Book E decrementer: while the program runs under "continue", DEC
 * counts POLL_TICKS time-base ticks down, TSR[DIS] and TCR[DIE] raise the
 * decrementer interrupt (IVOR10) once MSR[EE] is set, the stub looks for
 * 0x03 or a packet and, finding none, returns to the program at once (Power ISA Book E
 * "Decrementer"; e200z7 RM 2.4.8-2.4.9).
 *
 * MSR[EE] gates the external input and fixed-interval timer interrupts
 * too, so a program's own sources see EE set while it runs. Such an
 * interrupt goes to pmustub_program_interrupt() (pmustub/program.h) when
 * the program had EE set itself; when EE was only the stub's, the program
 * gets EE off again with the interrupt still pending, and Ctrl-C stays
 * off until the next stop. A program that clears MSR[EE] itself while it
 * runs cannot be interrupted from GDB until it stops otherwise. At every
 * stop the program's own EE is restored, so GDB shows the program's MSR.
 * The program's own decrementer value is not kept where the stub polls.
 */
#include "booke.h"
#include "ppc_port.h"
#include "pmustub/board.h"
#include "pmustub/program.h"
#include "rx_ctrlc.h"
#include "pmustub/interval.h"

#define EXTERNAL_VECTOR 4
#define DECREMENTER_VECTOR 10
/* QEMU's ppce500 runs the time base at 400 MHz (hw/ppc/e500.c,
 * PLATFORM_CLK_FREQ_HZ): 2^20 ticks is 2.6 ms there, and milliseconds on
 * any clock a board runs its time base from. */
#define POLL_TICKS (1u << 20)

static int (*poll_getc)(void);
static const struct stub_board_rx_irq *rx; /* NULL: the decrementer poll */
static int polling;      /* Ctrl-C is armed (receive interrupt or poll) */
static int poll_off;     /* monitor ctrlc off */
static uint32_t prog_ee; /* the program's own MSR[EE] while polling */
static int ctrlc_seen;   /* rx_scan's find at a resume, for the next tick */

void ppc_interrupt_init(int (*poll)(void),
                        const struct stub_board_rx_irq *rx_irq)
{
    poll_getc = poll;
    rx = poll ? rx_irq : 0;
    stub_interval_line(rx);
}

void ppc_interrupt_arm(enum stub_resume how)
{
    polling = how == STUB_CONTINUE && poll_getc && !poll_off;
    if (!polling)
        return;
    prog_ee = ppc_ctx[CTX_MSR] & MSR_EE;
    ppc_ctx[CTX_MSR] |= MSR_EE;
    if (rx) {
        rx->arm();
        return;
    }
    /* A tick that fell due while the stub ran (a tracepoint's hidden
     * stop and step; a stop of GDB's): look for the 0x03 now, and if it
     * is there let the tick interrupt at once, where poll_tick stops. */
    if (SPR_READ(SPR_TSR) & TSR_DIS)
        ctrlc_seen |= rx_scan(poll_getc);
    /* A count still running is left to run: resumes that come more often
     * than POLL_TICKS (tracepoint hits) must not put the poll off for
     * ever. Else acknowledge an old tick before the new count starts: the
     * other order loses a tick that comes in between, and the poll with
     * it. */
    if (!ctrlc_seen) {
        uint32_t left = SPR_READ(SPR_DEC);
        if (left == 0 || left > POLL_TICKS || (SPR_READ(SPR_TSR) & TSR_DIS)) {
            SPR_WRITE(SPR_TSR, TSR_DIS);
            SPR_WRITE(SPR_DEC, POLL_TICKS);
        }
    }
    SPR_WRITE(SPR_TCR, SPR_READ(SPR_TCR) | TCR_DIE);
}

/* Ctrl-C ends: the UART or the decrementer quiet, the program's EE back. */
void ppc_interrupt_stop(void)
{
    if (!polling)
        return;
    if (rx) {
        rx->disarm();
    } else {
        SPR_WRITE(SPR_TCR, SPR_READ(SPR_TCR) & ~TCR_DIE);
        SPR_WRITE(SPR_TSR, TSR_DIS);
    }
    ppc_ctx[CTX_MSR] = (ppc_ctx[CTX_MSR] & ~MSR_EE) | prog_ee;
    polling = 0;
}

/* Reads what came on the line (rx_scan): 1 to resume; 0, with why set,
 * if there was a 0x03 or a packet, now or before (seen). */
static int take_ctrlc(int seen, struct stub_stop *why)
{
    int got = rx_scan(poll_getc) | seen;

    if (!got)
        return 1;
    rx_stop(got, why);
    return 0;
}

/* A decrementer tick of the poll: 1 to resume, 0 (signal set) to stop. */
static int poll_tick(struct stub_stop *why)
{
    int seen = ctrlc_seen;

    SPR_WRITE(SPR_TSR, TSR_DIS);
    SPR_WRITE(SPR_DEC, POLL_TICKS);
    ctrlc_seen = 0;
    return take_ctrlc(seen, why);
}

/* Called first on every entry. Returns 1 if the interrupt needs no stop
 * (a byte or a poll without 0x03, a program's interrupt it handled): the
 * program resumes at once. 0 to stop, with why set. */
int ppc_interrupt_poll(unsigned vector, struct stub_stop *why)
{
    int r = -1;

    if (vector == EXTERNAL_VECTOR && polling && rx)
        r = rx_ctrlc(rx, poll_getc);
    if (r == 0)
        return 1;
    if (r > 0) {
        rx_stop(r, why);
    } else if (vector == DECREMENTER_VECTOR && polling && !rx &&
               (SPR_READ(SPR_TSR) & TSR_DIS)) {
        if (poll_tick(why))
            return 1;
    } else if (why->signal == STUB_SIGINT) {
        if (polling && !prog_ee) {
            ppc_interrupt_stop(); /* pending until the program sets EE */
            return 1;
        }
        if (ppc_pmu_program_interrupt(vector))
            return 1;
    }
    ppc_interrupt_stop();
    return 0;
}

/* "monitor ctrlc [on|off]": the decrementer poll costs the program some
 * hundred instructions every POLL_TICKS, the receive interrupt nothing
 * until GDB sends a byte; off, GDB cannot interrupt it. */
int ppc_mon_ctrlc(const char *args)
{
    static const char *const word[2] = {"on", "off"};
    int i;

    for (i = 0; i < 2; i++) {
        const char *a = args, *w = word[i];
        while (*w && *a == *w)
            a++, w++;
        if (!*w && !*a)
            break;
    }
    if (i < 2)
        poll_off = i;
    else if (*args) {
        stub_mon_puts("ctrlc: usage: monitor ctrlc [on|off]\n");
        return -1;
    }
    stub_mon_puts(poll_off ? "ctrlc: off: GDB cannot interrupt the running "
                             "program\n"
                  : rx ? "ctrlc: on: by the UART's receive interrupt "
                         "(external input) while the program runs\n"
                       : "ctrlc: on: polled from the decrementer while "
                         "the program runs\n");
    return 0;
}
