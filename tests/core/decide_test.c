/* decide_test.c: a policy that chooses without the list changes no fight.
 *
 * A ruleset's decide hook (core.h, version 6) stands for "legal, then the
 * policy picks from the list": it must give the same action, draw the same
 * from the policy's stream and leave the same state. fray_check_decide runs
 * both at every choice and fails the fight at the first difference. Here:
 * the test ruleset with a right decide plays the same fights as without one,
 * wrong ones are caught and named, and every example of every ruleset that
 * has a decide passes the check with the policy on both sides and with one
 * side at random. */
#include "test.h"
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testrules.h"

static const char *melee =
    "{\"ruleset\":\"test\",\"combatants\":["
    "{\"name\":\"A\",\"side\":\"blue\",\"at\":[0,0],\"sheet\":{\"hp\":9}},"
    "{\"name\":\"B\",\"side\":\"red\",\"at\":[1,0],\"sheet\":{\"hp\":9}},"
    "{\"name\":\"C\",\"side\":\"red\",\"at\":[2,0],\"sheet\":{\"hp\":4}}]}";

/* The test policy's choice, as tests/support/testrules.c's legal and
 * policy make it: Strike the first foe standing; Brace a Strike declared
 * at you; Riposte a Strike at you that missed (arg 0). */
static int right_decide(fray_encounter *e, int who, int window, const fray_action *trig,
                        fray_action *out)
{
    if (e->c[who].status != FRAY_ABLE)
        return FRAY_DECIDE_NONE;
    if (window == FRAY_WIN_ACT) {
        for (int t = 0; t < e->n; t++)
            if (e->c[t].side != e->c[who].side && e->c[t].status == FRAY_ABLE) {
                *out = (fray_action){.kind = TR_STRIKE, .actor = (int16_t)who,
                                     .target = (int16_t)t};
                return FRAY_DECIDE_TAKE;
            }
        return FRAY_DECIDE_PASS;
    }
    if (window == FRAY_WIN_DECLARED && trig->kind == TR_STRIKE && trig->target == who) {
        *out = (fray_action){.kind = TR_BRACE, .actor = (int16_t)who, .target = -1};
        return FRAY_DECIDE_TAKE;
    }
    if (window == FRAY_WIN_TRIGGERED && trig->kind == TR_STRIKE && trig->target == who &&
        trig->arg == 0) {
        *out = (fray_action){.kind = TR_RIPOSTE, .actor = (int16_t)who, .target = trig->actor};
        return FRAY_DECIDE_TAKE;
    }
    return FRAY_DECIDE_NONE;
}

/* Wrong: never Braces (the policy always does). */
static int no_brace_decide(fray_encounter *e, int who, int window, const fray_action *trig,
                           fray_action *out)
{
    return window == FRAY_WIN_DECLARED ? FRAY_DECIDE_PASS : right_decide(e, who, window, trig, out);
}

/* Wrong: the right action, but it draws from the policy's stream. */
static int drawing_decide(fray_encounter *e, int who, int window, const fray_action *trig,
                          fray_action *out)
{
    fray_rng_next(fray_policy_rng(e));
    return right_decide(e, who, window, trig, out);
}

/* Always hands the choice back to the list. */
static int list_decide(fray_encounter *e, int who, int window, const fray_action *trig,
                       fray_action *out)
{
    (void)e, (void)who, (void)window, (void)trig, (void)out;
    return FRAY_DECIDE_LIST;
}

/* The test ruleset with this decide; policy_kinds off, since its legal
 * counts the shortened lists in the state (which a decide does not). */
static fray_ruleset with_decide(int (*decide)(fray_encounter *, int, int, const fray_action *,
                                              fray_action *))
{
    fray_ruleset rs = tr_ruleset;
    rs.policy_kinds = 0;
    rs.decide = decide;
    return rs;
}

/* The narration of seeds 0..n-1 with rs (checked when `check`), into log;
 * the first fray_run result that is not 0, or 0. */
