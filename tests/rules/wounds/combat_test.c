/* combat_test.c: the combat sequence of src/rules/wounds/combat.c over whole
 * fights: the bundled examples end, replay identically from a seed, and
 * narrate initiative changes and interrupts; AP arrive from the Speed table;
 * turns go in descending initiative. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "support/test.h"
#include "rules/wounds/wounds.h"

typedef struct tally {
    uint64_t hash;
    int events, initiative_changes, interrupts, turns, last_init, order_ok;
    int round_of_last_turn;
} tally;

static void sink(void *ud, const fray_encounter *e, const fray_event *ev)
{
    tally *t = ud;
    const char *parts[4] = {ev->kind, ev->action, ev->outcome, ev->detail};
    for (int i = 0; i < 4; i++)
        for (const char *p = parts[i]; p && *p; p++)
            t->hash = (t->hash ^ (uint64_t)(unsigned char)*p) * (uint64_t)1099511628211ULL;
    t->hash = (t->hash ^ (uint64_t)(ev->value + 1000)) * (uint64_t)1099511628211ULL;
    for (int i = 0; i < ev->nrolls; i++)
        t->hash = (t->hash ^ (uint64_t)ev->rolls[i].value) * (uint64_t)1099511628211ULL;
    t->events++;
    if (!strcmp(ev->kind, "initiative") && ev->round > 0)
        t->initiative_changes++;
    if (!strcmp(ev->kind, "interrupt"))
        t->interrupts++;
    if (!strcmp(ev->kind, "turn")) {
        /* #Initiative: "participants act in descending order of initiative
         * scores" (the score at the moment the turn begins) */
        if (ev->round == t->round_of_last_turn && ev->value > t->last_init)
            t->order_ok = 0;
        t->round_of_last_turn = ev->round;
        t->last_init = ev->value;
        t->turns++;
    }
    (void)e;
}

static tally run(const char *file, uint64_t seed, int *rounds, int *winner)
{
    char err[512];
    fray_encounter *e = fray_encounter_load_file(file, err, sizeof err);
    if (!e)
        fail_msg("%s", err);
    tally t = {14695981039346656037ULL, 0, 0, 0, 0, 0, 1, -1};
    fray_subscribe(e, sink, &t);
    fray_set_seed(e, seed);
    assert_int_equal(fray_run(e), 0);
    *rounds = fray_round(e);
    *winner = fray_winner(e);
    fray_encounter_free(e);
    return t;
}

/* Done when 2: "Both examples run to an end with fray run; the same seed
 * gives the same output; the narration shows the initiative changes and
 * interrupts." */
static void examples_end_and_replay(void **s)
{
    (void)s;
    static const char *files[] = {"examples/wounds-duel.json", "examples/wounds-skirmish.json"};
    for (int f = 0; f < 2; f++) {
        int changes = 0, interrupts = 0;
        for (uint64_t seed = 1; seed <= 40; seed++) {
            int r1, w1, r2, w2;
            tally a = run(files[f], seed, &r1, &w1);
            tally b = run(files[f], seed, &r2, &w2);
            assert_true(a.hash == b.hash);
            assert_int_equal(a.events, b.events);
            assert_int_equal(w1, w2);
            assert_true(r1 < 100); /* ends before the default round limit */
            assert_true(w1 >= 0);
            assert_true(a.order_ok);
            changes += a.initiative_changes;
            interrupts += a.interrupts;
        }
        assert_true(changes > 0);
        assert_true(interrupts > 0);
    }
}

/* #Action Points: "You gain AP twice per round, once at the start of the
 * round, and once at the end of your turn. The amount you gain at each
 * point is based on your Speed"; "any AP gained in excess of your max AP
 * ... is lost." */
