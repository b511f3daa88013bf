/* state_test.c: conditions with parents and durations, resources. */
#include "test.h"
#include <string.h>
#include "testrules.h"

static const char *duel =
    "{\"ruleset\":\"test\",\"combatants\":["
    "{\"name\":\"A\",\"side\":\"blue\",\"at\":[0,0],\"sheet\":{\"hp\":5}},"
    "{\"name\":\"B\",\"side\":\"red\",\"at\":[3,4],\"sheet\":{\"hp\":5}}]}";

/* energy text, Conditions: "you cannot remove the 'daughter' condition
 * without removing the 'parent.' ... if you ended the Daze condition, the
 * Exposed condition would also be removed." */
static void test_daughter_stays_while_parent_stands(void **s)
{
    (void)s;
    fray_encounter *e = tr_load(duel);
    fray_cond_add(e, 0, TR_DAZED, -1, FRAY_EXP_NEVER, 0);
    fray_cond_add(e, 0, TR_EXPOSED, TR_DAZED, FRAY_EXP_NEVER, 0);
    assert_int_equal(fray_cond_remove(e, 0, TR_EXPOSED), 0);
    assert_true(fray_cond_has(e, 0, TR_EXPOSED));
    assert_int_equal(fray_cond_remove(e, 0, TR_DAZED), 1);
    assert_false(fray_cond_has(e, 0, TR_DAZED));
    assert_false(fray_cond_has(e, 0, TR_EXPOSED));
    fray_encounter_free(e);
}

static void test_own_entry_outlives_parent(void **s)
{
    (void)s;
    fray_encounter *e = tr_load(duel);
    fray_cond_add(e, 0, TR_EXPOSED, -1, FRAY_EXP_ROUND_END, 3);
    fray_cond_add(e, 0, TR_DAZED, -1, FRAY_EXP_NEVER, 0);
    fray_cond_add(e, 0, TR_EXPOSED, TR_DAZED, FRAY_EXP_NEVER, 0);
    /* removing Exposed removes its own entry, the Dazed one holds it */
    assert_int_equal(fray_cond_remove(e, 0, TR_EXPOSED), 0);
    assert_int_equal(fray_cond_remove(e, 0, TR_DAZED), 1);
    assert_false(fray_cond_has(e, 0, TR_EXPOSED));
    fray_encounter_free(e);
}

static void test_expiry_at_round_end(void **s)
{
    (void)s;
    fray_encounter *e = tr_load(duel);
    e->round = 2;
    fray_cond_add(e, 1, TR_DAZED, -1, FRAY_EXP_ROUND_END, 3);
    fray_cond_add(e, 1, TR_EXPOSED, TR_DAZED, FRAY_EXP_NEVER, 0);
    fray_cond_expire(e, 1, FRAY_EXP_ROUND_END);
    assert_true(fray_cond_has(e, 1, TR_DAZED)); /* round 2 ends: not yet */
    fray_cond_expire(e, 1, FRAY_EXP_ROUND_START);
    assert_true(fray_cond_has(e, 1, TR_DAZED)); /* wrong boundary */
    e->round = 3;
    fray_cond_expire(e, 1, FRAY_EXP_ROUND_END);
    assert_false(fray_cond_has(e, 1, TR_DAZED));
    assert_false(fray_cond_has(e, 1, TR_EXPOSED)); /* went with its parent */
    fray_encounter_free(e);
}

static void test_adding_twice_extends(void **s)
{
    (void)s;
    fray_encounter *e = tr_load(duel);
    fray_cond_add(e, 0, TR_DAZED, -1, FRAY_EXP_ROUND_END, 2);
    fray_cond_add(e, 0, TR_DAZED, -1, FRAY_EXP_ROUND_END, 1); /* shorter: no change */
    assert_int_equal(e->c[0].ncond, 1);
    e->round = 1;
    fray_cond_expire(e, 0, FRAY_EXP_ROUND_END);
    assert_true(fray_cond_has(e, 0, TR_DAZED));
    fray_encounter_free(e);
}

static void test_changes_reach_the_event(void **s)
{
    (void)s;
    fray_encounter *e = tr_load(duel);
    tr_log log = {0};
    fray_subscribe(e, tr_sink, &log);
    fray_res_set(e, 1, TR_HP, 2);
    fray_res_set(e, 1, TR_HP, 2); /* no change, not recorded */
    fray_cond_add(e, 1, TR_DAZED, -1, FRAY_EXP_NEVER, 0);
    fray_flush(e, 0, NULL);
    assert_int_equal(log.n, 1);
    assert_string_equal(log.kinds[0], "state");
    assert_non_null(strstr(log.lines[0], "B HP 5->2"));
    assert_non_null(strstr(log.lines[0], "B +Dazed"));
    /* the actor's own changes are narrated without its name */
    fray_res_set(e, 0, TR_HP, 4);
    fray_flush(e, 0, NULL);
    assert_int_equal(log.n, 2);
    assert_non_null(strstr(log.lines[1], "  A | HP 5->4"));
    fray_encounter_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_daughter_stays_while_parent_stands),
        cmocka_unit_test(test_own_entry_outlives_parent),
        cmocka_unit_test(test_expiry_at_round_end),
        cmocka_unit_test(test_adding_twice_extends),
        cmocka_unit_test(test_changes_reach_the_event),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
