/*
 * vle_forms.c - the differential test of vboard's VLE (tests/vboard/ppc/
 * vle_diff.sh): work() runs forms(), the same computation written in Book
 * E (vle_forms_booke.S, built without VLE: QEMU's e500v2 runs it) and in
 * VLE (vle_forms_vle.S, called through vle_start.S: vboard's e200z7 runs
 * it), and report() prints the words it stored. The VLE build also runs
 * the counted loop of vle_loop.S (vle_count.sh counts it), after work_end.
 */
#include <stdint.h>

#include "fw.h"

#ifdef VLE_BUILD
uint32_t vle_call(uint32_t (*fn)(uint32_t), uint32_t arg);
uint32_t forms_vle(uint32_t buf);
uint32_t vle_loop(uint32_t passes);
#else
uint32_t forms(uint32_t *buf);
#endif

static uint32_t buf[1024];
static uint32_t words;

void setup(void)
{
}

void work(void)
{
#ifdef VLE_BUILD
    words = vle_call(forms_vle, (uint32_t)buf);
#else
    words = forms(buf);
#endif
}

void report(void)
{
    fw_kv("words", words);
    for (uint32_t i = 0; i < words && i < 512; i++)
        fw_kv("w", buf[i]);
#ifdef VLE_BUILD
    vle_call(vle_loop, 5);
#endif
}
