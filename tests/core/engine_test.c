/* engine_test.c: the fight loop with the test ruleset: rounds, windows,
 * controllers, scripted dice, victory, the round limit, reset. */
#include "test.h"
#include <stdio.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include "testrules.h"

static const char *duel =
    "{\"ruleset\":\"test\",\"combatants\":["
    "{\"name\":\"A\",\"side\":\"blue\",\"at\":[0,0],\"sheet\":{\"hp\":6}},"
    "{\"name\":\"B\",\"side\":\"red\",\"at\":[1,0],\"sheet\":{\"hp\":6}}]}";

static int count_kind(const tr_log *log, const char *kind)
{
    int n = 0;
    for (int i = 0; i < log->n; i++)
        n += !strcmp(log->kinds[i], kind);
    return n;
}

/* A scripted fight: B Braces, A hits anyway (16 >= 15) for 6: B is dead in round 1. */
static void test_scripted_dice_decide_the_fight(void **s)
{
    (void)s;
    fray_encounter *e = tr_load(duel);
    tr_log log = {0};
    fray_subscribe(e, tr_sink, &log);
    const int dice[] = {16, 6};
    fray_set_dice_script(e, dice, 2);
    fray_set_seed(e, 1);
    assert_int_equal(fray_run(e), 0);
    assert_true(fray_over(e));
    assert_int_equal(fray_winner(e), 0);
    assert_int_equal(fray_round(e), 1);
    assert_int_equal(fray_combatant_status(e, 1), FRAY_DEAD);
    assert_int_equal(count_kind(&log, "attack"), 1);
    /* B was offered Brace in the declared window and its policy took it */
    assert_int_equal(count_kind(&log, "reaction"), 1);
    assert_string_equal(log.kinds[log.n - 1], "end");
    assert_non_null(strstr(log.lines[log.n - 1], "blue wins"));
    fray_encounter_free(e);
}

/* A miss (Braced: 12 < 15) triggers Riposte: a reaction in the triggered window. */
static void test_triggered_window(void **s)
{
    (void)s;
    fray_encounter *e = tr_load(duel);
    tr_log log = {0};
    fray_subscribe(e, tr_sink, &log);
    const int dice[] = {12, 20, 6};
    fray_set_dice_script(e, dice, 3);
    fray_set_seed(e, 1);
    assert_int_equal(fray_run(e), 0);
    int hp;
    assert_int_equal(fray_combatant_resource(e, 0, "HP", &hp), 0);
    assert_int_equal(hp, 0); /* 1 from the Riposte, 6 from B's strike (braced by A: 20 >= 15) */
    assert_int_equal(fray_winner(e), 1);
    assert_int_equal(count_kind(&log, "reaction"), 3);
    fray_encounter_free(e);
}

static void test_dice_running_out_is_an_error(void **s)
{
    (void)s;
    fray_encounter *e = tr_load(duel);
    const int dice[] = {2, 3, 4};
    fray_set_dice_script(e, dice, 3);
    fray_set_seed(e, 1);
    assert_int_equal(fray_run(e), -1);
    assert_int_equal(fray_error_code(e), FRAY_EINPUT);
    assert_non_null(strstr(fray_error(e), "ran out"));
    fray_encounter_free(e);
}

static void run_to_text(fray_encounter *e, uint64_t seed, char *buf, size_t len)
{
    FILE *f = fmemopen(buf, len, "w");
    assert_non_null(f);
    fray_reset(e, seed, 0);
    e->nsinks = 0;
    fray_subscribe(e, fray_sink_text, f);
    assert_int_equal(fray_run(e), 0);
    fclose(f);
}

static void test_same_seed_same_fight(void **s)
{
    (void)s;
    static char a[16384], b[16384], c[16384];
    fray_encounter *e = tr_load(duel);
    run_to_text(e, 7, a, sizeof a);
    run_to_text(e, 7, b, sizeof b);
    assert_string_equal(a, b);
    int differ = 0;
    for (uint64_t seed = 8; seed < 12; seed++) {
        run_to_text(e, seed, c, sizeof c);
        differ += strcmp(a, c) != 0;
    }
    assert_true(differ >= 3);
    fray_encounter_free(e);
}

/* creature_live: fray_reset copies back the first creature_live bytes of
 * each private block, and (without NDEBUG) stops the program when a byte
 * past them, the sheet a fight must not change, differs from the loaded
 * block. The test ruleset's block is three ints (hp_max, bonus, braced):
 * a copy of its table calls the first two live. */
