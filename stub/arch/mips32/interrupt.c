/*
 * interrupt.c - GDB's interrupt byte (0x03) while the program runs.
 *
 * A polled UART cannot interrupt, so the stub polls it from the CP0
 * Count/Compare timer: while the program runs under "continue", the timer
 * fires every POLL_TICKS Count ticks, the stub looks for 0x03 and, finding
 * none, returns to the program at once. Which interrupt line the timer
 * drives is IntCtl.IPTI (MD00090 IntCtl); Cause.TI says it is pending
 * whatever the line, so only the line's Status.IM bit needs knowing.
 *
 * What the program sees: Status.IE and the timer's IM bit are set while it
 * runs, and restored to the program's own values at every stop, so GDB
 * shows the program's Status. The program's own Compare value is not kept.
 */
#include "mips_port.h"

/* Count runs at half the pipeline clock on the 34K (MD00534 34K Software
 * User's Manual, Count register); ~2^20 ticks is some milliseconds on any
 * plausible clock, and under QEMU's virtual clock. */
#define POLL_TICKS (1u << 20)

static int (*poll_getc)(void);
static uint32_t timer_im; /* Status.IM bit of the timer's line */
static uint32_t saved_bits; /* the program's IE and timer IM bits */
static int armed;

void mips_interrupt_init(int (*poll)(void))
{
    /* Release 2 cores: IntCtl (12,1) bits 31:29 IPTI give the line, 2..7,
     * as IP2..IP7 = Status bits 10..15 (MD00090 IntCtl). */
    uint32_t ipti = CP0_READ(12, 1) >> 29;
    poll_getc = poll;
    timer_im = ipti >= 2 ? 1u << (8 + ipti) : 0;
}

/* Called on resume. A continue arms the poll; a step does not need it. */
void mips_interrupt_arm(enum stub_resume how)
{
    uint32_t *st = &mips_ctx[CTX_STATUS], mask = ST_IE | timer_im;

    if (how != STUB_CONTINUE || !poll_getc || !timer_im)
        return;
    saved_bits = *st & mask;
    /* Other lines stay masked: their interrupts have no handler here. */
    *st |= mask;
    CP0_WRITE(11, 0, CP0_READ(9, 0) + POLL_TICKS); /* also acks the timer */
    armed = 1;
}

/* Called first on every exception. Returns 1 if it was only the poll
 * finding nothing (the program resumes at once), 0 to stop. */
int mips_interrupt_poll(unsigned exc, int *signal)
{
    int c;

    if (!armed)
        return 0;
    if (exc == 0 && (mips_ctx[CTX_CAUSE] & CAUSE_TI)) {
        CP0_WRITE(11, 0, CP0_READ(9, 0) + POLL_TICKS);
        while ((c = poll_getc()) >= 0 && c != 0x03)
            ; /* GDB sends nothing else while the program runs */
        if (c != 0x03)
            return 1;
        *signal = STUB_SIGINT;
    }
    /* Stopping: give the program back its own IE and IM bit. */
    mips_ctx[CTX_STATUS] =
        (mips_ctx[CTX_STATUS] & ~(ST_IE | timer_im)) | saved_bits;
    armed = 0;
    return 0;
}
