/* ruleset_test.c: the energy hooks that no scenario reaches easily: the
 * scheduler, Stamina spent as Energy, Round resets, rests
 * (src/rules/energy/ruleset.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/test.h"
#include "support/fight.h"
#include "rules/energy/energy.h"

static const char *duel =
    "{\"ruleset\": \"energy\", \"name\": \"t\", \"combatants\": ["
    " {\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"use\": \"knight\"},"
    " {\"name\": \"B\", \"side\": \"red\", \"at\": [1, 0], \"facing\": 4, \"use\": \"ogre\"},"
    " {\"name\": \"C\", \"side\": \"red\", \"at\": [9, 0], \"facing\": 4, \"use\": \"archer\"}]}";

static fray_encounter *open_duel(void) { return test_open_round1(duel, "duel"); }

static en_creature *cr(fray_encounter *e, int i) { return fray_priv(e, i); }

/* #Action Order & Initiative: "if someone just attacked you, you should have
 * an opportunity to respond before they can attack you again"; otherwise the
 * most Energy left acts, ties in file order. */
static void scheduler(void **state)
{
    (void)state;
    fray_encounter *e = open_duel();
    assert_int_equal(e->rs->next_actor(e), 0);
    fray_res_set(e, 0, EN_R_ENERGY, 2);
    assert_int_equal(e->rs->next_actor(e), 1);
    ((en_state *)e->state)->respond = 0;
    assert_int_equal(e->rs->next_actor(e), 0);
    /* who passed is done for the Round, even when just attacked */
    e->rs->pass(e, 0, FRAY_WIN_ACT);
    assert_int_equal(e->rs->next_actor(e), 1);
    e->rs->pass(e, 1, FRAY_WIN_ACT);
    e->rs->pass(e, 2, FRAY_WIN_ACT);
    /* #Waiting to Act: nobody left who will act ends the Round */
    assert_int_equal(e->rs->next_actor(e), -1);
    fray_encounter_free(e);
}

/* act_order, the order a tracker shows (fray_act_order), is next_actor's
 * choice repeated, by the same sentence: the creature answering an attack,
 * then "the most Energy left", ties in file order; who waits, last. */
static void act_order(void **state)
{
    (void)state;
    fray_encounter *e = open_duel();
    int o[3];
#define ORDER(a, b, c)                                                                             \
    do {                                                                                           \
        fray_act_order(e, o);                                                                      \
        assert_int_equal(o[0], a);                                                                 \
        assert_int_equal(o[1], b);                                                                 \
        assert_int_equal(o[2], c);                                                                 \
        assert_int_equal(e->rs->next_actor(e), a);                                                 \
    } while (0)
    fray_res_set(e, 0, EN_R_ENERGY, 3);
    fray_res_set(e, 1, EN_R_ENERGY, 3);
    fray_res_set(e, 2, EN_R_ENERGY, 3);
    ORDER(0, 1, 2); /* equal Energy: file order */
    fray_res_set(e, 1, EN_R_ENERGY, 4);
    ORDER(1, 0, 2); /* one above */
    fray_res_set(e, 1, EN_R_ENERGY, 2);
    ORDER(0, 2, 1); /* one below */
    ((en_state *)e->state)->respond = 1;
    ORDER(1, 0, 2); /* answering an attack comes first */
    e->rs->pass(e, 0, FRAY_WIN_ACT);
    ORDER(1, 2, 0); /* who passed waits: last */
#undef ORDER
    fray_encounter_free(e);
}

static int find(const fray_action *l, int n, int kind, int target)
{
    for (int i = 0; i < n; i++)
        if (l[i].kind == kind && l[i].target == target)
            return i;
    return -1;
}

/* #Stamina: "Once per Round, you may spend 1 Stamina when you would normally
 * spend 1 Energy." */