static void test_reset_copies_the_live_part(void **s)
{
    (void)s;
    fray_ruleset rs = tr_ruleset;
    rs.creature_live = 2 * sizeof(int);
    char err[512] = "";
    fray_encounter *e = fray_encounter_load_with(&rs, duel, "test.json", err, sizeof err);
    assert_non_null(e);
    assert_int_equal(rs.creature_size, 3 * sizeof(int));
    int *p = fray_priv(e, 1);
    int hp = p[0], bonus = p[1];
    p[0] = 99;
    p[1] = 4;
    fray_reset(e, 3, 0);
    assert_int_equal(p[0], hp);
    assert_int_equal(p[1], bonus);
#ifndef NDEBUG
    fflush(NULL);
    pid_t child = fork();
    assert_true(child >= 0);
    if (child == 0) {
        /* the sheet changed in a fight: the next reset must refuse it */
        close(2);
        p[2] = 12345;
        fray_reset(e, 4, 0);
        _exit(0);
    }
    int status = 0;
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(WIFSIGNALED(status));
    assert_int_equal(WTERMSIG(status), SIGABRT);
#endif
    fray_encounter_free(e);
}

static void test_round_limit_is_a_draw(void **s)
{
    (void)s;
    /* nobody can hurt anybody: a 1-faced damage die and 100 HP, and misses */
    fray_encounter *e = tr_load(
        "{\"ruleset\":\"test\",\"max_rounds\":3,\"combatants\":["
        "{\"name\":\"A\",\"side\":\"blue\",\"controller\":\"script\",\"script\":[\"pass\",\"pass\",\"pass\"],\"sheet\":{\"hp\":100}},"
        "{\"name\":\"B\",\"side\":\"red\",\"controller\":\"script\",\"script\":[\"pass\",\"pass\",\"pass\"],\"sheet\":{\"hp\":100}}]}");
    assert_int_equal(fray_run(e), 0);
    assert_int_equal(fray_winner(e), -1);
    assert_int_equal(fray_round(e), 3);
    fray_encounter_free(e);
}

static void test_script_controller_and_fallback(void **s)
{
    (void)s;
    fray_encounter *e = tr_load(
        "{\"ruleset\":\"test\",\"dice\":[20,6],\"combatants\":["
        "{\"name\":\"A\",\"side\":\"blue\",\"script\":[\"Daze > B\"],\"sheet\":{\"hp\":6}},"
        "{\"name\":\"B\",\"side\":\"red\",\"sheet\":{\"hp\":6}}]}");
    tr_log log = {0};
    fray_subscribe(e, tr_sink, &log);
    fray_set_seed(e, 3);
    assert_int_equal(fray_step(e), 1); /* start */
    assert_int_equal(fray_step(e), 1); /* round 1 */
    assert_int_equal(fray_step(e), 1); /* A: Daze > B, from the script */
    assert_true(fray_combatant_has(e, 1, "Dazed"));
    assert_true(fray_combatant_has(e, 1, "Exposed"));
    assert_int_equal(fray_run(e), 0); /* B strikes 20 for 6 */
    assert_int_equal(fray_winner(e), 1);
    fray_encounter_free(e);
}

static void test_script_entry_not_legal(void **s)
{
    (void)s;
    fray_encounter *e = tr_load(
        "{\"ruleset\":\"test\",\"combatants\":["
        "{\"name\":\"A\",\"side\":\"blue\",\"script\":[\"Riposte > B\"],\"sheet\":{\"hp\":6}},"
        "{\"name\":\"B\",\"side\":\"red\",\"sheet\":{\"hp\":6}}]}");
    assert_int_equal(fray_run(e), -1);
    assert_non_null(strstr(fray_error(e), "Riposte > B is not legal now"));
    fray_encounter_free(e);
}

static void test_random_controller_is_seeded(void **s)
{
    (void)s;
    fray_encounter *e = tr_load(duel);
    assert_int_equal(fray_set_controller(e, "red", "random"), 0);
    assert_int_equal(fray_set_controller(e, "green", "random"), -1);
    assert_int_equal(fray_set_controller(e, "red", "cheat"), -1);
    int wins_a = 0;
    for (uint64_t seed = 0; seed < 200; seed++) {
        fray_reset(e, seed, 0);
        assert_int_equal(fray_run(e), 0);
        wins_a += fray_winner(e) == 0;
    }
    /* random play passes or Dazes half the time: the policy must win more */
    assert_true(wins_a > 120);
    fray_encounter_free(e);
}

/* The policy is asked with a list of its own kinds only (policy_kinds),
 * and chooses exactly what it chooses from the whole list; random and
 * scripted creatures still see every kind. */
