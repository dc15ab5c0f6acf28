/* echo.c - serial round trip for the CLI tests: prints "echo ready", then
 * echoes each received byte in upper case until it receives '.', then
 * prints "bye". Polls LSR.DR (bit 0) and reads RBR. */
#include "fw.h"

#define UART ((volatile uint8_t *)0xb80003f8u)

static uint32_t received;

void setup(void) { fw_puts("echo ready\n"); }

void work(void)
{
    for (;;) {
        while (!(UART[5] & 0x01))
            ;
        char ch = (char)UART[0];
        received++;
        if (ch == '.')
            return;
        fw_putc(ch >= 'a' && ch <= 'z' ? (char)(ch - 'a' + 'A') : ch);
    }
}

void report(void)
{
    fw_puts("\nbye ");
    fw_dec(received);
    fw_putc('\n');
}
