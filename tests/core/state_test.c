/* state_test.c: conditions with parents and durations, resources, geometry. */
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

static void test_geometry(void **s)
{
    (void)s;
    fray_encounter *e = tr_load(duel);
    assert_int_equal(fray_distance(e, 0, 1), 500); /* 3-4-5 metres, in cm */
    assert_int_equal(fray_isqrt(99), 9);
    assert_int_equal(fray_isqrt(100), 10);
    assert_int_equal(fray_isqrt((int64_t)1 << 60), 1 << 30);
    /* A at the origin faces B (up and right: direction 1, 45 degrees) */
    assert_int_equal(e->c[0].facing, 1);
    assert_true(fray_faces(e, 0, 300, 400));
    assert_false(fray_faces(e, 0, -300, -400));
    e->c[0].facing = 0; /* +x: a point straight beside counts as faced */
    assert_true(fray_faces(e, 0, 0, 100));
    assert_false(fray_faces(e, 0, -1, 100));
    fray_encounter_free(e);
}

/* The facing's definition, as a loop: the direction whose unit vector has
 * the largest projection, the first of equals, diagonals scaled by 181/256. */
static int facing_by_definition(int64_t dx, int64_t dy)
{
    static const int ux[8] = {1, 1, 0, -1, -1, -1, 0, 1};
    static const int uy[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    int best = 0;
    int64_t bestp = INT64_MIN;
    for (int i = 0; i < 8; i++) {
        int64_t p = dx * ux[i] + dy * uy[i];
        if (ux[i] && uy[i])
            p = p * 181 / 256;
        if (p > bestp) {
            bestp = p;
            best = i;
        }
    }
    return best;
}

static void test_facing_without_a_loop(void **s)
{
    (void)s;
    assert_int_equal(fray_facing_of(100, 0), 0);
    assert_int_equal(fray_facing_of(100, 100), 1);
    assert_int_equal(fray_facing_of(-100, -1), 4);
    assert_int_equal(fray_facing_of(0, 0), 0); /* no direction: the first */
    for (int64_t dx = -400; dx <= 400; dx++)
        for (int64_t dy = -400; dy <= 400; dy++)
            if (fray_facing_of(dx, dy) != facing_by_definition(dx, dy))
                fail_msg("facing of (%lld, %lld)", (long long)dx, (long long)dy);
    for (int64_t k = 1; k < ((int64_t)1 << 40); k = k * 3 + 1)
        for (int sx = -1; sx <= 1; sx++)
            for (int sy = -1; sy <= 1; sy++)
                assert_int_equal(fray_facing_of(sx * k, sy * (k / 2 + 1)),
                                 facing_by_definition(sx * k, sy * (k / 2 + 1)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_daughter_stays_while_parent_stands),
        cmocka_unit_test(test_own_entry_outlives_parent),
        cmocka_unit_test(test_expiry_at_round_end),
        cmocka_unit_test(test_adding_twice_extends),
        cmocka_unit_test(test_changes_reach_the_event),
        cmocka_unit_test(test_geometry),
        cmocka_unit_test(test_facing_without_a_loop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