static void ap_from_speed_table(void **s)
{
    (void)s;
    static const char *two =
        "{\"ruleset\":\"wounds\",\"dice\":[10,5],\"max_rounds\":3,\"combatants\":["
        "{\"name\":\"F\",\"side\":\"blue\",\"at\":[0,0],\"script\":[\"pass\",\"pass\",\"pass\"],"
        "\"sheet\":{\"speed\":4}},"
        "{\"name\":\"G\",\"side\":\"red\",\"at\":[30,0],\"script\":[\"pass\",\"pass\",\"pass\"],"
        "\"sheet\":{\"speed\":-9}}]}";
    char err[512];
    fray_encounter *e = fray_encounter_load_string(two, "ap", err, sizeof err);
    if (!e)
        fail_msg("%s", err);
    int ap;
    while (fray_round(e) < 1 || e->in_round == 0)
        assert_int_equal(fray_step(e), 1);
    /* Speed 4: round start 11; Speed -9: round start 2 */
    fray_combatant_resource(e, 0, "AP", &ap);
    assert_int_equal(ap, 11);
    fray_combatant_resource(e, 1, "AP", &ap);
    assert_int_equal(ap, 2);
    assert_int_equal(fray_run(e), 0);
    /* F: 11 + 10 | +11 +10 | +11 -> capped at 31 after round 3's turn end;
     * G: 2 + 1 per round -> 9 */
    fray_combatant_resource(e, 0, "AP", &ap);
    assert_int_equal(ap, 31);
    fray_combatant_resource(e, 1, "AP", &ap);
    assert_int_equal(ap, 5); /* Speed -9: max AP 5 */
    fray_encounter_free(e);
}

/* Every bundled creature loads and fights an orc to an end, under the
 * policy and under random play. */
static void bundled_creatures_fight(void **s)
{
    (void)s;
    static const char *names[] = {"fighter", "archer", "mage", "knight", "goblin",
                                  "goblin-archer", "orc", "spearman", "bandit-captain", "ogre"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char json[512], err[512];
        snprintf(json, sizeof json,
                 "{\"ruleset\":\"wounds\",\"combatants\":["
                 "{\"name\":\"X\",\"side\":\"blue\",\"at\":[0,0],\"use\":\"%s\"},"
                 "{\"name\":\"Y\",\"side\":\"red\",\"at\":[12,0],\"use\":\"orc\"}]}",
                 names[i]);
        for (uint64_t seed = 1; seed <= 6; seed++) {
            fray_encounter *e = fray_encounter_load_string(json, names[i], err, sizeof err);
            if (!e)
                fail_msg("%s", err);
            if (seed > 3)
                fray_set_controller(e, "red", "random");
            fray_set_seed(e, seed);
            assert_int_equal(fray_run(e), 0);
            assert_true(fray_round(e) < 100);
            fray_encounter_free(e);
        }
    }
}

/* Reach and spaces (docs/rules/wounds.md, "Reach and distance"): adjacent
 * creatures, diagonal neighbours, a large creature's space, and #Mounted
 * Combat's "considered 1 yard farther from creatures on the ground smaller
 * than your mount". */
static void gaps(void **s)
{
    (void)s;
    static const char *enc =
        "{\"ruleset\":\"wounds\",\"combatants\":["
        "{\"name\":\"A\",\"side\":\"blue\",\"at\":[0,0],\"sheet\":{}},"
        "{\"name\":\"B\",\"side\":\"red\",\"at\":[0.9,0],\"sheet\":{}},"
        "{\"name\":\"C\",\"side\":\"red\",\"at\":[0.9,0.9],\"sheet\":{}},"
        "{\"name\":\"D\",\"side\":\"red\",\"at\":[-2.7,0],\"sheet\":{\"size\":4}},"
        "{\"name\":\"K\",\"side\":\"blue\",\"at\":[0,1.8],\"sheet\":"
        "{\"mount\":{\"size\":5,\"movement_rate\":12}}}]}";
    char err[512];
    fray_encounter *e = fray_encounter_load_string(enc, "gaps", err, sizeof err);
    if (!e)
        fail_msg("%s", err);
    assert_int_equal(wo_gap_yd(e, 0, 1), 0);      /* side by side */
    assert_int_equal(wo_gap_yd(e, 0, 2), 0);      /* diagonal, 1.27 m */
    assert_int_equal(wo_gap_yd(e, 0, 3), 2);      /* 3 yards less (1 + 2) / 2, rounded down */
    assert_true(wo_in_reach(e, 0, 1, 0));
    assert_false(wo_in_reach(e, 0, 3, 0));
    assert_int_equal(wo_gap_yd(e, 4, 0), 2);      /* 2 yards apart: gap 1, +1 mounted */
    assert_int_equal(wo_gap_yd(e, 4, 2), 1);      /* diagonal neighbours: 0, +1 mounted */
    assert_int_equal(wo_gap_yd(e, 2, 4), 1);
    fray_encounter_free(e);
}

