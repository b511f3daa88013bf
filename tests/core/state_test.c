/* state_test.c: conditions with parents and durations, resources; the world
 * revision and the ruleset memo. */
#include "test.h"
#include <string.h>
#include "testrules.h"
#include "lookahead.h"

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

/* tr_ruleset with a memo: the core's world revision and memo (core.h,
 * struct fray_encounter). Static, as the encounter keeps a pointer to it. */
static fray_ruleset memo_rules;

static fray_encounter *memo_load(void)
{
    memo_rules = tr_ruleset;
    memo_rules.memo_size = 24;
    char err[512] = "";
    fray_encounter *e = fray_encounter_load_with(&memo_rules, duel, "test.json", err, sizeof err);
    if (!e)
        fail_msg("load failed: %s", err);
    return e;
}

/* Each write of what a policy derives its views from (a position, a
 * status, a condition mask) bumps world_rev, and so does a reset, a join
 * and a ruleset's fray_touch; a write that changes nothing, and a
 * resource, do not. */
static void test_world_rev_grows_at_each_write(void **s)
{
    (void)s;
    fray_encounter *e = memo_load();
    uint64_t r = e->world_rev;
    assert_true(r >= 1); /* a zeroed stamp is never current */
#define BUMPS(call, by)                                  \
    do {                                                 \
        call;                                            \
        assert_int_equal(e->world_rev - r, (by));        \
        r = e->world_rev;                                \
    } while (0)
    BUMPS(fray_move(e, 0, 100, 0), 1);
    BUMPS(fray_move(e, 0, 100, 0), 0);                 /* stays where it is */
    BUMPS(fray_move_len(e, 1, 300, 0, 200), 1);
    BUMPS(fray_set_status(e, 1, FRAY_DOWN), 1);
    BUMPS(fray_set_status(e, 1, FRAY_DOWN), 0);
    BUMPS(fray_cond_add(e, 0, TR_DAZED, -1, FRAY_EXP_NEVER, 0), 1);
    BUMPS(fray_cond_add(e, 0, TR_DAZED, -1, FRAY_EXP_NEVER, 0), 0); /* the mask holds */
    BUMPS(fray_cond_remove(e, 0, TR_DAZED), 1);
    e->c[1].cond[0] = (fray_cond){.id = TR_EXPOSED, .parent = -1, .src = -1};
    e->c[1].ncond = 1;
    BUMPS(fray_cond_refresh(e, 1), 1);                 /* entries written directly */
    BUMPS(fray_res_set(e, 0, TR_HP, 3), 0);            /* not a view's input */
    BUMPS(fray_touch(e), 1);
    BUMPS(fray_reset(e, 1, 0), 1);
    char err[256];
    BUMPS(assert_int_equal(fray_add_combatant(e, "{\"name\":\"C\",\"side\":\"red\","
                                                  "\"at\":[6,0],\"sheet\":{\"hp\":5}}",
                                              err, sizeof err), 2),
          2);                                          /* the creature, then what join set */
#undef BUMPS
    fray_encounter_free(e);
}

/* The memo is owned, zeroed at load, copied with the revision by
 * fray_encounter_copy and _into, and not restored by fray_reset. */
static void test_copy_carries_the_memo(void **s)
{
    (void)s;
    fray_encounter *e = memo_load();
    assert_non_null(fray_memo(e));
    for (int i = 0; i < 24; i++)
        assert_int_equal(fray_memo(e)[i], 0);
    const fray_encounter *ce = e;
    memset(fray_memo(ce), 0x5a, 24); /* through a const encounter: not state */
    fray_move(e, 0, 50, 0);
    fray_encounter *d = fray_encounter_copy(e);
    assert_non_null(d);
    assert_ptr_not_equal(fray_memo(d), fray_memo(e));
    assert_memory_equal(fray_memo(d), fray_memo(e), 24);
    assert_true(d->world_rev == e->world_rev);
    fray_memo(e)[0] = 7;
    fray_touch(e);
    assert_int_equal(fray_encounter_copy_into(d, e), 0);
    assert_int_equal(fray_memo(d)[0], 7);
    assert_true(d->world_rev == e->world_rev);
    uint64_t r = e->world_rev;
    fray_reset(e, 2, 0);
    assert_int_equal(fray_memo(e)[0], 7);              /* kept; its stamps are old */
    assert_true(e->world_rev > r);
    fray_encounter_free(d);
    fray_encounter_free(e);
    /* a ruleset without a memo has none */
    fray_encounter *p = tr_load(duel);
    assert_null(fray_memo(p));
    fray_encounter *q = fray_encounter_copy(p);
    assert_null(fray_memo(q));
    fray_encounter_free(q);
    fray_encounter_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_daughter_stays_while_parent_stands),
        cmocka_unit_test(test_own_entry_outlives_parent),
        cmocka_unit_test(test_expiry_at_round_end),
        cmocka_unit_test(test_adding_twice_extends),
        cmocka_unit_test(test_changes_reach_the_event),
        cmocka_unit_test(test_world_rev_grows_at_each_write),
        cmocka_unit_test(test_copy_carries_the_memo),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
