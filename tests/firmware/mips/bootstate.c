/* bootstate.c - prints the registers and Status the loader left at the
 * kernel entry (saved by crt0.S); vboard must leave what QEMU's Malta does. */
#include "fw.h"

static const char *const names[10] = { "sp", "a0", "a1", "a2", "a3", "t9",
                                       "k0", "k1", "ra", "status" };

void setup(void) {}
void work(void) {}

void report(void)
{
    fw_puts("bootstate\n");
    for (int i = 0; i < 10; i++)
        fw_kv(names[i], boot_regs[i]);
    /* argv[0] and the environment QEMU writes at 0x80002000 */
    const uint32_t *argv = (const uint32_t *)boot_regs[2];
    fw_puts("argc=");
    fw_dec(boot_regs[1]);
    fw_puts("\nenv:");
    for (int i = 2; i < 9; i++) {
        fw_putc(' ');
        fw_puts((const char *)argv[i]);
    }
    fw_putc('\n');
}