static int play(const fray_ruleset *rs, int check, int nseeds, tr_log *log, char *err,
                size_t errlen)
{
    char lerr[256];
    fray_encounter *e = fray_encounter_load_with(rs, melee, "melee.json", lerr, sizeof lerr);
    assert_non_null(e);
    assert_int_equal(fray_check_decide(e, check), 0);
    assert_int_equal(e->decide_check != NULL, check && rs->decide);
    int rc = 0;
    for (int seed = 0; seed < nseeds && !rc; seed++) {
        log->n = 0;
        e->nsinks = 0;
        fray_subscribe(e, tr_sink, log);
        fray_reset(e, (uint64_t)seed, 0);
        rc = fray_run(e);
    }
    if (rc)
        snprintf(err, errlen, "%s", fray_error(e));
    fray_encounter_free(e);
    return rc;
}

static void test_a_right_decide_plays_the_same_fights(void **s)
{
    (void)s;
    fray_ruleset plain = with_decide(NULL), right = with_decide(right_decide),
                 list = with_decide(list_decide);
    char err[256] = "";
    for (int seed = 1; seed <= 40; seed++) {
        tr_log *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b), *c = calloc(1, sizeof *c);
        assert_int_equal(play(&plain, 0, seed, a, err, sizeof err), 0);
        assert_int_equal(play(&right, 0, seed, b, err, sizeof err), 0);
        assert_int_equal(play(&list, 0, seed, c, err, sizeof err), 0);
        assert_int_equal(a->n, b->n);
        assert_int_equal(a->n, c->n);
        for (int i = 0; i < a->n; i++) {
            assert_string_equal(a->lines[i], b->lines[i]);
            assert_string_equal(a->lines[i], c->lines[i]);
        }
        free(a), free(b), free(c);
    }
    /* and the check finds nothing to say */
    tr_log *log = calloc(1, sizeof *log);
    assert_int_equal(play(&right, 1, 40, log, err, sizeof err), 0);
    free(log);
}

static void test_the_check_names_a_different_choice(void **s)
{
    (void)s;
    fray_ruleset wrong = with_decide(no_brace_decide);
    tr_log *log = calloc(1, sizeof *log);
    char err[256] = "";
    /* unchecked, the wrong decide simply plays other fights */
    assert_int_equal(play(&wrong, 0, 10, log, err, sizeof err), 0);
    assert_int_equal(play(&wrong, 1, 10, log, err, sizeof err), -1);
    assert_non_null(strstr(err, "decide and policy differ in the choice"));
    assert_non_null(strstr(err, "decide pass; policy Brace"));
    free(log);
}

static void test_the_check_names_a_draw_from_the_policy_stream(void **s)
{
    (void)s;
    fray_ruleset wrong = with_decide(drawing_decide);
    tr_log *log = calloc(1, sizeof *log);
    char err[256] = "";
    assert_int_equal(play(&wrong, 1, 10, log, err, sizeof err), -1);
    assert_non_null(strstr(err, "differ in the policy's random stream"));
    free(log);
}

/* Every example whose ruleset decides without the list: checked at every
 * choice, with the policy on both sides and with the second side random
 * (whose creatures still get the list). */
static void test_every_example_decides_as_its_policy(void **s)
{
    (void)s;
    glob_t g;
    assert_int_equal(glob("examples/*.json", 0, NULL, &g), 0);
    int checked = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        char err[512] = "";
        fray_encounter *e = fray_encounter_load_file(g.gl_pathv[i], err, sizeof err);
        if (!e)
            fail_msg("%s: %s", g.gl_pathv[i], err);
        if (!e->rs->decide) {
            fray_encounter_free(e);
            continue;
        }
        assert_int_equal(fray_check_decide(e, 1), 0);
        for (int random_red = 0; random_red < 2; random_red++) {
            if (random_red)
                assert_int_equal(fray_set_controller(e, fray_side_name(e, 1), "random"), 0);
            for (uint64_t seed = 1; seed <= 25; seed++) {
                fray_reset(e, seed, 0);
                if (fray_run(e) < 0)
                    fail_msg("%s seed %llu%s: %s", g.gl_pathv[i], (unsigned long long)seed,
                             random_red ? " (red random)" : "", fray_error(e));
            }
        }
        checked++;
        fray_encounter_free(e);
    }
    globfree(&g);
    print_message("%d examples with a decide checked\n", checked);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_right_decide_plays_the_same_fights),
        cmocka_unit_test(test_the_check_names_a_different_choice),
        cmocka_unit_test(test_the_check_names_a_draw_from_the_policy_stream),
        cmocka_unit_test(test_every_example_decides_as_its_policy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
