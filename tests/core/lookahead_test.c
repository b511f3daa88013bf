/* lookahead_test.c: a mid-fight copy of an encounter goes on as the fight
 * does, and the look-ahead player is deterministic and leaves the fight as
 * it found it.
 *
 * Every example duel and skirmish of every ruleset: a copy taken between
 * two steps, at several points of the fight, and run to the end ends the
 * same fight as the original (the same creatures, private bytes, state,
 * events counted, dice drawn and generators); a copy taken at an own-turn
 * choice and given the rest of that step with the choice made
 * (fray_step_act_with) ends the same fight too. */
#include "test.h"
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "lookahead.h"

/* The first difference between two fights, or NULL. */
static const char *differ(const fray_encounter *a, const fray_encounter *b)
{
    if (a->over != b->over || a->winner != b->winner || a->round != b->round)
        return "the end (over, winner, round)";
    if (a->seq != b->seq)
        return "the events counted";
    if (a->dice.drawn != b->dice.drawn || memcmp(&a->dice.rng, &b->dice.rng, sizeof a->dice.rng))
        return "the dice";
    if (a->policy_seeded != b->policy_seeded ||
        (a->policy_seeded && memcmp(&a->policy_rng, &b->policy_rng, sizeof a->policy_rng)))
        return "the policy's stream";
    if (a->n != b->n || memcmp(a->c, b->c, (size_t)a->n * sizeof a->c[0]))
        return "the combatants";
    if (memcmp(a->priv, b->priv, (size_t)a->n * a->rs->creature_size))
        return "the private bytes";
    if (memcmp(a->state, b->state, a->rs->state_size))
        return "the ruleset's state";
    return NULL;
}

static void examples(glob_t *g)
{
    assert_int_equal(glob("examples/*-duel.json", 0, NULL, g), 0);
    assert_int_equal(glob("examples/*-skirmish.json", GLOB_APPEND, NULL, g), 0);
    assert_true(g->gl_pathc >= 10); /* five rulesets, a duel and a skirmish each */
}

static fray_encounter *load(const char *path)
{
    char err[512] = "";
    fray_encounter *e = fray_encounter_load_file(path, err, sizeof err);
    if (!e)
        fail_msg("%s: %s", path, err);
    return e;
}

static void test_a_copy_between_steps_ends_the_same_fight(void **s)
{
    (void)s;
    glob_t g;
    examples(&g);
    static const int at[] = {1, 4, 12, 40};
    int copies = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        fray_encounter *e = load(g.gl_pathv[i]);
        for (uint64_t seed = 1; seed <= 3; seed++) {
            for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
                fray_reset(e, seed, 0);
                int steps = 0, rc = 1;
                while (steps < at[k] && (rc = fray_step(e)) > 0)
                    steps++;
                if (rc <= 0)
                    break; /* over before this point */
                fray_encounter *c = fray_encounter_copy(e);
                assert_non_null(c);
                assert_int_equal(fray_run(e), 0);
                assert_int_equal(fray_run(c), 0);
                const char *d = differ(e, c);
                if (d)
                    fail_msg("%s seed %llu, copied after %d steps: %s differ", g.gl_pathv[i],
                             (unsigned long long)seed, at[k], d);
                fray_encounter_free(c);
                copies++;
            }
        }
        fray_encounter_free(e);
    }
    globfree(&g);
    print_message("%d copies ended their fights as the originals\n", copies);
}

/* A person (choose_fn) who takes the policy's choice, and at its `when`th
 * own-turn choice keeps a copy of the fight with the choice made. */
typedef struct at_choice {
    int count, when;
    fray_encounter *copy;
    fray_action act;
    int who, pass;
} at_choice;