static void stamina_as_energy(void **state)
{
    (void)state;
    fray_encounter *e = open_duel();
    fray_action l[FRAY_MAX_LEGAL];
    fray_res_set(e, 0, EN_R_ENERGY, 2);
    int n = e->rs->legal(e, 0, FRAY_WIN_ACT, NULL, l, FRAY_MAX_LEGAL);
    int k = find(l, n, EN_A_MELEE, 1);
    assert_true(k >= 0);
    assert_true(l[k].arg & EN_ARG_STAMINA);
    int st = e->c[0].res[EN_R_STAMINA];
    e->rs->resolve(e, &l[k]);
    assert_int_equal(e->c[0].res[EN_R_STAMINA], st - 1);
    assert_int_equal(e->c[0].res[EN_R_ENERGY], 0);
    /* once per Round */
    fray_res_set(e, 0, EN_R_ENERGY, 2);
    n = e->rs->legal(e, 0, FRAY_WIN_ACT, NULL, l, FRAY_MAX_LEGAL);
    assert_int_equal(find(l, n, EN_A_MELEE, 1), -1);
    /* Exhausted: "You may not spend Stamina" */
    e->round = 2;
    e->rs->start_round(e);
    fray_cond_add(e, 0, EN_C_EXHAUSTED, -1, FRAY_EXP_NEVER, 0);
    fray_res_set(e, 0, EN_R_ENERGY, 2);
    n = e->rs->legal(e, 0, FRAY_WIN_ACT, NULL, l, FRAY_MAX_LEGAL);
    assert_int_equal(find(l, n, EN_A_MELEE, 1), -1);
    fray_encounter_free(e);
}

/* #Rounds: "Your Energy is reset based on your Stamina"; "Your Agility is
 * reset"; Exhausted: "you gain 2 less Energy" */
static void round_reset(void **state)
{
    (void)state;
    fray_encounter *e = open_duel();
    fray_res_set(e, 0, EN_R_STAMINA, 3);
    fray_res_set(e, 0, EN_R_AGILITY, 0);
    fray_cond_add(e, 1, EN_C_EXHAUSTED, -1, FRAY_EXP_NEVER, 0);
    e->round = 2;
    e->rs->start_round(e);
    assert_int_equal(e->c[0].res[EN_R_ENERGY], 3);
    assert_int_equal(e->c[0].res[EN_R_AGILITY], 3);
    assert_int_equal(e->c[1].res[EN_R_ENERGY], 3);
    assert_int_equal(e->c[2].res[EN_R_ENERGY], 5);
    fray_encounter_free(e);
}

/* #Short Rest: "You regain all your Stamina."; "You may spend 1 Recovery
 * Surge to regain Aura" every 5 minutes; #Aura: "you regain Aura equal to
 * your Recovery Value"; Shaken lasts "until their next Short Rest". */
static void short_rest(void **state)
{
    (void)state;
    fray_encounter *e = open_duel();
    const en_creature *c = cr(e, 0);
    int max = c->d.aura_max, rv = c->d.recovery_value, surges = c->d.surges_max;
    assert_true(rv >= 1);
    fray_res_set(e, 0, EN_R_AURA, max - 2 * rv - 1);
    fray_res_set(e, 0, EN_R_STAMINA, 2);
    fray_cond_add(e, 0, EN_C_SHAKEN, -1, FRAY_EXP_REST, 0);
    e->rs->rest(e, 0, 0);
    assert_int_equal(e->c[0].res[EN_R_STAMINA], c->d.stamina_max);
    /* three surges: two full and one capped at the maximum */
    assert_int_equal(e->c[0].res[EN_R_AURA], max);
    assert_int_equal(e->c[0].res[EN_R_SURGES], surges - 3);
    assert_false(fray_cond_has(e, 0, EN_C_SHAKEN));
    /* #Long Rest: "Your Aura is fully restored. You regain all your Recovery
     * Surges." */
    fray_res_set(e, 0, EN_R_AURA, 0);
    e->rs->rest(e, 0, 1);
    assert_int_equal(e->c[0].res[EN_R_AURA], max);
    assert_int_equal(e->c[0].res[EN_R_SURGES], surges);
    fray_encounter_free(e);
}

