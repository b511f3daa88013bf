/* loop_test.c: the loop compiled for a ruleset plays the loop's fights.
 *
 * A ruleset defined with FRAY_RULESET (loop.h) has its own `run`: the
 * steps of loop.h compiled against its static table, so that the compiler
 * calls its hooks directly. engine.c compiles the same steps against
 * e->rs, for fray_step (which `fray play` steps with) and for any table
 * without a run. Here every example plays the same fight all three ways:
 * fray_run with the ruleset's own table, fray_run with a copy of the table
 * (another address: the generic loop), and fray_step until the end, with
 * the policy on both sides and with the second side at random. */
#include "test.h"
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

/* What a fight leaves: every creature's state, the dice drawn, the events
 * counted, who won and when. */
typedef struct {
    int round, winner, over, rc;
    uint64_t drawn, seq;
    struct {
        int status, x, y, dealt, taken;
        int res[FRAY_MAX_RES];
        uint64_t cmask;
    } c[FRAY_MAX_COMBATANTS];
} outcome;

enum { BY_RUN, BY_STEP };

static outcome play(fray_encounter *e, uint64_t seed, int how)
{
    outcome o;
    memset(&o, 0, sizeof o);
    fray_reset(e, seed, 0);
    if (how == BY_RUN)
        o.rc = fray_run(e);
    else
        while ((o.rc = fray_step(e)) > 0)
            ;
    o.round = e->round, o.winner = e->winner, o.over = e->over;
    o.drawn = e->dice.drawn, o.seq = e->seq;
    for (int i = 0; i < e->n; i++) {
        o.c[i].status = e->c[i].status, o.c[i].x = e->c[i].x, o.c[i].y = e->c[i].y;
        o.c[i].dealt = e->c[i].dealt, o.c[i].taken = e->c[i].taken;
        memcpy(o.c[i].res, e->c[i].res, sizeof o.c[i].res);
        o.c[i].cmask = e->c[i].cmask;
    }
    return o;
}

static void test_every_ruleset_has_its_own_loop(void **s)
{
    (void)s;
    for (int i = 0; fray_rulesets[i]; i++)
        if (!fray_rulesets[i]->run)
            fail_msg("ruleset %s: defined without FRAY_RULESET, no loop of its own",
                     fray_rulesets[i]->id);
}

static void test_every_example_plays_the_same_fight_every_way(void **s)
{
    (void)s;
    glob_t g;
    assert_int_equal(glob("examples/*.json", 0, NULL, &g), 0);
    int fights = 0;
    for (size_t k = 0; k < g.gl_pathc; k++) {
        const char *path = g.gl_pathv[k];
        char err[512] = "";
        size_t len = 0;
        char *text = fray_slurp(path, &len);
        assert_non_null(text);
        fray_encounter *own = fray_encounter_load_string(text, path, err, sizeof err);
        if (!own)
            fail_msg("%s: %s", path, err);
        fray_ruleset copy = *own->rs; /* the same hooks at another address */
        fray_encounter *generic = fray_encounter_load_with(&copy, text, path, err, sizeof err);
        if (!generic)
            fail_msg("%s: %s", path, err);
        for (int random_red = 0; random_red < 2; random_red++) {
            if (random_red) {
                assert_int_equal(fray_set_controller(own, fray_side_name(own, 1), "random"), 0);
                assert_int_equal(
                    fray_set_controller(generic, fray_side_name(generic, 1), "random"), 0);
            }
            for (uint64_t seed = 1; seed <= 20; seed++) {
                outcome a = play(own, seed, BY_RUN), b = play(generic, seed, BY_RUN),
                        c = play(own, seed, BY_STEP);
                if (memcmp(&a, &b, sizeof a) || memcmp(&a, &c, sizeof a))
                    fail_msg("%s seed %llu%s: the fight differs %s", path,
                             (unsigned long long)seed, random_red ? " (red random)" : "",
                             memcmp(&a, &b, sizeof a) ? "between the ruleset's loop and the "
                                                        "generic one"
                                                      : "between fray_run and fray_step");
                assert_true(a.over || a.rc < 0);
                fights++;
            }
        }
        fray_encounter_free(own);
        fray_encounter_free(generic);
        free(text);
    }
    globfree(&g);
    print_message("%d fights played three ways\n", fights);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_ruleset_has_its_own_loop),
        cmocka_unit_test(test_every_example_plays_the_same_fight_every_way),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