static int choose(void *ud, fray_encounter *e, int who, int window, const fray_action *trigger,
                  const fray_action *legal, int n)
{
    at_choice *a = ud;
    int pick = e->rs->policy(e, who, window, trigger, legal, n);
    if (window == FRAY_WIN_ACT && e->offer_depth == 0 && a->count++ == a->when) {
        a->copy = fray_encounter_copy(e); /* after the policy's draws, as the fight goes on */
        a->who = who;
        a->pass = pick < 0;
        if (pick >= 0)
            a->act = legal[pick];
    }
    return pick;
}

static void test_a_copy_at_an_own_turn_choice_goes_on_with_that_choice(void **s)
{
    (void)s;
    glob_t g;
    examples(&g);
    int copies = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        fray_encounter *e = load(g.gl_pathv[i]);
        for (int side = 0; side < e->nsides; side++)
            assert_int_equal(fray_set_controller(e, e->side[side], "human"), 0);
        for (int when = 0; when < 30; when += 7) {
            at_choice a = {.when = when};
            e->choose_fn = choose;
            e->human_ud = &a;
            fray_reset(e, 7, (uint64_t)when);
            assert_int_equal(fray_run(e), 0);
            if (!a.copy)
                continue;
            assert_null(a.copy->choose_fn);
            fray_step_act_with(a.copy, a.who, a.pass ? NULL : &a.act);
            assert_int_equal(fray_run(a.copy), 0);
            const char *d = differ(e, a.copy);
            if (d)
                fail_msg("%s, copied at own-turn choice %d: %s differ", g.gl_pathv[i], when, d);
            fray_encounter_free(a.copy);
            copies++;
        }
        fray_encounter_free(e);
    }
    globfree(&g);
    assert_true(copies >= 20);
    print_message("%d copies at a choice ended their fights as the originals\n", copies);
}

/* Dice a person enters: every third die asked, a value of its own (count
 * is how many were asked), the rest left to fray. */
typedef struct entry {
    long count;
} entry;

static int enter_some(void *ud, const char *purpose, int sides, int *value)
{
    (void)purpose;
    entry *en = ud;
    if (++en->count % 3)
        return 0;
    *value = 1 + (int)(en->count / 3 % sides);
    return 1;
}

/* A person (blue) who takes the policy's choice, and at its `when`th choice
 * in a window nested in an action replays the step from its checkpoint up
 * to that choice (fray_la_replay_to_end), red being a look-ahead player of
 * one candidate (its choices are the policy's, noted and replayed as a
 * look-ahead's are) and some dice entered. */
typedef struct at_nested {
    int count, when;   /* choices in nested windows: at the when'th, the copy */
    int acount, awhen; /* answers (ask_nested): at the awhen'th, the copy */
    entry *dice;
    entry copy_dice;
    fray_encounter *copy;
} at_nested;

static int ask_nested(void *ud, fray_encounter *e, int who, int q, uint32_t allowed,
                      const fray_action *ctx);

static int choose_nested(void *ud, fray_encounter *e, int who, int window,
                         const fray_action *trigger, const fray_action *legal, int n)
{
    at_nested *a = ud;
    int pick = e->rs->policy(e, who, window, trigger, legal, n);
    if ((window != FRAY_WIN_ACT || e->offer_depth > 0) && a->count++ == a->when) {
        a->copy_dice = *a->dice; /* the person's dice from here on, in the copy */
        a->copy = fray_la_replay_to_end(e, who, window, n, pick, 0, enter_some, &a->copy_dice);
        assert_non_null(a->copy);
    }
    return pick;
}

/* Every example, blue a person (choose_nested, ask_nested) and red a
 * look-ahead of one candidate, with some dice entered, from seed at the
 * whens from, from + by, ... below upto: at that nested choice (answers:
 * 0) or answer (1), the step replayed up to it and given the fight's own
 * choice ends the same fight as the original. Returns how many replays
 * were checked. */