/* #Death Save: "A creature can be stabilized by gaining Aura." */
static void rest_stabilizes(void **state)
{
    (void)state;
    fray_encounter *e = open_duel();
    fray_res_set(e, 1, EN_R_AURA, 0);
    fray_cond_add(e, 1, EN_C_BLEEDING, -1, FRAY_EXP_NEVER, 0);
    e->rs->rest(e, 1, 0);
    assert_false(fray_cond_has(e, 1, EN_C_BLEEDING));
    assert_true(fray_cond_has(e, 1, EN_C_STABILIZED));
    fray_encounter_free(e);
}

/* #Swift Attacks: "You may only make one Swift Attack per Round." and only
 * against the Unguarded */
static void swift_once(void **state)
{
    (void)state;
    fray_encounter *e = open_duel();
    fray_action l[FRAY_MAX_LEGAL];
    int n = e->rs->legal(e, 0, FRAY_WIN_ACT, NULL, l, FRAY_MAX_LEGAL);
    assert_int_equal(find(l, n, EN_A_SWIFT, 1), -1);
    fray_cond_add(e, 1, EN_C_UNGUARDED, -1, FRAY_EXP_ROUND_END, 1);
    n = e->rs->legal(e, 0, FRAY_WIN_ACT, NULL, l, FRAY_MAX_LEGAL);
    assert_true(find(l, n, EN_A_SWIFT, 1) >= 0);
    cr(e, 0)->swift_used = 1;
    n = e->rs->legal(e, 0, FRAY_WIN_ACT, NULL, l, FRAY_MAX_LEGAL);
    assert_int_equal(find(l, n, EN_A_SWIFT, 1), -1);
    fray_encounter_free(e);
}

/* #Actions, Agile Move: "Once per Energy you spend on a non-movement action,
 * you may also move one meter as an Immediate Interrupt by spending 1
 * Agility." Banked for the Round by default; option agile_move_banked 0
 * loses it when another creature acts. */
static int agile_after_other_acts(int banked)
{
    char json[1024];
    snprintf(json, sizeof json,
             "{\"ruleset\": \"energy\", \"name\": \"t\", \"options\": {\"agile_move_banked\": %d},"
             " \"combatants\": ["
             " {\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"use\": \"knight\"},"
             " {\"name\": \"B\", \"side\": \"red\", \"at\": [1, 0], \"facing\": 4, \"use\": \"ogre\"}]}",
             banked);
    fray_encounter *e = test_open_round1(json, "agile");
    fray_action l[FRAY_MAX_LEGAL];
    int n = e->rs->legal(e, 0, FRAY_WIN_ACT, NULL, l, FRAY_MAX_LEGAL);
    assert_int_equal(find(l, n, EN_A_AGILE_MOVE, 1), -1); /* nothing earned yet */
    int k = find(l, n, EN_A_DEFEND, -1);
    assert_true(k >= 0);
    e->rs->resolve(e, &l[k]);
    n = e->rs->legal(e, 0, FRAY_WIN_ACT, NULL, l, FRAY_MAX_LEGAL);
    assert_true(find(l, n, EN_A_AGILE_MOVE, 1) >= 0);
    n = e->rs->legal(e, 1, FRAY_WIN_ACT, NULL, l, FRAY_MAX_LEGAL);
    k = find(l, n, EN_A_DEFEND, -1);
    assert_true(k >= 0);
    e->rs->resolve(e, &l[k]);
    n = e->rs->legal(e, 0, FRAY_WIN_ACT, NULL, l, FRAY_MAX_LEGAL);
    int has_agile = find(l, n, EN_A_AGILE_MOVE, 1) >= 0;
    fray_encounter_free(e);
    return has_agile;
}

static void agile_banked(void **state)
{
    (void)state;
    assert_true(agile_after_other_acts(1));
    assert_false(agile_after_other_acts(0));
}