/* The exact odds of an action in the present state (fray play's `odds
 * ACTION TARGET`) are those of the attack resolve carries out: the share of
 * Standard Attacks that give no wound, over many resolved from the same
 * state, agrees with them; and asking leaves the state as it was. */
static void action_odds(const char *attacker, const char *defender, int exhausted)
{
    char json[512];
    snprintf(json, sizeof json,
             "{\"ruleset\": \"wounds\", \"name\": \"t\", \"combatants\": ["
             " {\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"use\": \"%s\"},"
             " {\"name\": \"B\", \"side\": \"red\", \"at\": [1, 0], \"use\": \"%s\"}]}",
             attacker, defender);
    const int n = 2500;
    double p_none = -1;
    long none = 0;
    for (int i = 0; i < n; i++) {
        char err[512];
        fray_encounter *e = fray_encounter_load_string(json, "t", err, sizeof err);
        if (!e)
            fail_msg("%s", err);
        e->rs->start_combat(e);
        e->round = 1;
        fray_turns_round_start(e);
        e->rs->start_round(e);
        int who = fray_turns_next(e), t = 1 - who;
        if (exhausted)
            fray_cond_add(e, who, WO_C_DISTRACTED, -1, FRAY_EXP_NEVER, 0);
        fray_dice_init(&e->dice, (uint64_t)i + 1, 11);
        fray_action l[FRAY_MAX_LEGAL];
        int nl = e->rs->legal(e, who, FRAY_WIN_ACT, NULL, l, FRAY_MAX_LEGAL);
        int k = -1;
        for (int j = 0; j < nl && k < 0; j++)
            if (l[j].kind == WO_A_STANDARD && l[j].target == t)
                k = j;
        assert_true(k >= 0);
        if (i == 0) {
            json_t *o = NULL;
            int ap = e->c[who].res[WO_R_AP];
            assert_int_equal(e->rs->action_odds(e, &l[k], &o, err, sizeof err), 0);
            assert_int_equal(e->c[who].res[WO_R_AP], ap); /* it only looks */
            assert_int_equal(e->nmods, 0);
            p_none = json_number_value(json_object_get(json_object_get(o, "wound"), "none"));
            json_decref(o);
        }
        int before = 0, after = 0;
        for (int w = 0; w < WO_NLEVELS; w++)
            before += e->c[t].res[WO_R_LIGHT + w];
        e->rs->resolve(e, &l[k]);
        for (int w = 0; w < WO_NLEVELS; w++)
            after += e->c[t].res[WO_R_LIGHT + w];
        none += after == before;
        fray_encounter_free(e);
    }
    double sd = sqrt(p_none * (1 - p_none) / n);
    assert_true(fabs((double)none / n - p_none) < 5 * sd + 1e-9);
}

static void action_odds_plain(void **state)
{
    (void)state;
    action_odds("knight", "ogre", 0);
}

/* Distracted: -2 to attack and to defense */
static void action_odds_distracted(void **state)
{
    (void)state;
    action_odds("fighter", "orc", 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gaps),
        cmocka_unit_test(bundled_creatures_fight),
        cmocka_unit_test(examples_end_and_replay),
        cmocka_unit_test(ap_from_speed_table),
        cmocka_unit_test(action_odds_plain),
        cmocka_unit_test(action_odds_distracted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