static int replays_end_their_fights(int answers, uint64_t seed, int from, int by, int upto)
{
    glob_t g;
    examples(&g);
    int copies = 0;
    char err[256];
    for (size_t i = 0; i < g.gl_pathc; i++) {
        fray_encounter *e = load(g.gl_pathv[i]);
        assert_int_equal(fray_set_controller(e, "blue", "human"), 0);
        assert_int_equal(fray_set_controller_spec(e, "red=lookahead:1,1", err, sizeof err), 0);
        for (int when = from; when < upto; when += by) {
            entry dice = {0};
            at_nested a = {.when = answers ? -1 : when, .awhen = answers ? when : -1, .dice = &dice};
            fray_reset(e, seed, (uint64_t)when);
            e->choose_fn = choose_nested;
            e->ask_fn = ask_nested;
            e->human_ud = &a;
            fray_set_dice_entry(e, enter_some, &dice);
            assert_int_equal(fray_run(e), 0);
            if (!a.copy)
                continue;
            assert_null(a.copy->choose_fn);
            const char *d = differ(e, a.copy);
            if (d)
                fail_msg("%s, replayed to %s %d: %s differ", g.gl_pathv[i],
                         answers ? "question" : "nested choice", when, d);
            assert_int_equal(a.copy_dice.count, dice.count);
            fray_encounter_free(a.copy);
            copies++;
        }
        fray_encounter_free(e);
    }
    globfree(&g);
    return copies;
}

static void test_a_step_replayed_to_a_nested_choice_goes_on_with_that_choice(void **s)
{
    (void)s;
    int copies = replays_end_their_fights(0, 11, 0, 3, 12);
    assert_true(copies >= 20);
    print_message("%d replays to a nested choice ended their fights as the originals\n", copies);
}

/* The same at a question put in the middle of a resolution (fray_ask):
 * blue answers as the policy does, and at its `when`th answer replays the
 * step up to it, given that answer. */
static int ask_nested(void *ud, fray_encounter *e, int who, int q, uint32_t allowed,
                      const fray_action *ctx)
{
    at_nested *a = ud;
    int at = a->acount++ == a->awhen;
    /* the policy's answer, as fray_ask asks it when a person leaves it to
     * fray (the copy, which has no person, does so); the one replayed to,
     * asked of a copy as the look-ahead's own are: a ruleset's policy may
     * keep what it derives in the creature's bytes (injury's part scores,
     * a cache that changes no choice), which the replay, handed the
     * answer, would not have */
    fray_encounter *c = at ? fray_encounter_copy(e) : e;
    assert_non_null(c);
    int pick = c->rs->answer ? c->rs->answer(c, who, q, allowed, ctx) : -1;
    if (c != e)
        fray_encounter_free(c);
    if (pick < 0 || pick >= 32 || !((allowed >> pick) & 1u))
        for (pick = 0; !((allowed >> pick) & 1u); pick++)
            ;
    if (at) {
        a->copy_dice = *a->dice;
        a->copy = fray_la_replay_to_end(e, who, q, 0, pick, 1, enter_some, &a->copy_dice);
        assert_non_null(a->copy);
    }
    return pick;
}

static void test_a_step_replayed_to_a_question_goes_on_with_that_answer(void **s)
{
    (void)s;
    int copies = replays_end_their_fights(1, 19, 0, 2, 8);
    assert_true(copies >= 10);
    print_message("%d replays to a question ended their fights as the originals\n", copies);
}

/* A look-ahead side plays its nested windows too, on replays (which a
 * debug build checks step by step): one fight per seed, with dice entered. */
static void test_nested_look_ahead_plays_one_fight_per_seed(void **s)
{
    (void)s;
    glob_t g;
    examples(&g);
    char err[256];
    for (size_t i = 0; i < g.gl_pathc; i++) {
        fray_encounter *e = load(g.gl_pathv[i]);
        assert_int_equal(fray_set_controller_spec(e, "red=lookahead:3,2,1", err, sizeof err), 0);
        fray_encounter *first = NULL;
        for (int k = 0; k < 2; k++) {
            entry dice = {0};
            fray_reset(e, 13, 0);
            fray_set_dice_entry(e, enter_some, &dice);
            assert_int_equal(fray_run(e), 0);
            assert_true(e->la_step != NULL); /* a checkpoint was taken */
            if (!first)
                first = fray_encounter_copy(e);
            else
                assert_null(differ(first, e));
        }
        fray_encounter_free(first);
        fray_encounter_free(e);
    }
    globfree(&g);
}