/* The actions and their costs are listed for `fray rulesets`. */
static void action_table(void **state)
{
    (void)state;
    const fray_ruleset *rs = fray_ruleset_find("energy");
    assert_non_null(rs);
    assert_int_equal(rs->nactions, EN_NACTIONS);
    for (int i = 0; i < rs->nactions; i++) {
        assert_non_null(rs->actions[i].name);
        assert_non_null(rs->actions[i].cost);
    }
    assert_string_equal(rs->actions[EN_A_MELEE].cost, "3 Energy");
    assert_string_equal(rs->options[EN_O_RANGED_COST].name, "ranged_attack_cost");
}

/* The exact odds of an action in the present state (fray play's `odds
 * ACTION TARGET`) are those of the attack resolve carries out: the share of
 * attacks that deal no damage and the mean damage of many resolved from the
 * same state agree with them. */
static void odds_of_attack(int attacker, int kind, int target, void (*setup)(fray_encounter *))
{
    const int n = 2500;
    double p0 = 0, mean = 0, var = 0;
    long zero = 0, sum = 0;
    for (int i = 0; i < n; i++) {
        fray_encounter *e = open_duel();
        fray_dice_init(&e->dice, (uint64_t)i + 1, 7);
        if (setup)
            setup(e);
        fray_action l[FRAY_MAX_LEGAL];
        int nl = e->rs->legal(e, attacker, FRAY_WIN_ACT, NULL, l, FRAY_MAX_LEGAL);
        int k = find(l, nl, kind, target);
        assert_true(k >= 0);
        if (i == 0) {
            json_t *o = NULL;
            char err[256];
            int before = e->c[target].res[EN_R_AURA];
            assert_int_equal(e->rs->action_odds(e, &l[k], &o, err, sizeof err), 0);
            assert_int_equal(e->c[target].res[EN_R_AURA], before); /* it only looks */
            assert_int_equal(e->nmods, 0);
            json_t *d = json_object_get(o, "damage");
            p0 = json_number_value(json_object_get(d, "0"));
            const char *key;
            json_t *v;
            json_object_foreach(d, key, v) {
                double x = atof(key), p = json_number_value(v);
                mean += x * p;
                var += x * x * p;
            }
            var -= mean * mean;
            assert_true(fabs(mean - json_number_value(json_object_get(o, "mean_damage"))) < 1e-9);
            json_decref(o);
        }
        e->rs->resolve(e, &l[k]);
        zero += e->c[target].taken == 0;
        sum += e->c[target].taken;
        fray_encounter_free(e);
    }
    double sd_p = sqrt(p0 * (1 - p0) / n), sd_m = sqrt(var / n);
    assert_true(fabs((double)zero / n - p0) < 5 * sd_p + 1e-9);
    assert_true(fabs((double)sum / n - mean) < 5 * sd_m + 1e-9);
}

static void action_odds_melee(void **state)
{
    (void)state;
    odds_of_attack(0, EN_A_MELEE, 1, NULL);
}

/* Disadvantage on the Combat roll (Blinded), on the Evasion roll (Dazed), a
 * Defending target winning ties */
static void hampered(fray_encounter *e)
{
    fray_cond_add(e, 0, EN_C_BLINDED, -1, FRAY_EXP_NEVER, 0);
    fray_cond_add(e, 1, EN_C_DAZED, -1, FRAY_EXP_NEVER, 0);
    fray_cond_add(e, 1, EN_C_DEFENDING, -1, FRAY_EXP_NEVER, 0);
}

static void action_odds_hampered(void **state)
{
    (void)state;
    odds_of_attack(0, EN_A_MELEE, 1, hampered);
}

static void action_odds_ranged(void **state)
{
    (void)state;
    odds_of_attack(2, EN_A_RANGED, 0, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scheduler),
        cmocka_unit_test(act_order),  cmocka_unit_test(stamina_as_energy),
        cmocka_unit_test(round_reset), cmocka_unit_test(short_rest),
        cmocka_unit_test(rest_stabilizes), cmocka_unit_test(swift_once),
        cmocka_unit_test(action_table), cmocka_unit_test(agile_banked),
        cmocka_unit_test(action_odds_melee), cmocka_unit_test(action_odds_ranged),
        cmocka_unit_test(action_odds_hampered),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
