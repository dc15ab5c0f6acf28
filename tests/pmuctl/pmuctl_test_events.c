/*
 * pmuctl_test_events.c - event lists and their placement on counters.
 * Oracles: the counters each event can use, from the seeds' tables as the
 * catalogues record them (34K Table 3: "branches" and the cache-access
 * events even counters only, "stores" and "branch_mispredictions" odd;
 * R10000: issued_* counter 0, graduated_* counter 1), and the field
 * positions of MD00548 Table 2 (EVENT from bit 5, K bit 1, U bit 3).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "pmu/events.h"

static struct event_list l;
static char err[512];

static int parse(const char *core, const char *spec, unsigned n_counters)
{
    const struct pmu_catalog *cat = catalog_core(core);
    const struct pmuctl_ctl_layout *lay = perfctl_layout(core);
    assert_non_null(cat);
    assert_non_null(lay);
    if (events_parse(&l, spec, cat, lay, perfctl_default_modes(lay), err, sizeof err))
        return -1;
    return events_assign(&l, n_counters, err, sizeof err);
}

/* No two events of a group on one counter; each on a counter it can use. */
static void check_placement(void)
{
    for (int i = 0; i < l.n; i++) {
        assert_true(l.e[i].group >= 0 && l.e[i].group < l.ngroups);
        assert_true(l.e[i].ev.counters & (1u << l.e[i].counter));
        for (int k = 0; k < i; k++)
            assert_false(l.e[k].group == l.e[i].group &&
                         l.e[k].counter == l.e[i].counter);
    }
}

static void even_only_events_take_two_turns(void **s)
{
    (void)s;
    assert_int_equal(parse("34k", "branches,icache_accesses,dcache_accesses,loads", 4), 0);
    assert_int_equal(l.ngroups, 2);
    check_placement();
    for (int i = 0; i < l.n; i++)
        assert_int_equal(l.e[i].counter % 2, 0);
}

static void four_mixed_events_fit_one_group(void **s)
{
    (void)s;
    assert_int_equal(parse("34k", "branches,branch_mispredictions,loads,stores", 4), 0);
    assert_int_equal(l.ngroups, 1);
    check_placement();
}

static void eight_events_in_two_braced_groups(void **s)
{
    char label[128];
    unsigned uk;
    const struct pmuctl_ctl_layout *lay = perfctl_layout("34k");
    (void)s;
    assert_int_equal(parse("34k", "{instructions,cycles,branches,branch_mispredictions},"
                                  "{instructions,loads,stores,dcache_misses}", 4), 0);
    assert_int_equal(l.n, 8);
    assert_int_equal(l.ngroups, 2);
    check_placement();
    assert_int_equal(l.e[0].group, 0);
    assert_int_equal(l.e[4].group, 1);
    perfctl_parse_modes(lay, "u,k", &uk, err, sizeof err);
    events_label(&l, 4, lay, uk, label, sizeof label);
    assert_string_equal(label, "instructions[g2]");
    events_label(&l, 2, lay, uk, label, sizeof label);
    assert_string_equal(label, "branches");
}

/* cycles first takes counter 0; issued_loads needs counter 0, so cycles
 * must move to counter 1 rather than open a second group. */
static void r10k_rearranges_to_fit(void **s)
{
    (void)s;
    assert_int_equal(parse("r10k", "cycles,issued_loads", 2), 0);
    assert_int_equal(l.ngroups, 1);
    assert_int_equal(l.e[0].counter, 1);
    assert_int_equal(l.e[1].counter, 0);
}

/* pmuctl set A B: A on counter 0 and B on counter 1 wherever their
 * counters allow (34K: cycles and instructions on every counter, branches
 * on the even ones, branch_mispredictions on the odd ones, MD00548 via
 * events/34k.csv); where they do not, as close to the order as they
 * allow. */
static void the_order_given_where_counters_allow(void **s)
{
    (void)s;
    assert_int_equal(parse("34k", "cycles,branches", 4), 0);
    assert_int_equal(l.e[0].counter, 0);
    assert_int_equal(l.e[1].counter, 2); /* 1 is odd: the next even one */
    assert_int_equal(parse("34k", "instructions,cycles,loads", 4), 0);
    for (int i = 0; i < l.n; i++)
        assert_int_equal(l.e[i].counter, i);
    assert_int_equal(parse("34k", "branch_mispredictions,cycles,branches", 4), 0);
    assert_int_equal(l.e[0].counter, 1);
    assert_int_equal(l.e[1].counter, 0);
    assert_int_equal(l.e[2].counter, 2);
    /* r10k: issued_loads needs counter 0; cycles takes the other. */
    assert_int_equal(parse("r10k", "issued_loads,cycles", 2), 0);
    assert_int_equal(l.e[0].counter, 0);
    assert_int_equal(l.e[1].counter, 1);
    assert_int_equal(parse("e200z7", "instructions,cycles", 4), 0);
    assert_int_equal(l.e[0].counter, 0);
    assert_int_equal(l.e[1].counter, 1);
    check_placement();
}