/* A fight rebuilt (loaded again and played from its start, as play and
 * serve do at every input) with the memo of its look-ahead choices takes
 * every one of them from it, and is the same fight as without it. */
static void test_a_rebuilt_fight_takes_its_look_ahead_choices_from_the_memo(void **s)
{
    (void)s;
    glob_t g;
    examples(&g);
    char err[256];
    for (size_t i = 0; i < g.gl_pathc; i++) {
        fray_la_memo *m = fray_la_memo_new();
        assert_non_null(m);
        fray_encounter *run[3];
        for (int k = 0; k < 3; k++) {
            run[k] = load(g.gl_pathv[i]);
            assert_int_equal(fray_set_controller_spec(run[k], "red=lookahead:3,2,0", err, sizeof err), 0);
            fray_reset(run[k], 17, 0);
            run[k]->la_memo = k < 2 ? m : NULL; /* the first keeps, the second takes; the third has none */
            assert_int_equal(fray_run(run[k]), 0);
            if (k == 0)
                assert_true(fray_la_memo_count(m) > 0);
        }
        size_t kept = fray_la_memo_count(m);
        for (int k = 1; k < 3; k++) {
            const char *d = differ(run[0], run[k]);
            if (d)
                fail_msg("%s, %s: %s differ", g.gl_pathv[i], k == 1 ? "rebuilt with the memo" : "without it", d);
        }
        /* nothing new kept by the rebuild: every choice was found */
        assert_int_equal(fray_la_memo_count(m), kept);
        for (int k = 0; k < 3; k++)
            fray_encounter_free(run[k]);
        fray_la_memo_free(m);
    }
    globfree(&g);
}

/* fray_lookahead_rank from an own turn: the same ranking twice, the fight
 * left as it was, the policy's choice first among the candidates played. */
typedef struct ranked {
    int done;
    fray_la_cand c[FRAY_LA_MAX_BREADTH];
    int nc;
} ranked;

static int rank_once(void *ud, fray_encounter *e, int who, int window, const fray_action *trigger,
                     const fray_action *legal, int n)
{
    ranked *r = ud;
    if (!r->done && window == FRAY_WIN_ACT && e->offer_depth == 0 && n > 1) {
        fray_encounter *before = fray_encounter_copy(e);
        fray_la_opts o = {3, 8, 0};
        r->nc = fray_lookahead_rank(e, who, legal, n, &o, 99, r->c, FRAY_LA_MAX_BREADTH);
        fray_la_cand again[FRAY_LA_MAX_BREADTH];
        assert_int_equal(fray_lookahead_rank(e, who, legal, n, &o, 99, again, FRAY_LA_MAX_BREADTH),
                         r->nc);
        assert_memory_equal(again, r->c, (size_t)r->nc * sizeof again[0]);
        assert_null(differ(before, e));
        fray_encounter_free(before);
        r->done = 1;
    }
    return e->rs->policy(e, who, window, trigger, legal, n);
}

static void test_the_ranking_is_deterministic_and_changes_nothing(void **s)
{
    (void)s;
    glob_t g;
    examples(&g);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        fray_encounter *e = load(g.gl_pathv[i]);
        assert_int_equal(fray_set_controller(e, e->side[0], "human"), 0);
        ranked r = {0};
        e->choose_fn = rank_once;
        e->human_ud = &r;
        fray_reset(e, 3, 0);
        assert_int_equal(fray_run(e), 0);
        assert_true(r.done);
        assert_true(r.nc >= 1 && r.nc <= 3);
        for (int k = 0; k < r.nc; k++) {
            assert_int_equal(r.c[k].tries, 8);
            assert_true(r.c[k].wins <= 8 && r.c[k].score >= 0 && r.c[k].score <= 8000);
            assert_true(k == 0 || r.c[k - 1].score >= r.c[k].score);
        }
        fray_encounter_free(e);
    }
    globfree(&g);
}

