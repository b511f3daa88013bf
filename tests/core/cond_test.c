/* cond_test.c: conditions v2 (src/core/cond.c): sources and values,
 * stacking rules, implied conditions and flags, use-once entries, removal
 * by source, parents and daughters, and the changes recorded for events. */
#include "test.h"
#include <stdio.h>
#include <string.h>
#include "turnrules.h"

static fray_encounter *pair(void)
{
    fray_encounter *e = tt_load("{\"ruleset\":\"turns\",\"combatants\":["
                                "{\"name\":\"A\",\"side\":\"blue\",\"at\":[0,0],\"sheet\":{}},"
                                "{\"name\":\"B\",\"side\":\"red\",\"at\":[1,0],\"sheet\":{}}]}");
    e->round = 1;
    return e;
}

static int entries(const fray_encounter *e, int who, int cond)
{
    int n = 0;
    for (int i = 0; i < e->c[who].ncond; i++)
        n += e->c[who].cond[i].id == cond;
    return n;
}

/* EXTEND: one entry, the later end and the higher value win. */
static void test_extend(void **s)
{
    (void)s;
    fray_encounter *e = pair();
    fray_cond_give(e, 0, TT_STUNNED, 1, 1, FRAY_EXP_ROUND_END, 3);
    fray_cond_give(e, 0, TT_STUNNED, 1, 2, FRAY_EXP_ROUND_END, 2);
    assert_int_equal(entries(e, 0, TT_STUNNED), 1);
    assert_int_equal(e->c[0].cond[0].round, 3);
    assert_int_equal(fray_cond_value(e, 0, TT_STUNNED), 2);
    assert_int_equal(fray_cond_source(e, 0, TT_STUNNED), 1);
    fray_encounter_free(e);
}

/* ADD_TIME ("Shaken (durations add)"): what the new one would last is
 * added to what is left. */
static void test_add_time(void **s)
{
    (void)s;
    fray_encounter *e = pair();
    fray_cond_add(e, 0, TT_SHAKEN, -1, FRAY_EXP_ROUND_END, 3); /* 3 rounds from round 1 */
    fray_cond_add(e, 0, TT_SHAKEN, -1, FRAY_EXP_ROUND_END, 2); /* 1 more */
    assert_int_equal(entries(e, 0, TT_SHAKEN), 1);
    assert_int_equal(e->c[0].cond[0].round, 4);
    fray_encounter_free(e);
}

/* SUM: values add (bleeding that stacks). */
static void test_sum(void **s)
{
    (void)s;
    fray_encounter *e = pair();
    fray_cond_give(e, 0, TT_BLEEDING, -1, 2, FRAY_EXP_NEVER, 0);
    fray_cond_give(e, 0, TT_BLEEDING, -1, 3, FRAY_EXP_NEVER, 0);
    assert_int_equal(entries(e, 0, TT_BLEEDING), 1);
    assert_int_equal(fray_cond_value(e, 0, TT_BLEEDING), 5);
    fray_encounter_free(e);
}

/* APART ("Poisoned: highest level applies, durations tracked apart"). */
static void test_apart(void **s)
{
    (void)s;
    fray_encounter *e = pair();
    fray_cond_give(e, 0, TT_POISONED, -1, 1, FRAY_EXP_ROUND_END, 5);
    fray_cond_give(e, 0, TT_POISONED, -1, 3, FRAY_EXP_ROUND_END, 2);
    assert_int_equal(entries(e, 0, TT_POISONED), 2);
    assert_int_equal(fray_cond_value(e, 0, TT_POISONED), 3);
    e->round = 2;
    fray_cond_expire(e, 0, FRAY_EXP_ROUND_END);
    assert_int_equal(entries(e, 0, TT_POISONED), 1);
    assert_int_equal(fray_cond_value(e, 0, TT_POISONED), 1);
    assert_true(fray_has(e, 0, TT_POISONED));
    fray_encounter_free(e);
}

/* Implied conditions and flags come and go with the one that implies
 * them, and each gain and loss is a recorded change. */