/* Three events only counter 1 can count (graduated_loads, graduated_stores,
 * dcache_misses: R10000 User's Manual 14.20, via the catalogue) need three
 * turns; cycles and instructions fit beside them on counter 0. */
static void r10k_constrained_events_first(void **s)
{
    (void)s;
    assert_int_equal(parse("r10k", "cycles,instructions,graduated_loads,"
                                   "graduated_stores,dcache_misses", 2), 0);
    assert_int_equal(l.ngroups, 3);
    check_placement();
    assert_int_equal(l.e[0].counter, 0);
    assert_int_equal(l.e[1].counter, 0);
}

static void r10k_conflicting_counters(void **s)
{
    (void)s;
    assert_int_equal(parse("r10k", "issued_loads,issued_stores", 2), 0);
    assert_int_equal(l.ngroups, 2);
    assert_int_equal(parse("r10k", "{issued_loads,issued_stores}", 2), -1);
    assert_non_null(strstr(err, "group 1: 'issued_stores'"));
    /* A target that publishes counter 0 only cannot count graduated_loads. */
    assert_int_equal(parse("r10k", "graduated_loads", 1), -1);
    assert_non_null(strstr(err, "no counter of this target can count 'graduated_loads'"));
}

static void unknown_names_get_suggestions(void **s)
{
    (void)s;
    assert_int_equal(parse("34k", "cycles,instructons", 4), -1);
    assert_non_null(strstr(err, "unknown event 'instructons' for 34k; did you mean instructions"));
    assert_int_equal(parse("r12k", "dcache", 2), -1);
    assert_non_null(strstr(err, "dcache_misses"));
    assert_int_equal(parse("34k", "zzzzzzzzzzzzzzzzz", 4), -1);
    assert_null(strstr(err, "did you mean"));
}

static void malformed_lists(void **s)
{
    static const char *bad[] = {"{cycles", "cycles}", "{}", "{cycles,{instructions}}",
                                "cycles{instructions}", "", ",", "cycles,cycles",
                                "cycles:q", "cycles:u,,", "cycles:u,u"};
    (void)s;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        if (parse("34k", bad[i], 4) != -1)
            fail_msg("'%s' was accepted", bad[i]);
    /* The same event with other modes is another measurement. */
    assert_int_equal(parse("34k", "cycles:u,cycles:k", 4), 0);
    /* Modes take commas too; the next event name ends them. */
    assert_int_equal(parse("34k", "instructions:u,k,exl,cycles", 4), 0);
    assert_int_equal(l.n, 2);
    assert_int_equal(l.e[0].modes, 0x8 | 0x2 | 0x1);
    assert_int_equal(l.e[1].modes, 0x8 | 0x2);
}

static void control_values(void **s)
{
    const struct pmuctl_ctl_layout *k34 = perfctl_layout("34k"),
                                   *r10 = perfctl_layout("r10k");
    unsigned m;
    char out[32];
    (void)s;
    assert_int_equal(perfctl_parse_modes(k34, "k,u", &m, err, sizeof err), 0);
    assert_int_equal(perfctl_encode(k34, 1, m), (1u << 5) | 0x2 | 0x8);
    assert_int_equal(perfctl_parse_modes(k34, "exl,s", &m, err, sizeof err), 0);
    assert_int_equal(m, 0x1 | 0x4);
    /* R10000's EVENT field is 4 bits (bits 8:5): code 16 does not fit. */
    assert_int_equal(perfctl_encode(r10, 15, 0), 15u << 5);
    assert_int_equal(perfctl_event(r10, 0xffffffffu), 15);
    assert_int_equal(perfctl_event(k34, 0xffffffffu), 127);
    perfctl_format_modes(k34, 0x2a, out, sizeof out);
    assert_string_equal(out, "u,k");
    perfctl_format_modes(k34, 0x20, out, sizeof out);
    assert_string_equal(out, "none");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(even_only_events_take_two_turns),
        cmocka_unit_test(four_mixed_events_fit_one_group),
        cmocka_unit_test(eight_events_in_two_braced_groups),
        cmocka_unit_test(r10k_rearranges_to_fit),
        cmocka_unit_test(r10k_constrained_events_first),
        cmocka_unit_test(r10k_conflicting_counters),
        cmocka_unit_test(unknown_names_get_suggestions),
        cmocka_unit_test(malformed_lists),
        cmocka_unit_test(control_values),
        cmocka_unit_test(the_order_given_where_counters_allow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