/* A seed gives one fight with a look-ahead side too, and its options are
 * checked: "lookahead:B,T,D". */
static void test_a_lookahead_side_plays_one_fight_per_seed(void **s)
{
    (void)s;
    fray_encounter *e = load("examples/energy-duel.json");
    char err[256];
    assert_int_equal(fray_set_controller_spec(e, "red=lookahead:0", err, sizeof err), -1);
    assert_non_null(strstr(err, "breadth"));
    assert_int_equal(fray_set_controller_spec(e, "red=lookahead:2,x", err, sizeof err), -1);
    assert_int_equal(fray_set_controller_spec(e, "red=lookahead:3,4,2", err, sizeof err), 0);
    fray_la_opts o = fray_lookahead_opts(e, 1);
    assert_int_equal(o.breadth, 3);
    assert_int_equal(o.tries, 4);
    assert_int_equal(o.depth, 2);
    fray_reset(e, 5, 0);
    assert_int_equal(fray_run(e), 0);
    fray_encounter *first = fray_encounter_copy(e);
    fray_reset(e, 5, 0);
    assert_int_equal(fray_run(e), 0);
    assert_null(differ(first, e));
    fray_encounter_free(first);
    fray_encounter_free(e);
}

/* At the defaults (16 candidates by successive halving, 128 tries) too: a
 * seed gives one fight, and the look-ahead changes some of the fights the
 * policy plays on the same seeds. */
static void test_the_defaults_play_one_fight_per_seed(void **s)
{
    (void)s;
    fray_encounter *e = load("examples/wounds-duel.json");
    char err[256];
    assert_int_equal(fray_set_controller_spec(e, "red=lookahead", err, sizeof err), 0);
    fray_la_opts o = fray_lookahead_opts(e, 1);
    assert_int_equal(o.breadth, FRAY_LA_BREADTH);
    assert_int_equal(o.tries, FRAY_LA_TRIES);
    assert_int_equal(o.depth, 0);
    fray_encounter *p = load("examples/wounds-duel.json");
    int changed = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        fray_reset(e, seed, 0);
        assert_int_equal(fray_run(e), 0);
        fray_encounter *first = fray_encounter_copy(e);
        fray_reset(e, seed, 0);
        assert_int_equal(fray_run(e), 0);
        assert_null(differ(first, e));
        fray_reset(p, seed, 0);
        assert_int_equal(fray_run(p), 0);
        /* not the policy's stream, which the look-ahead draws from: the fight */
        changed += p->seq != e->seq || p->dice.drawn != e->dice.drawn || p->winner != e->winner;
        fray_encounter_free(first);
    }
    assert_true(changed > 0);
    fray_encounter_free(p);
    fray_encounter_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_copy_between_steps_ends_the_same_fight),
        cmocka_unit_test(test_a_copy_at_an_own_turn_choice_goes_on_with_that_choice),
        cmocka_unit_test(test_a_step_replayed_to_a_nested_choice_goes_on_with_that_choice),
        cmocka_unit_test(test_a_step_replayed_to_a_question_goes_on_with_that_answer),
        cmocka_unit_test(test_nested_look_ahead_plays_one_fight_per_seed),
        cmocka_unit_test(test_a_rebuilt_fight_takes_its_look_ahead_choices_from_the_memo),
        cmocka_unit_test(test_the_ranking_is_deterministic_and_changes_nothing),
        cmocka_unit_test(test_a_lookahead_side_plays_one_fight_per_seed),
        cmocka_unit_test(test_the_defaults_play_one_fight_per_seed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