static void test_policy_kinds_shorten_the_list(void **s)
{
    (void)s;
    fray_ruleset whole = tr_ruleset;
    whole.policy_kinds = 0;
    char err[256];
    fray_encounter *a = tr_load(duel);
    fray_encounter *b = fray_encounter_load_with(&whole, duel, "whole.json", err, sizeof err);
    assert_non_null(b);
    for (uint64_t seed = 0; seed < 50; seed++) {
        tr_log la = {0}, lb = {0};
        a->nsinks = b->nsinks = 0;
        fray_subscribe(a, tr_sink, &la);
        fray_subscribe(b, tr_sink, &lb);
        fray_reset(a, seed, 0);
        fray_reset(b, seed, 0);
        assert_int_equal(fray_run(a), 0);
        assert_int_equal(fray_run(b), 0);
        assert_true(tr_narrowed(a) > 0);
        assert_int_equal(tr_narrowed(b), 0);
        assert_int_equal(la.n, lb.n);
        for (int i = 0; i < la.n; i++)
            assert_string_equal(la.lines[i], lb.lines[i]);
    }
    /* random play on both sides: never a shortened list */
    assert_int_equal(fray_set_controller(a, "blue", "random"), 0);
    assert_int_equal(fray_set_controller(a, "red", "random"), 0);
    a->nsinks = 0;
    fray_reset(a, 7, 0);
    assert_int_equal(fray_run(a), 0);
    assert_int_equal(tr_narrowed(a), 0);
    fray_encounter_free(a);
    fray_encounter_free(b);
    /* a script that ran out hands over to the policy, and to its list */
    fray_encounter *c = tr_load(
        "{\"ruleset\":\"test\",\"combatants\":["
        "{\"name\":\"A\",\"side\":\"blue\",\"script\":[\"Daze > B\"],\"sheet\":{\"hp\":6}},"
        "{\"name\":\"B\",\"side\":\"red\",\"controller\":\"random\",\"sheet\":{\"hp\":6}}]}");
    assert_int_equal(fray_step(c), 1); /* start */
    assert_int_equal(fray_step(c), 1); /* round 1 */
    assert_int_equal(fray_step(c), 1); /* A: Daze > B, from the script */
    assert_int_equal(tr_narrowed(c), 0);
    assert_true(fray_combatant_has(c, 1, "Dazed"));
    assert_int_equal(fray_run(c), 0);
    assert_true(tr_narrowed(c) > 0);
    fray_encounter_free(c);
}

static void test_rest_and_options(void **s)
{
    (void)s;
    fray_encounter *e = tr_load(
        "{\"ruleset\":\"test\",\"options\":{\"damage_die\":2},\"dice\":[19,2,1,1,1],"
        "\"combatants\":["
        "{\"name\":\"A\",\"side\":\"blue\",\"sheet\":{\"hp\":9}},"
        "{\"name\":\"B\",\"side\":\"red\",\"sheet\":{\"hp\":9}}]}");
    assert_int_equal(e->opt[0], 2);
    for (int i = 0; i < 3; i++) /* start, round 1, A strikes: 19 hits for 2 */
        fray_step(e);
    int hp;
    fray_combatant_resource(e, 1, "HP", &hp);
    assert_int_equal(hp, 7);
    assert_int_equal(fray_rest(e, 0), 0);
    fray_combatant_resource(e, 1, "HP", &hp);
    assert_int_equal(hp, 9);
    fray_encounter_free(e);
}

/* The odds hook answers through the table, as `fray odds` calls it. */
static void test_odds_hook(void **s)
{
    (void)s;
    char a0[] = "strike", a1[] = "--braced", *argv[] = {a0, a1};
    char err[128];
    json_t *out = NULL;
    assert_int_equal(tr_ruleset.odds(2, argv, &out, err, sizeof err), 0);
    assert_true(json_real_value(json_object_get(out, "p_hit")) == 0.3);
    json_decref(out);
    char b0[] = "parry", *bad[] = {b0};
    assert_int_equal(tr_ruleset.odds(1, bad, &out, err, sizeof err), -1);
    assert_non_null(strstr(err, "unknown check"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scripted_dice_decide_the_fight),
        cmocka_unit_test(test_triggered_window),
        cmocka_unit_test(test_dice_running_out_is_an_error),
        cmocka_unit_test(test_same_seed_same_fight),
        cmocka_unit_test(test_reset_copies_the_live_part),
        cmocka_unit_test(test_round_limit_is_a_draw),
        cmocka_unit_test(test_script_controller_and_fallback),
        cmocka_unit_test(test_script_entry_not_legal),
        cmocka_unit_test(test_random_controller_is_seeded),
        cmocka_unit_test(test_policy_kinds_shorten_the_list),
        cmocka_unit_test(test_rest_and_options),
        cmocka_unit_test(test_odds_hook),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
