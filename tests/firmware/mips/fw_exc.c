/* fw_exc.c - prints the exception log that exc_log.inc's handlers keep:
 * one line per exception taken, with Cause's BD, CE and ExcCode. */
#include "fw.h"

void fw_exc_report(void)
{
    for (uint32_t i = 0; i < exc_count && i < 16; i++) {
        fw_dec(i);
        fw_puts(" vec=");
        fw_hex(exc_log[i].vec);
        fw_puts(" cause=");
        fw_hex(exc_log[i].cause & 0xb000007cu); /* BD, CE, ExcCode */
        fw_puts(" epc=");
        fw_hex(exc_log[i].epc);
        fw_puts(" badvaddr=");
        fw_hex(exc_log[i].badvaddr);
        fw_putc('\n');
    }
}
