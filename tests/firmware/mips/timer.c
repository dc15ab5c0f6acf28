/* timer.c - the CP0 timer interrupt (Count == Compare, IP7) taken through a
 * handler at EBase + 0x180 (Status.BEV = 0). Prints what the handler saw;
 * the same ELF on QEMU must print the same. */
#include "fw.h"

extern void timer_handler(void);
extern uint32_t timer_wait(uint32_t delta);
extern volatile uint32_t timer_cause, timer_hits;

static uint32_t before_ie;

void setup(void)
{
    fw_install_vector(0x180, 0x180, timer_handler);
    fw_use_ebase_vectors();
}

/* QEMU's Count follows the host clock: the delta must outlast any pause of
 * a loaded host between writing Compare and reading Cause (20000 ticks,
 * about 0.4 ms, did not: seen once in CI as pending_before=1). */
void work(void) { before_ie = timer_wait(4000000); }

void report(void)
{
    fw_puts("timer\n");
    fw_kv("hits", timer_hits);
    fw_kv("exccode", (timer_cause >> 2) & 31u);
    fw_kv("ti", (timer_cause >> 30) & 1u);
    fw_kv("ip7", (timer_cause >> 15) & 1u);
    fw_kv("pending_before", before_ie);
}