static void test_implies_flags_and_changes(void **s)
{
    (void)s;
    fray_encounter *e = pair();
    tt_log log = {0};
    fray_subscribe(e, tt_sink, &log);
    fray_cond_add(e, 1, TT_STUNNED, -1, FRAY_EXP_NEVER, 0);
    assert_true(fray_has(e, 1, TT_STUNNED) && fray_has(e, 1, TT_FLAT));
    assert_int_equal(fray_cflags(e, 1), FRAY_CF_NO_ACTIONS | FRAY_CF_FLAT_FOOTED);
    fray_flush(e, -1, NULL);
    assert_non_null(strstr(log.line[0], "B.Stunned=1 B.Flat-footed=1"));
    fray_cond_remove(e, 1, TT_STUNNED);
    assert_false(fray_has(e, 1, TT_FLAT));
    assert_int_equal(fray_cflags(e, 1), 0);
    fray_flush(e, -1, NULL);
    assert_non_null(strstr(log.line[1], "B.Stunned=0 B.Flat-footed=0"));
    /* held in its own right as well, Flat-footed stays */
    fray_cond_add(e, 1, TT_FLAT, -1, FRAY_EXP_NEVER, 0);
    fray_cond_add(e, 1, TT_STUNNED, -1, FRAY_EXP_NEVER, 0);
    fray_cond_remove(e, 1, TT_STUNNED);
    assert_true(fray_has(e, 1, TT_FLAT));
    fray_encounter_free(e);
}

/* "The next attack against you": an entry used up once. */
static void test_on_use(void **s)
{
    (void)s;
    fray_encounter *e = pair();
    fray_cond_add(e, 0, TT_DODGING, -1, FRAY_EXP_ON_USE, 0);
    assert_true(fray_has(e, 0, TT_DODGING));
    assert_int_equal(fray_cond_use(e, 0, TT_DODGING), 1);
    assert_false(fray_has(e, 0, TT_DODGING));
    assert_int_equal(fray_cond_use(e, 0, TT_DODGING), 0);
    fray_encounter_free(e);
}

/* Entries a creature gave end together (a grapple released); a daughter
 * stands while its parent does and goes with it. */
static void test_source_and_parents(void **s)
{
    (void)s;
    fray_encounter *e = pair();
    fray_cond_give(e, 1, TT_MARKED, 0, 1, FRAY_EXP_NEVER, 0);
    fray_cond_give(e, 1, TT_SHAKEN, 0, 1, FRAY_EXP_NEVER, 0);
    fray_cond_give(e, 1, TT_BLEEDING, -1, 1, FRAY_EXP_NEVER, 0);
    fray_cond_remove_from(e, 0);
    assert_false(fray_has(e, 1, TT_MARKED) || fray_has(e, 1, TT_SHAKEN));
    assert_true(fray_has(e, 1, TT_BLEEDING));
    fray_cond_add(e, 0, TT_POISONED, -1, FRAY_EXP_NEVER, 0);
    fray_cond_add(e, 0, TT_SHAKEN, TT_POISONED, FRAY_EXP_NEVER, 0);
    assert_int_equal(fray_cond_remove(e, 0, TT_SHAKEN), 0); /* its parent keeps it */
    assert_true(fray_has(e, 0, TT_SHAKEN));
    fray_cond_remove(e, 0, TT_POISONED);
    assert_false(fray_has(e, 0, TT_SHAKEN));
    fray_encounter_free(e);
}

/* Turn-bound ends: the holder's turn start, the source's turn end. */
static void test_turn_edges(void **s)
{
    (void)s;
    fray_encounter *e = pair();
    fray_cond_add(e, 0, TT_DODGING, -1, FRAY_EXP_TURN_START, 2);
    fray_cond_give(e, 1, TT_MARKED, 0, 1, FRAY_EXP_SRC_TURN_END, 1);
    fray_cond_expire(e, 0, FRAY_EXP_TURN_START); /* round 1: not yet */
    assert_true(fray_has(e, 0, TT_DODGING));
    fray_cond_expire(e, 1, FRAY_EXP_TURN_END); /* B's own turn: not B's source entries */
    assert_true(fray_has(e, 1, TT_MARKED));
    fray_cond_expire(e, 0, FRAY_EXP_TURN_END); /* A's turn ends: what A gave ends */
    assert_false(fray_has(e, 1, TT_MARKED));
    e->round = 2;
    fray_cond_expire(e, 0, FRAY_EXP_TURN_START);
    assert_false(fray_has(e, 0, TT_DODGING));
    fray_encounter_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_extend),
        cmocka_unit_test(test_add_time),
        cmocka_unit_test(test_sum),
        cmocka_unit_test(test_apart),
        cmocka_unit_test(test_implies_flags_and_changes),
        cmocka_unit_test(test_on_use),
        cmocka_unit_test(test_source_and_parents),
        cmocka_unit_test(test_turn_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
