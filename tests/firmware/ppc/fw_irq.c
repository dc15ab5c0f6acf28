/* fw_irq.c - the C side of fw_vectors.S: one handler per IVOR, and a
 * default that reports an interrupt nobody expected and ends the run. */
#include "fw.h"

static fw_handler handlers[36];

void fw_set_handler(unsigned n, fw_handler h)
{
    if (n < 36)
        handlers[n] = h;
}

void fw_dispatch(struct fw_frame *f);
void fw_dispatch(struct fw_frame *f)
{
    if (f->ivor < 36 && handlers[f->ivor]) {
        handlers[f->ivor](f);
        return;
    }
    fw_puts("unexpected interrupt\n");
    fw_kv("ivor", f->ivor);
    fw_kv("pc", f->pc);
    fw_kv("msr", f->msr);
    fw_kv("esr", f->esr);
    fw_kv("dear", f->dear);
    fw_exit();
}
